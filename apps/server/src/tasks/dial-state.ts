import type { TaskDialState, TaskStatus, TaskStatusReason } from '@dialwise/contracts';
import { windowClosure, type CallWindow } from './call-window.ts';
import { nextLocalOpening, openZoneKeys } from './local-windows.ts';

/** What the dialer's round and its claim look at for one task, read at one moment. */
export interface DialFacts {
  status: TaskStatus;
  /** Set when the dialer paused the task by itself (the circuit breaker). */
  statusReason: TaskStatusReason | null;
  window: CallWindow;
  /** The task calls in its callees' zones: the zone keys that have pending numbers (null: local time off). */
  pendingZoneKeys: readonly string[] | null;
  pendingCount: number;
  /** The task's calls live now, every dialer process's. */
  liveCalls: number;
  /** Its enabled lines: each one's concurrency and the calls live on it now (every task's). */
  lines: readonly { concurrency: number; liveCalls: number }[];
  /** The company's cap on calls at once (the provider's `maxConcurrency`) and its calls live now. */
  company: { cap: number; liveCalls: number };
  /** A pending number may be dialled now (its redial gap, if any, is over); else when the first one may. */
  due: { now: boolean; nextAt: Date | null };
}

/**
 * Why a started task places no call now, and when it will (null: it dials, or it is not started). The
 * checks are the dialer's, in the order that tells the user what to do first: a task without a usable
 * line or without numbers waits for a person, whatever the clock says; then the call window (the rule of
 * `call-window.ts`, the one the scheduler applies); then the numbers' redial gaps; then, only when the task
 * has no call of its own on the line, the limits the claim holds (the company's cap, the lines' places).
 * A task at its own budget with calls live is dialling, so it has no reason to show. The line pacer's
 * back-off lives in the dialer's memory and is not told here; its calls come back as redials.
 */
export function explainDialState(facts: DialFacts, now: Date): TaskDialState | null {
  if (facts.status === 'paused' && facts.statusReason) return facts.statusReason;
  if (facts.status !== 'in_progress') return null;
  if (facts.lines.length === 0) return { code: 'noLine' };
  if (facts.pendingCount <= 0) return facts.liveCalls > 0 ? { code: 'finishing', liveCalls: facts.liveCalls } : { code: 'nothingToCall' };
  const only = facts.pendingZoneKeys ? soleZone(facts.pendingZoneKeys, facts.window.timeZone) : facts.window.timeZone;
  if (facts.pendingZoneKeys && only !== facts.window.timeZone) {
    // Calling in local time with numbers in other zones than the company's: shut when no zone key is open.
    const windows = { window: facts.window, localTime: true, zoneKeys: facts.pendingZoneKeys };
    if (openZoneKeys(windows, now)?.length === 0) {
      const nextAt = nextLocalOpening(windows, facts.pendingZoneKeys, now);
      return {
        code: 'outsideWindow',
        closure: 'localHours',
        nextAt: nextAt?.toISOString() ?? null,
        timeZone: facts.window.timeZone,
        localTime: true,
      };
    }
  }
  // Local time off, or every pending number in the company's zone: the company's window, with its precise reason.
  const shut = only === facts.window.timeZone ? windowClosure(facts.window, now) : null;
  if (shut) {
    return { code: 'outsideWindow', closure: shut.closure, nextAt: shut.nextAt?.toISOString() ?? null, timeZone: facts.window.timeZone };
  }
  if (!facts.due.now && facts.due.nextAt) {
    return { code: 'redialWait', nextAt: facts.due.nextAt.toISOString(), timeZone: facts.window.timeZone };
  }
  if (facts.liveCalls > 0) return null;
  if (facts.company.liveCalls >= facts.company.cap) return { code: 'companyCap', cap: facts.company.cap };
  const free = facts.lines.reduce((sum, line) => sum + Math.max(0, line.concurrency - line.liveCalls), 0);
  if (free === 0) return { code: 'linesBusy', capacity: facts.lines.reduce((sum, line) => sum + line.concurrency, 0) };
  return null;
}

/** The one zone every pending number is in (unplaced ones in the company's), or null when they differ. */
function soleZone(zoneKeys: readonly string[], companyZone: string): string | null {
  const zones = new Set(zoneKeys.flatMap((key) => (key === '' ? [companyZone] : key.split(' '))));
  return zones.size === 1 ? [...zones][0]! : null;
}
