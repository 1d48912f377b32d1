import { ErrorCode } from '@dialwise/contracts';
import { violatedUniqueIndex } from '../db/unique-violation.ts';
import { AppError } from '../http/app-error.ts';

/** Aliases are unique per company (case-insensitive index): a violation is a 409 naming the alias. */
export function sipLineConflict(error: unknown, alias: string | undefined): unknown {
  if (violatedUniqueIndex(error) === 'sip_lines_alias_key') {
    return new AppError(ErrorCode.CONFLICT, 'e.sip.aliasTaken', { alias: alias ?? '' }, { field: 'alias' });
  }
  return error;
}
