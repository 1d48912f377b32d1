import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { ErrorCode, SESSION_TTL, loginRoleAdmits, type LoginInput, type LoginResult } from '@dialwise/contracts';
import type { Db } from '../db/client.ts';
import { companies, sessions, users } from '../db/schema.ts';
import { recordAudit } from '../db/record-audit.ts';
import { AppError } from '../http/app-error.ts';
import { accountKey, type LoginThrottle } from './login-throttle.ts';
import { verifyPassword } from './passwords.ts';
import { endSessions } from './end-sessions.ts';
import { hashSessionToken, newSessionToken } from './session-tokens.ts';
import { toSelfInfo } from './self-info.ts';
import { normalizePermissions } from '../entitlements/get-company-permissions.ts';

export interface SignInDeps {
  db: Db;
  throttle: LoginThrottle;
  now: () => Date;
}

export interface SignInClient {
  ip: string;
  userAgent: string | null;
  traceId: string;
  /** The session this browser already holds, if any: replacing one's own session needs no force. */
  currentSessionId: string | null;
}

/**
 * Checks the credentials, the role choice (Admin admits ADMIN and DEV, Agent admits OPR) and the
 * one-live-session rule, then opens a session. Failures say nothing about whether the user exists.
 */
export async function signIn(deps: SignInDeps, input: LoginInput, client: SignInClient): Promise<LoginResult> {
  const name = input.username.trim();
  const [found] = await deps.db
    .select({ user: users, companyState: companies.state, timeZone: companies.timezone, permissions: companies.permissions })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(or(sql`lower(${users.username}) = lower(${name})`, and(eq(users.phoneNumber, name), sql`${users.phoneNumber} <> ''`)))
    .limit(1);

  // The lock is the account's, whichever identifier (user name or phone number) was typed.
  const account = accountKey(found?.user.id, name);
  const wait = deps.throttle.retryAfter(account, client.ip);
  if (wait > 0) throw new AppError(ErrorCode.RATE_LIMITED, 'e.rateLimited', { seconds: wait });

  if (!(await verifyPassword(found?.user.passwordHash ?? null, input.password)) || !found) {
    deps.throttle.recordFailure(account, client.ip);
    throw new AppError(ErrorCode.BAD_CREDENTIALS, 'e.badCredentials');
  }
  const { user } = found;
  if (user.status !== 'active' || found.companyState !== 'normal') {
    throw new AppError(ErrorCode.ACCOUNT_DISABLED, 'e.accountDisabled');
  }
  if (!loginRoleAdmits(input.role, user.authLevel)) {
    throw new AppError(ErrorCode.ROLE_MISMATCH, 'e.roleMismatch', { role: input.role === 'admin' ? 'Admin' : 'Agent' });
  }
  deps.throttle.recordSuccess(account);

  const now = deps.now();
  const token = newSessionToken();
  const result = await deps.db.transaction(async (tx) => {
    // Serialise concurrent sign-ins of one user so "one live session" holds under races.
    await tx.execute(sql`select id from ${users} where id = ${user.id} for update`);
    const live = await tx
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
    const others = live.filter((session) => session.id !== client.currentSessionId);
    const newest = others.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    if (newest && !input.force) {
      return { elsewhere: newest } as const;
    }
    if (live.length > 0) await endSessions(tx, eq(sessions.userId, user.id), others.length > 0 ? 'forced' : 'logout', now);
    const expiresAt = new Date(now.getTime() + (input.remember ? SESSION_TTL.rememberMs : SESSION_TTL.defaultMs));
    const [created] = await tx
      .insert(sessions)
      .values({
        userId: user.id,
        tokenHash: hashSessionToken(token),
        remember: input.remember ?? false,
        userAgent: client.userAgent,
        ip: client.ip,
        createdAt: now,
        lastSeenAt: now,
        expiresAt,
      })
      .returning();
    await recordAudit(
      tx,
      { actorId: user.id, actorName: user.username, companyId: user.companyId, traceId: client.traceId },
      {
        action: others.length > 0 ? 'login.forced' : 'login',
        entity: 'session',
        entityId: created!.id,
        changes: { role: input.role, remember: input.remember ?? false, ip: client.ip, revokedSessions: others.length },
      },
    );
    return { session: created! } as const;
  });

  if ('elsewhere' in result) {
    throw new AppError(
      ErrorCode.PASS_THROUGH,
      'e.signedInElsewhere',
      {},
      {
        signedInElsewhere: true,
        since: result.elsewhere!.createdAt.toISOString(),
        userAgent: result.elsewhere!.userAgent,
        timeZone: found.timeZone,
      },
    );
  }
  return {
    token,
    expiresAt: result.session.expiresAt.toISOString(),
    user: toSelfInfo(user, { timeZone: found.timeZone, features: normalizePermissions(found.permissions).features }),
  };
}
