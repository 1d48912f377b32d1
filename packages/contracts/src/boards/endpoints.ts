import { defineEndpoints, noBody } from '../common/endpoint.ts';
import {
  boardQuerySchema,
  boardSeriesQuerySchema,
  boardSeriesSchema,
  boardSummarySchema,
  operatorStatusSchema,
  realtimeBoardSchema,
  realtimeQuerySchema,
} from './schemas.ts';

/** Boards of the caller's company (ADMIN, and DEV in their own company), read from the call rollups. */
export const boardEndpoints = defineEndpoints(
  { tag: 'boards', roles: ['ADMIN', 'DEV'] },
  {
    summary: {
      path: '/api/boards/summary',
      summary: 'Connect, inbound and loss rates, durations and outcomes of the calls placed in whole days (company time)',
      body: boardQuerySchema,
      response: boardSummarySchema,
    },
    series: {
      path: '/api/boards/series',
      summary: 'Call volume per hour (ranges up to 2 days) or per day, every step present',
      body: boardSeriesQuerySchema,
      response: boardSeriesSchema,
    },
    operators: {
      path: '/api/boards/operators',
      summary:
        "The company's operators by their seats' states: signed in (connected and signed in), waiting (standby), in call, signed out",
      body: noBody,
      response: operatorStatusSchema,
    },
    realtime: {
      path: '/api/boards/realtime',
      summary: "One task's real-time dashboard: last 10 min, 30 min, hour or today, and its live calls now",
      body: realtimeQuerySchema,
      response: realtimeBoardSchema,
    },
  },
);
