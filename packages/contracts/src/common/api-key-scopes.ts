import { z } from 'zod';

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
