import { addPending, completeIfDone } from '../tasks/task-progress.ts';
import { and, eq, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import { WEB_CALL_LIMITS } from '@dialwise/contracts';
import type { Db, Tx } from '../db/client.ts';
import { calls, subtasks } from '../db/schema.ts';
import { judgeCutCall } from './cut-call.ts';
import { type CutSeat, releaseSeatsOfCutCalls } from '../seat/release-cut-seats.ts';

/**
 * Whose calls are given back: `expired`, those whose lease ran out before `now` (a process that stopped
 * renewing them: crashed, killed, partitioned); `all`, every open call (the only dialer on the embedded
 * database starting again: whatever was live belongs to its predecessor, however long its leases).
 */
export type Recovery = 'expired' | 'all';

/**
 * A test call (browser leg, no subtask, so no lease) still open this long after it was placed belongs to a
 * process that is gone: a live one hangs it up at `WEB_CALL_LIMITS.maxMs` and closes its record at once. The
 * margin covers a busy process's late timer and the closing write.
 */
const TEST_CALL_GRACE_MS = 60_000;

/** The record's reason, where a finished call has its carrier's. */
const SIP_REASON = 'dialer process stopped mid-call';

/**
 * Gives back the subtasks of dialer processes that are gone and closes their open call records, each as
 * the one rule for a cut call decides (`judgeCutCall`: from whether it was answered, transferred, and for
 * how long): the record is `interrupted`, `connected` when answered and `missed` otherwise, and its number
 * goes back to pending (attempt refunded) or, when a seat had taken the call, is done. A call's end is the
 * end of its lease (the dead process renewed it until then at most) or now when sooner. The subtasks are
 * taken FOR UPDATE SKIP LOCKED, so when several processes recover at once each call is closed by exactly
 * one of them. The seats in those calls (or rung by them) are freed in the same transaction: nothing else
 * would free them, the transfer that held them died with its process. Answers how many subtasks were
 * recovered, the calls it closed (their `ended` callback is the caller's to send) and the seats it freed
 * (their pages are the caller's to tell).
 */
export async function recoverLeases(
  db: Db,
  now: Date,
  recovery: Recovery,
): Promise<{ recovered: number; closedCalls: string[]; freedSeats: CutSeat[] }> {
  return db.transaction(async (tx) => {
    const stale = await tx
      .select({
        subtaskId: subtasks.id,
        taskId: subtasks.taskId,
        leaseUntil: subtasks.leaseUntil,
        callId: calls.id,
        placedAt: calls.placedAt,
        answeredAt: calls.answeredAt,
        operatorId: calls.operatorId,
      })
      .from(subtasks)
      .leftJoin(calls, and(eq(calls.subtaskId, subtasks.id), isNull(calls.endedAt), eq(calls.test, false)))
      .where(and(eq(subtasks.state, 'dialing'), recovery === 'expired' ? lt(subtasks.leaseUntil, now) : undefined))
      .for('update', { of: subtasks, skipLocked: true });
    const closedCalls: string[] = [];
    const pendingPerTask = new Map<string, number>();
    const tasksTouched = new Set<string>();
    for (const row of stale) {
      // Never before the call's last known moment (its answer, or its dial).
      const cutAt = latest(row.leaseUntil && row.leaseUntil < now ? row.leaseUntil : now, row.answeredAt ?? row.placedAt);
      const verdict = judgeCutCall({ answeredAt: row.answeredAt, transferred: row.operatorId !== null, cutAt });
      if (row.callId) {
        await closeCall(tx, row.callId, verdict, cutAt);
        closedCalls.push(row.callId);
      }
      await tx
        .update(subtasks)
        .set({
          state: verdict.subtask,
          leaseOwner: null,
          leaseUntil: null,
          nextAttemptAt: null,
          lastOutcome: verdict.outcome,
          ...(verdict.subtask === 'pending' ? { attempts: sql`greatest(${subtasks.attempts} - 1, 0)` } : {}),
        })
        .where(eq(subtasks.id, row.subtaskId));
      tasksTouched.add(row.taskId);
      if (verdict.subtask === 'pending') pendingPerTask.set(row.taskId, (pendingPerTask.get(row.taskId) ?? 0) + 1);
    }
    // Open records with nothing to give back, closed by the same rule: on a restart of the only dialer every
    // one whose subtask is not dialling any more; otherwise the test calls past their longest life.
    const orphans = await tx
      .select({ id: calls.id, taskId: calls.taskId, placedAt: calls.placedAt, answeredAt: calls.answeredAt, operatorId: calls.operatorId })
      .from(calls)
      .where(
        recovery === 'all'
          ? and(isNull(calls.endedAt), closedCalls.length > 0 ? notInArray(calls.id, closedCalls) : undefined)
          : and(
              isNull(calls.endedAt),
              eq(calls.test, true),
              lt(calls.placedAt, new Date(now.getTime() - WEB_CALL_LIMITS.maxMs - TEST_CALL_GRACE_MS)),
            ),
      )
      .for('update', { skipLocked: true });
    for (const call of orphans) {
      // A test call lived at most its longest life; any other, until now.
      const lastAlive = recovery === 'all' ? now : new Date(call.placedAt.getTime() + WEB_CALL_LIMITS.maxMs);
      const cutAt = latest(lastAlive, call.answeredAt);
      const verdict = judgeCutCall({ answeredAt: call.answeredAt, transferred: call.operatorId !== null, cutAt });
      await closeCall(tx, call.id, verdict, cutAt);
      closedCalls.push(call.id);
      tasksTouched.add(call.taskId);
    }
    for (const [taskId, n] of pendingPerTask) await addPending(tx, taskId, n);
    // A task whose last number was done by this (a transferred call) completes like after any call.
    for (const taskId of tasksTouched) await completeIfDone(tx, taskId);
    const freedSeats = await releaseSeatsOfCutCalls(tx, closedCalls);
    return { recovered: stale.length, closedCalls, freedSeats };
  });
}

async function closeCall(tx: Tx, callId: string, verdict: ReturnType<typeof judgeCutCall>, endedAt: Date): Promise<void> {
  await tx
    .update(calls)
    .set({
      endedAt,
      outcome: verdict.outcome,
      status: verdict.status,
      durationMs: verdict.durationMs,
      hungUpBy: 'network',
      sipReason: SIP_REASON,
      ...(verdict.transferOutcome ? { transferOutcome: verdict.transferOutcome } : {}),
    })
    .where(and(eq(calls.id, callId), isNull(calls.endedAt)));
}

function latest(a: Date, b: Date | null): Date {
  return b && b > a ? b : a;
}

/** Extends this process's leases on the subtasks of its live calls. */
export async function renewLeases(db: Db, owner: string, subtaskIds: readonly number[], until: Date): Promise<void> {
  if (subtaskIds.length === 0) return;
  await db
    .update(subtasks)
    .set({ leaseUntil: until })
    .where(and(eq(subtasks.leaseOwner, owner), eq(subtasks.state, 'dialing'), inArray(subtasks.id, [...subtaskIds])));
}
