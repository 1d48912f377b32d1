import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { isoDateTime } from './fields.ts';

/** Columns every subtask CSV must have (spec §5); any other column is kept as an extra. */
export const UPLOAD_REQUIRED_COLUMNS = ['phoneNumber', 'prologueInfo', 'businessInfo', 'remark'] as const;
export type UploadColumn = (typeof UPLOAD_REQUIRED_COLUMNS)[number];

/** Caps that keep one row bounded, whatever the file holds. */
export const UPLOAD_ROW_LIMITS = { phoneNumber: 256, prologueInfo: 2000, businessInfo: 4000, remark: 1000, extraValue: 1000, extraColumns: 50 } as const;

/**
 * businessInfo is written in query-string form: `plan=gold&due=2026-12-01`. Returns the key/values, or
 * null when the text is not of that form (a pair without '=', an empty key, a broken %-escape).
 * An empty text is an empty map.
 */
export function parseBusinessInfo(text: string): Record<string, string> | null {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  const result: Record<string, string> = {};
  for (const pair of trimmed.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    if (eq <= 0) return null;
    try {
      const key = decodeURIComponent(pair.slice(0, eq).replace(/\+/g, ' ')).trim();
      const value = decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
      if (key === '') return null;
      result[key] = value;
    } catch {
      return null;
    }
  }
  return result;
}

/** Why a row was refused; the console shows these in both languages (keys of MESSAGES). */
export const ROW_PROBLEMS = ['phoneMissing', 'phoneInvalid', 'businessInfoInvalid', 'valueTooLong', 'columnCount'] as const;
export type RowProblem = (typeof ROW_PROBLEMS)[number];

export const rejectedRowSchema = z.object({
  /** 1-based line number in the file, counting the header as line 1. */
  row: z.number().int(),
  problem: z.enum(ROW_PROBLEMS),
  column: z.string().nullable(),
  value: z.string(),
});
export type RejectedRow = z.infer<typeof rejectedRowSchema>;

/** What the server answers when an upload commits. */
export const uploadResultSchema = z.object({
  uploadId: z.string(),
  accepted: z.number().int(),
  /** Rows whose number is already pending in the same task (skipped, not stored twice). */
  duplicates: z.number().int(),
  rejected: z.array(rejectedRowSchema),
  /** Total rejected rows; `rejected` holds at most the first UPLOAD_REJECT_LIST_MAX of them. */
  rejectedCount: z.number().int(),
  extraColumns: z.array(z.string()),
  /** More extra columns than the recommended ~10 (spec §9): stored, with a warning. */
  tooManyExtraColumns: z.boolean(),
  pendingCount: z.number().int(),
  totalCount: z.number().int(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;
export const UPLOAD_REJECT_LIST_MAX = 10_000;

/** Progress of an upload as the server reports it while rows are processed. */
export const uploadProgressSchema = z.object({
  uploadId: z.string(),
  state: z.enum(['receiving', 'committing', 'done', 'failed', 'aborted']),
  bytes: z.number().int(),
  rows: z.number().int(),
  message: z.string().nullable(),
});
export type UploadProgress = z.infer<typeof uploadProgressSchema>;

export const uploadLimits = { maxBytes: LIMITS.upload.maxBytes, recommendedExtraColumns: LIMITS.upload.recommendedExtraColumns } as const;

export const subtaskSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  phoneNumber: z.string(),
  prologueInfo: z.string(),
  businessInfo: z.record(z.string(), z.string()),
  remark: z.string(),
  extra: z.record(z.string(), z.string()),
  status: z.string(),
  createTime: isoDateTime,
});
export type Subtask = z.infer<typeof subtaskSchema>;
