import type { ActionContext } from '../../auth/actor.ts';
import { voices } from '../../db/schema.ts';
import { deleteCatalogueEntry } from '../delete-catalogue-entry.ts';
import { companiesGranted } from '../processors/scenarios-using.ts';
import { refuseWhileUsed } from '../refuse-while-used.ts';

/**
 * Removes a voice from the catalogue. Refused (409, naming the companies) while any company holds a
 * grant of it: a granted voice may be what that company's tasks speak with, so the provider takes it
 * away from those companies first, knowingly.
 */
export async function deleteVoice(ctx: ActionContext, id: string): Promise<void> {
  await deleteCatalogueEntry(ctx, voices, id, {
    entity: 'voice',
    action: 'voice.delete',
    refuse: async (tx) => {
      const holders = await companiesGranted(tx, 'voice', id);
      refuseWhileUsed('e.voice.granted', 'companies', holders, { companies: holders });
    },
    changes: (row) => ({ nickname: row.nickname, vendor: row.vendor, originalVoiceId: row.originalVoiceId, uuid: row.uuid }),
  });
}
