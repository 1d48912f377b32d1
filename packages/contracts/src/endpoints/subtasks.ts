import { defineEndpoints } from '../endpoint.ts';
import { pageSchema } from '../envelope.ts';
import { pendingSubtaskQuerySchema, subtaskSchema, uploadQuerySchema } from '../subtasks.ts';

/** A task's pending subtasks, and the upload of its subtask CSV. */
export const subtaskEndpoints = defineEndpoints(
  { tag: 'subtasks', roles: ['ADMIN', 'DEV'] },
  {
    pending: {
      path: '/api/subtasks/pending',
      summary: "A task's pending subtasks in upload order, numbers masked",
      body: pendingSubtaskQuerySchema,
      response: pageSchema(subtaskSchema),
    },
    upload: {
      path: '/api/subtasks/upload',
      summary:
        'Upload a subtask CSV as the raw body (Content-Type text/csv, at most 200 MB); answers NDJSON: {"progress":…} lines, then the envelope',
      query: uploadQuerySchema,
    },
  },
);
