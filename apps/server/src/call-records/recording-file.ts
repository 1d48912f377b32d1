import { ErrorCode } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { AppError } from '../http/app-error.ts';
import { fileInside, type FileInside } from '../http/file-inside.ts';
import { visibleCall } from './call-record-row.ts';

/**
 * The WAV of a call the caller may see (404 otherwise), as a real file inside the recordings folder. The
 * stored path is resolved with symlinks followed and must land inside the folder: a row pointing
 * anywhere else (a bad migration, a tampered database) is refused as missing, never served. A live call
 * has no finished recording yet (its header sizes are written at the end).
 */
export async function recordingFile(ctx: ActionContext, id: string, recordingsDir: string): Promise<FileInside> {
  const { call } = await visibleCall(ctx, id);
  if (call.endedAt === null) throw new AppError(ErrorCode.NOT_FOUND, 'e.callRecords.recordingLive');
  const file = call.recordingPath ? await fileInside(call.recordingPath, recordingsDir) : null;
  if (!file) throw new AppError(ErrorCode.NOT_FOUND, 'e.callRecords.recordingMissing');
  return file;
}

export type ByteRange = { start: number; end: number };

/**
 * One `Range: bytes=…` header against a file of `size` bytes (RFC 9110 §14): `a-b`, `a-`, `-n`. Answers
 * null for no range or one we do not honour (several ranges, another unit: the whole file is sent, which
 * RFC 9110 allows), 'unsatisfiable' for a range outside the file (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const length = Number(to);
    if (length === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
