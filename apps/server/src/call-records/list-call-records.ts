import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { CALL_RECORD_LIMITS, type CallRecordPage, type CallRecordQuery } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { calls, projects } from '../db/schema.ts';
import { callFilterConditions } from './call-filters.ts';
import { callRecordColumns, toCallRecord, type CallRecordRow } from './call-record-row.ts';
import { visibleCalls } from './visible-calls.ts';
import { joinProjectAndTask } from '../db/join-project-and-task.ts';

/**
 * One page of the caller's call records, by call time (newest first unless `sort` is `asc`), id breaking
 * ties. Offset paging inside a window of CALL_RECORD_LIMITS.window rows (the schema refuses pages beyond
 * it), and the count runs the same filters but stops at the window (`totalCapped`): on millions of rows
 * both stay bounded and walk the (company|project|task|company+phone, placed_at) indexes.
 */
export async function listCallRecords(ctx: ActionContext, query: CallRecordQuery): Promise<CallRecordPage> {
  const where = and(visibleCalls(ctx), callFilterConditions(query));
  const order = query.sort === 'asc' ? [asc(calls.placedAt), asc(calls.id)] : [desc(calls.placedAt), desc(calls.id)];
  const [rows, counted] = await Promise.all([
    joinProjectAndTask(ctx.db.select(callRecordColumns).from(calls).$dynamic())
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(
      ctx.db
        .select({ one: sql`1` })
        .from(calls)
        .innerJoin(projects, eq(projects.id, calls.projectId))
        .where(where)
        .limit(CALL_RECORD_LIMITS.window + 1)
        .as('matching'),
    ),
  ]);
  const n = Number(counted[0]?.n ?? 0);
  return {
    list: (rows as CallRecordRow[]).map(toCallRecord),
    total: Math.min(n, CALL_RECORD_LIMITS.window),
    totalCapped: n > CALL_RECORD_LIMITS.window,
  };
}
