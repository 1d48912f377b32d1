import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ErrorCode } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { projects, subtasks, tasks } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { auditWho, recordAudit } from '../db/record-audit.ts';
import { deleteTasks } from './delete-tasks.ts';
import { ownProject } from './project-row.ts';

/**
 * Deletes a project with its tasks and their subtasks, in one transaction. The project's task rows are
 * locked first, so no task can start meanwhile (and an upload still writing into one of them finishes
 * first); a task in progress refuses the delete with 409 and nothing changes.
 */
export async function deleteProject(ctx: ActionContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [project] = await tx
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .where(ownProject(ctx, id))
      .for('update')
      .limit(1);
    if (!project) throw AppError.notFound();
    const live = await tx
      .select({ id: tasks.id, status: tasks.status, totalCount: tasks.totalCount })
      .from(tasks)
      .where(and(eq(tasks.projectId, project.id), isNull(tasks.deletedAt)))
      .for('update');
    if (live.some((task) => task.status === 'in_progress')) throw new AppError(ErrorCode.CONFLICT, 'e.project.hasRunningTask');

    const now = new Date();
    const taskIds = live.map((task) => task.id);
    if (taskIds.length > 0) await tx.delete(subtasks).where(inArray(subtasks.taskId, taskIds));
    await deleteTasks(tx, taskIds, now);
    await tx.update(projects).set({ deletedAt: now, updatedAt: now }).where(eq(projects.id, project.id));
    await recordAudit(tx, auditWho(ctx), {
      action: 'delete',
      entity: 'project',
      entityId: project.id,
      changes: { name: project.name, tasks: taskIds.length, subtasks: live.reduce((sum, task) => sum + task.totalCount, 0) },
    });
  });
}
