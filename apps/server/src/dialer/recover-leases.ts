import { addPending } from '../tasks/task-progress.ts';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { calls, subtasks } from '../db/schema.ts';

/**
 * Gives back the subtasks of dialer processes that stopped renewing their leases (crashed, killed,
 * partitioned): each goes back to pending (its attempt refunded, since nobody knows whether it rang) and
 * its open call record is closed as `interrupted`, so the record exists and the number is dialled again
 * by whichever process claims it next. `owner` limits it to one process's leases (a restart of the only
 * process recovers its own at once instead of waiting for expiry). Answers how many subtasks went back and
 * the calls it closed (their `ended` callback is the caller's to send: exactly one process closes each).
 */
export async function recoverLeases(db: Db, now: Date, owner?: string): Promise<{ recovered: number; closedCalls: string[] }> {
  return db.transaction(async (tx) => {
    const stale = await tx
      .update(subtasks)
      .set({
        state: 'pending',
        leaseOwner: null,
        leaseUntil: null,
        attempts: sql`greatest(${subtasks.attempts} - 1, 0)`,
        lastOutcome: 'interrupted',
      })
      .where(and(eq(subtasks.state, 'dialing'), owner === undefined ? lt(subtasks.leaseUntil, now) : eq(subtasks.leaseOwner, owner)))
      .returning({ id: subtasks.id, taskId: subtasks.taskId });
    if (stale.length === 0) return { recovered: 0, closedCalls: [] };
    const closed = await tx
      .update(calls)
      .set({
        endedAt: now,
        outcome: 'interrupted',
        hungUpBy: 'network',
        sipReason: 'dialer process stopped mid-call',
        status: sql`case when ${calls.answeredAt} is null then 'missed' else 'connected' end`,
      })
      .where(
        and(
          inArray(
            calls.subtaskId,
            stale.map((s) => s.id),
          ),
          isNull(calls.endedAt),
        ),
      )
      .returning({ id: calls.id });
    const perTask = new Map<string, number>();
    for (const s of stale) perTask.set(s.taskId, (perTask.get(s.taskId) ?? 0) + 1);
    for (const [taskId, n] of perTask) await addPending(tx, taskId, n);
    return { recovered: stale.length, closedCalls: closed.map((call) => call.id) };
  });
}

/** Extends this process's leases on the subtasks of its live calls. */
export async function renewLeases(db: Db, owner: string, subtaskIds: readonly number[], until: Date): Promise<void> {
  if (subtaskIds.length === 0) return;
  await db
    .update(subtasks)
    .set({ leaseUntil: until })
    .where(and(eq(subtasks.leaseOwner, owner), eq(subtasks.state, 'dialing'), inArray(subtasks.id, [...subtaskIds])));
}
