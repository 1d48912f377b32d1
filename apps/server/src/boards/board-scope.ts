import { and, eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { ActionContext } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { companies, projects, tasks } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { ownProject } from '../projects/project-row.ts';
import { ownTask } from '../tasks/task-row.ts';
import type { Grain } from '../db/rollup-measures.ts';
import type { Scope } from './read-rollups.ts';

export interface BoardScope {
  scope: Scope;
  timeZone: string;
}

/**
 * Whose calls a board adds up: the caller's company, narrowed to one of its live projects and/or tasks.
 * Another company's (or a deleted) project or task answers 404, as does a task outside the named project.
 */
export async function boardScope(ctx: ActionContext, ids: { projectId?: string; taskId?: string }): Promise<BoardScope> {
  const [company] = await ctx.db.select({ timeZone: companies.timezone }).from(companies).where(eq(companies.id, ctx.actor.companyId));
  if (!company) throw AppError.notFound();
  const scope: Scope = { companyId: ctx.actor.companyId };
  if (ids.projectId) {
    const [project] = await ctx.db.select({ id: projects.id }).from(projects).where(ownProject(ctx, ids.projectId));
    if (!project) throw AppError.notFound();
    scope.projectId = project.id;
  }
  if (ids.taskId) {
    const [task] = await ctx.db
      .select({ id: tasks.id, projectId: tasks.projectId })
      .from(tasks)
      .where(and(ownTask(ctx, ids.taskId), ids.projectId ? eq(tasks.projectId, ids.projectId) : undefined));
    if (!task) throw AppError.notFound();
    scope.taskId = task.id;
  }
  return { scope, timeZone: company.timeZone };
}

/** Whole days `from`..`to` (both included) in the company's time zone, as instants [start, end). */
export async function dayRange(db: DbOrTx, timeZone: string, fromDate: string, toDate: string): Promise<{ start: Date; end: Date }> {
  const result = await db.execute<{ start: string | Date; end: string | Date }>(sql`select
    (${fromDate}::date::timestamp at time zone ${timeZone}) as start,
    ((${toDate}::date + 1)::timestamp at time zone ${timeZone}) as "end"`);
  const row = result.rows[0]!;
  return { start: new Date(row.start), end: new Date(row.end) };
}

/** The zone's offset from UTC at an instant, in minutes. */
export function offsetMinutes(timeZone: string, at: Date): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')
      ?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/**
 * The grain a range is read from. Hourly rows are ~60× fewer, but only exact when every step boundary
 * falls on a UTC hour: steps of whole hours, range ends on UTC hours, and a zone whose offset is a whole
 * number of hours across the range (checked at the ends and at 24 points between: India's +05:30 or
 * Nepal's +05:45 read the minute rows instead).
 */
export function grainFor(timeZone: string, start: Date, end: Date, stepMinutes: number): Grain {
  const HOUR = 3_600_000;
  if (stepMinutes % 60 !== 0 || start.getTime() % HOUR !== 0 || end.getTime() % HOUR !== 0) return 'minute';
  const span = end.getTime() - start.getTime();
  for (let i = 0; i <= 24; i += 1) {
    if (offsetMinutes(timeZone, new Date(start.getTime() + (span * i) / 24)) % 60 !== 0) return 'minute';
  }
  return 'hour';
}
