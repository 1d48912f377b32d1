import type { Voice, VoiceInput } from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import { auditWho, recordAudit } from '../../db/record-audit.ts';
import { voices } from '../../db/schema.ts';
import { assertNicknameFree, getVoice, nicknameConflict } from './voice-item.ts';

/** Adds a voice to the catalogue; its uuid is generated once here. Nicknames are unique, case-insensitively. */
export async function createVoice(ctx: ActionContext, input: VoiceInput): Promise<Voice> {
  try {
    return await ctx.db.transaction(async (tx) => {
      await assertNicknameFree(tx, input.nickname);
      const [voice] = await tx
        .insert(voices)
        .values({ ...input, createdBy: ctx.actor.userId, updatedBy: ctx.actor.userId })
        .returning();
      await recordAudit(tx, auditWho(ctx), {
        action: 'voice.create',
        entity: 'voice',
        entityId: voice!.id,
        changes: { ...input, uuid: voice!.uuid },
      });
      return getVoice(tx, voice!.id);
    });
  } catch (error) {
    throw nicknameConflict(error, input.nickname) ?? error;
  }
}
