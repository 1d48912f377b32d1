import { and, asc, eq } from 'drizzle-orm';
import { maskSubtaskPhone, zonesOfKey, type Page, type PendingSubtaskQuery, type Subtask } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { projects, subtasks, tasks } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { ownTask } from '../tasks/task-row.ts';

/**
 * A task's pending subtasks in upload order, numbers masked for the project's encryption type. The total
 * is the task's pending counter (kept in the same transaction as every subtask write), so a task with
 * millions of pending rows does not count them on every page.
 */
export async function listPendingSubtasks(ctx: ActionContext, query: PendingSubtaskQuery): Promise<Page<Subtask>> {
  const [task] = await ctx.db
    .select({ id: tasks.id, pendingCount: tasks.pendingCount, encryptionType: projects.encryptionType })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(ownTask(ctx, query.taskId))
    .limit(1);
  if (!task) throw AppError.notFound();
  const rows = await ctx.db
    .select()
    .from(subtasks)
    .where(and(eq(subtasks.taskId, task.id), eq(subtasks.companyId, ctx.actor.companyId), eq(subtasks.state, 'pending')))
    .orderBy(asc(subtasks.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    total: task.pendingCount,
    list: rows.map((row) => ({
      id: String(row.id),
      taskId: row.taskId,
      phoneNumber: maskSubtaskPhone(task.encryptionType, row.phone),
      prologueInfo: row.prologueInfo,
      businessInfo: row.businessInfo,
      remark: row.remark,
      extra: row.extra,
      status: row.state,
      timeZones: zonesOfKey(row.timeZone),
      createTime: row.createdAt.toISOString(),
    })),
  };
}
