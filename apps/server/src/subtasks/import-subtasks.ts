import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ErrorCode, normalizeSubtaskPhone, type UploadProgress, type UploadResult } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { AppError } from '../http/app-error.ts';
import { feedRequestBody } from '../http/request-body.ts';
import { notifyUpload } from '../messages/notify-task.ts';
import { readSubtaskCsv, UploadFileError } from './read-csv.ts';
import { storeSubtaskRows } from './store-subtask-rows.ts';
import { UploadBodyError, UploadMeter } from './upload-body.ts';
import type { UploadTarget } from './upload-target.ts';

export interface ImportOptions {
  maxBytes: number;
  /**
   * Land the body in a temporary file before the transaction opens. PGlite is one connection: a
   * transaction held open while a slow client sends 200 MB would make every other request wait for the
   * whole transfer. With the file on disk the transaction lasts only as long as the database work.
   */
  spool: boolean;
  onProgress?: (progress: UploadProgress) => void;
  /** Rows per INSERT … SELECT (one JSON parameter): big enough to amortize a round trip, small enough to stay flat. */
  batchSize?: number;
  progressIntervalMs?: number;
  /** Where the spooled body goes (default: the system's temporary folder). */
  spoolParent?: string;
}

const ABORT_CODES = new Set(['ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE', 'ABORT_ERR']);

/**
 * Imports one CSV into a task's subtasks, streamed end to end: the body passes a byte meter (size and
 * type checks), the CSV reader (row checks) and goes into the database in batches, so memory stays flat
 * whatever the file's size. One file is one transaction: every valid row is stored or none is. Invalid
 * rows are listed with their line numbers; a number already pending in the task (or earlier in the
 * file) is skipped and counted. The counters and the status move (`upload` of the state machine) under
 * the task's row lock when the rows are in.
 */
export async function importSubtasks(
  ctx: ActionContext,
  target: UploadTarget,
  body: Readable,
  options: ImportOptions,
): Promise<UploadResult> {
  const progress: UploadProgress = { uploadId: randomUUID(), state: 'receiving', bytes: 0, rows: 0, message: null };
  let lastReport = 0;
  const report = (force = false) => {
    const now = Date.now();
    if (!force && now - lastReport < (options.progressIntervalMs ?? 250)) return;
    lastReport = now;
    options.onProgress?.({ ...progress });
  };
  const meter = new UploadMeter(options.maxBytes, (bytes) => {
    progress.bytes = bytes;
    report();
  });

  let spoolDir: string | undefined;
  try {
    // The source is opened inside the transaction, right where the reader starts listening to it: a
    // body that fails while the transaction is still starting must fail the reader, not go unheard.
    let openSource: () => Readable;
    if (options.spool) {
      spoolDir = await mkdtemp(join(options.spoolParent ?? tmpdir(), 'dialwise-upload-'));
      const file = join(spoolDir, 'body.csv');
      await pipeline(feedRequestBody(body, meter), createWriteStream(file));
      progress.state = 'processing';
      report(true);
      openSource = () => createReadStream(file, { highWaterMark: 256 * 1024 });
    } else {
      openSource = () => feedRequestBody(body, meter);
    }
    let extraColumns: readonly string[] = [];
    const result = await ctx.db.transaction((tx) => {
      const rows = readSubtaskCsv(openSource(), {
        isValidPhone: (value) => normalizeSubtaskPhone(target.encryptionType, value) !== null,
        onHeader: (extras) => {
          extraColumns = extras;
        },
      });
      return storeSubtaskRows(
        tx,
        ctx,
        target,
        { rows, extraColumns: () => extraColumns },
        { progress, report, batchSize: options.batchSize, notify: true },
      );
    });
    progress.state = 'done';
    report(true);
    return result;
  } catch (error) {
    const mapped = mapFailure(error, body);
    progress.state = mapped instanceof AppError && mapped.key === 'e.upload.aborted' ? 'aborted' : 'failed';
    report(true);
    // The uploader's message box says why nothing was stored; a failure to say so must not hide the upload's own error.
    await notifyUpload(ctx.db, {
      taskId: target.taskId,
      userId: ctx.actor.userId,
      ok: false,
      reasonKey: mapped instanceof AppError ? mapped.key : 'e.internal',
    }).catch(() => undefined);
    throw mapped;
  } finally {
    if (spoolDir) await rm(spoolDir, { recursive: true, force: true });
  }
}

/** A failed upload as the caller sees it; the transaction has rolled back, so nothing of the file is stored. */
function mapFailure(error: unknown, body: Readable): AppError | Error {
  if (error instanceof AppError) return error;
  if (error instanceof UploadFileError) return new AppError(ErrorCode.VALIDATION, error.key, error.params);
  if (error instanceof UploadBodyError) return new AppError(ErrorCode.VALIDATION, error.key);
  const code = (error as { code?: unknown } | null)?.code;
  const aborted =
    (typeof code === 'string' && ABORT_CODES.has(code)) ||
    (body as { readableAborted?: boolean }).readableAborted === true ||
    (error instanceof Error && error.message === 'aborted');
  if (aborted) return new AppError(ErrorCode.VALIDATION, 'e.upload.aborted');
  return error instanceof Error ? error : new Error(String(error));
}
