import { z } from 'zod';
import { isoDateTime, requiredString } from '../common/fields.ts';

/**
 * API keys: how a customer's own systems (a CRM, a script) call the API without a person's sign-in session.
 * A key belongs to its company, acts with the role of the administrator who created it, and opens only the
 * endpoints whose `keyScope` its scope reaches; everything else (accounts, passwords, the keys themselves) is
 * console-only.
 *
 * - read: read tasks, their progress and pending numbers, call records and recordings;
 * - campaigns: read, plus push numbers and create, edit, start and pause tasks;
 * - full: campaigns, plus projects and the do-not-call list.
 */
export const API_KEY_SCOPES = ['read', 'campaigns', 'full'] as const;
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/** Whether a key of scope `held` may call an endpoint that needs `needed` (absent: console-only, never). */
export function scopeAllows(held: ApiKeyScope, needed: ApiKeyScope | undefined): boolean {
  return needed !== undefined && API_KEY_SCOPES.indexOf(held) >= API_KEY_SCOPES.indexOf(needed);
}

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
