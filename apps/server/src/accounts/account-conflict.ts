import { ErrorCode } from '@dialwise/contracts';
import { violatedUniqueIndex } from '../db/unique-violation.ts';
import { AppError } from '../http/app-error.ts';

/**
 * User names and phone numbers are unique platform-wide (sign-in takes either, without a company): the
 * unique indexes decide, race-free, and their violation becomes a 409 naming the field.
 */
export function accountConflict(error: unknown, attempted: { username?: string; phoneNumber?: string }): unknown {
  const index = violatedUniqueIndex(error);
  if (index === 'users_username_key') {
    return new AppError(ErrorCode.CONFLICT, 'e.account.usernameTaken', { username: attempted.username ?? '' }, { field: 'username' });
  }
  if (index === 'users_phone_key') {
    return new AppError(ErrorCode.CONFLICT, 'e.account.phoneTaken', { phoneNumber: attempted.phoneNumber ?? '' }, { field: 'phoneNumber' });
  }
  return error;
}
