import { like, type SQL } from 'drizzle-orm';
import type { DncEntry, DncQuery, Page } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { companyScope } from '../auth/company-scope.ts';
import { requireFeature } from '../entitlements/require-feature.ts';
import { dncNumbers } from '../db/schema.ts';
import { containsPattern } from '../db/like-pattern.ts';
import { readCompanyPage } from '../db/read-company-page.ts';

/** One page of the company's do-not-call list, newest first; the keyword matches part of a number. */
export async function listDnc(ctx: ActionContext, query: DncQuery): Promise<Page<DncEntry>> {
  const scope = await companyScope(ctx, query.companyId);
  await requireFeature(ctx.db, scope.companyId, 'doNotCall');
  const filters: SQL[] = [];
  if (query.keyword) filters.push(like(dncNumbers.phone, containsPattern(query.keyword.replace(/[\s()-]/g, ''))));
  const { rows, total } = await readCompanyPage(ctx.db, query, dncNumbers, scope.companyId, filters, dncNumbers.phone);
  return {
    total,
    list: rows.map(({ row, createdBy }) => ({
      phone: row.phone,
      note: row.note,
      createdBy,
      createTime: row.createdAt.toISOString(),
    })),
  };
}
