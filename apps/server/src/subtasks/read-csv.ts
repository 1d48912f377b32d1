import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { csvFailure } from '../http/csv-failure.ts';
import { joinStages } from '../http/request-body.ts';
import { UPLOAD_REQUIRED_COLUMNS, UPLOAD_ROW_LIMITS, parseBusinessInfo, type RejectedRow } from '@dialwise/contracts';

/** A refused file as a whole (not a refused row): the message key says why. */
export class UploadFileError extends Error {
  constructor(
    readonly key: 'e.upload.empty' | 'e.upload.missingFields' | 'e.upload.tooManyColumns',
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

export interface AcceptedRow {
  row: number;
  phoneNumber: string;
  prologueInfo: string;
  businessInfo: Record<string, string>;
  remark: string;
  extra: Record<string, string>;
}

export type RowOutcome = { ok: true; value: AcceptedRow } | { ok: false; value: RejectedRow };

export interface ReadCsvOptions {
  /** Whether a stored phone value fits the project's encryption type. */
  isValidPhone: (value: string) => boolean;
  /** Called once with the header's extra columns, before the first row. */
  onHeader?: (extraColumns: readonly string[]) => void;
}

/**
 * Reads a subtask CSV as a stream, one row at a time, so memory stays flat however large the file.
 * The header must hold the required columns (any order, a UTF-8 BOM allowed); every other column is
 * kept per row as an extra. Each row comes back accepted or rejected with its line number and reason.
 */
export async function* readSubtaskCsv(input: Readable, options: ReadCsvOptions): AsyncGenerator<RowOutcome> {
  let header: string[] | null = null;
  // Joined with pipeline: a stream error on the input (an aborted upload) reaches the loop below.
  const parser = joinStages(
    input,
    parse({
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: false,
      max_record_size: 64 * 1024,
      info: true,
    }),
  );

  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!header) {
        header = record.map((name) => name.trim());
        const missing = UPLOAD_REQUIRED_COLUMNS.filter((column) => !header!.includes(column));
        if (missing.length > 0) throw new UploadFileError('e.upload.missingFields', { columns: missing.join(', ') });
        const extras = header.filter((name) => !(UPLOAD_REQUIRED_COLUMNS as readonly string[]).includes(name));
        if (extras.length > UPLOAD_ROW_LIMITS.extraColumns) {
          throw new UploadFileError('e.upload.tooManyColumns', { max: UPLOAD_ROW_LIMITS.extraColumns });
        }
        options.onHeader?.(extras);
        continue;
      }
      yield checkRow(header, record, info.lines, options);
    }
  } catch (error) {
    throw csvFailure(error);
  }
  if (!header) throw new UploadFileError('e.upload.empty');
}

function checkRow(header: readonly string[], record: readonly string[], line: number, options: ReadCsvOptions): RowOutcome {
  const reject = (problem: RejectedRow['problem'], column: string | null, value: string): RowOutcome => ({
    ok: false,
    value: { row: line, problem, column, value: value.slice(0, 200) },
  });

  if (record.length !== header.length) return reject('columnCount', null, record.join(','));
  const cell = (name: string) => record[header.indexOf(name)] ?? '';

  const phoneNumber = cell('phoneNumber').trim();
  if (phoneNumber === '') return reject('phoneMissing', 'phoneNumber', '');
  if (phoneNumber.length > UPLOAD_ROW_LIMITS.phoneNumber || !options.isValidPhone(phoneNumber)) {
    return reject('phoneInvalid', 'phoneNumber', phoneNumber);
  }
  const businessText = cell('businessInfo');
  const businessInfo = parseBusinessInfo(businessText);
  if (!businessInfo) return reject('businessInfoInvalid', 'businessInfo', businessText);

  for (const column of ['prologueInfo', 'businessInfo', 'remark'] as const) {
    if (cell(column).length > UPLOAD_ROW_LIMITS[column]) return reject('valueTooLong', column, cell(column));
  }
  const extra: Record<string, string> = {};
  for (const [index, name] of header.entries()) {
    if ((UPLOAD_REQUIRED_COLUMNS as readonly string[]).includes(name)) continue;
    const value = record[index] ?? '';
    if (value.length > UPLOAD_ROW_LIMITS.extraValue) return reject('valueTooLong', name, value);
    extra[name] = value;
  }
  return {
    ok: true,
    value: { row: line, phoneNumber, prologueInfo: cell('prologueInfo'), businessInfo, remark: cell('remark'), extra },
  };
}
