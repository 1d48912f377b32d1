import { sql } from 'drizzle-orm';
import {
  ErrorCode,
  LIMITS,
  UPLOAD_REJECT_LIST_MAX,
  canApply,
  nextStatus,
  type RejectedRow,
  type TaskStatus,
  type UploadProgress,
  type UploadResult,
} from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { auditWho, recordAudit } from '../db/record-audit.ts';
import type { Tx } from '../db/client.ts';
import { AppError } from '../http/app-error.ts';
import { notifyUpload } from '../messages/notify-task.ts';
import { addUploaded } from '../tasks/task-progress.ts';
import { lockTask } from '../tasks/task-row.ts';
import type { RowOutcome } from './check-row.ts';
import { subtaskRowPreparer, type PreparedRow } from './prepare-subtask-row.ts';
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

  try {
    for await (const outcome of source.rows) {
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
  // A header and nothing else is as empty as no file at all: an empty upload is refused.
  if (progress.rows === 0) throw new UploadFileError('e.upload.empty');

  const extraColumns = source.extraColumns();
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
      via: options.via ?? 'upload',
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
  const result = await tx.execute<{ stored: number; ambiguous: number; unplaced: number }>(sql`
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
  const [counts] = result.rows;
  return counts ?? { stored: 0, ambiguous: 0, unplaced: 0 };
}

/** The task's set of zone keys grows by this batch's (the dialer asks each key whether its window is open). */
async function addZoneKeys(tx: Tx, taskId: string, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.execute(sql`
    update tasks set zone_keys = array(select distinct unnest(zone_keys || ${sql.param([...keys])}::text[]) order by 1)
    where id = ${taskId} and not (zone_keys @> ${sql.param([...keys])}::text[])`);
}
