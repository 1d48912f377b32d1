import { describe, expect, it } from 'vitest';
import { addDays, dayIn, daysAgoIn, formatClock, formatDateTime, isoToWallTime, wallTimeToIso, zoneOffset } from './date-time.ts';

// 2026-03-02 23:30 UTC: already 3 March in Shanghai, still 2 March in New York.
const instant = '2026-03-02T23:30:05.000Z';

describe('company time', () => {
  it("shows an instant in the company's zone, whatever the browser's", () => {
    expect(formatDateTime(instant, 'Asia/Shanghai')).toBe('2026-03-03 07:30');
    expect(formatDateTime(instant, 'America/New_York')).toBe('2026-03-02 18:30');
    expect(formatDateTime(instant, 'UTC', { seconds: true })).toBe('2026-03-02 23:30:05');
    expect(formatDateTime(null, 'UTC')).toBe('—');
    expect(formatDateTime('not a date', 'UTC')).toBe('—');
    expect(formatClock(instant, 'Asia/Kolkata')).toBe('05:00:05');
  });

  it('midnight is 00, never 24', () => {
    expect(formatDateTime('2026-03-02T16:00:00.000Z', 'Asia/Shanghai')).toBe('2026-03-03 00:00');
  });

  it('labels the zone with its offset at the instant (summer time included)', () => {
    expect(zoneOffset('Asia/Shanghai')).toBe('UTC+08:00');
    expect(zoneOffset('Asia/Kolkata')).toBe('UTC+05:30');
    expect(zoneOffset('UTC')).toBe('UTC');
    expect(zoneOffset('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe('UTC-05:00');
    expect(zoneOffset('America/New_York', new Date('2026-07-15T12:00:00Z'))).toBe('UTC-04:00');
  });

  it("counts days in the company's calendar", () => {
    expect(dayIn(instant, 'Asia/Shanghai')).toBe('2026-03-03');
    expect(dayIn(instant, 'America/New_York')).toBe('2026-03-02');
    expect(daysAgoIn(6, 'Asia/Shanghai', new Date(instant))).toBe('2026-02-25');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it("reads the filter's wall times in the company's zone, and back", () => {
    expect(wallTimeToIso('2026-03-03 07:30:05', 'Asia/Shanghai')).toBe(instant);
    expect(wallTimeToIso('2026-03-02 18:30:05', 'America/New_York')).toBe(instant);
    expect(wallTimeToIso('2026-03-02 08:00', 'UTC')).toBe('2026-03-02T08:00:00.000Z');
    expect(wallTimeToIso('garbage', 'UTC')).toBe('garbage');
    expect(wallTimeToIso(undefined, 'UTC')).toBeUndefined();
    expect(isoToWallTime(instant, 'Asia/Shanghai')).toBe('2026-03-03 07:30:05');
    // New York springs forward on 2026-03-08 at 02:00 (02:30 does not exist) and falls back on 2026-11-01.
    expect(wallTimeToIso('2026-03-08 01:30:00', 'America/New_York')).toBe('2026-03-08T06:30:00.000Z');
    expect(wallTimeToIso('2026-03-08 03:30:00', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(wallTimeToIso('2026-11-01 01:30:00', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
  });
});
