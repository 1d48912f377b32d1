import type { ApiKey } from '@dialwise/contracts';
import type { apiKeys } from '../db/schema.ts';

type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A key as the list shows it: never its hash, only the characters it starts with. */
export function toApiKey(row: ApiKeyRow, createdBy: string | null, now: Date): ApiKey {
  const state = row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    state,
    createdBy,
    createTime: row.createdAt.toISOString(),
    lastUsedTime: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedTime: row.revokedAt?.toISOString() ?? null,
  };
}
