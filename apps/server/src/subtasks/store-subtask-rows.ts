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
import { auditWho, recordAudit } from '../audit/record-audit.ts';
import { affectedRows } from '../db/affected-rows.ts';
import type { Tx } from '../db/client.ts';
import { AppError } from '../http/app-error.ts';
import { notifyUpload } from '../messages/notify-task.ts';
import { addUploaded } from '../tasks/task-progress.ts';
import { lockTask } from '../tasks/task-row.ts';
import type { AcceptedRow, RowOutcome } from './check-row.ts';
import { UploadFileError } from './read-csv.ts';
import type { UploadTarget } from './upload-target.ts';

/** Checked rows from either input: a CSV file read as it arrives, or a pushed JSON batch. */
export interface RowSource {
  rows: AsyncIterable<RowOutcome> | Iterable<RowOutcome>;
  /** The extra columns seen (a CSV's header; the union of a batch's `extra` names), read once the rows are in. */
  extraColumns(): readonly string[];
}

export interface StoreOptions {
  /** Counts and state, updated as rows pass (the upload reports them as progress lines). */
  progress: UploadProgress;
  report?: (force?: boolean) => void;
  /** Rows per INSERT … SELECT (one JSON parameter): big enough to amortize a round trip, small enough to stay flat. */
  batchSize?: number | undefined;
  /** Tell the uploader in their message box (a person's upload; an API push is answered and audited only). */
  notify: boolean;
  /** What the audit entry says the rows came through. */
  via?: 'upload' | 'api';
}

/**
 * The one insert path of a task's numbers, inside the caller's transaction: accepted rows go into the database
 * in batches while the next are read (memory stays flat whatever the input's size), refused rows are listed
 * with their reason, a number already pending in the task (or earlier in the input) is skipped and counted as
 * a duplicate. When the rows are in, the task's counters and status move (`upload` of the state machine) under
 * its row lock, and the change is audited.
 */
export async function storeSubtaskRows(
  tx: Tx,
  ctx: ActionContext,
  target: UploadTarget,
  source: RowSource,
  options: StoreOptions,
): Promise<UploadResult> {
  const { progress, report = () => {}, batchSize = 2000 } = options;
  let accepted = 0;
  let offered = 0;
  let rejectedCount = 0;
  const rejected: RejectedRow[] = [];
  let batch: AcceptedRow[] = [];

  // One insert in flight while the next batch is read: on PostgreSQL the database works while this process
  // parses (at most two batches in memory). Inserts stay one at a time on the transaction's connection.
  let inFlight: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await inFlight;
    inFlight = insertBatch(tx, target, ctx.actor.companyId, rows).then((inserted) => {
      accepted += inserted;
      offered += rows.length;
    });
    inFlight.catch(() => undefined);
  };

  try {
    for await (const outcome of source.rows) {
      progress.rows += 1;
      if (outcome.ok) {
        batch.push({ ...outcome.value, phoneNumber: normalizeSubtaskPhone(target.encryptionType, outcome.value.phoneNumber)! });
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

  const extraColumns = source.extraColumns();
  progress.state = 'committing';
  report(true);
  const task = await lockTask(tx, ctx, target.taskId);
  if (!canApply('upload', task.status)) throw new AppError(ErrorCode.CONFLICT, 'e.task.refused.upload', {}, { status: task.status });
  const status = nextStatus('upload', task.status) as TaskStatus;
  const counts = await addUploaded(tx, task.id, accepted, status);
  const duplicates = offered - accepted;
  await recordAudit(tx, auditWho(ctx), {
    action: 'upload',
    entity: 'task',
    entityId: task.id,
    changes: {
      uploadId: progress.uploadId,
      via: options.via ?? 'upload',
      bytes: progress.bytes,
      rows: progress.rows,
      accepted,
      duplicates,
      rejected: rejectedCount,
      ...(status === task.status ? {} : { status: { from: task.status, to: status } }),
    },
  });
  if (options.notify) {
    await notifyUpload(tx, { taskId: task.id, userId: ctx.actor.userId, ok: true, accepted, rejected: rejectedCount, duplicates });
  }
  return {
    uploadId: progress.uploadId,
    accepted,
    duplicates,
    rejected,
    rejectedCount,
    extraColumns: [...extraColumns],
    tooManyExtraColumns: extraColumns.length > LIMITS.upload.recommendedExtraColumns,
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
async function insertBatch(tx: Tx, target: UploadTarget, companyId: string, batch: readonly AcceptedRow[]): Promise<number> {
  const rows = JSON.stringify(
    batch.map((row) => ({ p: row.phoneNumber, i: row.prologueInfo, b: row.businessInfo, r: row.remark, e: row.extra })),
  );
  const result = await tx.execute(sql`
    insert into subtasks (task_id, company_id, phone, prologue_info, business_info, remark, extra)
    select ${target.taskId}::uuid, ${companyId}::uuid, x.p, x.i, x.b, x.r, x.e
    from jsonb_to_recordset(${rows}::jsonb) as x(p text, i text, b jsonb, r text, e jsonb)
    on conflict (task_id, phone) where state = 'pending' do nothing`);
  return affectedRows(result);
}
