import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Project } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { projects, tasks, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';

/** The caller's live (not deleted) projects: every project query starts here. */
export function ownProject(ctx: ActionContext, id?: string): SQL {
  return and(eq(projects.companyId, ctx.actor.companyId), isNull(projects.deletedAt), id === undefined ? undefined : eq(projects.id, id))!;
}

const taskCount = sql<number>`(select count(*)::int from ${tasks} where ${tasks.projectId} = ${projects.id} and ${tasks.deletedAt} is null)`;
const runningTaskCount = sql<number>`(select count(*)::int from ${tasks} where ${tasks.projectId} = ${projects.id} and ${tasks.deletedAt} is null and ${tasks.status} = 'in_progress')`;

/** The columns of a project as the console shows it (creator's alias, task counts). */
export const projectColumns = {
  id: projects.id,
  name: projects.name,
  encryptionType: projects.encryptionType,
  encryptionApiUrl: projects.encryptionApiUrl,
  creatorAlias: users.alias,
  creatorName: users.username,
  createdAt: projects.createdAt,
  taskCount,
  runningTaskCount,
};

export interface ProjectRow {
  id: string; name: string; encryptionType: Project['encryptionType']; encryptionApiUrl: string | null;
  creatorAlias: string | null; creatorName: string | null; createdAt: Date; taskCount: number; runningTaskCount: number;
}

export function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    name: row.name,
    encryptionType: row.encryptionType,
    encryptionApiUrl: row.encryptionApiUrl,
    creator: row.creatorAlias || row.creatorName || '',
    createTime: row.createdAt.toISOString(),
    taskCount: Number(row.taskCount),
    runningTaskCount: Number(row.runningTaskCount),
  };
}

/** One of the caller's projects, or 404 (another company's id answers the same). */
export async function getProject(db: DbOrTx, ctx: ActionContext, id: string): Promise<Project> {
  const [row] = await db.select(projectColumns).from(projects).leftJoin(users, eq(users.id, projects.createdBy))
    .where(ownProject(ctx, id)).limit(1);
  if (!row) throw AppError.notFound();
  return toProject(row);
}
