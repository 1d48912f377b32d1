import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Page, Project, ProjectQuery } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { projects, users } from '../db/schema.ts';
import { containsPattern } from '../db/like-pattern.ts';
import { ownProject, projectColumns, toProject } from './project-row.ts';
import { readPage } from '../db/read-page.ts';

/** A page of the caller's projects that `only` admits, newest first, optionally filtered by part of the name. */
export async function readProjectPage(ctx: ActionContext, query: ProjectQuery, only?: SQL): Promise<Page<Project>> {
  const where = and(ownProject(ctx), only, query.name ? ilike(projects.name, containsPattern(query.name)) : undefined);
  const { rows, total } = await readPage(
    query,
    ctx.db
      .select(projectColumns)
      .from(projects)
      .leftJoin(users, eq(users.id, projects.createdBy))
      .where(where)
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .$dynamic(),
    ctx.db.select({ n: count() }).from(projects).where(where),
  );
  return { total, list: rows.map(toProject) };
}

/** The caller's projects, newest first, optionally filtered by part of the name. */
export function listProjects(ctx: ActionContext, query: ProjectQuery): Promise<Page<Project>> {
  return readProjectPage(ctx, query);
}
