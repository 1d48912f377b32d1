import { eq } from 'drizzle-orm';
import type { ActionContext } from '../../auth/actor.ts';
import { auditWho, recordAudit } from '../../db/record-audit.ts';
import { tags } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

/** Removes a tag; the audit entry keeps what it was. */
export async function deleteTag(ctx: ActionContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [tag] = await tx.delete(tags).where(eq(tags.id, id)).returning();
    if (!tag) throw AppError.notFound();
    await recordAudit(tx, auditWho(ctx), {
      action: 'tag.delete',
      entity: 'tag',
      entityId: id,
      changes: { name: tag.name, alias: tag.alias, description: tag.description, uuid: tag.uuid },
    });
  });
}
