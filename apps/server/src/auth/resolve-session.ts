import { eq } from 'drizzle-orm';
import { ErrorCode } from '@dialwise/contracts';
import type { Db } from '../db/client.ts';
import { companies, sessions, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Actor } from './actor.ts';
import { hashSessionToken } from './session-tokens.ts';

/** Touching last_seen_at on every request would write per call; once a minute is enough to show activity. */
const TOUCH_AFTER_MS = 60_000;

/**
 * Turns a presented token into the caller, or the envelope code the console's request layer acts on:
 * unknown token 50008, replaced by a forced sign-in elsewhere 450, ended by an administrator or a
 * disabled account/company 50012, past its lifetime 50014.
 */
export async function resolveSession(db: Db, token: string, now: Date): Promise<Actor> {
  const [row] = await db
    .select({ session: sessions, user: users, companyState: companies.state })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sessions.tokenHash, hashSessionToken(token)))
    .limit(1);
  if (!row) throw new AppError(ErrorCode.ILLEGAL_TOKEN, 'e.illegalToken');
  const { session, user } = row;
  if (session.revokedAt) {
    if (session.revokedReason === 'forced') throw new AppError(ErrorCode.FORCED_LOGOUT, 'e.forcedLogout');
    if (session.revokedReason === 'admin') throw new AppError(ErrorCode.ENDED_BY_ADMIN, 'e.endedByAdmin');
    throw new AppError(ErrorCode.ILLEGAL_TOKEN, 'e.illegalToken');
  }
  if (user.status !== 'active' || row.companyState !== 'normal') throw new AppError(ErrorCode.ENDED_BY_ADMIN, 'e.endedByAdmin');
  if (session.expiresAt.getTime() <= now.getTime()) throw new AppError(ErrorCode.TOKEN_EXPIRED, 'e.tokenExpired');

  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
  }
  return { userId: user.id, username: user.username, companyId: user.companyId, role: user.authLevel, sessionId: session.id };
}
