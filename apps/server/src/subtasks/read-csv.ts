import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { csvFailure } from '../http/csv-failure.ts';
import { joinStages } from '../http/request-body.ts';
import { UPLOAD_REQUIRED_COLUMNS, UPLOAD_ROW_LIMITS } from '@dialwise/contracts';
import { checkSubtaskRow, type RowOutcome } from './check-row.ts';

/** A refused file as a whole (not a refused row): the message key says why. */
export class UploadFileError extends Error {
  constructor(
    readonly key: 'e.upload.empty' | 'e.upload.missingFields' | 'e.upload.tooManyColumns',
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

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
  if (record.length !== header.length) {
    return { ok: false, value: { row: line, problem: 'columnCount', column: null, value: record.join(',').slice(0, 200) } };
  }
  const cell = (name: string) => record[header.indexOf(name)] ?? '';
  const extra = header.flatMap((name, index) =>
    (UPLOAD_REQUIRED_COLUMNS as readonly string[]).includes(name) ? [] : [[name, record[index] ?? ''] as const],
  );
  return checkSubtaskRow(
    {
      phoneNumber: cell('phoneNumber'),
      prologueInfo: cell('prologueInfo'),
      businessInfo: cell('businessInfo'),
      remark: cell('remark'),
      extra,
    },
    line,
    options.isValidPhone,
  );
}
