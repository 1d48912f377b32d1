import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AccessRequest, AccessRequestQuery, Page } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { accessRequests } from '../db/schema.ts';
import { visibleTo } from './visible-to.ts';
import { readPage } from '../db/read-page.ts';

/** A keyword matches the user name or any text the requester typed (company, contact, e-mail, phone, note). */
function matches(keyword: string): SQL {
  const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(accessRequests.username, like), sql`${accessRequests.payload}::text ilike ${like}`)!;
}

export async function listAccessRequests(ctx: ActionContext, query: AccessRequestQuery): Promise<Page<AccessRequest>> {
  const filters: SQL[] = [visibleTo(ctx)];
  if (query.kind) filters.push(eq(accessRequests.kind, query.kind));
  if (query.status) filters.push(eq(accessRequests.status, query.status));
  if (query.keyword) filters.push(matches(query.keyword));
  const where = and(...filters);
  const { rows, total } = await readPage(
    query,
    ctx.db.select().from(accessRequests).where(where).orderBy(desc(accessRequests.createdAt), desc(accessRequests.id)).$dynamic(),
    ctx.db.select({ n: count() }).from(accessRequests).where(where),
  );
  return {
    total,
    list: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      companyId: row.companyId,
      username: row.username,
      payload: row.payload,
      status: row.status,
      createTime: row.createdAt.toISOString(),
      outcome: row.outcome,
      resolvedBy: row.resolvedByName,
      resolvedTime: row.resolvedAt?.toISOString() ?? null,
      resolution: row.resolution,
    })),
  };
}
