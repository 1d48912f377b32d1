import { ErrorCode, staleEditData } from '@dialwise/contracts';
import { AppError } from '../http/app-error.ts';

/**
 * The one optimistic-concurrency check of edit forms (issue 15 point 8). `stored` is the row as read inside the
 * edit's transaction with FOR UPDATE (so no other save can slip in between the check and the write); `sent`
 * is the version the form opened. A stale form is refused with 409 and the version now stored, and nothing
 * is written; otherwise the answer is the version to write with the change.
 */
export function nextEditVersion(stored: { version: number }, sent: number): number {
  if (stored.version !== sent) throw new AppError(ErrorCode.CONFLICT, 'e.staleEdit', {}, staleEditData(stored.version));
  return stored.version + 1;
}
