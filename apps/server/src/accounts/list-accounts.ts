import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Account, AccountQuery, Page } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { companyScope } from '../auth/company-scope.ts';
import { users } from '../db/schema.ts';
import { containsPattern } from '../db/like-pattern.ts';
import { toAccount } from './to-account.ts';
import { readPage } from '../db/read-page.ts';

/** One page of a company's accounts, newest first; the keyword matches user name, alias or phone. */
export async function listAccounts(ctx: ActionContext, query: AccountQuery): Promise<Page<Account>> {
  const scope = await companyScope(ctx, query.companyId);
  const filters: SQL[] = [eq(users.companyId, scope.companyId)];
  if (query.keyword) {
    const pattern = containsPattern(query.keyword);
    filters.push(or(ilike(users.username, pattern), ilike(users.alias, pattern), ilike(users.phoneNumber, pattern))!);
  }
  if (query.authLevel) filters.push(eq(users.authLevel, query.authLevel));
  if (query.status) filters.push(eq(users.status, query.status));
  const where = and(...filters);
  const { rows, total } = await readPage(
    query,
    ctx.db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.userNo)).$dynamic(),
    ctx.db.select({ n: count() }).from(users).where(where),
  );
  return { total, list: rows.map(toAccount) };
}
