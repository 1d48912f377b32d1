import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { Page, Project, ProjectQuery } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { projectOperators, projects, users } from '../db/schema.ts';
import { containsPattern } from '../db/like-pattern.ts';
import { ownProject, projectColumns, toProject } from './project-row.ts';
import { readPage } from '../db/read-page.ts';

/**
 * The projects an agent works on (`/projectOp/index`): those an ADMIN assigned them to, newest first.
 * Only the caller's own assignments, in their own company.
 */
export async function listMyProjects(ctx: ActionContext, query: ProjectQuery): Promise<Page<Project>> {
  const where = and(
    ownProject(ctx),
    eq(projectOperators.userId, ctx.actor.userId),
    query.name ? ilike(projects.name, containsPattern(query.name)) : undefined,
  );
  const { rows, total } = await readPage(
    query,
    ctx.db
      .select(projectColumns)
      .from(projects)
      .innerJoin(projectOperators, eq(projectOperators.projectId, projects.id))
      .leftJoin(users, eq(users.id, projects.createdBy))
      .where(where)
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .$dynamic(),
    ctx.db.select({ n: count() }).from(projects).innerJoin(projectOperators, eq(projectOperators.projectId, projects.id)).where(where),
  );
  return { total, list: rows.map(toProject) };
}
