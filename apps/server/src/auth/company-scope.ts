import { eq } from 'drizzle-orm';
import { companies } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { ActionContext } from './actor.ts';

export interface CompanyScope {
  companyId: string;
  /** The provider's own company, where DEV staff live. */
  isProvider: boolean;
}

/**
 * The company a management action works on. ADMIN always acts on their own company; DEV (provider staff)
 * acts on their own by default and may name any company. A company the caller may not see answers 404,
 * the same as one that does not exist, so ids of other tenants reveal nothing.
 */
export async function companyScope(ctx: ActionContext, requested: string | undefined): Promise<CompanyScope> {
  const companyId = requested ?? ctx.actor.companyId;
  if (companyId !== ctx.actor.companyId && ctx.actor.role !== 'DEV') throw AppError.notFound();
  const [row] = await ctx.db
    .select({ id: companies.id, isProvider: companies.isProvider })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw AppError.notFound();
  return { companyId: row.id, isProvider: row.isProvider };
}
