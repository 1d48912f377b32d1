import { z } from 'zod';
import { apiKeyScopeSchema } from '../common/api-key-scopes.ts';
import { isoDateTime, requiredString } from '../common/fields.ts';

/**
 * What starts every key: `Authorization: Bearer dwk_…` tells a key from a session token. The server looks a
 * token with this prefix up among the keys first; a session token that happens to start with it (base64url
 * can, once in 16 million) still resolves as a session.
 */
export const API_KEY_PREFIX = 'dwk_';
/** How many characters of a key the list shows (the prefix and 8 more): enough to recognise it, useless to use. */
export const API_KEY_SHOWN_CHARS = API_KEY_PREFIX.length + 8;

export const API_KEY_LIMITS = { name: 64, maxLiveKeys: 50 } as const;

export const apiKeyCreateSchema = z.object({
  name: requiredString(API_KEY_LIMITS.name),
  scope: apiKeyScopeSchema,
  /** When the key stops working (absent or null: never). Must lie in the future. */
  expiresAt: z.iso
    .datetime({ offset: true, error: 'v.apiKey.expiresAt' })
    .nullish()
    .transform((value) => value ?? null)
    .refine((value) => value === null || Date.parse(value) > Date.now(), { error: 'v.apiKey.expiresPast' }),
});
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

export const API_KEY_STATES = ['active', 'expired', 'revoked'] as const;

/** A key as the list shows it: never the key itself, only its first characters. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scope: apiKeyScopeSchema,
  state: z.enum(API_KEY_STATES),
  createdBy: z.string().nullable(),
  createTime: isoDateTime,
  lastUsedTime: isoDateTime.nullable(),
  expiresAt: isoDateTime.nullable(),
  revokedTime: isoDateTime.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a creation: the only time the whole key is sent. */
export const apiKeyCreatedSchema = z.object({ apiKey: apiKeySchema, key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

/** The header that makes a write safe to retry: the same key and body answer the first answer again. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z.string().trim().min(1).max(200);
