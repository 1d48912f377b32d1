import {
  ErrorCode,
  USERNAME_PATTERN,
  defaultAdminUsername,
  isIanaTimeZone,
  type CompanyCreateInput,
  type CompanyCreated,
} from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { recordAudit, auditWho } from '../../db/record-audit.ts';
import { companies, users } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { assertCompanyFree, assertUsernameFree, conflictFromViolation } from './company-conflicts.ts';
import { getCompanyItem, quietDaysOf } from './company-item.ts';
import { generateInitialPassword } from './initial-password.ts';

/** The zone a company gets when the form leaves it out: the server's own, else UTC. */
export function serverTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isIanaTimeZone(zone) ? zone : 'UTC';
}

/**
 * Adds a customer company and its first ADMIN (user name `admin_<suffix>` unless given, e-mail the
 * company's admin e-mail) in one transaction. The ADMIN's password is generated here and returned this
 * once, for the DEV to hand over; only its hash is stored and the audit log never sees it.
 */
export async function createCompany(ctx: ActionContext, input: CompanyCreateInput): Promise<CompanyCreated> {
  const username = input.adminUsername || defaultAdminUsername(input.suffix);
  if (!USERNAME_PATTERN.test(username)) throw new AppError(ErrorCode.VALIDATION, 'e.company.usernameInvalid', { username });
  const password = generateInitialPassword();
  const passwordHash = await hashPassword(password);
  const values = { name: input.name, suffix: input.suffix, username };
  try {
    return await ctx.db.transaction(async (tx) => {
      await assertCompanyFree(tx, values);
      await assertUsernameFree(tx, username);
      const [company] = await tx
        .insert(companies)
        .values({
          name: input.name,
          suffix: input.suffix,
          adminEmail: input.adminEmail,
          timezone: input.timezone || serverTimeZone(),
          quietDays: quietDaysOf(input.quietDays ?? []),
          createdBy: ctx.actor.userId,
          updatedBy: ctx.actor.userId,
        })
        .returning();
      const [admin] = await tx
        .insert(users)
        .values({
          companyId: company!.id,
          username,
          alias: input.name,
          email: input.adminEmail,
          authLevel: 'ADMIN',
          passwordHash,
          createdBy: ctx.actor.userId,
        })
        .returning();
      // Filed under the new company, so its administrators and the provider both find it in the log.
      const who = auditWho(ctx, company!.id);
      await recordAudit(tx, who, {
        action: 'company.create',
        entity: 'company',
        entityId: company!.id,
        changes: { name: company!.name, suffix: company!.suffix, adminEmail: company!.adminEmail, timezone: company!.timezone },
      });
      await recordAudit(tx, who, {
        action: 'account.create',
        entity: 'user',
        entityId: admin!.id,
        changes: { username, email: admin!.email, authLevel: 'ADMIN', initialPassword: 'generated' },
      });
      return {
        company: await getCompanyItem(tx, company!.id),
        admin: { id: admin!.id, username: admin!.username, email: admin!.email, initialPassword: password },
      };
    });
  } catch (error) {
    throw conflictFromViolation(error, values) ?? error;
  }
}
