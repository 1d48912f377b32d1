import { eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Page, SipLine, SipLineQuery } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { companyScope } from '../auth/company-scope.ts';
import { sipLines } from '../db/schema.ts';
import { containsPattern } from '../db/like-pattern.ts';
import { toSipLine } from './to-sip-line.ts';
import { readCompanyPage } from '../db/read-company-page.ts';

/** One page of a company's SIP lines, newest first; the keyword matches alias, SIP user name or domain. */
export async function listSipLines(ctx: ActionContext, query: SipLineQuery): Promise<Page<SipLine>> {
  const scope = await companyScope(ctx, query.companyId);
  const filters: SQL[] = [];
  if (query.keyword) {
    const pattern = containsPattern(query.keyword);
    filters.push(or(ilike(sipLines.alias, pattern), ilike(sipLines.sipUsername, pattern), ilike(sipLines.domain, pattern))!);
  }
  if (query.status) filters.push(eq(sipLines.status, query.status));
  if (query.trunk) filters.push(eq(sipLines.trunk, query.trunk));
  const { rows, total } = await readCompanyPage(ctx.db, query, sipLines, scope.companyId, filters, sipLines.id);
  return { total, list: rows.map(({ row, createdBy }) => toSipLine(row, createdBy)) };
}
