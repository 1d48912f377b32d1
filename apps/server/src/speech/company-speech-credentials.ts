import type { DbOrTx } from '../db/client.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import type { CredentialsLookup } from './vendors/shared/deps.ts';
import { findCredentialRow, openSecrets } from '../operation/speech-credentials/speech-credential-row.ts';

/**
 * The vendor engines' credentials lookup for one company: settings and opened secrets of a provider,
 * or null when none are stored. The lead wires it when a call's engines are built
 * (`createVendorEngines({ credentials: companySpeechCredentials(db, secrets, companyId), … })`).
 */
export function companySpeechCredentials(db: DbOrTx, secrets: SecretBox, companyId: string): CredentialsLookup {
  return async (provider) => {
    const found = await findCredentialRow(db, companyId, provider);
    if (!found) return null;
    return { ...found.row.settings, ...openSecrets(secrets, found.row.secretsSealed) };
  };
}
