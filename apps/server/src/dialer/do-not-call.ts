import { and, eq, inArray } from 'drizzle-orm';
import { decodeHexPhone, normalizeSubtaskPhone, type EncryptionType } from '@dialwise/contracts';
import type { Db, Tx } from '../db/client.ts';
import { dncNumbers } from '../db/schema.ts';

/**
 * Which of a batch of stored numbers are on the company's do-not-call list, matched under the project's
 * encryption type (the list holds clear numbers, digits with an optional +):
 * - PLAIN_TEXT: the stored number itself;
 * - HEX: the number it encodes;
 * - MD5: the hash, against the hash of each listed number (`phone_md5`, kept by the database);
 * - CUSTOM: nothing here — a token says nothing about its number, so the dialer checks the number the
 *   project's API resolves, right before the INVITE (`isDoNotCall`).
 * Answers the stored values that are listed.
 */
export async function listedNumbers(tx: Db | Tx, companyId: string, type: EncryptionType, stored: readonly string[]): Promise<Set<string>> {
  if (stored.length === 0 || type === 'CUSTOM') return new Set();
  if (type === 'MD5') {
    const rows = await tx
      .select({ hash: dncNumbers.phoneMd5 })
      .from(dncNumbers)
      .where(and(eq(dncNumbers.companyId, companyId), inArray(dncNumbers.phoneMd5, [...stored])));
    return new Set(rows.map((r) => r.hash));
  }
  const clearOf = new Map(stored.map((value) => [type === 'HEX' ? decodeHexPhone(value) : value, value]));
  const rows = await tx
    .select({ phone: dncNumbers.phone })
    .from(dncNumbers)
    .where(and(eq(dncNumbers.companyId, companyId), inArray(dncNumbers.phone, [...clearOf.keys()])));
  return new Set(rows.map((r) => clearOf.get(r.phone)!));
}

/** Whether a clear number (as a decryption API answered it) is on the company's do-not-call list. */
export async function isDoNotCall(db: Db, companyId: string, number: string): Promise<boolean> {
  const phone = normalizeSubtaskPhone('PLAIN_TEXT', number) ?? number;
  const [row] = await db
    .select({ phone: dncNumbers.phone })
    .from(dncNumbers)
    .where(and(eq(dncNumbers.companyId, companyId), eq(dncNumbers.phone, phone)))
    .limit(1);
  return row !== undefined;
}
