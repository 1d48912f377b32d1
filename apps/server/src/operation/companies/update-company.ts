import type { CompanyListItem, CompanyUpdateInput } from '@dialwise/contracts';
import { eq } from 'drizzle-orm';
import type { ActionContext } from '../../auth/actor.ts';
import { auditWho, diffChanges, recordAudit } from '../../db/record-audit.ts';
import { companies } from '../../db/schema.ts';
import { nextEditVersion } from '../../db/edit-version.ts';
import { assertCompanyFree, conflictFromViolation } from './company-conflicts.ts';
import { getCompanyItem, lockCompany, quietDaysOf } from './company-item.ts';

/**
 * Edits a company's name, suffix, admin e-mail, time zone and quiet days. Accounts keep their user names when the
 * suffix changes (a user name is how people sign in; renaming it under them would lock them out).
 */
export async function updateCompany(ctx: ActionContext, input: CompanyUpdateInput): Promise<CompanyListItem> {
  const values = { name: input.name, suffix: input.suffix };
  try {
    return await ctx.db.transaction(async (tx) => {
      const before = await lockCompany(tx, input.id);
      const version = nextEditVersion(before, input.version);
      await assertCompanyFree(tx, values, input.id);
      const next = {
        name: input.name,
        suffix: input.suffix,
        adminEmail: input.adminEmail,
        timezone: input.timezone || before.timezone,
        quietDays: input.quietDays ? quietDaysOf(input.quietDays) : before.quietDays,
      };
      const changes = diffChanges(before, next);
      if (Object.keys(changes).length > 0) {
        await tx
          .update(companies)
          .set({ ...next, version, updatedBy: ctx.actor.userId, updatedAt: new Date() })
          .where(eq(companies.id, input.id));
        await recordAudit(tx, auditWho(ctx, input.id), { action: 'company.update', entity: 'company', entityId: input.id, changes });
      }
      return getCompanyItem(tx, input.id);
    });
  } catch (error) {
    throw conflictFromViolation(error, values) ?? error;
  }
}
