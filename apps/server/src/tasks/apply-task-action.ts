import { deleteTasks } from '../projects/delete-tasks.ts';
import { removePending } from './task-progress.ts';
import { and, eq } from 'drizzle-orm';
import { ErrorCode, canApply, nextStatus, type TaskActionInput, type TaskActionResult, type TaskStatus } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import type { Tx } from '../db/client.ts';
import { scenarios, subtasks, tasks } from '../db/schema.ts';
import { affectedRows } from '../db/affected-rows.ts';
import { AppError } from '../http/app-error.ts';
import { auditWho, recordAudit } from '../db/record-audit.ts';
import { lockTask } from './task-row.ts';

type TaskRow = Awaited<ReturnType<typeof lockTask>>;

/**
 * Applies one action of the task state machine (contracts' TASK_TRANSITIONS, the same table the console's
 * buttons read) under a row lock, so two clicks cannot both win: an action the current status does not
 * allow answers 409 and changes nothing. Starting (or continuing) needs at least one pending subtask.
 * The dialer (a later piece of work) reads the status; this is where it changes.
 */
export async function applyTaskAction(ctx: ActionContext, input: TaskActionInput): Promise<TaskActionResult> {
  return ctx.db.transaction(async (tx) => {
    const task = await lockTask(tx, ctx, input.taskId);
    if (!canApply(input.action, task.status)) {
      throw new AppError(ErrorCode.CONFLICT, `e.task.refused.${input.action}`, {}, { status: task.status });
    }
    const next = nextStatus(input.action, task.status);
    let result: TaskActionResult;
    switch (input.action) {
      case 'start':
      case 'continue':
        if (task.pendingCount <= 0) throw new AppError(ErrorCode.CONFLICT, 'e.task.noPending');
        result = await setStatus(tx, task, next as TaskStatus, await pinnedVersion(tx, task));
        break;
      case 'pause':
      case 'abort':
      case 'publish':
        result = await setStatus(tx, task, next as TaskStatus);
        break;
      case 'clearPending':
        result = await clearPending(tx, task);
        break;
      case 'delete':
        result = await removeTask(tx, task);
        break;
    }
    await recordAudit(tx, auditWho(ctx), {
      action: input.action,
      entity: 'task',
      entityId: task.id,
      changes: { status: { from: task.status, to: result.status }, ...(result.cleared === undefined ? {} : { cleared: result.cleared }) },
    });
    return result;
  });
}

async function setStatus(tx: Tx, task: TaskRow, status: TaskStatus, scenarioVersion = task.scenarioVersion): Promise<TaskActionResult> {
  // A person starting or continuing the task overrides the dialer's own pause, and its reason.
  await tx.update(tasks).set({ status, statusReason: null, scenarioVersion, updatedAt: new Date() }).where(eq(tasks.id, task.id));
  return { status, pendingCount: task.pendingCount, totalCount: task.totalCount };
}

/**
 * The scenario version a starting task runs: the one it already has, else its scenario's current one.
 * A task keeps that version while its scenario is edited; choosing another scenario unpins it (update-task).
 */
async function pinnedVersion(tx: Tx, task: TaskRow): Promise<number | null> {
  if (task.scenarioVersion !== null) return task.scenarioVersion;
  const [scenario] = await tx.select({ version: scenarios.currentVersion }).from(scenarios).where(eq(scenarios.id, task.scenarioId));
  return scenario?.version ?? null;
}

/** Removes the pending subtasks only; one being dialled is never touched. The counters move in the same transaction. */
async function clearPending(tx: Tx, task: TaskRow): Promise<TaskActionResult> {
  const cleared = affectedRows(await tx.delete(subtasks).where(and(eq(subtasks.taskId, task.id), eq(subtasks.state, 'pending'))));
  const counts = await removePending(tx, task.id, cleared);
  return { status: task.status, ...counts, cleared };
}

/** Soft-deletes the task and removes its subtasks. */
async function removeTask(tx: Tx, task: TaskRow): Promise<TaskActionResult> {
  await tx.delete(subtasks).where(eq(subtasks.taskId, task.id));
  await deleteTasks(tx, [task.id], new Date());
  return { status: 'removed', pendingCount: 0, totalCount: 0 };
}
