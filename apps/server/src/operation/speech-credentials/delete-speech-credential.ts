import { and, eq } from 'drizzle-orm';
import type { SpeechProvider } from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import { auditWho, recordAudit } from '../../db/record-audit.ts';
import { speechCredentials } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { mustFindCompany } from './speech-credential-row.ts';

/** Removes one provider's credentials of a company; 404 when none are stored. */
export async function deleteSpeechCredential(ctx: ActionContext, companyId: string, provider: SpeechProvider): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await mustFindCompany(tx, companyId);
    const removed = await tx
      .delete(speechCredentials)
      .where(and(eq(speechCredentials.companyId, companyId), eq(speechCredentials.provider, provider)))
      .returning({ id: speechCredentials.id });
    if (removed.length === 0) throw AppError.notFound();
    await recordAudit(tx, auditWho(ctx), { action: 'delete', entity: 'speechCredential', entityId: companyId, changes: { provider } });
  });
}
