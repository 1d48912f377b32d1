import { eq } from 'drizzle-orm';
import type { ActionContext } from '../../auth/actor.ts';
import { auditWho, recordAudit } from '../../audit/record-audit.ts';
import { scenarios } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { companiesGranted } from '../processors/scenarios-using.ts';
import { refuseWhileUsed } from '../refuse-while-used.ts';

/** Removes a scenario and its versions, unless a company holds a grant of it (its tasks may run it). */
export async function deleteScenario(ctx: ActionContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(scenarios).where(eq(scenarios.id, id)).for('update');
    if (!row) throw AppError.notFound();
    refuseWhileUsed('e.scenario.granted', 'companies', await companiesGranted(tx, 'scenario', id));
    await tx.delete(scenarios).where(eq(scenarios.id, id));
    await recordAudit(tx, auditWho(ctx), {
      action: 'delete',
      entity: 'scenario',
      entityId: id,
      changes: { name: row.name, versions: row.currentVersion },
    });
  });
}
