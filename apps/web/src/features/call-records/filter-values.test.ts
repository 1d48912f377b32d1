import { describe, expect, it } from 'vitest';
import { filterErrors, localToIso, toFilter } from './filter-values.ts';
import { formatDuration, formatOffset } from './format.ts';

describe('call-record filter form', () => {
  it("drops blank values and turns the picker's local times into instants", () => {
    const filter = toFilter({
      projectId: '',
      phone: '  ',
      tags: [],
      timeRange: ['2026-03-02 08:00:00', '2026-03-02 09:30:00'],
      minDuration: 0,
      status: 'missed',
    });
    expect(filter).toEqual({
      startTime: new Date(2026, 2, 2, 8, 0, 0).toISOString(),
      endTime: new Date(2026, 2, 2, 9, 30, 0).toISOString(),
      minDuration: 0,
      status: 'missed',
    });
    expect(localToIso('2026-03-02 08:00')).toBe(new Date(2026, 2, 2, 8, 0).toISOString());
    expect(localToIso('garbage')).toBe('garbage');
  });

  it('checks the ranges with the contracts schema and puts the message on the field the user changes, in either language', () => {
    expect(filterErrors({ timeRange: ['2026-03-02 10:00:00', '2026-03-02 09:00:00'] }, 'en-US')).toEqual({
      timeRange: 'End time must not be before the start time',
    });
    expect(filterErrors({ minDuration: 60, maxDuration: 30 }, 'zh-CN')).toEqual({ maxDuration: '最长通话时长不能小于最短通话时长' });
    expect(filterErrors({ minDuration: 30, maxDuration: 30, timeRange: ['2026-03-02 10:00:00', '2026-03-02 10:00:00'] }, 'en-US')).toEqual(
      {},
    );
    expect(filterErrors({ maxDuration: 90_000 }, 'en-US')).toEqual({ maxDuration: 'Longest duration must be at most 86400' });
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
