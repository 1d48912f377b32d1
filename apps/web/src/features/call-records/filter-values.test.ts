import { describe, expect, it } from 'vitest';
import { filterErrors, lastDaysRange, toFilter } from './filter-values.ts';
import { formatDuration, formatOffset } from './format.ts';

describe('call-record filter form', () => {
  it("drops blank values and reads the picker's times in the company's zone (the end second included whole)", () => {
    const filter = toFilter(
      {
        projectId: '',
        phone: '  ',
        tags: [],
        timeRange: ['2026-03-02 08:00:00', '2026-03-02 09:30:00'],
        minDuration: 0,
        status: 'missed',
      },
      'Asia/Shanghai',
    );
    expect(filter).toEqual({
      startTime: '2026-03-02T00:00:00.000Z',
      endTime: '2026-03-02T01:30:00.999Z',
      minDuration: 0,
      status: 'missed',
    });
    expect(toFilter({ timeRange: ['garbage', ''] }, 'UTC')).toEqual({ startTime: 'garbage' });
  });

  it("defaults to the boards' last seven days: today and the six before, whole days in the company's zone", () => {
    // 2026-03-02 23:30 UTC is already 3 March in Shanghai.
    expect(lastDaysRange(7, 'Asia/Shanghai', new Date('2026-03-02T23:30:00Z'))).toEqual({
      startTime: '2026-02-24T16:00:00.000Z',
      endTime: '2026-03-03T15:59:59.999Z',
    });
    expect(lastDaysRange(1, 'UTC', new Date('2026-03-02T23:30:00Z'))).toEqual({
      startTime: '2026-03-02T00:00:00.000Z',
      endTime: '2026-03-02T23:59:59.999Z',
    });
  });

  it('checks the ranges with the contracts schema and puts the message on the field the user changes, in either language', () => {
    expect(filterErrors({ timeRange: ['2026-03-02 10:00:00', '2026-03-02 09:00:00'] }, 'en-US', 'UTC')).toEqual({
      timeRange: 'End time must not be before the start time',
    });
    expect(filterErrors({ minDuration: 60, maxDuration: 30 }, 'zh-CN', 'UTC')).toEqual({ maxDuration: '最长通话时长不能小于最短通话时长' });
    expect(
      filterErrors({ minDuration: 30, maxDuration: 30, timeRange: ['2026-03-02 10:00:00', '2026-03-02 10:00:00'] }, 'en-US', 'UTC'),
    ).toEqual({});
    expect(filterErrors({ maxDuration: 90_000 }, 'en-US', 'UTC')).toEqual({ maxDuration: 'Longest duration must be at most 86400' });
  });
});

describe('durations', () => {
  it('shows minutes and seconds, hours when there are some', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(75_400)).toBe('1:15');
    expect(formatDuration(3_725_000)).toBe('1:02:05');
    expect(formatOffset(7_900)).toBe('0:07');
  });
});
