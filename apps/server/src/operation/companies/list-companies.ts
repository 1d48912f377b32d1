import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { CompanyListItem, CompanyQuery, Page } from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import { companies } from '../../db/schema.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { companyItemQuery, toCompanyItem } from './company-item.ts';
import { readPage } from '../../db/read-page.ts';

/** Every company (DEV acts on all of them here), newest first; keyword over name, suffix and admin e-mail. */
export async function listCompanies(ctx: ActionContext, query: CompanyQuery): Promise<Page<CompanyListItem>> {
  const filters: SQL[] = [];
  if (query.keyword) {
    const pattern = containsPattern(query.keyword);
    filters.push(or(ilike(companies.name, pattern), ilike(companies.suffix, pattern), ilike(companies.adminEmail, pattern))!);
  }
  if (query.state) filters.push(eq(companies.state, query.state));
  const where = filters.length ? and(...filters) : undefined;
  const { rows, total } = await readPage(
    query,
    companyItemQuery(ctx.db).where(where).orderBy(desc(companies.createdAt), desc(companies.id)).$dynamic(),
    ctx.db.select({ n: count() }).from(companies).where(where),
  );
  return { total, list: rows.map(toCompanyItem) };
}
