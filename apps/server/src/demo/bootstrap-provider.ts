import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/client.ts';
import { companies, users } from '../db/schema.ts';
import type { SeededAccount } from './seed-demo.ts';

/**
 * A production database starts with the provider's company and one DEV account, so someone can sign in
 * and create the customers. The password comes from INITIAL_DEV_PASSWORD or is generated and printed once.
 */
export async function bootstrapProvider(db: Db, givenPassword: string | undefined): Promise<SeededAccount> {
  const password = givenPassword || `Dw-${randomBytes(9).toString('base64url')}1!`;
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [provider] = await tx
      .insert(companies)
      .values({
        name: 'Provider',
        suffix: 'provider',
        adminEmail: 'ops@provider.invalid',
        isProvider: true,
      })
      .returning();
    await tx
      .insert(users)
      .values({ companyId: provider!.id, username: 'dev', alias: 'Provider Ops', authLevel: 'DEV', passwordHash: hash });
    return { username: 'dev', role: 'DEV', password, company: provider!.name };
  });
}
