import { eq } from 'drizzle-orm';
import type { ActionContext } from '../../auth/actor.ts';
import { auditWho, recordAudit } from '../../audit/record-audit.ts';
import { llms, processors } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { refuseWhileUsed } from '../refuse-while-used.ts';

/** Removes a model no processor uses; otherwise refuses, naming the processors. */
export async function deleteLlm(ctx: ActionContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(llms).where(eq(llms.id, id)).for('update');
    if (!row) throw AppError.notFound();
    const users = await tx.select({ alias: processors.alias }).from(processors).where(eq(processors.llmId, id)).orderBy(processors.alias);
    refuseWhileUsed(
      'e.llm.inUse',
      'processors',
      users.map((p) => p.alias),
    );
    await tx.delete(llms).where(eq(llms.id, id));
    await recordAudit(tx, auditWho(ctx), {
      action: 'delete',
      entity: 'llm',
      entityId: id,
      changes: { vendor: row.vendor, modelName: row.modelName },
    });
  });
}
