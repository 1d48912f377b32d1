import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { API_KEY_SCOPES, ROLES } from '@dialwise/contracts';
import { companies } from './companies.ts';
import { users } from './users.ts';
import { createdAt } from './common.ts';

/**
 * A company's API keys. Only the SHA-256 of a key is stored (a key is 256 random bits, so a fast hash is
 * enough, as for session tokens); `prefix` is its first characters, for people to recognise it in the list.
 * `role` is the creator's role when it was made: a key acts as an ADMIN of its company (a DEV's, as provider
 * staff), within its scope.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scope: text('scope', { enum: API_KEY_SCOPES }).notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedBy: uuid('revoked_by').references(() => users.id),
  },
  (t) => [uniqueIndex('api_keys_hash_key').on(t.keyHash), index('api_keys_company_created_idx').on(t.companyId, t.createdAt)],
);

/**
 * The answers of requests sent with an `Idempotency-Key`, per company and endpoint: a retry with the same key
 * and the same body (`request_hash`) gets the stored answer; another body is refused. The row is written in the
 * same transaction as the request's effect, so a key is stored exactly when its effect is. Kept a day.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    endpoint: text('endpoint').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    answer: jsonb('answer').$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotent_requests_key').on(t.companyId, t.endpoint, t.key),
    index('idempotent_requests_created_idx').on(t.createdAt),
  ],
);
