/**
 * An instant read on the wall clock of an IANA time zone: the one reading the dialer's call windows, the
 * console's times, the CSV export and the browser tests share (every time the product shows or decides on
 * is the company's local time).
 */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** ISO: 1 = Monday … 7 = Sunday. */
  weekday: number;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function wallClock(at: Date, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(at)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 0,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-23 09:37` (with `:05` when `seconds`) on the zone's wall clock: the one way an instant is written. */
export function formatWallClock(at: Date, timeZone: string, style: { seconds?: boolean } = {}): string {
  const c = wallClock(at, timeZone);
  const day = `${c.year}-${pad(c.month)}-${pad(c.day)}`;
  return `${day} ${pad(c.hour)}:${pad(c.minute)}${style.seconds ? `:${pad(c.second)}` : ''}`;
}
