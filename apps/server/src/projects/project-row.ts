import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Project } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { projectOperators, projects, tasks, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';

/** The caller's live (not deleted) projects: every project query starts here. */
export function ownProject(ctx: ActionContext, id?: string): SQL {
  return and(eq(projects.companyId, ctx.actor.companyId), isNull(projects.deletedAt), id === undefined ? undefined : eq(projects.id, id))!;
}

const taskCount = sql<number>`(select count(*)::int from ${tasks} where ${tasks.projectId} = ${projects.id} and ${tasks.deletedAt} is null)`;
const runningTaskCount = sql<number>`(select count(*)::int from ${tasks} where ${tasks.projectId} = ${projects.id} and ${tasks.deletedAt} is null and ${tasks.status} = 'in_progress')`;

const operatorUser = alias(users, 'operator_user');
/** The assigned agents, by alias, as JSON (one small subquery per project row of a page). */
const operators = sql<
  { id: string; name: string }[]
>`(select coalesce(json_agg(json_build_object('id', ${operatorUser.id}, 'name', coalesce(nullif(${operatorUser.alias}, ''), ${operatorUser.username})) order by ${operatorUser.username}), '[]'::json)
  from ${projectOperators} join ${users} as ${sql.identifier('operator_user')} on ${operatorUser.id} = ${projectOperators.userId} where ${projectOperators.projectId} = ${projects.id})`;

/** The columns of a project as the console shows it (creator's alias, task counts). */
export const projectColumns = {
  id: projects.id,
  version: projects.version,
  name: projects.name,
  encryptionType: projects.encryptionType,
  encryptionApiUrl: projects.encryptionApiUrl,
  creatorAlias: users.alias,
  creatorName: users.username,
  createdAt: projects.createdAt,
  taskCount,
  runningTaskCount,
  operators,
};

export interface ProjectRow {
  id: string;
  version: number;
  name: string;
  encryptionType: Project['encryptionType'];
  encryptionApiUrl: string | null;
  creatorAlias: string | null;
  creatorName: string | null;
  createdAt: Date;
  taskCount: number;
  runningTaskCount: number;
  operators: { id: string; name: string }[] | string;
}

export function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    encryptionType: row.encryptionType,
    encryptionApiUrl: row.encryptionApiUrl,
    creator: row.creatorAlias || row.creatorName || '',
    createTime: row.createdAt.toISOString(),
    taskCount: Number(row.taskCount),
    runningTaskCount: Number(row.runningTaskCount),
    // PGlite answers json as parsed values, node-postgres may too; accept both.
    operators: typeof row.operators === 'string' ? JSON.parse(row.operators) : row.operators,
  };
}

/** One of the caller's projects, or 404 (another company's id answers the same). */
export async function getProject(db: DbOrTx, ctx: ActionContext, id: string): Promise<Project> {
  const [row] = await db
    .select(projectColumns)
    .from(projects)
    .leftJoin(users, eq(users.id, projects.createdBy))
    .where(ownProject(ctx, id))
    .limit(1);
  if (!row) throw AppError.notFound();
  return toProject(row);
}
