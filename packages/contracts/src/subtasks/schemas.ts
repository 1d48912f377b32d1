import { z } from 'zod';
import { LIMITS } from '../common/constants.ts';
import { PHONE_PATTERN, idSchema, isoDateTime, pageQuerySchema } from '../common/fields.ts';
import type { EncryptionType } from '../projects/schemas.ts';

/** Columns every subtask CSV must have; any other column is kept as an extra. */
export const UPLOAD_REQUIRED_COLUMNS = ['phoneNumber', 'prologueInfo', 'businessInfo', 'remark'] as const;
export type UploadColumn = (typeof UPLOAD_REQUIRED_COLUMNS)[number];

/** Caps that keep one row bounded, whatever the file holds. */
export const UPLOAD_ROW_LIMITS = {
  phoneNumber: 256,
  prologueInfo: 2000,
  businessInfo: 4000,
  remark: 1000,
  extraValue: 1000,
  extraColumns: 50,
} as const;

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
  /** More extra columns than the recommended ~10 (`LIMITS.upload`): stored, with a warning. */
  tooManyExtraColumns: z.boolean(),
  /** Stored numbers the number plan puts in several possible time zones (called only when open in all). */
  ambiguousZones: z.number().int(),
  /** Stored numbers no zone could be found for (hashed, tokenized or unknown): called in the company's zone. */
  unplacedZones: z.number().int(),
  pendingCount: z.number().int(),
  totalCount: z.number().int(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;
export const UPLOAD_REJECT_LIST_MAX = 10_000;

/** Progress of an upload as the server reports it while rows are processed. */
export const uploadProgressSchema = z.object({
  uploadId: z.string(),
  /**
   * receiving: the body is arriving (on PostgreSQL rows are stored as it arrives); processing: the body
   * is in, rows are still being stored; committing: every row is read, the transaction is committing.
   */
  state: z.enum(['receiving', 'processing', 'committing', 'done', 'failed', 'aborted']),
  bytes: z.number().int(),
  rows: z.number().int(),
  message: z.string().nullable(),
});
export type UploadProgress = z.infer<typeof uploadProgressSchema>;

export const uploadLimits = { maxBytes: LIMITS.upload.maxBytes, recommendedExtraColumns: LIMITS.upload.recommendedExtraColumns } as const;

/** A HEX project's stored number decoded to the number it encodes (each byte pair is one character). */
export function decodeHexPhone(hex: string): string {
  return hex.replace(/../g, (pair) => String.fromCharCode(parseInt(pair, 16)));
}

/**
 * The stored form of an uploaded phone value under a project's encryption type, or null when it does not
 * fit (the row is rejected as `phoneInvalid`):
 * - PLAIN_TEXT: a phone number (6–15 digits, optional +); spaces, dashes and brackets are dropped;
 * - HEX: the hex encoding of such a number (decoded at dial time), stored in lower case;
 * - MD5: 32 hex digits (the carrier resolves them), stored in lower case;
 * - CUSTOM: an opaque token of 1–256 visible ASCII characters, resolved through the project's API.
 * Normalizing first is what makes "already pending in this task" catch the same number written twice.
 */
export function normalizeSubtaskPhone(type: EncryptionType, raw: string): string | null {
  const value = raw.trim();
  switch (type) {
    case 'PLAIN_TEXT': {
      const compact = value.replace(/[\s()-]/g, '');
      return PHONE_PATTERN.test(compact) ? compact : null;
    }
    case 'HEX': {
      if (!/^(?:[0-9a-fA-F]{2}){3,32}$/.test(value)) return null;
      const decoded = decodeHexPhone(value);
      return PHONE_PATTERN.test(decoded) ? value.toLowerCase() : null;
    }
    case 'MD5':
      return /^[0-9a-fA-F]{32}$/.test(value) ? value.toLowerCase() : null;
    case 'CUSTOM':
      return /^[\x21-\x7e]{1,256}$/.test(value) ? value : null;
  }
}

/**
 * How a stored number is shown in lists. Clear numbers (PLAIN_TEXT, and HEX, which is only an encoding)
 * show their last 4 digits and nothing else; MD5 hashes and CUSTOM tokens are not numbers, so their first
 * and last 4 characters are shown to tell rows apart. Revealing a number is a separate, logged permission.
 */
export function maskSubtaskPhone(type: EncryptionType, stored: string): string {
  const maskDigits = (phone: string) => {
    const digits = phone.replace(/^\+/, '');
    const shown = digits.slice(-4);
    return `${phone.startsWith('+') ? '+' : ''}${'*'.repeat(Math.max(0, digits.length - shown.length))}${shown}`;
  };
  switch (type) {
    case 'PLAIN_TEXT':
      return maskDigits(stored);
    case 'HEX':
      return maskDigits(decodeHexPhone(stored));
    case 'MD5':
    case 'CUSTOM':
      return stored.length > 10 ? `${stored.slice(0, 4)}…${stored.slice(-4)}` : '*'.repeat(stored.length);
  }
}

/** Upload endpoint: the file is the raw request body (Content-Type text/csv), the task in the query. */
export const uploadQuerySchema = z.object({ taskId: idSchema });
export const UPLOAD_CONTENT_TYPE = 'text/csv';
/** The original file name (URI-encoded), so the server can refuse a file that is not a .csv. */
export const UPLOAD_FILENAME_HEADER = 'x-upload-filename';
/**
 * The upload answers NDJSON: zero or more `{"progress": UploadProgress}` lines while rows are processed,
 * then exactly one envelope line (`{code, message, data: UploadResult | null, traceId}`). A refusal before
 * the file is read (auth, unknown task, wrong type, too large) is that envelope line alone.
 */
export const uploadProgressLineSchema = z.object({ progress: uploadProgressSchema });
export type UploadProgressLine = z.infer<typeof uploadProgressLineSchema>;
export const UPLOAD_NDJSON_TYPE = 'application/x-ndjson';

/**
 * A number's time zones as stored on its subtask: the possible IANA zones, sorted, joined by a space; the
 * empty key is a number the number plan could not place (called in the company's zone).
 */
export function zonesOfKey(key: string): string[] {
  return key === '' ? [] : key.split(' ');
}

export const pendingSubtaskQuerySchema = pageQuerySchema.extend({ taskId: idSchema });
export type PendingSubtaskQuery = z.infer<typeof pendingSubtaskQuerySchema>;

/** Where a subtask stands; the dialer adds its own states later. Only `pending` ones count as pending. */
export const SUBTASK_STATES = ['pending', 'dialing', 'done', 'failed', 'blocked'] as const;
export type SubtaskState = (typeof SUBTASK_STATES)[number];

/** A subtask as lists show it: `phoneNumber` is masked (`maskSubtaskPhone`). */
export const subtaskSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  phoneNumber: z.string(),
  prologueInfo: z.string(),
  businessInfo: z.record(z.string(), z.string()),
  remark: z.string(),
  extra: z.record(z.string(), z.string()),
  status: z.string(),
  /** The callee's possible time zones from the number plan; empty: not placed (the company's zone applies). */
  timeZones: z.array(z.string()),
  createTime: isoDateTime,
});
export type Subtask = z.infer<typeof subtaskSchema>;

/**
 * Numbers pushed by API (`POST /api/subtasks/push`): the CSV's columns as JSON fields, checked by the same
 * row rules and stored by the same path as an upload, so a row the upload would refuse is refused here with
 * the same reason (`row` is the row's 1-based position in `rows`). Field types are checked by the schema
 * (a wrong type refuses the batch); values by the row rules (a bad value refuses the row).
 */
export const PUSH_LIMITS = {
  rows: 10_000,
  /** The JSON body: 10,000 rows of a typical size take 2-5 MB; the cap bounds the parsed batch in memory. */
  maxBytes: 16 * 1024 * 1024,
} as const;

export const pushRowSchema = z.object({
  phoneNumber: z.string(),
  prologueInfo: z.string().default(''),
  /** The CSV column's text: `key=value` pairs joined by `&`. */
  businessInfo: z.string().default(''),
  remark: z.string().default(''),
  /** The CSV's extra columns, by name. */
  extra: z.record(z.string(), z.string()).default({}),
});
export type PushRow = z.input<typeof pushRowSchema>;

export const subtaskPushSchema = z.object({
  taskId: idSchema,
  rows: z.array(pushRowSchema).min(1, { error: 'v.push.rows' }).max(PUSH_LIMITS.rows, { error: 'v.push.rows' }),
});
export type SubtaskPush = z.input<typeof subtaskPushSchema>;
