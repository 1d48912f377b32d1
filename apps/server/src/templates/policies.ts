import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { Page, Policy, PolicyCreate, PolicyQuery, PolicyStatusChange } from '@dialwise/contracts';
import { policyCreateSchema } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { auditWho, recordAudit } from '../db/record-audit.ts';
import { containsPattern } from '../db/like-pattern.ts';
import { policies } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { readPage } from '../db/read-page.ts';

function toPolicy(row: typeof policies.$inferSelect): Policy {
  return {
    id: row.id,
    number: `P${String(row.seq).padStart(6, '0')}`,
    name: row.name,
    contentType: row.contentType,
    count: row.count,
    status: row.status,
    filterType: row.filterType,
    createdTime: row.createdAt.toISOString(),
  };
}

const nextDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
};

/** A page of the company's policies, newest first; every filter narrows (the number matches a part). */
export async function listPolicies(ctx: ActionContext, query: PolicyQuery): Promise<Page<Policy>> {
  const filters: SQL[] = [eq(policies.companyId, ctx.actor.companyId)];
  if (query.name) filters.push(ilike(policies.name, containsPattern(query.name)));
  if (query.number) {
    const digits = query.number.replace(/^P/i, '').replace(/^0+/, '');
    if (!/^\d*$/.test(digits)) return { list: [], total: 0 };
    if (digits) filters.push(sql`${policies.seq}::text like ${containsPattern(digits)}`);
  }
  if (query.contentType) filters.push(eq(policies.contentType, query.contentType));
  if (query.filterType) filters.push(eq(policies.filterType, query.filterType));
  if (query.status) filters.push(eq(policies.status, query.status));
  if (query.createdFrom) filters.push(gte(policies.createdAt, new Date(`${query.createdFrom}T00:00:00Z`)));
  if (query.createdTo) filters.push(lt(policies.createdAt, nextDay(query.createdTo)));
  const where = and(...filters);
  const { rows, total } = await readPage(
    { page: query.current, pageSize: query.pageSize },
    ctx.db.select().from(policies).where(where).orderBy(desc(policies.createdAt), desc(policies.seq)).$dynamic(),
    ctx.db.select({ n: count() }).from(policies).where(where),
  );
  return { list: rows.map(toPolicy), total };
}

/** A new policy starts offline. */
export async function createPolicy(ctx: ActionContext, input: PolicyCreate): Promise<Policy> {
  const values = policyCreateSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(policies)
      .values({ ...values, companyId: ctx.actor.companyId, createdBy: ctx.actor.userId })
      .returning();
    await recordAudit(tx, auditWho(ctx), { action: 'create', entity: 'policy', entityId: row!.id, changes: values });
    return toPolicy(row!);
  });
}

/** Puts a policy online or offline; another company's policy is not found. */
export async function setPolicyStatus(ctx: ActionContext, input: PolicyStatusChange): Promise<Policy> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(policies)
      .set({ status: input.status })
      .where(and(eq(policies.id, input.id), eq(policies.companyId, ctx.actor.companyId)))
      .returning();
    if (!row) throw AppError.notFound();
    await recordAudit(tx, auditWho(ctx), { action: 'update', entity: 'policy', entityId: row.id, changes: { status: input.status } });
    return toPolicy(row);
  });
}
