import type { FastifyInstance } from 'fastify';
import { boardEndpoints } from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { getBoardSeries } from './get-board-series.ts';
import { getBoardSummary } from './get-board-summary.ts';
import { getOperatorStatus } from './get-operator-status.ts';
import { getRealtimeBoard } from './get-realtime-board.ts';

/** Boards of the caller's company (ADMIN, and DEV in their own company), read from the call rollups. */
export async function boardRoutes(app: FastifyInstance) {
  route(app, boardEndpoints.summary, async (request) => ok(request, await getBoardSummary(contextOf(request), request.body)));

  route(app, boardEndpoints.series, async (request) => ok(request, await getBoardSeries(contextOf(request), request.body)));

  route(app, boardEndpoints.operators, async (request) => ok(request, await getOperatorStatus(contextOf(request), app.clock.now())));

  route(app, boardEndpoints.realtime, async (request) =>
    ok(request, await getRealtimeBoard(contextOf(request), request.body, app.clock.now())),
  );
}
