import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies } from '../db/schema.ts';
import type { SecretBox } from '../secrets/secret-box.ts';

/** A new secret: 32 random bytes, prefixed so it is recognisable in a receiver's configuration. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * Replaces a company's callback secret and answers the new one — the only time it is ever shown. Earlier
 * deliveries still pending are signed with the new secret when they are retried, and signed recording
 * links of the old secret stop working.
 */
export async function rotateCallbackSecret(db: Db, secrets: SecretBox, companyId: string, now: Date): Promise<string> {
  const secret = newSecret();
  await db
    .update(companies)
    .set({ callbackSecretSealed: secrets.seal(secret), callbackSecretRotatedAt: now })
    .where(eq(companies.id, companyId));
  return secret;
}

/**
 * The secret that signs a company's callbacks. A company that never rotated one gets one made now (a
 * callback is never sent unsigned); its administrators rotate it to learn it.
 */
export async function callbackSecretOf(db: Db, secrets: SecretBox, companyId: string, now: Date): Promise<string> {
  const [row] = await db.select({ sealed: companies.callbackSecretSealed }).from(companies).where(eq(companies.id, companyId));
  if (row?.sealed) return secrets.open(row.sealed);
  const secret = newSecret();
  // Two processes racing here: the first write wins and both read it back.
  await db
    .update(companies)
    .set({ callbackSecretSealed: secrets.seal(secret), callbackSecretRotatedAt: now })
    .where(and(eq(companies.id, companyId), isNull(companies.callbackSecretSealed)));
  const [again] = await db.select({ sealed: companies.callbackSecretSealed }).from(companies).where(eq(companies.id, companyId));
  return secrets.open(again!.sealed!);
}
