import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { tasks } from '../db/schema.ts';
import { postMessage } from './post-message.ts';

async function taskOf(db: DbOrTx, taskId: string) {
  const [task] = await db
    .select({ name: tasks.name, companyId: tasks.companyId, projectId: tasks.projectId, createdBy: tasks.createdBy })
    .from(tasks)
    .where(eq(tasks.id, taskId));
  return task;
}

/** The company's administrators and the task's creator hear that a task finished dialling. */
export async function notifyTaskCompleted(db: DbOrTx, taskId: string): Promise<void> {
  const task = await taskOf(db, taskId);
  if (!task) return;
  await postMessage(db, {
    companyId: task.companyId,
    kind: 'taskCompleted',
    type: 'message',
    titleKey: 'msg.taskCompleted.title',
    contentKey: 'msg.taskCompleted.content',
    params: { task: task.name },
    link: `/project/taskList/${task.projectId}`,
    to: { roles: ['ADMIN'], userIds: [task.createdBy] },
  });
}

/**
 * The circuit breaker paused a task: a to-do for the administrators and the creator (someone must check
 * the line and continue the task).
 */
export async function notifyTaskPaused(db: DbOrTx, taskId: string, verdict: { failures: number; calls: number }): Promise<void> {
  const task = await taskOf(db, taskId);
  if (!task) return;
  await postMessage(db, {
    companyId: task.companyId,
    kind: 'taskPaused',
    type: 'todo',
    titleKey: 'msg.taskPaused.title',
    contentKey: 'msg.taskPaused.content',
    params: { task: task.name, failures: verdict.failures, calls: verdict.calls },
    link: `/project/taskList/${task.projectId}`,
    to: { roles: ['ADMIN'], userIds: [task.createdBy] },
  });
}

/** The uploader hears how an upload ended: what was added, or why nothing was. */
export async function notifyUpload(
  db: DbOrTx,
  input: { taskId: string; userId: string } & (
    | { ok: true; accepted: number; rejected: number; duplicates: number }
    | { ok: false; reasonKey: string }
  ),
): Promise<void> {
  const task = await taskOf(db, input.taskId);
  if (!task) return;
  const params: Record<string, string | number> = input.ok
    ? { task: task.name, accepted: input.accepted, rejected: input.rejected, duplicates: input.duplicates }
    : { task: task.name, reason: input.reasonKey };
  await postMessage(db, {
    companyId: task.companyId,
    kind: input.ok ? 'uploadFinished' : 'uploadFailed',
    type: 'message',
    titleKey: input.ok ? 'msg.uploadFinished.title' : 'msg.uploadFailed.title',
    contentKey: input.ok ? 'msg.uploadFinished.content' : 'msg.uploadFailed.content',
    params,
    link: `/project/taskList/${task.projectId}`,
    to: { userIds: [input.userId] },
  });
}
