import { and, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import { TASK_FILTERS, type Page, type TaskListItem, type TaskQuery } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { tasks } from '../db/schema.ts';
import { containsPattern } from '../db/like-pattern.ts';
import { getProject } from '../projects/project-row.ts';
import { loadTaskItems, ownTask } from './task-row.ts';

/** A project's tasks, newest first, by status filter and part of the name; 404 for another company's project. */
export async function listTasks(ctx: ActionContext, query: TaskQuery, now = new Date()): Promise<Page<TaskListItem>> {
  await getProject(ctx.db, ctx, query.projectId);
  const where = and(
    ownTask(ctx),
    eq(tasks.projectId, query.projectId),
    query.filter === 'all' ? undefined : inArray(tasks.status, [...TASK_FILTERS[query.filter]]),
    query.name ? ilike(tasks.name, containsPattern(query.name)) : undefined,
  )!;
  const [list, [total]] = await Promise.all([
    loadTaskItems(
      ctx.db,
      where,
      { orderBy: [desc(tasks.createdAt), desc(tasks.id)], limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      now,
    ),
    ctx.db.select({ n: count() }).from(tasks).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}
