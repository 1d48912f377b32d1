import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Page, SipLine, SipLineQuery } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { companyScope } from '../auth/company-scope.ts';
import { sipLines, users } from '../db/schema.ts';
import { containsPattern } from '../db/like-pattern.ts';
import { toSipLine } from './to-sip-line.ts';
import { readPage } from '../db/read-page.ts';

/** One page of a company's SIP lines, newest first; the keyword matches alias, SIP user name or domain. */
export async function listSipLines(ctx: ActionContext, query: SipLineQuery): Promise<Page<SipLine>> {
  const scope = await companyScope(ctx, query.companyId);
  const filters: SQL[] = [eq(sipLines.companyId, scope.companyId)];
  if (query.keyword) {
    const pattern = containsPattern(query.keyword);
    filters.push(or(ilike(sipLines.alias, pattern), ilike(sipLines.sipUsername, pattern), ilike(sipLines.domain, pattern))!);
  }
  if (query.status) filters.push(eq(sipLines.status, query.status));
  if (query.trunk) filters.push(eq(sipLines.trunk, query.trunk));
  const where = and(...filters);
  const { rows, total } = await readPage(
    query,
    ctx.db
      .select({ line: sipLines, createUser: users.username })
      .from(sipLines)
      .leftJoin(users, eq(users.id, sipLines.createdBy))
      .where(where)
      .orderBy(desc(sipLines.createdAt), desc(sipLines.id))
      .$dynamic(),
    ctx.db.select({ n: count() }).from(sipLines).where(where),
  );
  return { total, list: rows.map((row) => toSipLine(row.line, row.createUser)) };
}
