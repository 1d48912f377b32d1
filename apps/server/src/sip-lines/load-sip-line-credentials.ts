import { eq } from 'drizzle-orm';
import type { SipLine } from '@dialwise/contracts';
import type { DbOrTx } from '../db/client.ts';
import { sipLines } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { SecretBox } from '../secrets/secret-box.ts';

/** The line's dialling fields, with its password opened. */
export type SipLineCredentials = Pick<
  SipLine,
  'id' | 'companyId' | 'alias' | 'trunk' | 'status' | 'concurrency' | 'cps' | 'sipUsername' | 'domain' | 'port'
> & {
  /** In clear: for the trunk's digest authentication only. Never log it, never send it to a browser. */
  password: string;
};

/**
 * The line with its password opened, for the dialer's trunk. Server-side only (no endpoint answers it).
 * It does not scope by company: the dialer reads the line a task of that company was configured with, and
 * checks `companyId` against the task itself.
 */
export async function loadSipLineCredentials(db: DbOrTx, secrets: SecretBox, lineId: string): Promise<SipLineCredentials> {
  const [row] = await db.select().from(sipLines).where(eq(sipLines.id, lineId));
  if (!row) throw AppError.notFound();
  return {
    id: row.id,
    companyId: row.companyId,
    alias: row.alias,
    trunk: row.trunk,
    status: row.status,
    concurrency: row.concurrency,
    cps: row.cps,
    sipUsername: row.sipUsername,
    password: secrets.open(row.passwordSealed),
    domain: row.domain,
    port: row.port,
  };
}
