import { and, eq } from 'drizzle-orm';
import { credentialFieldsOf, ErrorCode, SPEECH_VENDOR_OF, type SpeechCredential, type SpeechProvider } from '@dialwise/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { companies, speechCredentials, users } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';

type Row = typeof speechCredentials.$inferSelect;

/** The answer shape: settings as stored, secrets only by name. */
export function credentialView(
  provider: SpeechProvider,
  row: Row | null,
  updatedBy: string | null,
  secretsSet: string[],
): SpeechCredential {
  return {
    provider,
    vendor: SPEECH_VENDOR_OF[provider],
    configured: row !== null,
    settings: row?.settings ?? {},
    secretsSet,
    version: row?.version ?? null,
    updatedBy,
    updateTime: row?.updatedAt.toISOString() ?? null,
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

/** Names of the secret fields that hold a value, in the vendor's field order. */
export function secretNames(provider: SpeechProvider, opened: Record<string, string>): string[] {
  return credentialFieldsOf(provider)
    .filter((f) => f.secret && opened[f.name])
    .map((f) => f.name);
}

/** 404 unless the company exists (deleted companies keep their credentials until restored or removed). */
export async function mustFindCompany(db: DbOrTx, companyId: string): Promise<void> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw AppError.notFound();
}

export async function findCredentialRow(db: DbOrTx, companyId: string, provider: string) {
  const [found] = await db
    .select({ row: speechCredentials, updatedBy: users.username })
    .from(speechCredentials)
    .leftJoin(users, eq(users.id, speechCredentials.updatedBy))
    .where(and(eq(speechCredentials.companyId, companyId), eq(speechCredentials.provider, provider)));
  return found ?? null;
}
