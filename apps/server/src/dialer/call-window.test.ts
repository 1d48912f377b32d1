import { describe, expect, it } from 'vitest';
import { isWindowOpen, localTime, nextOpening, type CallWindow } from './call-window.ts';

const weekdaysShanghai: CallWindow = { start: '09:00', end: '18:00', weekdays: [1, 2, 3, 4, 5], timeZone: 'Asia/Shanghai' };

describe('call window (company time zone, weekday cycle)', () => {
  it('reads the wall clock of the company time zone', () => {
    // 2026-11-23 is a Monday; 01:00 UTC is 09:00 in Shanghai.
    expect(localTime(new Date('2026-11-23T01:00:00Z'), 'Asia/Shanghai')).toEqual({ weekday: 1, minutes: 540, seconds: 0 });
    expect(localTime(new Date('2026-11-23T01:00:00Z'), 'America/New_York').weekday).toBe(7);
  });

  it('opens at the first second of the start and closes at the end minute', () => {
    expect(isWindowOpen(weekdaysShanghai, new Date('2026-11-23T00:59:59Z'))).toBe(false);
    expect(isWindowOpen(weekdaysShanghai, new Date('2026-11-23T01:00:00Z'))).toBe(true);
    expect(isWindowOpen(weekdaysShanghai, new Date('2026-11-23T09:59:59Z'))).toBe(true);
    expect(isWindowOpen(weekdaysShanghai, new Date('2026-11-23T10:00:00Z'))).toBe(false);
  });

  it('stays shut on weekdays outside the cycle', () => {
    // Saturday 2026-11-28, 10:00 in Shanghai.
    expect(isWindowOpen(weekdaysShanghai, new Date('2026-11-28T02:00:00Z'))).toBe(false);
  });

  it('says when it opens next: later today, tomorrow, or after the weekend', () => {
    expect(nextOpening(weekdaysShanghai, new Date('2026-11-23T00:30:00Z'))?.toISOString()).toBe('2026-11-23T01:00:00.000Z');
    expect(nextOpening(weekdaysShanghai, new Date('2026-11-23T10:30:00Z'))?.toISOString()).toBe('2026-11-24T01:00:00.000Z');
    // Friday 19:00 local → Monday 09:00 local.
    expect(nextOpening(weekdaysShanghai, new Date('2026-11-27T11:00:00Z'))?.toISOString()).toBe('2026-11-30T01:00:00.000Z');
    const open = new Date('2026-11-23T02:00:00Z');
    expect(nextOpening(weekdaysShanghai, open)).toBe(open);
  });

  it('has no next opening when the cycle has no day', () => {
    expect(nextOpening({ ...weekdaysShanghai, weekdays: [] }, new Date())).toBeNull();
  });

  it('follows daylight-saving changes of the zone', () => {
    const ny: CallWindow = { start: '09:00', end: '17:00', weekdays: [1, 2, 3, 4, 5, 6, 7], timeZone: 'America/New_York' };
    // DST ended on Sunday 2026-11-01: 09:00 EST is 14:00 UTC (it was 13:00 UTC the day before).
    expect(nextOpening(ny, new Date('2026-10-31T22:00:00Z'))?.toISOString()).toBe('2026-11-01T14:00:00.000Z');
    expect(isWindowOpen(ny, new Date('2026-11-01T13:30:00Z'))).toBe(false);
    expect(isWindowOpen(ny, new Date('2026-11-01T14:00:00Z'))).toBe(true);
  });
});
