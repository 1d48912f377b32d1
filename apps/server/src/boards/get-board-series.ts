import { HOURLY_SERIES_MAX_DAYS, daysBetween, type BoardSeries, type BoardSeriesQuery } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { boardScope, dayRange, grainFor } from './board-scope.ts';
import { seriesRange } from './read-rollups.ts';
import { SERIES_COLUMNS, toSeriesPoint } from './to-summary.ts';

/** Call volume over the range, hour by hour for short ranges and day by day otherwise (company time). */
export async function getBoardSeries(ctx: ActionContext, query: BoardSeriesQuery): Promise<BoardSeries> {
  const { scope, timeZone } = await boardScope(ctx, query);
  const { start, end } = await dayRange(ctx.db, timeZone, query.from, query.to);
  const step = query.step ?? (daysBetween(query.from, query.to) + 1 <= HOURLY_SERIES_MAX_DAYS ? 'hour' : 'day');
  const grain = grainFor(timeZone, start, end, step === 'hour' ? 60 : 1440);
  const points = await seriesRange(ctx.db, grain, scope, start, end, timeZone, step === 'hour' ? '1 hour' : '1 day', SERIES_COLUMNS);
  return { step, timeZone, points: points.map(toSeriesPoint) };
}
