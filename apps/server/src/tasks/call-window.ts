import { wallClock, type WindowClosure } from '@dialwise/contracts';

/**
 * When a task may dial: inside its daily call window (HH:mm to HH:mm, end after start) on the weekdays
 * of its cycle (ISO: 1 = Monday … 7 = Sunday), except on the company's quiet days, read in one IANA time
 * zone: the company's, or the callee's when the task calls in local time. Pure, so the boundaries are
 * tested with any clock.
 */
export interface CallWindow {
  start: string;
  end: string;
  weekdays: readonly number[];
  timeZone: string;
  /** Local dates (YYYY-MM-DD) on which nobody is called, read in `timeZone`. */
  quietDays?: readonly string[];
}

interface LocalTime {
  weekday: number;
  minutes: number;
  seconds: number;
  /** YYYY-MM-DD */
  date: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock date, weekday and time of `at` in `timeZone`. */
export function localTime(at: Date, timeZone: string): LocalTime {
  const clock = wallClock(at, timeZone);
  return {
    weekday: clock.weekday,
    minutes: clock.hour * 60 + clock.minute,
    seconds: clock.second,
    date: `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`,
  };
}

function isCallingDay(window: CallWindow, local: LocalTime): boolean {
  return window.weekdays.includes(local.weekday) && !window.quietDays?.includes(local.date);
}

export function minutesOf(hhmm: string): number {
  const [hours, minutes] = hhmm.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/** Open from the first second of `start` up to, not including, `end`. */
export function isWindowOpen(window: CallWindow, at: Date): boolean {
  const local = localTime(at, window.timeZone);
  if (!isCallingDay(window, local)) return false;
  return local.minutes >= minutesOf(window.start) && local.minutes < minutesOf(window.end);
}

/**
 * Why the window is shut at `at`, and when it opens next (null while it is open): the same rule as
 * `isWindowOpen` and `nextOpening`, read for the people waiting on it. A window cannot cross midnight
 * (the task form's rule: it ends after it starts on the same day), so after the end it is shut until a
 * later day's start.
 */
export function windowClosure(window: CallWindow, at: Date): { closure: WindowClosure; nextAt: Date | null } | null {
  if (isWindowOpen(window, at)) return null;
  const local = localTime(at, window.timeZone);
  const closure: WindowClosure = !window.weekdays.includes(local.weekday)
    ? 'notCallingDay'
    : window.quietDays?.includes(local.date)
      ? 'quietDay'
      : local.minutes < minutesOf(window.start)
        ? 'beforeHours'
        : 'afterHours';
  return { closure, nextAt: nextOpening(window, at) };
}

/**
 * The next moment the window opens after `at` (or `at` itself when open), or null when the cycle has no
 * weekday. Walks forward minute-aligned candidates — each day's start — so daylight-saving shifts are
 * read from the zone rather than assumed.
 */
export function nextOpening(window: CallWindow, at: Date): Date | null {
  if (window.weekdays.length === 0) return null;
  if (isWindowOpen(window, at)) return at;
  const startMinutes = minutesOf(window.start);
  const local = localTime(at, window.timeZone);
  // Midnight (local) of today, approximately: step back by the local time of day.
  const todayMidnight = at.getTime() - (local.minutes * 60 + local.seconds) * 1000 - (at.getTime() % 1000);
  // A week and a day reaches every weekday once more; each quiet day may push the opening a day further.
  const horizon = 8 + (window.quietDays?.length ?? 0);
  for (let day = 0; day <= horizon; day += 1) {
    const guess = new Date(todayMidnight + day * 86_400_000 + startMinutes * 60_000);
    const candidate = correctToLocal(guess, startMinutes, window.timeZone);
    if (candidate.getTime() > at.getTime() && isWindowOpen(window, candidate)) return candidate;
  }
  return null;
}

/** Nudges a guess by the zone's offset change (DST) so its local time is `minutes` past midnight. */
function correctToLocal(guess: Date, minutes: number, timeZone: string): Date {
  const drift = localTime(guess, timeZone).minutes - minutes;
  if (drift === 0) return guess;
  // Keep the correction within half a day so it never jumps to the neighbouring day.
  const wrapped = ((((drift + 720) % 1440) + 1440) % 1440) - 720;
  return new Date(guess.getTime() - wrapped * 60_000);
}

/**
 * The window read in every zone a number may be in at once (the most restrictive reading of an ambiguous
 * number): open only while it is open in each of them.
 */
export function isOpenInZones(window: Omit<CallWindow, 'timeZone'>, zones: readonly string[], at: Date): boolean {
  return zones.every((timeZone) => isWindowOpen({ ...window, timeZone }, at));
}

/**
 * The next moment the window is open in all of `zones` at once (or `at` itself), or null when no such
 * moment comes within the horizon (a window too short to overlap across zones far apart). Such a moment
 * is always some zone's opening, so it jumps to the latest next opening until every zone is open there.
 */
export function nextOpeningInZones(window: Omit<CallWindow, 'timeZone'>, zones: readonly string[], at: Date): Date | null {
  if (zones.length === 0) return null;
  const horizon = at.getTime() + (9 + (window.quietDays?.length ?? 0)) * 86_400_000;
  let candidate = at;
  while (candidate.getTime() <= horizon) {
    let latest = candidate;
    for (const timeZone of zones) {
      const opens = nextOpening({ ...window, timeZone }, candidate);
      if (!opens) return null;
      if (opens.getTime() > latest.getTime()) latest = opens;
    }
    if (isOpenInZones(window, zones, latest)) return latest;
    // Some zone closed by the time the last one opened: look again from there (it opens later).
    candidate = latest.getTime() === candidate.getTime() ? new Date(latest.getTime() + 60_000) : latest;
  }
  return null;
}
