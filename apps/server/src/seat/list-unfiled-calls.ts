import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { SEAT_UNFILED_LIMIT, type SeatUnfiledCalls } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { callRecordColumns, toCallRecord, type CallRecordRow } from '../call-records/call-record-row.ts';
import { visibleCalls } from '../call-records/visible-calls.ts';
import { calls, projects } from '../db/schema.ts';
import { joinProjectAndTask } from '../db/join-project-and-task.ts';

/**
 * The calls this agent's seat took and that are not filed yet (no issue type saved), newest first: the seat
 * lists them so a filing skipped — the next call accepted, "Next call" clicked, the page closed — can always
 * be done later (it opens the call-record drawer, where the call is filed). The call in progress is listed
 * too (it may be filed during the call; the seat leaves out the one its own panel shows): a call that has
 * just ended is listed at once, before the dialer has written its end. Only calls the seat was put through to
 * (`transfer_outcome` success): one whose media never came up, or whose customer hung up before it did, was
 * never spoken to — nothing to file, not listed (it may still be filed). Only calls the agent can open in
 * the drawer (their company, projects still assigned to them) are listed.
 */
export async function listUnfiledCalls(ctx: ActionContext): Promise<SeatUnfiledCalls> {
  const where = and(
    visibleCalls(ctx),
    eq(calls.operatorId, ctx.actor.userId),
    isNull(calls.issueType),
    eq(calls.transferOutcome, 'success'),
  );
  const [rows, [counted]] = await Promise.all([
    joinProjectAndTask(ctx.db.select(callRecordColumns).from(calls).$dynamic())
      .where(where)
      .orderBy(desc(calls.placedAt), desc(calls.id))
      .limit(SEAT_UNFILED_LIMIT),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(calls).innerJoin(projects, eq(projects.id, calls.projectId)).where(where),
  ]);
  return { list: (rows as CallRecordRow[]).map(toCallRecord), total: Number(counted?.n ?? 0) };
}
