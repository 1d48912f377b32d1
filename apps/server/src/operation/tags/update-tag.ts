import { eq } from 'drizzle-orm';
import type { Tag, TagUpdateInput } from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import { auditWho, diffChanges, recordAudit } from '../../db/record-audit.ts';
import { tags } from '../../db/schema.ts';
import { nextEditVersion } from '../../db/edit-version.ts';
import { AppError } from '../../http/app-error.ts';
import { aliasConflict, assertAliasFree, getTag } from './tag-item.ts';

/** Edits a tag; its uuid never changes. */
export async function updateTag(ctx: ActionContext, input: TagUpdateInput): Promise<Tag> {
  const { id, version: sent, ...next } = input;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(tags).where(eq(tags.id, id)).for('update').limit(1);
      if (!before) throw AppError.notFound();
      const version = nextEditVersion(before, sent);
      await assertAliasFree(tx, next.alias, id);
      const changes = diffChanges(before, next);
      if (Object.keys(changes).length > 0) {
        await tx
          .update(tags)
          .set({ ...next, version, updatedBy: ctx.actor.userId, updatedAt: new Date() })
          .where(eq(tags.id, id));
        await recordAudit(tx, auditWho(ctx), { action: 'tag.update', entity: 'tag', entityId: id, changes });
      }
      return getTag(tx, id);
    });
  } catch (error) {
    throw aliasConflict(error, next.alias) ?? error;
  }
}
