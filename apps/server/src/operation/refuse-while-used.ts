import { ErrorCode, type MessageKey } from '@dialwise/contracts';
import { AppError } from '../http/app-error.ts';

/**
 * Refuses (409, nothing removed) to delete a catalogue entry while others still use it or hold a grant of it:
 * `users` are their names, joined into the message's `{param}` so the provider knows what to change first.
 */
export function refuseWhileUsed(key: MessageKey, param: string, users: string[], data: unknown = null): void {
  if (users.length > 0) throw new AppError(ErrorCode.CONFLICT, key, { [param]: users.join(', ') }, data);
}
