import { and, eq } from 'drizzle-orm';
import type { GrantItem, GrantQuery } from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import { companies, companyGrants } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { grantCatalogue } from './grant-catalogue.ts';

/** The whole catalogue of one kind, each item marked granted or not for the company. */
export async function listGrants(ctx: ActionContext, query: GrantQuery): Promise<GrantItem[]> {
  const [company] = await ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.id, query.companyId)).limit(1);
  if (!company) throw AppError.notFound();
  const [items, granted] = await Promise.all([
    grantCatalogue(ctx.db, query.kind),
    ctx.db
      .select({ refId: companyGrants.refId })
      .from(companyGrants)
      .where(and(eq(companyGrants.companyId, query.companyId), eq(companyGrants.kind, query.kind))),
  ]);
  const grantedIds = new Set(granted.map((g) => g.refId));
  return items.map((item) => ({ ...item, granted: grantedIds.has(item.id) }));
}
