import { eq } from 'drizzle-orm';
import { credentialFieldsOf, SPEECH_VENDOR_OF, type SpeechCredential, type SpeechProvider } from '@dialwise/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { companies, type speechCredentials } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

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
