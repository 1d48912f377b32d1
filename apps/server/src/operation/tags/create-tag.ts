import type { Tag, TagInput } from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import { auditWho, recordAudit } from '../../db/record-audit.ts';
import { tags } from '../../db/schema.ts';
import { aliasConflict, assertAliasFree, getTag } from './tag-item.ts';

/** Adds a tag; its uuid is generated once here. */
export async function createTag(ctx: ActionContext, input: TagInput): Promise<Tag> {
  try {
    return await ctx.db.transaction(async (tx) => {
      await assertAliasFree(tx, input.alias);
      const [tag] = await tx
        .insert(tags)
        .values({ ...input, createdBy: ctx.actor.userId, updatedBy: ctx.actor.userId })
        .returning();
      await recordAudit(tx, auditWho(ctx), {
        action: 'tag.create',
        entity: 'tag',
        entityId: tag!.id,
        changes: { ...input, uuid: tag!.uuid },
      });
      return getTag(tx, tag!.id);
    });
  } catch (error) {
    throw aliasConflict(error, input.alias) ?? error;
  }
}
