import type { Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';

/**
 * More of AcmeOutreach's people, so the account list looks like a company's: a second administrator and
 * three agents, one of them disabled. They share the demo password.
 */
export async function seedAccountsDemo(tx: Tx, ids: { customerId: string; adminId: string; passwordHash: string }): Promise<void> {
  const people = [
    { username: 'lina', alias: 'Li Na', authLevel: 'ADMIN', email: 'lina@acme.example', phoneNumber: '13800000004', status: 'active' },
    {
      username: 'wangfang',
      alias: 'Wang Fang',
      authLevel: 'OPR',
      email: 'wangfang@acme.example',
      phoneNumber: '13800000005',
      status: 'active',
    },
    {
      username: 'chenjie',
      alias: 'Chen Jie',
      authLevel: 'OPR',
      email: 'chenjie@acme.example',
      phoneNumber: '13800000006',
      status: 'active',
    },
    {
      username: 'zhaolei',
      alias: 'Zhao Lei',
      authLevel: 'OPR',
      email: 'zhaolei@acme.example',
      phoneNumber: '13800000007',
      status: 'disabled',
    },
  ] as const;
  await tx.insert(users).values(
    people.map((person) => ({
      ...person,
      companyId: ids.customerId,
      passwordHash: ids.passwordHash,
      createdBy: ids.adminId,
    })),
  );
}
