import type { TaskCreate, TaskInput, TaskListItem, TaskStatus } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { projects, taskSipLines, tasks } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { auditWho, recordAudit } from '../db/record-audit.ts';
import { ownProject } from '../projects/project-row.ts';
import { checkTaskChoices } from './check-task-choices.ts';
import { getTask, taskValues } from './task-row.ts';

const STATUS_OF_SAVE: Record<TaskInput['saveAs'], TaskStatus> = { task: 'pending', draft: 'editing', template: 'template' };

/**
 * Creates a task in one of the caller's projects: pending (ready to start once numbers are uploaded), a
 * draft ('editing') or a template. The project row is share-locked so a concurrent delete cannot leave
 * a task in a deleted project.
 */
export async function createTask(ctx: ActionContext, input: TaskCreate): Promise<TaskListItem> {
  return ctx.db.transaction(async (tx) => {
    const [project] = await tx.select({ id: projects.id }).from(projects).where(ownProject(ctx, input.projectId)).for('share').limit(1);
    if (!project) throw AppError.notFound();
    await checkTaskChoices(tx, ctx, input);
    const values = taskValues(input);
    const [row] = await tx
      .insert(tasks)
      .values({
        ...values,
        projectId: project.id,
        companyId: ctx.actor.companyId,
        status: STATUS_OF_SAVE[input.saveAs],
        createdBy: ctx.actor.userId,
      })
      .returning({ id: tasks.id, status: tasks.status });
    await tx.insert(taskSipLines).values([...new Set(input.sipLineIds)].map((sipLineId) => ({ taskId: row!.id, sipLineId })));
    await recordAudit(tx, auditWho(ctx), {
      action: 'create',
      entity: 'task',
      entityId: row!.id,
      changes: { projectId: project.id, status: row!.status, ...values, sipLineIds: input.sipLineIds },
    });
    return getTask(tx, ctx, row!.id);
  });
}
