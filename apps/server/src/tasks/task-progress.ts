/**
 * The one home of a task's progress counters and of the status changes the system makes.
 *
 * `pending_count` / `total_count` are kept in the same transaction as every subtask write (upload,
 * claim, redial, recovered lease, clear, delete), so the task list reads them without counting
 * subtasks. Every write of them is here, but for a deleted task's zeroing (`projects/delete-tasks.ts`: a
 * project's delete takes its tasks, and projects sit below tasks).
 *
 * System status changes (the circuit breaker pausing a task, a task completing) go through contracts'
 * TASK_TRANSITIONS like the user's actions: a conditional UPDATE guarded by the statuses the table
 * allows, so a task the user paused or aborted meanwhile is left alone.
 */
import { nextStatus, statusesAllowing, type SystemTaskAction, type TaskStatus } from '@dialwise/contracts';
import { and, count, eq, inArray, isNull, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { calls, tasks } from '../db/schema.ts';
import { notifyTaskCompleted } from '../messages/notify-task.ts';

export interface TaskCounts {
  pendingCount: number;
  totalCount: number;
}

/** Subtasks back to pending (a redial is due, a crashed dialer's lease recovered). */
export async function addPending(tx: DbOrTx, taskId: string, n: number): Promise<void> {
  if (n <= 0) return;
  await tx
    .update(tasks)
    .set({ pendingCount: sql`${tasks.pendingCount} + ${n}` })
    .where(eq(tasks.id, taskId));
}

/** Subtasks taken out of pending by the dialer (claimed for a call, or blocked by the do-not-call list). */
export async function takePending(tx: DbOrTx, taskId: string, n: number): Promise<void> {
  if (n <= 0) return;
  await tx
    .update(tasks)
    .set({ pendingCount: sql`greatest(${tasks.pendingCount} - ${n}, 0)` })
    .where(eq(tasks.id, taskId));
}

/** New subtasks uploaded: both counters grow, and the status moves as the upload transition says. */
export async function addUploaded(tx: DbOrTx, taskId: string, n: number, status: TaskStatus): Promise<TaskCounts> {
  const [row] = await tx
    .update(tasks)
    .set({
      pendingCount: sql`${tasks.pendingCount} + ${n}`,
      totalCount: sql`${tasks.totalCount} + ${n}`,
      status,
      updatedAt: new Date(),
    })
    .where(eq(tasks.id, taskId))
    .returning({ pendingCount: tasks.pendingCount, totalCount: tasks.totalCount });
  return row!;
}

/** Pending subtasks removed by the user: both counters shrink. */
export async function removePending(tx: DbOrTx, taskId: string, n: number): Promise<TaskCounts> {
  const [row] = await tx
    .update(tasks)
    .set({
      pendingCount: sql`greatest(${tasks.pendingCount} - ${n}, 0)`,
      totalCount: sql`greatest(${tasks.totalCount} - ${n}, 0)`,
      updatedAt: new Date(),
    })
    .where(eq(tasks.id, taskId))
    .returning({ pendingCount: tasks.pendingCount, totalCount: tasks.totalCount });
  return row!;
}

/**
 * Applies a system transition to a task if its current status allows it (TASK_TRANSITIONS); `extra`
 * narrows it further (e.g. nothing pending). True when the task moved.
 */
export async function applySystemTransition(
  tx: DbOrTx,
  taskId: string,
  action: SystemTaskAction,
  options: { set?: Partial<typeof tasks.$inferInsert>; onlyIfNothingPending?: boolean; now?: Date } = {},
): Promise<boolean> {
  const allowed = statusesAllowing(action);
  // Every status a system action starts from leads to the same one.
  const target = nextStatus(action, allowed[0]!) as TaskStatus;
  const moved = await tx
    .update(tasks)
    .set({ ...options.set, status: target, updatedAt: options.now ?? new Date() })
    .where(and(eq(tasks.id, taskId), inArray(tasks.status, allowed), options.onlyIfNothingPending ? eq(tasks.pendingCount, 0) : undefined))
    .returning({ id: tasks.id });
  return moved.length > 0;
}

/** A dialling task with nothing pending and no live call is completed. */
export async function completeIfDone(tx: DbOrTx, taskId: string): Promise<boolean> {
  const [live] = await tx
    .select({ n: count() })
    .from(calls)
    .where(and(eq(calls.taskId, taskId), isNull(calls.endedAt), not(calls.test)));
  if ((live?.n ?? 0) > 0) return false;
  const completed = await applySystemTransition(tx, taskId, 'complete', { onlyIfNothingPending: true });
  // The message commits with the completion: one message per completion, never one for a rolled-back one.
  if (completed) await notifyTaskCompleted(tx, taskId);
  return completed;
}
