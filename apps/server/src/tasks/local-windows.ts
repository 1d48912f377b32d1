import { zonesOfKey } from '@dialwise/contracts';
import { isOpenInZones, isWindowOpen, nextOpeningInZones, type CallWindow } from './call-window.ts';

/**
 * A task's call window as the dialer reads it for its numbers' zones. With local time off every number
 * follows the company's zone (`window.timeZone`); with it on, each zone key (`subtasks.time_zone`) follows
 * its own zones, all at once for an ambiguous number, and the empty key (a number not placed) the company's
 * (`zonesFor` says which).
 */
export interface LocalWindows {
  window: CallWindow;
  localTime: boolean;
  /** The zone keys of the task's numbers (`tasks.zone_keys`). */
  zoneKeys: readonly string[];
}

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
/** Whether a key's zones share the window's hours in the days after a date: a bounded memo, per hours, date and key. */
const sharing = new Map<string, boolean>();

/**
 * The zones a key's numbers are called in: all of its zones at once (the most restrictive reading of an
 * ambiguous number), or the company's when the number is unplaced — or when its zones are too far apart for
 * the window's hours ever to hold in all of them together (a +1 number whose area code the plan does not know
 * may be anywhere from Guam to Newfoundland): read strictly, such a number would wait for ever, so it is
 * called on the company's clock like a number the plan cannot place. Weekdays and quiet days are left out of
 * that test: they close a window for a while, not for good.
 */
function zonesFor(windows: LocalWindows, key: string, at: Date): string[] {
  const zones = zonesOfKey(key);
  if (zones.length === 0) return [windows.window.timeZone];
  if (zones.length === 1) return zones;
  const { start, end } = windows.window;
  const memo = `${start}-${end} ${at.toISOString().slice(0, 10)} ${key}`;
  let shared = sharing.get(memo);
  if (shared === undefined) {
    if (sharing.size >= 10_000) sharing.clear();
    shared = nextOpeningInZones({ start, end, weekdays: EVERY_DAY }, zones, at) !== null;
    sharing.set(memo, shared);
  }
  return shared ? zones : [windows.window.timeZone];
}

/** Whether the task may dial at all now; with local time, which zone keys may (null: every number may). */
export function openZoneKeys(windows: LocalWindows, at: Date): string[] | null {
  if (!windows.localTime) return isWindowOpen(windows.window, at) ? null : [];
  // One window check per zone per round, however many keys share it.
  const openZones = new Map<string, boolean>();
  const open = (zone: string) => {
    let answer = openZones.get(zone);
    if (answer === undefined) openZones.set(zone, (answer = isWindowOpen({ ...windows.window, timeZone: zone }, at)));
    return answer;
  };
  return windows.zoneKeys.filter((key) => zonesFor(windows, key, at).every(open));
}

/** The first moment after `at` some zone key now shut opens (null: none will within the window's horizon). */
export function nextLocalOpening(windows: LocalWindows, keys: readonly string[], at: Date): Date | null {
  let first: Date | null = null;
  for (const key of keys) {
    const zones = zonesFor(windows, key, at);
    if (isOpenInZones(windows.window, zones, at)) continue;
    const opens = nextOpeningInZones(windows.window, zones, at);
    if (opens && (!first || opens.getTime() < first.getTime())) first = opens;
  }
  return first;
}
