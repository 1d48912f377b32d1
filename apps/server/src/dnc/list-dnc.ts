import { and, count, desc, eq, like, type SQL } from 'drizzle-orm';
import type { DncEntry, DncQuery, Page } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { companyScope } from '../auth/company-scope.ts';
import { requireFeature } from '../entitlements/require-feature.ts';
import { dncNumbers, users } from '../db/schema.ts';
import { containsPattern } from '../db/like-pattern.ts';
import { readPage } from '../db/read-page.ts';

/** One page of the company's do-not-call list, newest first; the keyword matches part of a number. */
export async function listDnc(ctx: ActionContext, query: DncQuery): Promise<Page<DncEntry>> {
  const scope = await companyScope(ctx, query.companyId);
  await requireFeature(ctx.db, scope.companyId, 'doNotCall');
  const filters: SQL[] = [eq(dncNumbers.companyId, scope.companyId)];
  if (query.keyword) filters.push(like(dncNumbers.phone, containsPattern(query.keyword.replace(/[\s()-]/g, ''))));
  const where = and(...filters);
  const { rows, total } = await readPage(
    query,
    ctx.db
      .select({ entry: dncNumbers, createdBy: users.username })
      .from(dncNumbers)
      .leftJoin(users, eq(users.id, dncNumbers.createdBy))
      .where(where)
      .orderBy(desc(dncNumbers.createdAt), desc(dncNumbers.phone))
      .$dynamic(),
    ctx.db.select({ n: count() }).from(dncNumbers).where(where),
  );
  return {
    total,
    list: rows.map(({ entry, createdBy }) => ({
      phone: entry.phone,
      note: entry.note,
      createdBy,
      createTime: entry.createdAt.toISOString(),
    })),
  };
}
