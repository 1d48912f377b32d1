import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@dialwise/contracts';
import type { DbOrTx } from '../db/client.ts';
import { speechCredentials, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import type { CredentialsLookup } from './vendors/shared/deps.ts';

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

/** The sealed secrets opened (server use only: the engines, and the "which are set" view). */
export function openSecrets(secrets: SecretBox, sealed: string | null): Record<string, string> {
  if (!sealed) return {};
  try {
    return JSON.parse(secrets.open(sealed)) as Record<string, string>;
  } catch {
    throw new AppError(ErrorCode.CONFLICT, 'e.speechCredential.unreadable');
  }
}

/** A company's stored row for one provider, with who saved it last (the operation area shows it too). */
export async function findCredentialRow(db: DbOrTx, companyId: string, provider: string) {
  const [found] = await db
    .select({ row: speechCredentials, updatedBy: users.username })
    .from(speechCredentials)
    .leftJoin(users, eq(users.id, speechCredentials.updatedBy))
    .where(and(eq(speechCredentials.companyId, companyId), eq(speechCredentials.provider, provider)));
  return found ?? null;
}
