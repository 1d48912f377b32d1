import { CsvError } from 'csv-parse';
import { ErrorCode, type MessageKey } from '@dialwise/contracts';
import { AppError } from './app-error.ts';

/** csv-parse's error codes (with and without its CSV_ prefix: releases differ) → the reason we show. */
const REASONS: Record<string, MessageKey> = {
  INVALID_OPENING_QUOTE: 'e.csv.quoteInField',
  CSV_INVALID_OPENING_QUOTE: 'e.csv.quoteInField',
  CSV_QUOTE_NOT_CLOSED: 'e.csv.quoteNotClosed',
  CSV_INVALID_CLOSING_QUOTE: 'e.csv.afterClosingQuote',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'e.csv.afterClosingQuote',
  CSV_MAX_RECORD_SIZE: 'e.csv.rowTooLong',
};

/**
 * A CSV file that cannot be read as CSV becomes one 400 naming the line and the reason, in the caller's
 * language (csv-parse's own text is English and names internals); any other error is returned unchanged.
 */
export function csvFailure(error: unknown): unknown {
  if (!(error instanceof CsvError)) return error;
  const line = Number((error as CsvError & { lines?: number }).lines) || 1;
  return new AppError(ErrorCode.VALIDATION, 'e.upload.malformed', { line, reason: REASONS[error.code] ?? 'e.csv.unreadable' });
}
