import { normalizeSubtaskPhone } from '@dialwise/contracts';
import { NumberZonePlacer } from './number-time-zones.ts';
import type { AcceptedRow } from './check-row.ts';
import type { UploadTarget } from './upload-target.ts';

/** A checked row ready to store: its number normalized and placed in its time zones. */
export interface PreparedRow extends AcceptedRow {
  /** The zone key (`subtasks.time_zone`): '' when the number plan could not place the number. */
  timeZone: string;
}

/**
 * The one step every stored number passes, whatever brought it (a CSV row, a number pushed through the
 * API): normalized for the project's encryption type (the reader has already checked that it fits), and
 * given its time zones. Returns the preparer of one upload and the counts its result reports.
 */
export function subtaskRowPreparer(target: UploadTarget) {
  const placer = new NumberZonePlacer(target.encryptionType, target.companyTimeZone);
  return (row: AcceptedRow): PreparedRow => {
    const phoneNumber = normalizeSubtaskPhone(target.encryptionType, row.phoneNumber)!;
    return { ...row, phoneNumber, timeZone: placer.place(phoneNumber) };
  };
}
