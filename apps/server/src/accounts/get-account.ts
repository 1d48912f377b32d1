import { and, eq } from 'drizzle-orm';
import type { Account, AccountId } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { companyScope } from '../auth/company-scope.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { toAccount } from './to-account.ts';

/** One account of the caller's company (or, for DEV, of the named company); any other id answers 404. */
export async function getAccount(ctx: ActionContext, input: AccountId): Promise<Account> {
  const scope = await companyScope(ctx, input.companyId);
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, input.id), eq(users.companyId, scope.companyId)));
  if (!user) throw AppError.notFound();
  return toAccount(user);
}
