import { z } from 'zod';
import { idSchema } from '../common/fields.ts';
import { CALL_OUTCOMES } from '../telephony/schemas.ts';

/**
 * Boards: what the dialer's call records add up to (connect, inbound and loss rates, volume over time,
 * durations, outcomes) and the operators' state. They read rollups the database keeps as calls finish
 * (apps/server/src/boards), never the records themselves.
 */

/** Every outcome a finished call record can carry: the engine's, plus the dialer's own three. */
export const BOARD_OUTCOMES = [...CALL_OUTCOMES, 'interrupted', 'unresolved', 'blocked'] as const;
export type BoardOutcome = (typeof BOARD_OUTCOMES)[number];

/**
 * Talk-time classes of connected calls, by upper bound in milliseconds (exclusive); the last is open.
 * The rollups keep one counter per class, so the classes are fixed here once.
 */
export const DURATION_CLASSES = [
  { key: 'lt10s', maxMs: 10_000 },
  { key: 'lt30s', maxMs: 30_000 },
  { key: 'lt1m', maxMs: 60_000 },
  { key: 'lt2m', maxMs: 120_000 },
  { key: 'lt5m', maxMs: 300_000 },
  { key: 'ge5m', maxMs: null },
] as const;
export type DurationClass = (typeof DURATION_CLASSES)[number]['key'];

/** A calendar day, `YYYY-MM-DD`, read in the company's time zone. */
const LOCAL_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export function isLocalDate(value: string): boolean {
  return (
    LOCAL_DATE.test(value) &&
    !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
    new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
  );
}
export const localDateSchema = z.string().refine(isLocalDate, { error: 'v.board.date' });

/** The longest range a board adds up at once (a year and a day, so a whole leap year fits). */
export const BOARD_MAX_DAYS = 366;

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The board's filter: a project and/or a task (neither = the whole company) and a range of whole days,
 * both ends included, in the company's time zone.
 */
export const boardQuerySchema = z
  .object({
    projectId: idSchema.optional(),
    taskId: idSchema.optional(),
    from: localDateSchema,
    to: localDateSchema,
  })
  .superRefine((value, ctx) => {
    if (!isLocalDate(value.from) || !isLocalDate(value.to)) return;
    const days = daysBetween(value.from, value.to);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'v.board.rangeOrder' });
    else if (days + 1 > BOARD_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'v.board.rangeTooLong' });
  });
export type BoardQuery = z.infer<typeof boardQuerySchema>;

/** Steps of the volume chart: hourly or daily (company time). */
export const SERIES_STEPS = ['hour', 'day'] as const;
export const seriesStepSchema = z.enum(SERIES_STEPS);
export type SeriesStep = z.infer<typeof seriesStepSchema>;

/** Ranges up to this many days are charted hour by hour unless a step is asked for. */
export const HOURLY_SERIES_MAX_DAYS = 2;

export const boardSeriesQuerySchema = boardQuerySchema.safeExtend({ step: seriesStepSchema.optional() });
export type BoardSeriesQuery = z.infer<typeof boardSeriesQuerySchema>;

/**
 * The task list's real-time dashboard windows (10 min, 30 min, 1 hour, 1 day = today), each
 * ending now; `1d` starts at the company's midnight. Each is charted in `step` minutes.
 */
export const REALTIME_WINDOWS = {
  '10m': { minutes: 10, stepMinutes: 1 },
  '30m': { minutes: 30, stepMinutes: 1 },
  '1h': { minutes: 60, stepMinutes: 5 },
  '1d': { minutes: null, stepMinutes: 60 },
} as const;
export type RealtimeWindow = keyof typeof REALTIME_WINDOWS;
export const realtimeWindowSchema = z.enum(Object.keys(REALTIME_WINDOWS) as [RealtimeWindow, ...RealtimeWindow[]]);

export const realtimeQuerySchema = z.object({ taskId: idSchema, window: realtimeWindowSchema.default('1d') });
export type RealtimeQuery = z.infer<typeof realtimeQuerySchema>;

/** A ratio, or null when its denominator is zero (shown as "—", never NaN). */
export const rateSchema = z.number().min(0).max(1).nullable();

export const boardSummarySchema = z.object({
  /** Finished calls placed in the range (live calls count once they end). */
  total: z.number().int(),
  connected: z.number().int(),
  missed: z.number().int(),
  /** Answered by an answering machine (answering-machine detection): not counted as connected. */
  voicemail: z.number().int(),
  /** Dead numbers found by a carrier announcement or special information tones. */
  invalid: z.number().int(),
  /** Answered by a fax machine (its answering or calling tone). */
  fax: z.number().int(),
  transferSuccess: z.number().int(),
  transferFailed: z.number().int(),
  /** Calls lost while being transferred to an operator. */
  lost: z.number().int(),
  /** Talk time of the connected calls. */
  durationMs: z.number(),
  /** connected / total (a machine answering is not a connection). */
  connectRate: rateSchema,
  /** voicemail / total: the share of outbound calls an answering machine took. */
  machineRate: rateSchema,
  /** transfer success / connected. */
  inboundRate: rateSchema,
  /** lost / connected. */
  lossRate: rateSchema,
  /** durationMs / connected. */
  averageDurationMs: z.number().nullable(),
  outcomes: z.record(z.enum(BOARD_OUTCOMES), z.number().int()),
  durations: z.record(z.enum(DURATION_CLASSES.map((c) => c.key) as [DurationClass, ...DurationClass[]]), z.number().int()),
});
export type BoardSummary = z.infer<typeof boardSummarySchema>;

export const seriesPointSchema = z.object({
  /** The step's start in the company's time zone, `YYYY-MM-DDTHH:mm`. */
  at: z.string(),
  total: z.number().int(),
  connected: z.number().int(),
  transferSuccess: z.number().int(),
  lost: z.number().int(),
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

export const boardSeriesSchema = z.object({ step: z.string(), timeZone: z.string(), points: z.array(seriesPointSchema) });
export type BoardSeries = z.infer<typeof boardSeriesSchema>;

/**
 * Operators (OPR accounts) of the company, by their seats' state: signed in = a seat connected and signed in
 * (paused, waiting or in a call); waiting and in call = those states; signed out = the rest
 * (apps/server/src/boards/get-operator-status.ts).
 */
export const operatorStatusSchema = z.object({
  total: z.number().int(),
  signedIn: z.number().int(),
  waiting: z.number().int(),
  inCall: z.number().int(),
  signedOut: z.number().int(),
});
export type OperatorStatus = z.infer<typeof operatorStatusSchema>;

export const realtimeBoardSchema = z.object({
  window: realtimeWindowSchema,
  timeZone: z.string(),
  /** The window, as instants. */
  from: z.string(),
  to: z.string(),
  summary: boardSummarySchema,
  points: z.array(seriesPointSchema),
  /** Calls of the task live right now (real-time concurrency, today's data only). */
  liveCalls: z.number().int(),
  stepMinutes: z.number().int(),
  /**
   * The window's calls the carrier pushed back (SIP 403/429/503: outcome `backpressure`). Each one made the
   * dialer slow that line down and hold its new calls for a while, and put the number back to dial later
   * without using an attempt. `last`: when the latest came, on which line, and the carrier's answer.
   */
  backPressure: z.object({
    calls: z.number().int(),
    last: z.object({ at: z.string(), line: z.string(), sipStatus: z.number().int().nullable(), reason: z.string() }).nullable(),
  }),
});
export type RealtimeBoard = z.infer<typeof realtimeBoardSchema>;

/** Ratio with the "—" rule: null when nothing to divide by. */
export function rate(numerator: number, denominator: number): number | null {
  return denominator > 0 ? numerator / denominator : null;
}
