import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Role } from '@dialwise/contracts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from './client.ts';
import { companies, users } from './schema.ts';
import { seedProjectsDemo } from '../projects/seed-projects-demo.ts';

export interface SeededAccount { username: string; role: Role; password: string; company: string }

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companies);
  return (row?.n ?? 0) === 0;
}

/**
 * Demo data for the embedded quick start: the provider's company with a DEV account, and one customer
 * company with an ADMIN and an operator. Later areas add their demo rows here.
 */
export async function seedDemo(db: Db, password: string): Promise<SeededAccount[]> {
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [provider] = await tx.insert(companies).values({
      name: 'Dialwise', suffix: 'dialwise', adminEmail: 'ops@dialwise.example', isProvider: true,
    }).returning();
    const [customer] = await tx.insert(companies).values({
      name: 'AcmeOutreach', suffix: 'acme', adminEmail: 'admin@acme.example', timezone: 'Asia/Shanghai',
    }).returning();
    const accounts = [
      { username: 'admin', alias: 'Acme Admin', authLevel: 'ADMIN', companyId: customer!.id, email: 'admin@acme.example', phoneNumber: '13800000001' },
      { username: 'dev', alias: 'Dialwise Ops', authLevel: 'DEV', companyId: provider!.id, email: 'ops@dialwise.example', phoneNumber: '13800000002' },
      { username: 'agent', alias: 'Agent Lin', authLevel: 'OPR', companyId: customer!.id, email: 'agent@acme.example', phoneNumber: '13800000003' },
    ] as const;
    const created = await tx.insert(users).values(accounts.map((a) => ({ ...a, passwordHash: hash }))).returning({ id: users.id, username: users.username });
    const adminId = created.find((u) => u.username === 'admin')!.id;
    await seedProjectsDemo(tx, { companyId: customer!.id, adminId });
    return accounts.map((a) => ({
      username: a.username, role: a.authLevel, password,
      company: a.companyId === provider!.id ? provider!.name : customer!.name,
    }));
  });
}

/**
 * A production database starts with the provider's company and one DEV account, so someone can sign in
 * and create the customers. The password comes from INITIAL_DEV_PASSWORD or is generated and printed once.
 */
export async function bootstrapProvider(db: Db, givenPassword: string | undefined): Promise<SeededAccount> {
  const password = givenPassword || `Dw-${randomBytes(9).toString('base64url')}1!`;
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [provider] = await tx.insert(companies).values({
      name: 'Provider', suffix: 'provider', adminEmail: 'ops@provider.invalid', isProvider: true,
    }).returning();
    await tx.insert(users).values({ companyId: provider!.id, username: 'dev', alias: 'Provider Ops', authLevel: 'DEV', passwordHash: hash });
    return { username: 'dev', role: 'DEV', password, company: provider!.name };
  });
}
