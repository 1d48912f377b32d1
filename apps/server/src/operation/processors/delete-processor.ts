import { eq } from 'drizzle-orm';
import type { ActionContext } from '../../auth/actor.ts';
import { auditWho, recordAudit } from '../../audit/record-audit.ts';
import { processors } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { refuseWhileUsed } from '../refuse-while-used.ts';
import { companiesGranted, scenariosUsing } from './scenarios-using.ts';

/**
 * Removes a processor no scenario version references and no company holds a grant of; otherwise refuses,
 * naming the scenarios (or companies). Old versions count: a running task may still use one.
 */
export async function deleteProcessor(ctx: ActionContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(processors).where(eq(processors.id, id)).for('update');
    if (!row) throw AppError.notFound();
    refuseWhileUsed('e.processor.inUse', 'scenarios', await scenariosUsing(tx, id));
    refuseWhileUsed('e.processor.granted', 'companies', await companiesGranted(tx, 'processor', id));
    await tx.delete(processors).where(eq(processors.id, id));
    await recordAudit(tx, auditWho(ctx), {
      action: 'delete',
      entity: 'processor',
      entityId: id,
      changes: { alias: row.alias, type: row.type },
    });
  });
}
