import { and, count, desc, eq, gte, isNull, lt, not, sql } from 'drizzle-orm';
import { REALTIME_WINDOWS, type RealtimeBoard, type RealtimeQuery } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { calls, sipLines } from '../db/schema.ts';
import { requireFeature } from '../entitlements/require-feature.ts';
import { boardScope, grainFor } from './board-scope.ts';
import { seriesRange, sumRange } from './read-rollups.ts';
import { SERIES_COLUMNS, toSeriesPoint, toSummary } from './to-summary.ts';

const MINUTE = 60_000;

/**
 * The task list's real-time dashboard: one task over a window ending now — the last 10 or 30 minutes
 * (per minute), the last hour (per 5 minutes), or today since the company's midnight (per hour) — with
 * its live calls right now (real-time concurrency: a figure of today only, there is no history of it).
 * Windows end at the end of the current step, so the current minute's finished calls are in. With them, the
 * window's calls the carrier pushed back and the latest one (when the dialer slowed down, and why). Needs the
 * company's `realtimeDashboard` feature (403 saying so).
 */
export async function getRealtimeBoard(ctx: ActionContext, query: RealtimeQuery, now: Date): Promise<RealtimeBoard> {
  const { scope, timeZone } = await boardScope(ctx, { taskId: query.taskId });
  await requireFeature(ctx.db, ctx.actor.companyId, 'realtimeDashboard');
  const window = REALTIME_WINDOWS[query.window];
  const stepMs = window.stepMinutes * MINUTE;
  let start: Date;
  let end: Date;
  if (window.minutes === null) {
    const result = await ctx.db.execute<{ start: string | Date; end: string | Date }>(sql`select
      (date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${timeZone}) at time zone ${timeZone}) as start,
      ((date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${timeZone}) + interval '1 day') at time zone ${timeZone}) as "end"`);
    const row = result.rows[0]!;
    start = new Date(row.start);
    end = new Date(row.end);
  } else {
    end = new Date(Math.floor(now.getTime() / stepMs) * stepMs + stepMs);
    start = new Date(end.getTime() - window.minutes * MINUTE);
  }
  const grain = grainFor(timeZone, start, end, window.stepMinutes);
  const pushedBack = and(
    eq(calls.taskId, query.taskId),
    eq(calls.outcome, 'backpressure'),
    not(calls.test),
    gte(calls.placedAt, start),
    lt(calls.placedAt, end),
  );
  const [summary, points, [live], [backPressure], [lastPushedBack]] = await Promise.all([
    sumRange(ctx.db, grain, scope, start, end),
    seriesRange(ctx.db, grain, scope, start, end, timeZone, `${window.stepMinutes} minutes`, SERIES_COLUMNS),
    ctx.db
      .select({ n: count() })
      .from(calls)
      .where(and(eq(calls.taskId, query.taskId), isNull(calls.endedAt), not(calls.test))),
    ctx.db.select({ n: count() }).from(calls).where(pushedBack),
    ctx.db
      .select({ at: calls.placedAt, line: sipLines.alias, sipStatus: calls.sipStatus, reason: calls.sipReason })
      .from(calls)
      .innerJoin(sipLines, eq(sipLines.id, calls.sipLineId))
      .where(pushedBack)
      .orderBy(desc(calls.placedAt))
      .limit(1),
  ]);
  return {
    window: query.window,
    timeZone,
    from: start.toISOString(),
    to: end.toISOString(),
    stepMinutes: window.stepMinutes,
    summary: toSummary(summary),
    points: points.map(toSeriesPoint),
    liveCalls: live?.n ?? 0,
    backPressure: {
      calls: backPressure?.n ?? 0,
      last: lastPushedBack
        ? {
            at: lastPushedBack.at.toISOString(),
            line: lastPushedBack.line,
            sipStatus: lastPushedBack.sipStatus,
            reason: lastPushedBack.reason ?? '',
          }
        : null,
    },
  };
}
