import type { ResetFromRequest } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { updateAccount } from '../accounts/update-account.ts';
import { and, eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { claimOpenRequest } from './claim-open-request.ts';
import { closeRequest } from './close-request.ts';

/**
 * Sets the new password a "forgot password" request asked for, through the account edit itself (the account
 * rules, the user's live sessions ending, its audit entry), and closes the request in the same transaction:
 * the password changes exactly when the request says it did.
 */
export async function resetPasswordFromRequest(ctx: ActionContext, input: ResetFromRequest, now: Date): Promise<{ username: string }> {
  return ctx.db.transaction(async (tx) => {
    const request = await claimOpenRequest(tx, ctx, input.id, 'password_reset');
    // A request whose user was since removed, or moved out of the caller's reach, has nothing to reset.
    if (!request.userId || !request.companyId) throw AppError.notFound();
    // A transaction is a database handle too: the account edit nests in it (a savepoint).
    const inner = { ...ctx, db: tx };
    // Not an edit form: the reset applies to the account as it is now (locked, so no edit slips in between).
    const [current] = await tx
      .select({ version: users.version })
      .from(users)
      .where(and(eq(users.id, request.userId), eq(users.companyId, request.companyId)))
      .for('update');
    if (!current) throw AppError.notFound();
    const account = await updateAccount(
      inner,
      { id: request.userId, companyId: request.companyId, version: current.version, password: input.password },
      now,
    );
    await closeRequest(tx, ctx, request, 'password_reset', { username: account.username }, now);
    return { username: account.username };
  });
}
