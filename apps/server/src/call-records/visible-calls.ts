import { and, eq, isNull, sql, type Column, type SQL } from 'drizzle-orm';
import type { ActionContext } from '../auth/actor.ts';
import { calls, projectOperators, projects } from '../db/schema.ts';

/**
 * The calls the caller may see, as one condition every call-records query starts from (the query joins
 * `projects` on the call's project): the caller's own company, live projects only, and for an agent
 * (OPR) only the projects an ADMIN assigned them to (`project_operators`). ADMIN and DEV see their whole
 * company. Another company's call is simply not there: its id answers 404, lists never show it.
 */
export function visibleCalls(ctx: ActionContext): SQL {
  return and(eq(calls.companyId, ctx.actor.companyId), projectRules(ctx, calls.projectId))!;
}

/**
 * The same rules on `projects` alone: the projects whose calls the caller may see (a call of the caller's
 * company in one of them is visible). For a reader that looks a page's projects up once rather than joining
 * them to every call (the sync).
 */
export function visibleProjects(ctx: ActionContext): SQL {
  return projectRules(ctx, projects.id);
}

function projectRules(ctx: ActionContext, projectId: Column): SQL {
  return and(
    eq(projects.companyId, ctx.actor.companyId),
    isNull(projects.deletedAt),
    ctx.actor.role === 'OPR'
      ? sql`${projectId} in (select ${projectOperators.projectId} from ${projectOperators} where ${projectOperators.userId} = ${ctx.actor.userId})`
      : undefined,
  )!;
}
