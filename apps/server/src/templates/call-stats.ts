import { eq, sql } from 'drizzle-orm';
import type { ActionContext } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { companies } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { dayRange, grainFor } from '../boards/board-scope.ts';
import { seriesRange, sumRange, type Point, type Sums } from '../boards/read-rollups.ts';

/**
 * The call figures the template pages show, read from the boards' rollups where a company-wide sum per
 * day is enough, and from `calls` (by its company/placed_at index) where a page groups by task, line or
 * hour of the day. Always the caller's own company, days in the company's time zone.
 */
export interface Stats {
  db: DbOrTx;
  companyId: string;
  timeZone: string;
  now: Date;
}

export async function statsFor(ctx: ActionContext, now: Date): Promise<Stats> {
  const [company] = await ctx.db.select({ timeZone: companies.timezone }).from(companies).where(eq(companies.id, ctx.actor.companyId));
  if (!company) throw AppError.notFound();
  return { db: ctx.db, companyId: ctx.actor.companyId, timeZone: company.timeZone, now };
}

/** The company's calendar day of an instant, YYYY-MM-DD. */
export function localDay(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The last `days` whole days up to and including today, as instants [start, end). */
export async function lastDays(s: Stats, days: number, endingDaysAgo = 0): Promise<{ start: Date; end: Date }> {
  const today = localDay(s.timeZone, s.now);
  return dayRange(s.db, s.timeZone, addDays(today, -(days - 1) - endingDaysAgo), addDays(today, -endingDaysAgo));
}

export async function sums(s: Stats, range: { start: Date; end: Date }): Promise<Sums> {
  return sumRange(s.db, grainFor(s.timeZone, range.start, range.end, 60), { companyId: s.companyId }, range.start, range.end);
}

/** One point per day over the last `days` days (zero days included). */
export async function daily(s: Stats, days: number, columns: readonly string[]): Promise<Point[]> {
  const range = await lastDays(s, days);
  const grain = grainFor(s.timeZone, range.start, range.end, 60);
  return seriesRange(s.db, grain, { companyId: s.companyId }, range.start, range.end, s.timeZone, '1 day', columns);
}

/** Finished calls over the range per hour of the day (company time), 24 rows. */
export async function byHourOfDay(s: Stats, range: { start: Date; end: Date }) {
  const result = await s.db.execute<{ hour: number; placed: number; connected: number }>(sql`
    with hours as (select generate_series(0, 23) as h)
    select hours.h as hour, coalesce(count(c.id), 0)::int as placed,
      coalesce(count(c.id) filter (where c.status = 'connected'), 0)::int as connected
    from hours left join calls c
      on c.company_id = ${s.companyId} and c.ended_at is not null
      and c.placed_at >= ${range.start.toISOString()}::timestamptz and c.placed_at < ${range.end.toISOString()}::timestamptz
      and extract(hour from c.placed_at at time zone ${s.timeZone}) = hours.h
    group by hours.h order by hours.h`);
  return result.rows.map((r) => ({
    hour: Number(r.hour),
    placed: Number(r.placed),
    connected: Number(r.connected),
  }));
}

export type GroupBy = 'task' | 'line' | 'project';
const GROUPS: Record<GroupBy, { key: string; join: string; title: string }> = {
  task: { key: 'c.task_id', join: 'join tasks g on g.id = c.task_id', title: 'g.name' },
  line: { key: 'c.sip_line_id', join: 'join sip_lines g on g.id = c.sip_line_id', title: 'g.alias' },
  project: { key: 'c.project_id', join: 'join projects g on g.id = c.project_id', title: 'g.name' },
};

/**
 * Calls per task, line or project over `range`, busiest first, with the same count over `previous` (the
 * period before) so a page can show the change.
 */
export async function busiest(s: Stats, by: GroupBy, range: { start: Date; end: Date }, previous: { start: Date; end: Date }, limit = 10) {
  const g = GROUPS[by];
  const result = await s.db.execute<{
    key: string;
    title: string;
    placed: number;
    previous: number;
    connected: number;
    transfers: number;
  }>(sql`
    select ${sql.raw(g.key)}::text as key, ${sql.raw(g.title)} as title,
      count(*) filter (where c.placed_at >= ${range.start.toISOString()}::timestamptz)::int as placed,
      count(*) filter (where c.placed_at < ${range.start.toISOString()}::timestamptz)::int as previous,
      count(*) filter (where c.placed_at >= ${range.start.toISOString()}::timestamptz and c.status = 'connected')::int as connected,
      count(*) filter (where c.placed_at >= ${range.start.toISOString()}::timestamptz and c.transfer_outcome = 'success')::int as transfers
    from calls c ${sql.raw(g.join)}
    where c.company_id = ${s.companyId} and c.ended_at is not null
      and c.placed_at >= ${previous.start.toISOString()}::timestamptz and c.placed_at < ${range.end.toISOString()}::timestamptz
    group by 1, 2 having count(*) filter (where c.placed_at >= ${range.start.toISOString()}::timestamptz) > 0
    order by placed desc, title limit ${limit}`);
  return result.rows.map((r) => ({
    key: r.key,
    title: r.title,
    placed: Number(r.placed),
    previous: Number(r.previous),
    connected: Number(r.connected),
    transfers: Number(r.transfers),
  }));
}

/** Change from `before` to `now` as a percentage (0 when there was nothing before). */
/** Percent change on the period before; null when that period had nothing (no base to compare with). */
export function growth(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

export function dayLabel(point: Point): string {
  return point.at.slice(0, 10);
}
