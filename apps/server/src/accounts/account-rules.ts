import { and, eq, ne } from 'drizzle-orm';
import { ErrorCode, type Role } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import type { CompanyScope } from '../auth/company-scope.ts';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';

/**
 * DEV accounts are the provider's staff: they exist only in the provider company, and only a DEV may
 * create one, promote someone to DEV or change a DEV account.
 */
export function assertMayManageLevel(ctx: ActionContext, scope: CompanyScope, level: Role): void {
  if (level !== 'DEV') return;
  if (ctx.actor.role !== 'DEV' || !scope.isProvider)
    throw new AppError(ErrorCode.CONFLICT, 'e.account.devLevel', {}, { field: 'authLevel' });
}

/**
 * A company keeps at least one active ADMIN: demoting or disabling the last one would leave nobody to
 * manage its accounts. (Your own account is already protected by the self rule; this catches provider
 * staff acting on a customer company.) The remaining ADMIN rows are locked so two concurrent demotions
 * cannot both pass.
 */
export async function assertNotLastAdmin(
  tx: DbOrTx,
  scope: CompanyScope,
  user: { id: string; authLevel: Role; status: string },
): Promise<void> {
  if (user.authLevel !== 'ADMIN' || user.status !== 'active') return;
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, scope.companyId), eq(users.authLevel, 'ADMIN'), eq(users.status, 'active'), ne(users.id, user.id)))
    .for('update');
  if (others.length === 0) throw new AppError(ErrorCode.CONFLICT, 'e.account.lastAdmin', {}, { field: 'authLevel' });
}
