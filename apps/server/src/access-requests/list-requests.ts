import { and, count, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { AccessRequest, AccessRequestQuery, Page } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { accessRequests } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { auditWho, recordAudit } from '../audit/record-audit.ts';

/** ADMIN sees their company's reset requests; DEV (provider staff) also sees every access request. */
function visibleTo(ctx: ActionContext): SQL {
  return ctx.actor.role === 'DEV'
    ? or(isNull(accessRequests.companyId), eq(accessRequests.companyId, ctx.actor.companyId))!
    : eq(accessRequests.companyId, ctx.actor.companyId);
}

export async function listAccessRequests(ctx: ActionContext, query: AccessRequestQuery): Promise<Page<AccessRequest>> {
  const filters: SQL[] = [visibleTo(ctx)];
  if (query.kind) filters.push(eq(accessRequests.kind, query.kind));
  if (query.status) filters.push(eq(accessRequests.status, query.status));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(accessRequests)
      .where(where)
      .orderBy(desc(accessRequests.createdAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ n: count() }).from(accessRequests).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    list: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      companyId: row.companyId,
      username: row.username,
      payload: row.payload,
      status: row.status,
      createTime: row.createdAt.toISOString(),
    })),
  };
}

export async function resolveAccessRequest(ctx: ActionContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(accessRequests)
      .set({ status: 'done' })
      .where(and(eq(accessRequests.id, id), visibleTo(ctx)))
      .returning({ id: accessRequests.id });
    if (!row) throw AppError.notFound();
    await recordAudit(tx, auditWho(ctx), {
      action: 'update',
      entity: 'access_request',
      entityId: id,
      changes: { status: { from: 'open', to: 'done' } },
    });
  });
}
