import { describe, expect, it } from 'vitest';
import { callRecordExportQuerySchema, callRecordFilterSchema, callRecordQuerySchema, exportQueryString } from './schemas.ts';
import { formatIssue } from '../i18n.ts';

const issues = (
  value: unknown,
  schema: {
    safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  } = callRecordQuerySchema,
) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error!.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};
const ID = '6c8f7a52-2f43-4b1e-9d6f-0c5a6c1e2f11';

describe('call-record filters', () => {
  it('every filter is optional; page 1, size 10 and newest first by default; blanks count as unset', () => {
    expect(callRecordQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10, sort: 'desc' });
    expect(callRecordQuerySchema.parse({ projectId: '', phone: '', startTime: null, status: '', sort: '' })).toEqual({
      page: 1,
      pageSize: 10,
      sort: 'desc',
    });
  });

  it('time range: ISO instants with an offset; start equal to end is allowed, start after end is refused on the end field', () => {
    expect(issues({ startTime: '2026-03-02T10:00:00Z', endTime: '2026-03-02T10:00:00Z' })).toEqual([]);
    expect(issues({ startTime: '2026-03-02T10:00:00.001Z', endTime: '2026-03-02T10:00:00Z' })).toEqual(['endTime:v.callRecords.timeOrder']);
    // Compared as instants: 18:00 in Shanghai is 10:00 UTC.
    expect(issues({ startTime: '2026-03-02T18:00:00+08:00', endTime: '2026-03-02T10:00:00Z' })).toEqual([]);
    expect(issues({ startTime: '2026-03-02 10:00' })).toEqual(['startTime:v.callRecords.time']);
    expect(issues({ endTime: '2026-03-02T10:00:00' })).toEqual(['endTime:v.callRecords.time']);
  });

  it('durations: whole seconds from 0 to a day; min equal to max allowed, min above max refused on the max field', () => {
    expect(issues({ minDuration: 0, maxDuration: 86_400 })).toEqual([]);
    expect(issues({ minDuration: 30, maxDuration: 30 })).toEqual([]);
    expect(issues({ minDuration: 31, maxDuration: 30 })).toEqual(['maxDuration:v.callRecords.durationOrder']);
    expect(issues({ minDuration: -1 })).toEqual(['minDuration:v.min']);
    expect(issues({ maxDuration: 86_401 })).toEqual(['maxDuration:v.max']);
    expect(issues({ maxDuration: 2.5 })).toEqual(['maxDuration:v.integer']);
    expect(callRecordQuerySchema.parse({ minDuration: '15' }).minDuration).toBe(15);
  });

  it('messages name the field in both languages', () => {
    const result = callRecordQuerySchema.safeParse({ minDuration: -1, startTime: 'x' });
    const texts = result.error!.issues.map((issue) => [formatIssue(issue, 'en-US'), formatIssue(issue, 'zh-CN')]);
    expect(texts).toContainEqual(['Shortest duration must be at least 0', '最短通话时长不能小于 0']);
    expect(texts).toContainEqual(['Start time must be a date and time', '开始时间须为日期时间']);
  });

  it('phone: spaces, dashes and brackets dropped; a visible ASCII token up to 256 characters', () => {
    expect(callRecordQuerySchema.parse({ phone: ' (138) 0000-0001 ' }).phone).toBe('13800000001');
    expect(issues({ phone: 'x'.repeat(256) })).toEqual([]);
    expect(issues({ phone: 'x'.repeat(257) })).toEqual(['phone:v.tooLong']);
    expect(issues({ phone: '号码' })).toEqual(['phone:v.callRecords.phone']);
  });

  it('status, transfer outcome and sort take only their values; ids must be ids', () => {
    expect(issues({ status: 'connected', transferOutcome: 'lost', sort: 'asc', projectId: ID, taskId: ID })).toEqual([]);
    expect(issues({ status: 'live' })).toHaveLength(1);
    expect(issues({ transferOutcome: 'maybe' })).toHaveLength(1);
    expect(issues({ sort: 'random' })).toHaveLength(1);
    expect(issues({ projectId: 'p1' })).toEqual(['projectId:v.id']);
  });

  it('tags: one or several (a query string gives a single value as text), at most 20', () => {
    expect(callRecordFilterSchema.parse({ tags: 'high_intent' }).tags).toEqual(['high_intent']);
    expect(callRecordFilterSchema.parse({ tags: ['a', 'b'] }).tags).toEqual(['a', 'b']);
    expect(issues({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })).toEqual(['tags:v.max']);
  });

  it('pages reach the first 10,000 rows only', () => {
    expect(issues({ page: 100, pageSize: 100 })).toEqual([]);
    expect(issues({ page: 101, pageSize: 100 })).toEqual(['page:v.callRecords.window']);
    expect(issues({ page: 1000, pageSize: 10 })).toEqual([]);
    expect(issues({ page: 1001, pageSize: 10 })).toEqual(['page:v.callRecords.window']);
  });

  it('the export query carries the same rules plus the language, and round-trips through exportQueryString', () => {
    const filter = { projectId: ID, tags: ['a', 'b'], minDuration: 5, maxDuration: 60, sort: 'asc' as const, phone: undefined };
    const params = new URLSearchParams(exportQueryString({ ...filter, locale: 'zh-CN' }));
    const query = Object.fromEntries(
      [...new Set(params.keys())].map((key) => [key, params.getAll(key).length > 1 ? params.getAll(key) : params.get(key)]),
    );
    const parsed = callRecordExportQuerySchema.parse(query);
    expect(parsed).toEqual({ projectId: ID, tags: ['a', 'b'], minDuration: 5, maxDuration: 60, sort: 'asc', locale: 'zh-CN' });
    expect(exportQueryString({ tags: ['x y'], phone: '' })).toBe('tags=x+y');
    expect(issues({ minDuration: 9, maxDuration: 8 }, callRecordExportQuerySchema)).toEqual(['maxDuration:v.callRecords.durationOrder']);
  });
});
