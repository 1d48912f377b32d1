import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ActionContext } from '../auth/actor.ts';
import { auditWho, recordAudit } from '../db/record-audit.ts';
import type { Tx } from '../db/client.ts';
import { AppError } from '../http/app-error.ts';

/** A catalogue table: rows keyed by `id`. */
type CatalogueTable = PgTable & { id: AnyPgColumn };

interface CatalogueDelete<T extends CatalogueTable> {
  /** The audit entry's entity (and action, unless `action` names another). */
  entity: string;
  action?: string;
  /** Throws (with `refuseWhileUsed`) while others still use the row or hold a grant of it. */
  refuse: (tx: Tx, row: T['$inferSelect']) => Promise<void>;
  /** What the audit entry keeps of the removed row. */
  changes: (row: T['$inferSelect']) => Record<string, unknown>;
}

/**
 * Removes one catalogue row the way every guarded delete does: locks it (404 when gone), lets `refuse` say
 * no while it is still used, deletes it and audits what it was, all in one transaction.
 */
export async function deleteCatalogueEntry<T extends CatalogueTable>(
  ctx: ActionContext,
  table: T,
  id: string,
  how: CatalogueDelete<T>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = (await tx
      .select()
      .from(table as PgTable)
      .where(eq(table.id, id))
      .for('update')) as T['$inferSelect'][];
    if (!row) throw AppError.notFound();
    await how.refuse(tx, row);
    await tx.delete(table).where(eq(table.id, id));
    await recordAudit(tx, auditWho(ctx), { action: how.action ?? 'delete', entity: how.entity, entityId: id, changes: how.changes(row) });
  });
}
