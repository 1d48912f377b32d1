import { eq } from 'drizzle-orm';
import { SPEECH_PROVIDERS, type SpeechCredential } from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import { speechCredentials, users } from '../../db/schema.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import { openSecrets } from '../../speech/company-speech-credentials.ts';
import { credentialView, mustFindCompany, secretNames } from './speech-credential-row.ts';

/** Every provider of one company, configured or not, in the scenario editor's order. */
export async function listSpeechCredentials(ctx: ActionContext, secrets: SecretBox, companyId: string): Promise<SpeechCredential[]> {
  await mustFindCompany(ctx.db, companyId);
  const rows = await ctx.db
    .select({ row: speechCredentials, updatedBy: users.username })
    .from(speechCredentials)
    .leftJoin(users, eq(users.id, speechCredentials.updatedBy))
    .where(eq(speechCredentials.companyId, companyId));
  return SPEECH_PROVIDERS.map((provider) => {
    const found = rows.find((r) => r.row.provider === provider);
    if (!found) return credentialView(provider, null, null, []);
    // A value that cannot be opened any more shows as "not set", so it is entered again.
    let opened: Record<string, string> = {};
    try {
      opened = openSecrets(secrets, found.row.secretsSealed);
    } catch {}
    return credentialView(provider, found.row, found.updatedBy, secretNames(provider, opened));
  });
}
