import { BOARD_OUTCOMES, DURATION_CLASSES } from '@dialwise/contracts';

/**
 * The counters a rollup row keeps, each with the condition a finished call record must meet to count in
 * it (SQL over the `calls` columns). Written once: the rollup tables, the trigger that keeps them (the
 * migration is generated from `rollupSql()`), the board queries and the raw GROUP BY the tests and the
 * benchmark compare against all come from this list.
 */
export interface Measure {
  /** Column of the rollup tables. */
  column: string;
  /** When a finished call counts (null = always). */
  when: string | null;
  /** What it adds: 1, or a column (talk time). */
  adds: '1' | 'duration_ms';
  /** Talk time sums can pass 2^31. */
  big?: boolean;
}

const CONNECTED = `status = 'connected'`;

export const MEASURES: readonly Measure[] = [
  { column: 'total', when: null, adds: '1' },
  { column: 'connected', when: CONNECTED, adds: '1' },
  { column: 'missed', when: `status = 'missed'`, adds: '1' },
  // Answering-machine detection: a machine answered (not a connection), or the number is dead.
  { column: 'voicemail', when: `status = 'voicemail'`, adds: '1' },
  { column: 'invalid', when: `status = 'invalid'`, adds: '1' },
  // A fax machine answered: not a connection, not a dead number, never redialled.
  { column: 'fax', when: `status = 'fax'`, adds: '1' },
  { column: 'transfer_success', when: `transfer_outcome = 'success'`, adds: '1' },
  { column: 'transfer_failed', when: `transfer_outcome = 'failed'`, adds: '1' },
  { column: 'lost', when: `transfer_outcome = 'lost'`, adds: '1' },
  { column: 'duration_ms', when: CONNECTED, adds: 'duration_ms', big: true },
  ...DURATION_CLASSES.map((c, i): Measure => {
    const min = i === 0 ? null : DURATION_CLASSES[i - 1]!.maxMs;
    const bounds = [min === null ? null : `duration_ms >= ${min}`, c.maxMs === null ? null : `duration_ms < ${c.maxMs}`].filter(Boolean);
    return { column: durationColumn(c.key), when: [CONNECTED, ...bounds].join(' and '), adds: '1' };
  }),
  ...BOARD_OUTCOMES.map((o): Measure => ({ column: outcomeColumn(o), when: `outcome = '${o}'`, adds: '1' })),
];

export function durationColumn(key: string): string {
  return `d_${key.toLowerCase()}`;
}
export function outcomeColumn(outcome: string): string {
  return `o_${outcome}`;
}

/** The rollup grains: the bucket of a call is `date_trunc(grain, placed_at)` in UTC. */
export const GRAINS = { minute: 'call_rollups_minute', hour: 'call_rollups_hour' } as const;
export type Grain = keyof typeof GRAINS;

/**
 * Per company and UTC hour: what a whole-company board reads (a month is ~720 rows instead of one per
 * task and hour — 45,000 for a company of 170 tasks, too many to add up in 50 ms).
 */
export const COMPANY_HOUR = 'call_rollups_company_hour';

/** Every rollup table the trigger keeps: its grain and the columns a row is per. */
export const ROLLUPS = [
  { table: GRAINS.minute, grain: 'minute', keys: ['task_id', 'company_id', 'project_id'], conflict: ['task_id', 'bucket'] },
  { table: GRAINS.hour, grain: 'hour', keys: ['task_id', 'company_id', 'project_id'], conflict: ['task_id', 'bucket'] },
  { table: COMPANY_HOUR, grain: 'hour', keys: ['company_id'], conflict: ['company_id', 'bucket'] },
] as const;
export type Rollup = (typeof ROLLUPS)[number];
