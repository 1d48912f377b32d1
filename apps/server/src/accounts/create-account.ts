import type { Account, AccountCreate } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { companyScope } from '../auth/company-scope.ts';
import { hashPassword } from '../auth/passwords.ts';
import { auditWho, recordAudit } from '../db/record-audit.ts';
import { users } from '../db/schema.ts';
import { accountConflict } from './account-conflict.ts';
import { assertMayManageLevel } from './account-rules.ts';
import { auditedFields, toAccount } from './to-account.ts';

export async function createAccount(ctx: ActionContext, input: AccountCreate): Promise<Account> {
  const scope = await companyScope(ctx, input.companyId);
  assertMayManageLevel(ctx, scope, input.authLevel);
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          companyId: scope.companyId,
          username: input.username,
          alias: input.alias,
          email: input.email,
          phoneNumber: input.phoneNumber,
          authLevel: input.authLevel,
          status: input.status,
          passwordHash,
          createdBy: ctx.actor.userId,
        })
        .returning();
      await recordAudit(tx, auditWho(ctx, scope.companyId), {
        action: 'create',
        entity: 'account',
        entityId: created!.id,
        changes: { username: created!.username, ...auditedFields(created!), password: 'set' },
      });
      return toAccount(created!);
    });
  } catch (error) {
    throw accountConflict(error, input);
  }
}
