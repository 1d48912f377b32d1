import { eq } from 'drizzle-orm';
import { ErrorCode, canApply, type EncryptionType } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { companies, projects, tasks } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { ownTask } from '../tasks/task-row.ts';

export interface UploadTarget {
  taskId: string;
  projectId: string;
  encryptionType: EncryptionType;
  /** The company's zone: numbers written without "+" are read in its country (see `number-time-zones.ts`). */
  companyTimeZone: string;
}

/**
 * The task an upload writes into, with its project's encryption type: one of the caller's tasks (404
 * otherwise) whose status allows `upload` (409 otherwise). Checked before the file is read, and again
 * under the row lock when the upload commits.
 */
export async function uploadTarget(db: DbOrTx, ctx: ActionContext, taskId: string): Promise<UploadTarget> {
  const [row] = await db
    .select({
      taskId: tasks.id,
      status: tasks.status,
      projectId: tasks.projectId,
      encryptionType: projects.encryptionType,
      companyTimeZone: companies.timezone,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(companies, eq(companies.id, tasks.companyId))
    .where(ownTask(ctx, taskId))
    .limit(1);
  if (!row) throw AppError.notFound();
  if (!canApply('upload', row.status)) throw new AppError(ErrorCode.CONFLICT, 'e.task.refused.upload', {}, { status: row.status });
  return { taskId: row.taskId, projectId: row.projectId, encryptionType: row.encryptionType, companyTimeZone: row.companyTimeZone };
}
