import { UPLOAD_ROW_LIMITS, parseBusinessInfo, type RejectedRow } from '@dialwise/contracts';

/** A row that passed the rules, ready to store (its phone not yet normalized to the project's form). */
export interface AcceptedRow {
  row: number;
  phoneNumber: string;
  prologueInfo: string;
  businessInfo: Record<string, string>;
  remark: string;
  extra: Record<string, string>;
}

export type RowOutcome = { ok: true; value: AcceptedRow } | { ok: false; value: RejectedRow };

/** One number's fields as either input gives them: a CSV line's cells, or a pushed JSON row. */
export interface RowCells {
  phoneNumber: string;
  prologueInfo: string;
  /** The column's text, `key=value` pairs joined by `&`. */
  businessInfo: string;
  remark: string;
  extra: Iterable<readonly [string, string]>;
}

/**
 * The row rules of a subtask, written once for the CSV upload and the API's push: a phone that is present and
 * fits the project's encryption type, business info that parses, and every value within its length. `row` is
 * the line number (CSV) or the 1-based position in the batch (push), echoed in a refusal.
 */
export function checkSubtaskRow(cells: RowCells, row: number, isValidPhone: (value: string) => boolean): RowOutcome {
  const reject = (problem: RejectedRow['problem'], column: string | null, value: string): RowOutcome => ({
    ok: false,
    value: { row, problem, column, value: value.slice(0, 200) },
  });

  const phoneNumber = cells.phoneNumber.trim();
  if (phoneNumber === '') return reject('phoneMissing', 'phoneNumber', '');
  if (phoneNumber.length > UPLOAD_ROW_LIMITS.phoneNumber || !isValidPhone(phoneNumber)) {
    return reject('phoneInvalid', 'phoneNumber', phoneNumber);
  }
  const businessInfo = parseBusinessInfo(cells.businessInfo);
  if (!businessInfo) return reject('businessInfoInvalid', 'businessInfo', cells.businessInfo);

  for (const column of ['prologueInfo', 'businessInfo', 'remark'] as const) {
    if (cells[column].length > UPLOAD_ROW_LIMITS[column]) return reject('valueTooLong', column, cells[column]);
  }
  const extra: Record<string, string> = {};
  for (const [name, value] of cells.extra) {
    if (value.length > UPLOAD_ROW_LIMITS.extraValue) return reject('valueTooLong', name, value);
    extra[name] = value;
  }
  return { ok: true, value: { row, phoneNumber, prologueInfo: cells.prologueInfo, businessInfo, remark: cells.remark, extra } };
}
