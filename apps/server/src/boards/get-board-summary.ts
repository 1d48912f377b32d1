import type { BoardQuery, BoardSummary } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { boardScope, dayRange, grainFor } from './board-scope.ts';
import { sumRange } from './read-rollups.ts';
import { toSummary } from './to-summary.ts';

/** Rates, durations and outcomes of the calls placed in whole company-local days, from the rollups. */
export async function getBoardSummary(ctx: ActionContext, query: BoardQuery): Promise<BoardSummary> {
  const { scope, timeZone } = await boardScope(ctx, query);
  const { start, end } = await dayRange(ctx.db, timeZone, query.from, query.to);
  return toSummary(await sumRange(ctx.db, grainFor(timeZone, start, end, 60), scope, start, end));
}
