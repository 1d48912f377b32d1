import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  UPLOAD_ROW_LIMITS,
  normalizeSubtaskPhone,
  type EncryptionType,
  type UploadProgress,
  type UploadResult,
  type subtaskPushSchema,
} from '@dialwise/contracts';
import type { z } from 'zod';
import type { ActionContext } from '../auth/actor.ts';
import { AppError } from '../http/app-error.ts';
import { onceForKey } from '../db/idempotent-request.ts';
import { checkSubtaskRow, type RowOutcome } from './check-row.ts';
import { storeSubtaskRows } from './store-subtask-rows.ts';
import { uploadTarget } from './upload-target.ts';

type PushInput = z.output<typeof subtaskPushSchema>;

/**
 * Numbers pushed by API into a task: the batch's rows pass the upload's row rules and its insert path
 * (`storeSubtaskRows`), in one transaction, so the answer is the upload's (accepted, duplicates, rejected rows
 * with reasons) and the task moves as an upload moves it. With an idempotency key, a retried batch answers
 * the first answer and adds nothing.
 */
export async function pushSubtasks(
  ctx: ActionContext,
  input: PushInput,
  idempotencyKey: string | undefined,
  now: Date,
): Promise<UploadResult> {
  const target = await uploadTarget(ctx.db, ctx, input.taskId);
  const extraColumns = [...new Set(input.rows.flatMap((row) => Object.keys(row.extra)))];
  if (extraColumns.length > UPLOAD_ROW_LIMITS.extraColumns) {
    throw new AppError(ErrorCode.VALIDATION, 'e.upload.tooManyColumns', { max: UPLOAD_ROW_LIMITS.extraColumns });
  }
  const progress: UploadProgress = { uploadId: randomUUID(), state: 'processing', bytes: 0, rows: 0, message: null };
  return ctx.db.transaction(async (tx) => {
    const store = () =>
      storeSubtaskRows(
        tx,
        ctx,
        target,
        { rows: checkedRows(input.rows, target.encryptionType), extraColumns: () => extraColumns },
        { progress, notify: false, via: 'api' },
      );
    if (!idempotencyKey) return store();
    return onceForKey(tx, { companyId: ctx.actor.companyId, endpoint: 'subtasks.push', key: idempotencyKey, request: input }, now, store);
  });
}

function* checkedRows(rows: PushInput['rows'], encryptionType: EncryptionType): Iterable<RowOutcome> {
  const isValidPhone = (value: string) => normalizeSubtaskPhone(encryptionType, value) !== null;
  for (const [index, row] of rows.entries()) {
    yield checkSubtaskRow({ ...row, extra: Object.entries(row.extra) }, index + 1, isValidPhone);
  }
}
