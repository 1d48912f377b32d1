import { describe, expect, it } from 'vitest';
import { zonesOfKey } from '@dialwise/contracts';
import { zoneKeyOfDigits } from '../subtasks/number-time-zones.ts';
import type { CallWindow } from './call-window.ts';
import { nextLocalOpening, openZoneKeys, type LocalWindows } from './local-windows.ts';

const NY = 'America/New_York';
const SHANGHAI = 'Asia/Shanghai';
const INDONESIA = 'Asia/Jakarta Asia/Jayapura Asia/Makassar';
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const window: CallWindow = { start: '09:00', end: '20:00', weekdays: EVERY_DAY, timeZone: SHANGHAI };
const local = (zoneKeys: string[], over: Partial<CallWindow> = {}): LocalWindows => ({
  window: { ...window, ...over },
  localTime: true,
  zoneKeys,
});
const at = (iso: string) => new Date(iso);
const openAt = (windows: LocalWindows, iso: string) => openZoneKeys(windows, at(iso));

describe("the call window in the callee's local time", () => {
  it('opens at 09:00 and closes at 20:00 on the callee’s clock, not the company’s', () => {
    const ny = local([NY]);
    // Tuesday 2026-11-24 in New York (EST, UTC-5); the company is in Shanghai, 13 hours ahead.
    expect(openAt(ny, '2026-11-24T13:59:00Z')).toEqual([]); // 08:59
    expect(openAt(ny, '2026-11-24T14:00:00Z')).toEqual([NY]); // 09:00
    expect(openAt(ny, '2026-11-25T00:59:59Z')).toEqual([NY]); // 19:59:59
    expect(openAt(ny, '2026-11-25T01:00:00Z')).toEqual([]); // 20:00
    expect(nextLocalOpening(ny, [NY], at('2026-11-25T01:00:00Z'))?.toISOString()).toBe('2026-11-25T14:00:00.000Z');
  });

  it("follows the callee's daylight-saving changes, both ways", () => {
    const ny = local([NY]);
    // Autumn: 09:00 EDT is 13:00Z on Saturday 31 October 2026; after the change 09:00 EST is 14:00Z.
    expect(openAt(ny, '2026-10-31T13:00:00Z')).toEqual([NY]);
    expect(openAt(ny, '2026-11-02T13:00:00Z')).toEqual([]);
    expect(openAt(ny, '2026-11-02T14:00:00Z')).toEqual([NY]);
    // From Saturday night the next opening is Sunday 09:00 EST, the clocks having gone back at 02:00.
    expect(nextLocalOpening(ny, [NY], at('2026-11-01T00:30:00Z'))?.toISOString()).toBe('2026-11-01T14:00:00.000Z');
    // Spring: 09:00 EST is 14:00Z on Saturday 7 March 2026; on Monday 9 March 09:00 EDT is 13:00Z.
    expect(openAt(ny, '2026-03-07T13:30:00Z')).toEqual([]);
    expect(openAt(ny, '2026-03-09T13:00:00Z')).toEqual([NY]);
    expect(nextLocalOpening(ny, [NY], at('2026-03-08T01:30:00Z'))?.toISOString()).toBe('2026-03-08T13:00:00.000Z');
  });

  it("is not moved by the company's own daylight-saving change", () => {
    // A company in London (summer time ends 25 October 2026) calling Shanghai (no summer time).
    const inLondon = { timeZone: 'Europe/London' };
    const callee = local([SHANGHAI], inLondon);
    const companyTime: LocalWindows = { ...callee, localTime: false };
    // 08:30Z: 16:30 in Shanghai on both sides of London's change; in London 09:30 BST before, 08:30 GMT after.
    expect(openAt(callee, '2026-10-24T08:30:00Z')).toEqual([SHANGHAI]);
    expect(openAt(callee, '2026-10-26T08:30:00Z')).toEqual([SHANGHAI]);
    expect(openAt(companyTime, '2026-10-24T08:30:00Z')).toBeNull();
    expect(openAt(companyTime, '2026-10-26T08:30:00Z')).toEqual([]);
  });

  it('holds for an ambiguous number in every zone it may be in at once', () => {
    // Jakarta UTC+7, Makassar +8, Jayapura +9: 09:00 in Jakarta (02:00Z) to 20:00 in Jayapura (11:00Z).
    const id = local([INDONESIA]);
    expect(openAt(id, '2026-11-24T01:59:00Z')).toEqual([]); // Jakarta 08:59, though Jayapura is at 10:59
    expect(openAt(id, '2026-11-24T02:00:00Z')).toEqual([INDONESIA]);
    expect(openAt(id, '2026-11-24T10:59:00Z')).toEqual([INDONESIA]); // Jayapura 19:59
    expect(openAt(id, '2026-11-24T11:00:00Z')).toEqual([]); // Jayapura 20:00, though Jakarta is at 18:00
    expect(nextLocalOpening(id, [INDONESIA], at('2026-11-24T11:00:00Z'))?.toISOString()).toBe('2026-11-25T02:00:00.000Z');
  });

  it("reads zones too far apart to ever share the window's hours on the company's clock, as if unplaced", () => {
    // 09:00–12:00 in both Honolulu (UTC-10) and Guam (UTC+10) never overlaps: such a number would wait forever.
    const apart = local(['Pacific/Guam Pacific/Honolulu'], { end: '12:00' });
    expect(openAt(apart, '2026-11-24T20:00:00Z')).toEqual([]); // 04:00 in Shanghai
    expect(openAt(apart, '2026-11-24T02:00:00Z')).toEqual(['Pacific/Guam Pacific/Honolulu']); // 10:00 in Shanghai
    expect(nextLocalOpening(apart, ['Pacific/Guam Pacific/Honolulu'], at('2026-11-24T20:00:00Z'))?.toISOString()).toBe(
      '2026-11-25T01:00:00.000Z',
    );
  });

  it("calls a +1 number whose area code the plan does not know in the company's window when its zones never share it", () => {
    // Area code 555 is nobody's: the plan gives every zone of the North American plan, Guam to Newfoundland.
    const unknownArea = zoneKeyOfDigits('15555550101');
    expect(zonesOfKey(unknownArea).length).toBeGreaterThan(20);
    const chicago = local([unknownArea, NY], { timeZone: 'America/Chicago' });
    // July, summer time: 09:00–20:00 never holds in Guam (UTC+10) and in St John's (UTC-2:30) at once.
    // Tuesday 14 July 14:00Z is 09:00 in Chicago (and 10:00 in New York).
    expect(openAt(chicago, '2026-07-14T13:59:00Z')).toEqual([NY]);
    expect(openAt(chicago, '2026-07-14T14:00:00Z')).toEqual([unknownArea, NY]);
    expect(openAt(chicago, '2026-07-15T00:59:00Z')).toEqual([unknownArea]); // 19:59 in Chicago, 20:59 in New York
    expect(nextLocalOpening(chicago, [unknownArea], at('2026-07-15T01:00:00Z'))?.toISOString()).toBe('2026-07-15T14:00:00.000Z');
  });

  it('keeps the strict reading for a +1 number of unknown area code while its zones share the window', () => {
    // November: 23:00–23:30Z is 09:00 in Guam, 12:00 in Pago Pago and 19:00 in St John's — inside 09:00–20:00 in every zone.
    const unknownArea = zoneKeyOfDigits('15555550101');
    const chicago = local([unknownArea], { timeZone: 'America/Chicago' });
    expect(openAt(chicago, '2026-11-24T15:00:00Z')).toEqual([]); // 09:00 in Chicago
    expect(openAt(chicago, '2026-11-24T23:00:00Z')).toEqual([unknownArea]);
    expect(openAt(chicago, '2026-11-24T23:30:00Z')).toEqual([]);
    expect(nextLocalOpening(chicago, [unknownArea], at('2026-11-24T15:00:00Z'))?.toISOString()).toBe('2026-11-24T23:00:00.000Z');
  });

  it("reads an unplaced number in the company's zone", () => {
    const both = local(['', NY]);
    // 10:00 in Shanghai (02:00Z) is 21:00 the day before in New York.
    expect(openAt(both, '2026-11-24T02:00:00Z')).toEqual(['']);
    expect(openAt(both, '2026-11-24T14:00:00Z')).toEqual([NY]);
  });

  it("keeps the company's quiet days in the callee's zone, and opens the day after", () => {
    const ny = local([NY], { quietDays: ['2026-11-26'] });
    // Thanksgiving: 10:00 on 26 November in New York is 15:00Z.
    expect(openAt(ny, '2026-11-25T15:00:00Z')).toEqual([NY]);
    expect(openAt(ny, '2026-11-26T15:00:00Z')).toEqual([]);
    expect(nextLocalOpening(ny, [NY], at('2026-11-26T15:00:00Z'))?.toISOString()).toBe('2026-11-27T14:00:00.000Z');
    // Already the 26th in Shanghai (03:00Z = 11:00) while New York is still on the 25th: Shanghai waits.
    const both = local([NY, SHANGHAI], { quietDays: ['2026-11-26'] });
    expect(openAt(both, '2026-11-26T03:00:00Z')).toEqual([]);
    expect(openAt(both, '2026-11-25T14:00:00Z')).toEqual([NY]);
  });

  it('answers null (every number) or nothing with local time off, as the company zone says', () => {
    const off: LocalWindows = { window, localTime: false, zoneKeys: [NY] };
    expect(openAt(off, '2026-11-24T02:00:00Z')).toBeNull(); // 10:00 in Shanghai
    expect(openAt(off, '2026-11-24T14:00:00Z')).toEqual([]); // 22:00 in Shanghai
  });
});
