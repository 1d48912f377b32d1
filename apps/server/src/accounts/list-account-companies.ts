import { asc, desc } from 'drizzle-orm';
import type { CompanyOption } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { companies } from '../db/schema.ts';
import { normalizePermissions } from '../entitlements/get-company-permissions.ts';

/**
 * The companies a DEV may manage accounts and SIP lines of (every company, the provider's first), for
 * the company picker of those screens, each with the features enabled for it. The route admits DEV only.
 */
export async function listAccountCompanies(ctx: ActionContext): Promise<CompanyOption[]> {
  const rows = await ctx.db
    .select({
      id: companies.id,
      name: companies.name,
      isProvider: companies.isProvider,
      state: companies.state,
      permissions: companies.permissions,
    })
    .from(companies)
    .orderBy(desc(companies.isProvider), asc(companies.name));
  return rows.map(({ permissions, ...company }) => ({ ...company, features: normalizePermissions(permissions).features }));
}
