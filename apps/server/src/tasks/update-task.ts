import { eq } from 'drizzle-orm';
import { ErrorCode, canApply, type TaskListItem, type TaskUpdate } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { taskSipLines, tasks } from '../db/schema.ts';
import { nextEditVersion } from '../db/edit-version.ts';
import { AppError } from '../http/app-error.ts';
import { auditWho, diffChanges, recordAudit } from '../db/record-audit.ts';
import { checkTaskChoices } from './check-task-choices.ts';
import { getTask, lockTask, taskValues } from './task-row.ts';

/** Edits a task where the state machine allows `edit` (pending, paused, draft, template); 409 elsewhere. */
export async function updateTask(ctx: ActionContext, input: TaskUpdate): Promise<TaskListItem> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockTask(tx, ctx, input.id);
    const version = nextEditVersion(before, input.version);
    if (!canApply('edit', before.status)) throw new AppError(ErrorCode.CONFLICT, 'e.task.refused.edit', {}, { status: before.status });
    await checkTaskChoices(tx, ctx, input);
    const values = taskValues(input);
    const lineIds = [...new Set(input.sipLineIds)].sort();
    const beforeLines = (await tx.select({ id: taskSipLines.sipLineId }).from(taskSipLines).where(eq(taskSipLines.taskId, before.id)))
      .map((line) => line.id)
      .sort();
    const changes = diffChanges({ ...before, sipLineIds: beforeLines }, { ...values, sipLineIds: lineIds });
    if (Object.keys(changes).length > 0) {
      // Another scenario: the pinned version was the old scenario's; the next start or continue pins the new one's.
      const scenarioVersion = values.scenarioId === before.scenarioId ? before.scenarioVersion : null;
      await tx
        .update(tasks)
        .set({ ...values, scenarioVersion, version, updatedAt: new Date() })
        .where(eq(tasks.id, before.id));
      if (changes.sipLineIds) {
        await tx.delete(taskSipLines).where(eq(taskSipLines.taskId, before.id));
        await tx.insert(taskSipLines).values(lineIds.map((sipLineId) => ({ taskId: before.id, sipLineId })));
      }
      await recordAudit(tx, auditWho(ctx), { action: 'update', entity: 'task', entityId: before.id, changes });
    }
    return getTask(tx, ctx, before.id);
  });
}
