import { eq } from 'drizzle-orm';
import type { CompanyCreated, CompanyFromRequest } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { companies } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { createCompany } from '../operation/companies/create-company.ts';
import { claimOpenRequest } from './claim-open-request.ts';
import { closeRequest } from './close-request.ts';

/**
 * Creates the company (and its first ADMIN, password generated and answered once) that a request for an account
 * asked for, through the company create of the operation area, and closes the request in the same transaction.
 */
export async function createCompanyFromRequest(ctx: ActionContext, input: CompanyFromRequest, now: Date): Promise<CompanyCreated> {
  const { id, ...company } = input;
  // Creating companies is the operation area's power: the provider's own staff only, as there.
  const [own] = await ctx.db.select({ isProvider: companies.isProvider }).from(companies).where(eq(companies.id, ctx.actor.companyId));
  if (!own?.isProvider) throw AppError.forbidden();
  return ctx.db.transaction(async (tx) => {
    const request = await claimOpenRequest(tx, ctx, id, 'register');
    const created = await createCompany({ ...ctx, db: tx }, company);
    await closeRequest(
      tx,
      ctx,
      { ...request, companyId: created.company.id },
      'company_created',
      { companyName: created.company.name, adminUsername: created.admin.username },
      now,
    );
    return created;
  });
}
