import { describe, expect, it } from 'vitest';
import {
  BOARD_OUTCOMES,
  DURATION_CLASSES,
  REALTIME_WINDOWS,
  boardQuerySchema,
  boardSeriesQuerySchema,
  daysBetween,
  rate,
  realtimeQuerySchema,
} from './schemas.ts';
import { CALL_OUTCOMES } from '../telephony/schemas.ts';
import { formatIssue } from '../i18n.ts';

const id = '00000000-0000-4000-8000-000000000001';
const issues = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error!.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

describe('board query (time range)', () => {
  it('takes one day, or a range that ends on or after its start', () => {
    expect(issues(boardQuerySchema, { from: '2026-03-01', to: '2026-03-01' })).toEqual([]);
    expect(issues(boardQuerySchema, { projectId: id, taskId: id, from: '2026-03-01', to: '2026-03-31' })).toEqual([]);
  });
  it('refuses a range that ends before it starts', () => {
    expect(issues(boardQuerySchema, { from: '2026-03-02', to: '2026-03-01' })).toEqual(['to:v.board.rangeOrder']);
  });
  it('allows 366 days and refuses 367', () => {
    expect(issues(boardQuerySchema, { from: '2024-01-01', to: '2024-12-31' })).toEqual([]);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(issues(boardQuerySchema, { from: '2024-01-01', to: '2025-01-01' })).toEqual(['to:v.board.rangeTooLong']);
  });
  it('refuses what is not a calendar day', () => {
    expect(issues(boardQuerySchema, { from: '2026-02-30', to: '2026-03-01' })).toEqual(['from:v.board.date']);
    expect(issues(boardQuerySchema, { from: '2026-3-1', to: '2026-03-01' })).toEqual(['from:v.board.date']);
    expect(issues(boardQuerySchema, { from: '2026-03-01T00:00:00Z', to: '2026-03-01' })).toEqual(['from:v.board.date']);
    expect(issues(boardQuerySchema, { to: '2026-03-01' })).toHaveLength(1);
  });
  it('refuses ids that are not ids', () => {
    expect(issues(boardQuerySchema, { projectId: 'x', from: '2026-03-01', to: '2026-03-01' })).toEqual(['projectId:v.id']);
  });
  it('names the rule in both languages', () => {
    const issue = boardQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }).error!.issues[0]!;
    expect(formatIssue(issue, 'en-US')).toBe('The range must end on or after its first day');
    expect(formatIssue(issue, 'zh-CN')).toBe('结束日期不能早于开始日期');
    const date = boardQuerySchema.safeParse({ from: 'x', to: '2026-03-01' }).error!.issues[0]!;
    expect(formatIssue(date, 'en-US')).toBe('From must be a date (YYYY-MM-DD)');
  });
});

describe('series step and real-time windows', () => {
  it('the step is hour or day', () => {
    expect(issues(boardSeriesQuerySchema, { from: '2026-03-01', to: '2026-03-01', step: 'hour' })).toEqual([]);
    expect(issues(boardSeriesQuerySchema, { from: '2026-03-01', to: '2026-03-01', step: 'day' })).toEqual([]);
    expect(issues(boardSeriesQuerySchema, { from: '2026-03-01', to: '2026-03-01', step: 'minute' })).toHaveLength(1);
    expect(issues(boardSeriesQuerySchema, { from: '2026-03-02', to: '2026-03-01', step: 'day' })).toEqual(['to:v.board.rangeOrder']);
  });
  it('the real-time intervals are 10 min, 30 min, 1 hour and 1 day (today, the default)', () => {
    expect(Object.keys(REALTIME_WINDOWS)).toEqual(['10m', '30m', '1h', '1d']);
    for (const window of ['10m', '30m', '1h', '1d']) expect(issues(realtimeQuerySchema, { taskId: id, window })).toEqual([]);
    expect(realtimeQuerySchema.parse({ taskId: id }).window).toBe('1d');
    expect(issues(realtimeQuerySchema, { taskId: id, window: '2h' })).toHaveLength(1);
    expect(issues(realtimeQuerySchema, { window: '1h' })).toHaveLength(1);
  });
});

describe('rates and classes', () => {
  it('a zero denominator gives null (shown as —), never NaN', () => {
    expect(rate(0, 0)).toBeNull();
    expect(rate(3, 0)).toBeNull();
    expect(rate(1, 4)).toBe(0.25);
  });
  it("outcomes cover every engine outcome and the dialer's own", () => {
    expect(BOARD_OUTCOMES.slice(0, CALL_OUTCOMES.length)).toEqual([...CALL_OUTCOMES]);
    expect(new Set(BOARD_OUTCOMES).size).toBe(BOARD_OUTCOMES.length);
  });
  it('duration classes rise and end open', () => {
    const bounds = DURATION_CLASSES.map((c) => c.maxMs);
    expect(bounds.at(-1)).toBeNull();
    const closed = bounds.slice(0, -1) as number[];
    expect([...closed].sort((a, b) => a - b)).toEqual(closed);
  });
});
