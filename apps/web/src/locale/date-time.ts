import { formatWallClock, wallClock } from '@dialwise/contracts';
/**
 * Every time the console shows is read in the signed-in user's company time zone (the zone the dialer reads
 * call windows in, the boards count days in and the CSV export writes): one set of pure functions here, each
 * taking the zone, and `useCompanyTime` (company-time.tsx) binding them to the user's. Times read the same in
 * both languages: `2026-11-23 09:37`.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const toDate = (at: string | number | Date) => (at instanceof Date ? at : new Date(at));

/** The zone this browser is in: used only before anyone has signed in (the login page). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export interface DateTimeStyle {
  /** `…:ss` as well (the call-record filter, the real-time refresh). */
  seconds?: boolean;
}

/** An instant as the console shows it, in `timeZone`: `2026-11-23 09:37`; "—" for nothing or a bad value. */
export function formatDateTime(at: string | number | Date | null | undefined, timeZone: string, style: DateTimeStyle = {}): string {
  if (at === null || at === undefined || at === '') return '—';
  const date = toDate(at);
  if (Number.isNaN(date.getTime())) return '—';
  return formatWallClock(date, timeZone, style);
}

/** The time of day alone, `09:37:05`, in `timeZone`. */
export function formatClock(at: string | number | Date, timeZone: string): string {
  const p = wallClock(toDate(at), timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** The calendar day of an instant in `timeZone`, `YYYY-MM-DD`. */
export function dayIn(at: string | number | Date, timeZone: string): string {
  const p = wallClock(toDate(at), timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** A `YYYY-MM-DD` day moved by whole days (calendar arithmetic, no zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(y, m - 1, d + days));
  return `${moved.getUTCFullYear()}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
}

/** The day `days` before today in `timeZone`. */
export function daysAgoIn(days: number, timeZone: string, now: Date = new Date()): string {
  return addDays(dayIn(now, timeZone), -days);
}

/** How far `timeZone` is ahead of UTC at an instant, in milliseconds. */
function offsetMs(timeZone: string, at: number): number {
  const p = wallClock(new Date(at), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000;
}

/** `UTC+08:00` (`UTC` itself at zero) for `timeZone` at an instant: zones with summer time change it. */
export function zoneOffset(timeZone: string, at: Date = new Date()): string {
  const minutes = Math.round(offsetMs(timeZone, at.getTime()) / 60_000);
  if (minutes === 0) return 'UTC';
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * "2026-03-02 16:00:00" read in `timeZone` → the ISO instant the server compares. A wall time that a
 * summer-time change skips resolves forward; one it repeats takes the earlier instant. Unreadable text
 * passes through unchanged (the schema names it).
 */
export function wallTimeToIso(text: string | undefined, timeZone: string): string | undefined {
  if (!text) return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return text;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  const first = asUtc - offsetMs(timeZone, asUtc);
  const second = asUtc - offsetMs(timeZone, first);
  return new Date(Math.min(first, second)).toISOString();
}

/** An instant back to the picker's wall-time text in `timeZone`: `2026-03-02 16:00:00`. */
export function isoToWallTime(iso: string | undefined, timeZone: string): string | undefined {
  return iso ? formatDateTime(iso, timeZone, { seconds: true }) : undefined;
}
