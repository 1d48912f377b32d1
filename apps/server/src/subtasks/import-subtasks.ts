import { addUploaded } from '../tasks/task-progress.ts';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import {
  ErrorCode,
  LIMITS,
  UPLOAD_REJECT_LIST_MAX,
  canApply,
  nextStatus,
  normalizeSubtaskPhone,
  type RejectedRow,
  type TaskStatus,
  type UploadProgress,
  type UploadResult,
} from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import type { Tx } from '../db/client.ts';
import { AppError } from '../http/app-error.ts';
import { feedRequestBody } from '../http/request-body.ts';
import { auditWho, recordAudit } from '../audit/record-audit.ts';
import { lockTask } from '../tasks/task-row.ts';
import { notifyUpload } from '../messages/notify-task.ts';
import { readSubtaskCsv, UploadFileError } from './read-csv.ts';
import { subtaskRowPreparer, type PreparedRow } from './prepare-subtask-row.ts';
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
    const result = await ctx.db.transaction((tx) => storeRows(tx, ctx, target, openSource, progress, report, options.batchSize ?? 2000));
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

async function storeRows(
  tx: Tx,
  ctx: ActionContext,
  target: UploadTarget,
  openSource: () => Readable,
  progress: UploadProgress,
  report: (force?: boolean) => void,
  batchSize: number,
): Promise<UploadResult> {
  let extraColumns: readonly string[] = [];
  let accepted = 0;
  let offered = 0;
  // Of the stored rows: numbers with several possible zones, and numbers no zone was found for.
  let ambiguousZones = 0;
  let unplacedZones = 0;
  const zoneKeys = new Set<string>();
  const prepare = subtaskRowPreparer(target);
  let rejectedCount = 0;
  const rejected: RejectedRow[] = [];
  let batch: PreparedRow[] = [];

  // One insert in flight while the next batch is read: on PostgreSQL the database works while this process
  // parses (at most two batches in memory). Inserts stay one at a time on the transaction's connection.
  let inFlight: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await inFlight;
    for (const row of rows) zoneKeys.add(row.timeZone);
    inFlight = insertBatch(tx, target, ctx.actor.companyId, rows).then((inserted) => {
      accepted += inserted.stored;
      ambiguousZones += inserted.ambiguous;
      unplacedZones += inserted.unplaced;
      offered += rows.length;
    });
    inFlight.catch(() => undefined);
  };

  const rows = readSubtaskCsv(openSource(), {
    isValidPhone: (value) => normalizeSubtaskPhone(target.encryptionType, value) !== null,
    onHeader: (extras) => {
      extraColumns = extras;
    },
  });
  try {
    for await (const outcome of rows) {
      progress.rows += 1;
      if (outcome.ok) {
        batch.push(prepare(outcome.value));
        if (batch.length >= batchSize) await flush();
      } else {
        rejectedCount += 1;
        if (rejected.length < UPLOAD_REJECT_LIST_MAX) rejected.push(outcome.value);
      }
      report();
    }
    await flush();
  } finally {
    // Settle the last insert before the transaction commits or rolls back.
    await inFlight.catch(() => undefined);
  }
  await inFlight;
  // A header and nothing else is as empty as no file at all (spec §5: the file must not be empty).
  if (progress.rows === 0) throw new UploadFileError('e.upload.empty');

  progress.state = 'committing';
  report(true);
  const task = await lockTask(tx, ctx, target.taskId);
  if (!canApply('upload', task.status)) throw new AppError(ErrorCode.CONFLICT, 'e.task.refused.upload', {}, { status: task.status });
  const status = nextStatus('upload', task.status) as TaskStatus;
  const counts = await addUploaded(tx, task.id, accepted, status);
  await addZoneKeys(tx, task.id, [...zoneKeys]);
  const duplicates = offered - accepted;
  await recordAudit(tx, auditWho(ctx), {
    action: 'upload',
    entity: 'task',
    entityId: task.id,
    changes: {
      uploadId: progress.uploadId,
      bytes: progress.bytes,
      rows: progress.rows,
      accepted,
      duplicates,
      rejected: rejectedCount,
      ambiguousZones,
      unplacedZones,
      ...(status === task.status ? {} : { status: { from: task.status, to: status } }),
    },
  });
  await notifyUpload(tx, { taskId: task.id, userId: ctx.actor.userId, ok: true, accepted, rejected: rejectedCount, duplicates });
  return {
    uploadId: progress.uploadId,
    accepted,
    duplicates,
    rejected,
    rejectedCount,
    extraColumns: [...extraColumns],
    tooManyExtraColumns: extraColumns.length > LIMITS.upload.recommendedExtraColumns,
    ambiguousZones,
    unplacedZones,
    pendingCount: counts!.pendingCount,
    totalCount: counts!.totalCount,
  };
}

/**
 * One multi-row INSERT … SELECT per batch, the batch passed as a single JSON parameter and expanded by
 * jsonb_to_recordset: one statement and one parameter whatever the batch size, and the serializing is
 * one native JSON.stringify (measured faster than five text[]/jsonb[] arrays for unnest, whose elements
 * the driver escapes one by one in JavaScript). The partial unique index on pending (task, phone) turns a
 * number already pending — in the task, or earlier in this file — into a skipped row; the difference is
 * the duplicate count.
 */
async function insertBatch(
  tx: Tx,
  target: UploadTarget,
  companyId: string,
  batch: readonly PreparedRow[],
): Promise<{ stored: number; ambiguous: number; unplaced: number }> {
  const rows = JSON.stringify(
    batch.map((row) => ({ p: row.phoneNumber, z: row.timeZone, i: row.prologueInfo, b: row.businessInfo, r: row.remark, e: row.extra })),
  );
  // The zone counts are of the rows really stored (a duplicate is not counted twice), read back in the same statement.
  const result = await tx.execute(sql`
    with stored as (
      insert into subtasks (task_id, company_id, phone, time_zone, prologue_info, business_info, remark, extra)
      select ${target.taskId}::uuid, ${companyId}::uuid, x.p, x.z, x.i, x.b, x.r, x.e
      from jsonb_to_recordset(${rows}::jsonb) as x(p text, z text, i text, b jsonb, r text, e jsonb)
      on conflict (task_id, phone) where state = 'pending' do nothing
      returning time_zone)
    select count(*)::int as stored,
      (count(*) filter (where position(' ' in time_zone) > 0))::int as ambiguous,
      (count(*) filter (where time_zone = ''))::int as unplaced
    from stored`);
  const [counts] = (result as { rows: { stored: number; ambiguous: number; unplaced: number }[] }).rows;
  return counts ?? { stored: 0, ambiguous: 0, unplaced: 0 };
}

/** The task's set of zone keys grows by this upload's (the dialer asks each key whether its window is open). */
async function addZoneKeys(tx: Tx, taskId: string, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.execute(sql`
    update tasks set zone_keys = array(select distinct unnest(zone_keys || ${sql.param([...keys])}::text[]) order by 1)
    where id = ${taskId} and not (zone_keys @> ${sql.param([...keys])}::text[])`);
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
