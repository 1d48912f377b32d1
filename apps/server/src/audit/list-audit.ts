import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditQuery, Page } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { auditLog } from '../db/schema.ts';
import { readPage } from '../db/read-page.ts';

/**
 * Audit entries of the caller's company, newest first. DEV (provider staff) may name another company;
 * ADMIN always reads their own.
 */
export async function listAudit(ctx: ActionContext, query: AuditQuery): Promise<Page<AuditEntry>> {
  const companyId = ctx.actor.role === 'DEV' && query.companyId ? query.companyId : ctx.actor.companyId;
  const filters: SQL[] = [eq(auditLog.companyId, companyId)];
  if (query.entity) filters.push(eq(auditLog.entity, query.entity));
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.actorId) filters.push(eq(auditLog.actorId, query.actorId));
  const where = and(...filters);
  const { rows, total } = await readPage(
    query,
    ctx.db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).$dynamic(),
    ctx.db.select({ n: count() }).from(auditLog).where(where),
  );
  return {
    total,
    list: rows.map((row) => ({
      id: String(row.id),
      at: row.at.toISOString(),
      actorId: row.actorId,
      actorName: row.actorName,
      companyId: row.companyId,
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      changes: row.changes,
      traceId: row.traceId,
    })),
  };
}
