import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { CallRecordOptions } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { projectOperators, projects, tags, tasks } from '../db/schema.ts';
import { getCompanyPermissions } from '../entitlements/get-company-permissions.ts';

/**
 * What the call-record filters offer the caller: the projects they may see (an agent: those assigned to
 * them), the tasks of the chosen project, the catalogue's tags, and whether the company allows number
 * reveal and CSV export. A project the caller may not see gives no tasks (never an error: it is a menu).
 */
export async function listCallRecordOptions(ctx: ActionContext, projectId: string | undefined): Promise<CallRecordOptions> {
  const visibleProject = and(
    eq(projects.companyId, ctx.actor.companyId),
    isNull(projects.deletedAt),
    ctx.actor.role === 'OPR'
      ? sql`${projects.id} in (select ${projectOperators.projectId} from ${projectOperators} where ${projectOperators.userId} = ${ctx.actor.userId})`
      : undefined,
  );
  const [projectRows, taskRows, tagRows, permissions] = await Promise.all([
    ctx.db
      .select({ id: projects.id, name: projects.name, encryptionType: projects.encryptionType })
      .from(projects)
      .where(visibleProject)
      .orderBy(desc(projects.createdAt))
      .limit(500),
    projectId
      ? ctx.db
          .select({ id: tasks.id, name: tasks.name })
          .from(tasks)
          .innerJoin(projects, eq(projects.id, tasks.projectId))
          .where(and(visibleProject, eq(tasks.projectId, projectId), isNull(tasks.deletedAt)))
          .orderBy(desc(tasks.createdAt))
          .limit(500)
      : Promise.resolve([]),
    ctx.db.select({ alias: tags.alias, name: tags.name }).from(tags).orderBy(asc(tags.name)).limit(500),
    getCompanyPermissions(ctx.db, ctx.actor.companyId),
  ]);
  return {
    projects: projectRows,
    tasks: taskRows,
    tags: tagRows,
    canReveal: permissions.numberReveal,
    canExport: permissions.features.includes('csvExport'),
  };
}
