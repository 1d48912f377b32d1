import type {
  BoardQuery,
  BoardSeries,
  BoardSeriesQuery,
  BoardSummary,
  OperatorStatus,
  RealtimeBoard,
  RealtimeQuery,
} from '@dialwise/contracts';
import { post } from '../../api/client.ts';

export const boardKeys = {
  summary: (query: BoardQuery) => ['boards', 'summary', query] as const,
  series: (query: BoardSeriesQuery) => ['boards', 'series', query] as const,
  operators: ['boards', 'operators'] as const,
  realtime: (query: RealtimeQuery) => ['boards', 'realtime', query] as const,
};

export const getBoardSummary = async (query: BoardQuery) => (await post<BoardSummary>('/api/boards/summary', query)).data;
export const getBoardSeries = async (query: BoardSeriesQuery) => (await post<BoardSeries>('/api/boards/series', query)).data;
export const getOperatorStatus = async () => (await post<OperatorStatus>('/api/boards/operators')).data;
export const getRealtimeBoard = async (query: RealtimeQuery) => (await post<RealtimeBoard>('/api/boards/realtime', query)).data;
