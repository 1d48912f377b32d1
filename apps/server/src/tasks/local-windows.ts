import { zonesOfKey } from '@dialwise/contracts';
import { isOpenInZones, isWindowOpen, nextOpeningInZones, type CallWindow } from './call-window.ts';

/**
 * A task's call window as the dialer reads it for its numbers' zones. With local time off every number
 * follows the company's zone (`window.timeZone`); with it on, each zone key (`subtasks.time_zone`) follows
 * its own zones, all at once for an ambiguous number, and the empty key (a number not placed) the company's.
 */
export interface LocalWindows {
  window: CallWindow;
  localTime: boolean;
  /** The zone keys of the task's numbers (`tasks.zone_keys`). */
  zoneKeys: readonly string[];
}

function zonesFor(windows: LocalWindows, key: string): string[] {
  const zones = zonesOfKey(key);
  return zones.length === 0 ? [windows.window.timeZone] : zones;
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
  return windows.zoneKeys.filter((key) => zonesFor(windows, key).every(open));
}

/** The first moment after `at` some zone key now shut opens (null: none will within the window's horizon). */
export function nextLocalOpening(windows: LocalWindows, keys: readonly string[], at: Date): Date | null {
  let first: Date | null = null;
  for (const key of keys) {
    const zones = zonesFor(windows, key);
    if (isOpenInZones(windows.window, zones, at)) continue;
    const opens = nextOpeningInZones(windows.window, zones, at);
    if (opens && (!first || opens.getTime() < first.getTime())) first = opens;
  }
  return first;
}
