import { eq } from 'drizzle-orm';
import type { UserInfo } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { companies, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';

/**
 * `GET /api/user/info`: the template's user shape filled from the signed-in account: name = alias, job =
 * the role, organization = the company, location = its time zone, accountId = the short user number.
 * Fields the product does not keep (introduction, website) are empty; the avatar is drawn from initials.
 */
export async function getUserInfo(ctx: ActionContext): Promise<UserInfo> {
  const [row] = await ctx.db
    .select({ user: users, companyName: companies.name, timeZone: companies.timezone })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, ctx.actor.userId));
  if (!row) throw AppError.notFound();
  const { user } = row;
  return {
    name: user.alias || user.username,
    avatar: '',
    email: user.email,
    job: user.authLevel,
    jobName: user.authLevel,
    organization: user.companyId,
    organizationName: row.companyName,
    location: row.timeZone,
    locationName: row.timeZone,
    introduction: '',
    personalWebsite: '',
    phone: user.phoneNumber,
    registrationDate: user.createdAt.toISOString(),
    accountId: String(user.userNo),
    certification: user.status === 'active' ? 1 : 0,
    role: user.authLevel,
  };
}
