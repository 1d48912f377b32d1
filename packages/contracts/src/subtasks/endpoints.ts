import { defineEndpoints } from '../common/endpoint.ts';
import { pageSchema } from '../common/envelope.ts';
import { idempotencyKeySchema } from '../api-keys/schemas.ts';
import { pendingSubtaskQuerySchema, subtaskPushSchema, subtaskSchema, uploadQuerySchema, uploadResultSchema } from './schemas.ts';
import { z } from 'zod';

/** A task's pending subtasks, and the upload of its subtask CSV. */
export const subtaskEndpoints = defineEndpoints(
  { tag: 'subtasks', roles: ['ADMIN', 'DEV'] },
  {
    pending: {
      path: '/api/subtasks/pending',
      summary: "A task's pending subtasks in upload order, numbers masked",
      body: pendingSubtaskQuerySchema,
      response: pageSchema(subtaskSchema),
      keyScope: 'read',
    },
    upload: {
      path: '/api/subtasks/upload',
      summary:
        'Upload a subtask CSV as the raw body (Content-Type text/csv, at most 200 MB); answers NDJSON: {"progress":…} lines, then the envelope',
      query: uploadQuerySchema,
      keyScope: 'campaigns',
    },
    push: {
      path: '/api/subtasks/push',
      summary:
        "Push up to 10,000 numbers to a task as JSON rows, checked and stored like an upload's rows (answers accepted, duplicates, rejected rows with reasons). With an Idempotency-Key header a retry answers the first answer and adds nothing; the same key with another body answers 409",
      body: subtaskPushSchema,
      // Loose: the other headers (the caller's locale, its content type) stay as they came.
      headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }).loose(),
      response: uploadResultSchema,
      keyScope: 'campaigns',
    },
  },
);
