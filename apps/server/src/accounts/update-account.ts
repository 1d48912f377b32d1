import { and, eq } from 'drizzle-orm';
import { ErrorCode, type Account, type AccountUpdate } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { companyScope } from '../auth/company-scope.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeUserSessions } from '../auth/sign-out.ts';
import { auditWho, diffChanges, recordAudit } from '../db/record-audit.ts';
import { users } from '../db/schema.ts';
import { nextEditVersion } from '../db/edit-version.ts';
import { AppError } from '../http/app-error.ts';
import { accountConflict } from './account-conflict.ts';
import { assertMayManageLevel, assertNotLastAdmin } from './account-rules.ts';
import { auditedFields, toAccount } from './to-account.ts';

/**
 * Edits an account. A new password, a new user level or disabling ends the user's live sessions (their
 * next call answers 50012): the old password must stop working everywhere, and a new level means signing
 * in again with the matching role. When the caller edits their own account, their current session stays.
 */
export async function updateAccount(ctx: ActionContext, input: AccountUpdate, now: Date): Promise<Account> {
  const scope = await companyScope(ctx, input.companyId);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, input.id), eq(users.companyId, scope.companyId)))
        .for('update');
      if (!before) throw AppError.notFound();
      const version = nextEditVersion(before, input.version);

      const next = {
        alias: input.alias ?? before.alias,
        email: input.email ?? before.email,
        phoneNumber: input.phoneNumber ?? before.phoneNumber,
        authLevel: input.authLevel ?? before.authLevel,
        status: input.status ?? before.status,
      };
      const levelChanged = next.authLevel !== before.authLevel;
      const disabled = before.status === 'active' && next.status === 'disabled';
      assertMayManageLevel(ctx, scope, before.authLevel);
      assertMayManageLevel(ctx, scope, next.authLevel);
      if ((levelChanged || disabled) && before.id === ctx.actor.userId) {
        throw new AppError(ErrorCode.CONFLICT, 'e.account.self', {}, { field: levelChanged ? 'authLevel' : 'status' });
      }
      if (levelChanged || disabled) await assertNotLastAdmin(tx, scope, before);

      const changed = passwordHash !== undefined || Object.keys(diffChanges(auditedFields(before), next)).length > 0;
      if (!changed) return toAccount(before);
      const [after] = await tx
        .update(users)
        .set({ ...next, ...(passwordHash ? { passwordHash } : {}), version, updatedAt: now })
        .where(eq(users.id, before.id))
        .returning();

      let sessionsEnded = 0;
      if (passwordHash || levelChanged || disabled) {
        const keep = before.id === ctx.actor.userId ? ctx.actor.sessionId : undefined;
        sessionsEnded = await revokeUserSessions(tx, before.id, now, keep);
      }
      await recordAudit(tx, auditWho(ctx, scope.companyId), {
        action: 'update',
        entity: 'account',
        entityId: before.id,
        changes: {
          ...diffChanges(auditedFields(before), auditedFields(after!)),
          ...(passwordHash ? { password: 'changed' } : {}),
          ...(sessionsEnded > 0 ? { sessionsEnded } : {}),
        },
      });
      return toAccount(after!);
    });
  } catch (error) {
    throw accountConflict(error, { phoneNumber: input.phoneNumber });
  }
}
