import type { SelfInfo } from '@dialwise/contracts';
import type { users } from '../db/schema.ts';

export function toSelfInfo(user: typeof users.$inferSelect): SelfInfo {
  return {
    id: user.id,
    userID: user.userNo,
    username: user.username,
    customerID: user.companyId,
    authLevel: user.authLevel,
    email: user.email,
    phoneNumber: user.phoneNumber,
    createTime: user.createdAt.toISOString(),
    alias: user.alias,
    version: user.version,
  };
}
