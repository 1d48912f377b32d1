import { eq } from 'drizzle-orm';
import { ErrorCode, translate, type ChangePasswordInput, type Locale } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { accountKey, type LoginThrottle } from '../auth/login-throttle.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { revokeUserSessions } from '../auth/sign-out.ts';
import { auditWho, recordAudit } from '../db/record-audit.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';

export interface ChangePasswordDeps {
  now: Date;
  /** Wrong current passwords count as failed sign-ins: a stolen session must not become a password oracle. */
  throttle: LoginThrottle;
  ip: string;
  locale: Locale;
}

/**
 * The signed-in user changes their own password: the current one is checked (argon2), every OTHER session
 * of the user ends (their next call answers 50012) and this one stays signed in.
 */
export async function changePassword(ctx: ActionContext, input: ChangePasswordInput, deps: ChangePasswordDeps): Promise<void> {
  const wait = deps.throttle.retryAfter(accountKey(ctx.actor.userId, ctx.actor.username), deps.ip);
  if (wait > 0) throw new AppError(ErrorCode.RATE_LIMITED, 'e.rateLimited', { seconds: wait });
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.actor.userId));
  if (!user) throw AppError.notFound();
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    deps.throttle.recordFailure(accountKey(ctx.actor.userId, ctx.actor.username), deps.ip);
    throw new AppError(
      ErrorCode.VALIDATION,
      'e.wrongCurrentPassword',
      {},
      {
        fields: [{ path: 'currentPassword', message: translate('e.wrongCurrentPassword', deps.locale) }],
      },
    );
  }
  deps.throttle.recordSuccess(accountKey(ctx.actor.userId, ctx.actor.username));
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: deps.now }).where(eq(users.id, user.id));
    const sessionsEnded = await revokeUserSessions(tx, user.id, deps.now, ctx.actor.sessionId);
    await recordAudit(tx, auditWho(ctx), {
      action: 'changePassword',
      entity: 'profile',
      entityId: user.id,
      changes: { password: 'changed', sessionsEnded },
    });
  });
}
