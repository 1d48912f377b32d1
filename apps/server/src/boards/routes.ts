import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  boardQuerySchema,
  boardSeriesQuerySchema,
  boardSeriesSchema,
  boardSummarySchema,
  operatorStatusSchema,
  realtimeBoardSchema,
  realtimeQuerySchema,
} from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { answers, noBody, ok } from '../http/envelope.ts';
import { getBoardSeries } from './get-board-series.ts';
import { getBoardSummary } from './get-board-summary.ts';
import { getOperatorStatus } from './get-operator-status.ts';
import { getRealtimeBoard } from './get-realtime-board.ts';

/** Boards of the caller's company (ADMIN, and DEV in their own company), read from the call rollups. */
export async function boardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.authenticate(['ADMIN', 'DEV']);
  const tags = ['boards'];

  r.post(
    '/summary',
    {
      schema: {
        tags,
        summary: 'Connect, inbound and loss rates, durations and outcomes of the calls placed in whole days (company time)',
        body: boardQuerySchema,
        response: answers(boardSummarySchema),
      },
      onRequest,
    },
    async (request) => ok(request, await getBoardSummary(contextOf(request), request.body)),
  );

  r.post(
    '/series',
    {
      schema: {
        tags,
        summary: 'Call volume per hour (ranges up to 2 days) or per day, every step present',
        body: boardSeriesQuerySchema,
        response: answers(boardSeriesSchema),
      },
      onRequest,
    },
    async (request) => ok(request, await getBoardSeries(contextOf(request), request.body)),
  );

  r.post(
    '/operators',
    {
      schema: {
        tags,
        summary:
          "The company's operators by their seats' states: signed in (connected and signed in), waiting (standby), in call, signed out",
        body: noBody,
        response: answers(operatorStatusSchema),
      },
      onRequest,
    },
    async (request) => ok(request, await getOperatorStatus(contextOf(request), app.clock.now())),
  );

  r.post(
    '/realtime',
    {
      schema: {
        tags,
        summary: "One task's real-time dashboard: last 10 min, 30 min, hour or today, and its live calls now",
        body: realtimeQuerySchema,
        response: answers(realtimeBoardSchema),
      },
      onRequest,
    },
    async (request) => ok(request, await getRealtimeBoard(contextOf(request), request.body, app.clock.now())),
  );
}
