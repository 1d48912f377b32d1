import type { Account } from '@dialwise/contracts';
import type { users } from '../db/schema.ts';

/** The account as the API answers it: never the password hash. */
export function toAccount(user: typeof users.$inferSelect): Account {
  return {
    id: user.id,
    version: user.version,
    userID: user.userNo,
    companyId: user.companyId,
    username: user.username,
    alias: user.alias,
    email: user.email,
    phoneNumber: user.phoneNumber,
    authLevel: user.authLevel,
    status: user.status,
    createTime: user.createdAt.toISOString(),
  };
}

/** The fields an audit entry shows for an account (no hash). */
export function auditedFields(user: Pick<typeof users.$inferSelect, 'alias' | 'email' | 'phoneNumber' | 'authLevel' | 'status'>) {
  return { alias: user.alias, email: user.email, phoneNumber: user.phoneNumber, authLevel: user.authLevel, status: user.status };
}
