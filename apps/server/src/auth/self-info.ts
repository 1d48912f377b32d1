import { eq } from 'drizzle-orm';
import type { SelfInfo } from '@dialwise/contracts';
import type { DbOrTx } from '../db/client.ts';
import { companies, type users } from '../db/schema.ts';
import { normalizePermissions } from '../entitlements/get-company-permissions.ts';
import { AppError } from '../http/app-error.ts';

/** What the user's company adds to their self info: its time zone and the features enabled for it. */
export interface CompanyFacts {
  timeZone: string;
  features: SelfInfo['features'];
}

export async function companyFacts(db: DbOrTx, companyId: string): Promise<CompanyFacts> {
  const [row] = await db
    .select({ timeZone: companies.timezone, permissions: companies.permissions })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw AppError.notFound();
  return { timeZone: row.timeZone, features: normalizePermissions(row.permissions).features };
}

export function toSelfInfo(user: typeof users.$inferSelect, company: CompanyFacts): SelfInfo {
  return {
    id: user.id,
    userID: user.userNo,
    username: user.username,
    customerID: user.companyId,
    authLevel: user.authLevel,
    email: user.email,
    phoneNumber: user.phoneNumber,
    createTime: user.createdAt.toISOString(),
    alias: user.alias,
    timeZone: company.timeZone,
    features: company.features,
    version: user.version,
  };
}
