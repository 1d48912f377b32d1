import { eq } from 'drizzle-orm';
import type { ActionContext } from '../../auth/actor.ts';
import { auditWho, recordAudit } from '../../audit/record-audit.ts';
import { voices } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { companiesGranted } from '../processors/scenarios-using.ts';
import { refuseWhileUsed } from '../refuse-while-used.ts';

/**
 * Removes a voice from the catalogue. Refused (409, naming the companies) while any company holds a
 * grant of it: a granted voice may be what that company's tasks speak with, so the provider takes it
 * away from those companies first, knowingly.
 */
export async function deleteVoice(ctx: ActionContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [voice] = await tx.select().from(voices).where(eq(voices.id, id)).for('update').limit(1);
    if (!voice) throw AppError.notFound();
    const holders = await companiesGranted(tx, 'voice', id);
    refuseWhileUsed('e.voice.granted', 'companies', holders, { companies: holders });
    await tx.delete(voices).where(eq(voices.id, id));
    await recordAudit(tx, auditWho(ctx), {
      action: 'voice.delete',
      entity: 'voice',
      entityId: id,
      changes: { nickname: voice.nickname, vendor: voice.vendor, originalVoiceId: voice.originalVoiceId, uuid: voice.uuid },
    });
  });
}
