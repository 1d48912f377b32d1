import type { BoardQuery, BoardSeriesQuery, RealtimeQuery } from '@dialwise/contracts';
import { boardEndpoints } from '@dialwise/contracts';
import { api } from '../../api/client.ts';

export const boardKeys = {
  summary: (query: BoardQuery) => ['boards', 'summary', query] as const,
  series: (query: BoardSeriesQuery) => ['boards', 'series', query] as const,
  operators: ['boards', 'operators'] as const,
  realtime: (query: RealtimeQuery) => ['boards', 'realtime', query] as const,
};

export const getBoardSummary = async (query: BoardQuery) => api(boardEndpoints.summary, query);
export const getBoardSeries = async (query: BoardSeriesQuery) => api(boardEndpoints.series, query);
export const getOperatorStatus = async () => api(boardEndpoints.operators);
export const getRealtimeBoard = async (query: RealtimeQuery) => api(boardEndpoints.realtime, query);
