import { describe, expect, it } from 'vitest';
import { isWindowOpen, localTime, nextOpening, windowClosure, type CallWindow } from './call-window.ts';

const weekdaysShanghai: CallWindow = { start: '09:00', end: '18:00', weekdays: [1, 2, 3, 4, 5], timeZone: 'Asia/Shanghai' };

describe('call window (company time zone, weekday cycle)', () => {
  it('reads the wall clock of the company time zone', () => {
    // 2026-11-23 is a Monday; 01:00 UTC is 09:00 in Shanghai.
    expect(localTime(new Date('2026-11-23T01:00:00Z'), 'Asia/Shanghai')).toEqual({
      weekday: 1,
      minutes: 540,
      seconds: 0,
      date: '2026-11-23',
    });
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

  describe('why it is shut and when it opens (what the task list tells the user)', () => {
    // The demo's realistic window: 09:00–20:00, Monday to Saturday, in Shanghai (UTC+8 all year, no summer time).
    const demo: CallWindow = { start: '09:00', end: '20:00', weekdays: [1, 2, 3, 4, 5, 6], timeZone: 'Asia/Shanghai' };
    const closure = (window: CallWindow, iso: string) => {
      const shut = windowClosure(window, new Date(iso));
      return shut && { closure: shut.closure, nextAt: shut.nextAt?.toISOString() ?? null };
    };

    it('is open (null) inside the window', () => {
      expect(closure(demo, '2026-11-23T01:00:00Z')).toBeNull();
    });

    it('before the start on a calling day: today at the start', () => {
      // Monday 2026-11-23 07:30 in Shanghai.
      expect(closure(demo, '2026-11-22T23:30:00Z')).toEqual({ closure: 'beforeHours', nextAt: '2026-11-23T01:00:00.000Z' });
    });

    it("once the day's window has passed, the next calling day's start (the end minute itself is shut)", () => {
      // Monday 20:00 sharp and Monday 23:10 in Shanghai → Tuesday 09:00.
      expect(closure(demo, '2026-11-23T12:00:00Z')).toEqual({ closure: 'afterHours', nextAt: '2026-11-24T01:00:00.000Z' });
      expect(closure(demo, '2026-11-23T15:10:00Z')).toEqual({ closure: 'afterHours', nextAt: '2026-11-24T01:00:00.000Z' });
    });

    it('Saturday evening and Sunday wait for Monday', () => {
      // Saturday 2026-11-28 21:00 (past the window) and Sunday 10:00 in Shanghai → Monday 2026-11-30 09:00.
      expect(closure(demo, '2026-11-28T13:00:00Z')).toEqual({ closure: 'afterHours', nextAt: '2026-11-30T01:00:00.000Z' });
      expect(closure(demo, '2026-11-29T02:00:00Z')).toEqual({ closure: 'notCallingDay', nextAt: '2026-11-30T01:00:00.000Z' });
      // Monday to Friday: Friday evening goes over Saturday and Sunday.
      const weekdaysOnly = { ...demo, weekdays: [1, 2, 3, 4, 5] };
      expect(closure(weekdaysOnly, '2026-11-28T02:00:00Z')).toEqual({ closure: 'notCallingDay', nextAt: '2026-11-30T01:00:00.000Z' });
    });

    it("reads the weekday and the hour in the company's zone, not the server's", () => {
      // 18:45 UTC on Saturday 28 November is 00:15 on Sunday in Kolkata (UTC+05:30, no summer time): a Sunday.
      const kolkata: CallWindow = { start: '08:30', end: '21:00', weekdays: [1, 2, 3, 4, 5, 6], timeZone: 'Asia/Kolkata' };
      expect(closure(kolkata, '2026-11-28T18:45:00Z')).toEqual({ closure: 'notCallingDay', nextAt: '2026-11-30T03:00:00.000Z' });
      // 23:00 UTC on Sunday is 20:00 on Sunday in São Paulo (UTC-3 all year since 2019): the window has passed.
      const saoPaulo: CallWindow = { start: '09:00', end: '18:00', weekdays: [1, 2, 3, 4, 5, 6, 7], timeZone: 'America/Sao_Paulo' };
      expect(closure(saoPaulo, '2026-11-29T23:00:00Z')).toEqual({ closure: 'afterHours', nextAt: '2026-11-30T12:00:00.000Z' });
      // 02:00 UTC on Monday is still Sunday 23:00 there: the same day, so it opens at Monday 09:00 local.
      expect(closure(saoPaulo, '2026-11-30T02:00:00Z')).toEqual({ closure: 'afterHours', nextAt: '2026-11-30T12:00:00.000Z' });
    });

    it('a window cannot cross midnight, so 00:00–23:59 every day is the widest: shut for the last minute of each day only', () => {
      const allDay: CallWindow = { start: '00:00', end: '23:59', weekdays: [1, 2, 3, 4, 5, 6, 7], timeZone: 'Asia/Shanghai' };
      // Sunday 23:58:59 in Shanghai is open; 23:59:00 waits 60 s for Monday 00:00.
      expect(closure(allDay, '2026-11-29T15:58:59Z')).toBeNull();
      expect(closure(allDay, '2026-11-29T15:59:00Z')).toEqual({ closure: 'afterHours', nextAt: '2026-11-29T16:00:00.000Z' });
      expect(closure(allDay, '2026-11-29T16:00:00Z')).toBeNull();
    });

    it('says when summer time moves the opening (New York, the Sunday it ends)', () => {
      const ny: CallWindow = { start: '09:00', end: '17:00', weekdays: [7], timeZone: 'America/New_York' };
      // Saturday 31 October 18:00 EDT → Sunday 1 November 09:00 EST (14:00 UTC, not 13:00).
      expect(closure(ny, '2026-10-31T22:00:00Z')).toEqual({ closure: 'notCallingDay', nextAt: '2026-11-01T14:00:00.000Z' });
    });
  });
});
