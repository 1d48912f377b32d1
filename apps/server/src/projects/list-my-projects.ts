import { eq, inArray } from 'drizzle-orm';
import type { Page, Project, ProjectQuery } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { projectOperators, projects } from '../db/schema.ts';
import { readProjectPage } from './list-projects.ts';

/**
 * The projects an agent works on (`/projectOp/index`): those an ADMIN assigned them to, newest first.
 * Only the caller's own assignments, in their own company.
 */
export function listMyProjects(ctx: ActionContext, query: ProjectQuery): Promise<Page<Project>> {
  const assigned = ctx.db
    .select({ id: projectOperators.projectId })
    .from(projectOperators)
    .where(eq(projectOperators.userId, ctx.actor.userId));
  return readProjectPage(ctx, query, inArray(projects.id, assigned));
}
