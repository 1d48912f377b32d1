import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { tasks } from '../db/schema.ts';

/**
 * Tasks (soft-)deleted with their subtasks: nothing is pending or counted any more. Kept with projects, below
 * tasks: a project's delete takes its tasks with it, and a task's own delete follows the same rule.
 */
export async function deleteTasks(tx: DbOrTx, taskIds: readonly string[], now: Date): Promise<void> {
  if (taskIds.length === 0) return;
  await tx
    .update(tasks)
    .set({ deletedAt: now, pendingCount: 0, totalCount: 0, updatedAt: now })
    .where(inArray(tasks.id, [...taskIds]));
}
