import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { ErrorCode } from '@dialwise/contracts';
import type { Db } from '../db/client.ts';
import { apiKeys, companies } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Actor } from './actor.ts';
import { hashSessionToken } from './session-tokens.ts';

/** Writing last_used_at on every request would add a write per call; once a minute is enough for the list. */
const TOUCH_AFTER_MS = 60_000;

/**
 * Turns a presented API key into the caller, or null when no key has this hash (the caller then tries it as
 * a session token). A revoked key answers 50008, an expired one 50014, a key of a company that is not normal
 * 50012 — the codes a session would get, with messages that name the key.
 */
export async function resolveApiKey(db: Db, token: string, now: Date): Promise<Actor | null> {
  const [row] = await db
    .select({ key: apiKeys, companyState: companies.state })
    .from(apiKeys)
    .innerJoin(companies, eq(companies.id, apiKeys.companyId))
    .where(eq(apiKeys.keyHash, hashSessionToken(token)))
    .limit(1);
  if (!row) return null;
  const { key } = row;
  if (key.revokedAt) throw new AppError(ErrorCode.ILLEGAL_TOKEN, 'e.apiKey.revoked');
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) throw new AppError(ErrorCode.TOKEN_EXPIRED, 'e.apiKey.expired');
  if (row.companyState !== 'normal') throw new AppError(ErrorCode.ENDED_BY_ADMIN, 'e.endedByAdmin');

  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
    const stale = new Date(now.getTime() - TOUCH_AFTER_MS);
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, key.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))));
  }
  return {
    userId: key.createdBy,
    username: `apiKey:${key.name}`,
    companyId: key.companyId,
    role: key.role,
    sessionId: key.id,
    apiKey: { id: key.id, name: key.name, scope: key.scope },
  };
}
