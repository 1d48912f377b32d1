import { BOARD_OUTCOMES, DURATION_CLASSES, rate, type BoardSummary, type SeriesPoint } from '@dialwise/contracts';
import { durationColumn, outcomeColumn } from '../db/rollup-measures.ts';
import type { Point, Sums } from './read-rollups.ts';

/** The rollup counters as the board shows them, with the rates ("—" = null on a zero denominator). */
export function toSummary(s: Sums): BoardSummary {
  const n = (column: string) => s[column] ?? 0;
  return {
    total: n('total'),
    connected: n('connected'),
    missed: n('missed'),
    voicemail: n('voicemail'),
    invalid: n('invalid'),
    fax: n('fax'),
    transferSuccess: n('transfer_success'),
    transferFailed: n('transfer_failed'),
    lost: n('lost'),
    durationMs: n('duration_ms'),
    connectRate: rate(n('connected'), n('total')),
    machineRate: rate(n('voicemail'), n('total')),
    inboundRate: rate(n('transfer_success'), n('connected')),
    lossRate: rate(n('lost'), n('connected')),
    averageDurationMs: n('connected') > 0 ? Math.round(n('duration_ms') / n('connected')) : null,
    outcomes: Object.fromEntries(BOARD_OUTCOMES.map((o) => [o, n(outcomeColumn(o))])) as BoardSummary['outcomes'],
    durations: Object.fromEntries(DURATION_CLASSES.map((c) => [c.key, n(durationColumn(c.key))])) as BoardSummary['durations'],
  };
}

/** The columns a chart point carries. */
export const SERIES_COLUMNS = ['total', 'connected', 'transfer_success', 'lost'] as const;

export function toSeriesPoint(point: Point): SeriesPoint {
  return {
    at: point.at,
    total: point.sums.total ?? 0,
    connected: point.sums.connected ?? 0,
    transferSuccess: point.sums.transfer_success ?? 0,
    lost: point.sums.lost ?? 0,
  };
}
