import { and, count, desc, eq, lt, or, sql } from 'drizzle-orm';
import { CALL_RECORD_LIMITS, type CallCustomer } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { calls, subtasks, tasks } from '../db/schema.ts';
import { stateOf, visibleCall } from './call-record-row.ts';

/**
 * The customer behind a call: the upload's prologue and business info (kept on the call), the subtask's
 * remark and extra columns while the subtask exists, and the earlier calls to the same stored number in
 * the same project (same task or another of the project), newest first — the seat's "last call, duration,
 * outcome, issue type, resolution status". Scoped like the call itself: whoever may see this call may see the project's calls.
 */
export async function getCallCustomer(ctx: ActionContext, id: string): Promise<CallCustomer> {
  const { call } = await visibleCall(ctx, id);
  const earlier = and(
    eq(calls.companyId, call.companyId),
    eq(calls.phone, call.phone),
    eq(calls.projectId, call.projectId),
    or(lt(calls.placedAt, call.placedAt), and(eq(calls.placedAt, call.placedAt), lt(calls.id, call.id))),
    // A test call from a browser has no number (phone ''): the project's other test calls are not earlier calls to it.
    call.test ? sql`false` : undefined,
  );
  const [subtask, history, [counted]] = await Promise.all([
    // A test call with typed prologue and business info has no subtask.
    call.subtaskId === null
      ? Promise.resolve([])
      : ctx.db
          .select({ remark: subtasks.remark, extra: subtasks.extra })
          .from(subtasks)
          .where(and(eq(subtasks.id, call.subtaskId), eq(subtasks.companyId, call.companyId)))
          .limit(1),
    ctx.db
      .select({
        id: calls.id,
        taskName: tasks.name,
        placedAt: calls.placedAt,
        durationMs: calls.durationMs,
        endedAt: calls.endedAt,
        status: calls.status,
        outcome: calls.outcome,
        transferOutcome: calls.transferOutcome,
        issueType: calls.issueType,
        resolutionStatus: calls.resolutionStatus,
      })
      .from(calls)
      .innerJoin(tasks, eq(tasks.id, calls.taskId))
      .where(earlier)
      .orderBy(desc(calls.placedAt), desc(calls.id))
      .limit(CALL_RECORD_LIMITS.history),
    ctx.db.select({ n: count() }).from(calls).where(earlier),
  ]);
  return {
    prologueInfo: call.prologueInfo,
    businessInfo: call.businessInfo,
    remark: subtask[0]?.remark ?? null,
    extra: subtask[0]?.extra ?? {},
    history: history.map((row) => ({
      id: row.id,
      taskName: row.taskName,
      placedAt: row.placedAt.toISOString(),
      durationMs: row.durationMs,
      state: stateOf(row),
      outcome: row.outcome,
      transferOutcome: row.transferOutcome,
      issueType: row.issueType,
      resolutionStatus: row.resolutionStatus,
    })),
    previousCalls: counted?.n ?? 0,
  };
}
