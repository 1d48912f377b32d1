import { desc, eq } from 'drizzle-orm';
import type { ApiKey } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { apiKeys, users } from '../db/schema.ts';
import { toApiKey } from './api-key-row.ts';

/** The caller company's keys, newest first, revoked and expired ones included (they say when and why). */
export async function listApiKeys(ctx: ActionContext, now: Date): Promise<ApiKey[]> {
  const rows = await ctx.db
    .select({ key: apiKeys, createdBy: users.username })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.companyId, ctx.actor.companyId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(({ key, createdBy }) => toApiKey(key, createdBy, now));
}
