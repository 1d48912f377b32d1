import { eq } from 'drizzle-orm';
import type { Voice, VoiceUpdateInput } from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import { auditWho, diffChanges, recordAudit } from '../../db/record-audit.ts';
import { voices } from '../../db/schema.ts';
import { nextEditVersion } from '../../db/edit-version.ts';
import { AppError } from '../../http/app-error.ts';
import { assertNicknameFree, getVoice, nicknameConflict } from './voice-item.ts';

/** Edits a catalogue voice; its uuid never changes. */
export async function updateVoice(ctx: ActionContext, input: VoiceUpdateInput): Promise<Voice> {
  const { id, version: sent, ...next } = input;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(voices).where(eq(voices.id, id)).for('update').limit(1);
      if (!before) throw AppError.notFound();
      const version = nextEditVersion(before, sent);
      await assertNicknameFree(tx, next.nickname, id);
      const changes = diffChanges(before, next);
      if (Object.keys(changes).length > 0) {
        await tx
          .update(voices)
          .set({ ...next, version, updatedBy: ctx.actor.userId, updatedAt: new Date() })
          .where(eq(voices.id, id));
        await recordAudit(tx, auditWho(ctx), { action: 'voice.update', entity: 'voice', entityId: id, changes });
      }
      return getVoice(tx, id);
    });
  } catch (error) {
    throw nicknameConflict(error, next.nickname) ?? error;
  }
}
