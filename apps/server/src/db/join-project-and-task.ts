import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { calls, projects, tasks } from './schema.ts';

/**
 * A query on calls (`db.select(…).from(calls).$dynamic()`) joined to each call's project and task (every call
 * has both, so the inner joins drop none): the base of every reader that shows a call with its project's and
 * task's names or the project's encryption type.
 */
export function joinProjectAndTask<Q extends PgSelect>(query: Q) {
  return query.innerJoin(projects, eq(projects.id, calls.projectId)).innerJoin(tasks, eq(tasks.id, calls.taskId));
}
