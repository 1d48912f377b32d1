import { z } from 'zod';
import { amdResultSchema } from '../amd/schemas.ts';
import { idBodySchema, idSchema, isoDateTime, pageQuerySchema } from '../common/fields.ts';
import { encryptionTypeSchema } from '../projects/schemas.ts';
import { localeSchema } from '../common/locale.ts';
import { callbackDeliverySchema } from '../callbacks/schemas.ts';

/**
 * Call records: one row per dial attempt, written by the dialer (`calls`). The list, its filters, the
 * detail drawer's parts (the call with its conversation, the customer's info and history, the recording,
 * the number reveal) and the streamed CSV export. Numbers are always masked here; only `reveal` answers
 * one in clear, permission-checked and audited.
 */

/**
 * A finished call is connected (a person answered), missed (nobody did), voicemail (an answering machine
 * answered: not counted as connected) or invalid (the number is dead: a carrier announcement or special
 * information tones) or fax (a fax machine answered); a live one has no status yet. Voicemail and invalid come from answering-machine
 * detection (docs/amd.md).
 */
export const CALL_RECORD_STATUSES = ['connected', 'missed', 'voicemail', 'invalid', 'fax'] as const;
export type CallRecordStatus = (typeof CALL_RECORD_STATUSES)[number];
/** What the list shows: the stored status, or `live` while the call is still on. */
export const CALL_RECORD_STATES = [...CALL_RECORD_STATUSES, 'live'] as const;
export type CallRecordState = (typeof CALL_RECORD_STATES)[number];

/** Outcome of a hand-over to a seat: none asked, taken by a seat, refused or failed, or lost before a seat took it. */
export const TRANSFER_OUTCOMES = ['none', 'success', 'failed', 'lost'] as const;
export type TransferOutcome = (typeof TRANSFER_OUTCOMES)[number];

/**
 * Real calls (the dialer's, to a customer's number) or test calls (an ADMIN's "Call me in the browser" on a
 * task): the list's filter. Unset lists both; a test call is marked as one.
 */
export const CALL_KINDS = ['real', 'test'] as const;
export type CallKind = (typeof CALL_KINDS)[number];

/** What the customer called about, as the agent files it. */
export const ISSUE_TYPES = ['inquiry', 'purchase', 'complaint', 'support', 'billing', 'other'] as const;
export const issueTypeSchema = z.enum(ISSUE_TYPES, { error: 'v.seat.issueType' });
export type IssueType = z.infer<typeof issueTypeSchema>;

/** Where the customer's matter stands when the agent leaves the call. */
export const RESOLUTION_STATUSES = ['resolved', 'follow-up', 'escalated', 'unresolved'] as const;
export const resolutionStatusSchema = z.enum(RESOLUTION_STATUSES, { error: 'v.seat.resolutionStatus' });
export type ResolutionStatus = z.infer<typeof resolutionStatusSchema>;

/** As stored on the call: who filed it and when (null fields until the agent saves). */
export const callDispositionSchema = z.object({
  issueType: issueTypeSchema.nullable(),
  resolutionStatus: resolutionStatusSchema.nullable(),
  note: z.string().nullable(),
  /** The agent who saved it (alias or user name) and when. */
  by: z.string().nullable(),
  at: isoDateTime.nullable(),
});
export type CallDisposition = z.infer<typeof callDispositionSchema>;

export const CALL_RECORD_SORTS = ['desc', 'asc'] as const;

export const CALL_RECORD_LIMITS = {
  /**
   * Offset paging reaches the first 10,000 rows of a filtered list, and the count stops there too
   * (`totalCapped`): both stay index-bound however many millions of calls a company has. Narrower
   * filters, the other sort order or the export reach the rest.
   */
  window: 10_000,
  /** Longest duration a filter accepts, in seconds (a day). */
  maxDurationSeconds: 86_400,
  tags: 20,
  /** Previous calls shown in the customer's history. */
  history: 20,
  /** Rows the export reads per batch (a keyset cursor: memory stays flat whatever the size). */
  exportBatch: 1000,
} as const;

const blank = (value: unknown) => (value === '' || value === null ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
/** A query string gives one value or several; a JSON body gives an array. */
const toList = (value: unknown) =>
  value === undefined || value === null || value === '' ? undefined : Array.isArray(value) ? value : [value];

const timeSchema = z.iso.datetime({ offset: true, error: 'v.callRecords.time' });
const durationSchema = z.coerce
  .number({ error: 'v.integer' })
  .int({ error: 'v.integer' })
  .min(0, { error: 'v.min' })
  .max(CALL_RECORD_LIMITS.maxDurationSeconds, { error: 'v.max' });

/**
 * The filters of the list and the export (every one optional). `phone` is a number as typed (spaces and
 * dashes ignored) or a stored token, matched exactly under every encryption type — never a part of a
 * number, so a masked list cannot be searched digit by digit. Durations are seconds; times are ISO
 * instants with an offset, the range inclusive.
 */
export const callRecordFilterShape = {
  projectId: optional(idSchema),
  taskId: optional(idSchema),
  phone: optional(
    z
      .string()
      .trim()
      .transform((value) => value.replace(/[\s()-]/g, ''))
      .pipe(
        z
          .string()
          .min(1, { error: 'v.required' })
          .max(256, { error: 'v.tooLong' })
          .regex(/^[\x21-\x7e]+$/, { error: 'v.callRecords.phone' }),
      ),
  ),
  startTime: optional(timeSchema),
  endTime: optional(timeSchema),
  status: optional(z.enum(CALL_RECORD_STATUSES)),
  minDuration: optional(durationSchema),
  maxDuration: optional(durationSchema),
  tags: z.preprocess(
    toList,
    z
      .array(z.string().trim().min(1, { error: 'v.required' }).max(30, { error: 'v.tooLong' }))
      .max(CALL_RECORD_LIMITS.tags, { error: 'v.max' })
      .optional(),
  ),
  transferOutcome: optional(z.enum(TRANSFER_OUTCOMES)),
  kind: optional(z.enum(CALL_KINDS)),
  sort: z.preprocess(blank, z.enum(CALL_RECORD_SORTS).default('desc')),
};

interface RangeValues {
  startTime?: string | undefined;
  endTime?: string | undefined;
  minDuration?: number | undefined;
  maxDuration?: number | undefined;
}

/** The rules between fields: the time range and the duration range must not be upside down. */
function checkRanges(value: RangeValues, ctx: z.RefinementCtx) {
  if (value.startTime && value.endTime && Date.parse(value.startTime) > Date.parse(value.endTime)) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'v.callRecords.timeOrder' });
  }
  if (value.minDuration !== undefined && value.maxDuration !== undefined && value.minDuration > value.maxDuration) {
    ctx.addIssue({ code: 'custom', path: ['maxDuration'], message: 'v.callRecords.durationOrder' });
  }
}

/** The export's filters (a GET query: every value arrives as text). */
export const callRecordFilterSchema = z.object(callRecordFilterShape).superRefine(checkRanges);
export type CallRecordFilter = z.infer<typeof callRecordFilterSchema>;
/** What a client sends (every field optional; `z.input` would be `unknown` through the preprocessors). */
export type CallRecordFilterInput = Partial<CallRecordFilter>;

/** The export's query: the filters, and the language of the headers (a download link sends no header of ours). */
export const callRecordExportQuerySchema = z
  .object({ ...callRecordFilterShape, locale: z.preprocess(blank, localeSchema.optional()) })
  .superRefine(checkRanges);
export type CallRecordExportQuery = z.infer<typeof callRecordExportQuerySchema>;

/** The list: the filters plus a page inside the window. */
export const callRecordQuerySchema = pageQuerySchema.extend(callRecordFilterShape).superRefine((value, ctx) => {
  checkRanges(value, ctx);
  if ((value.page - 1) * value.pageSize >= CALL_RECORD_LIMITS.window) {
    ctx.addIssue({ code: 'custom', path: ['page'], message: 'v.callRecords.window' });
  }
});
export type CallRecordQuery = z.infer<typeof callRecordQuerySchema>;
export type CallRecordQueryInput = Partial<CallRecordQuery>;

export const callRecordIdSchema = idBodySchema;

export const callRecordOptionsQuerySchema = z.object({ projectId: optional(idSchema) });

/** One call as lists show it: the number masked (`maskSubtaskPhone`). */
export const callRecordSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  taskId: z.string(),
  taskName: z.string(),
  phone: z.string(),
  encryptionType: encryptionTypeSchema,
  /** The callee's possible time zones from the number plan, as on its subtask; empty: not placed. */
  timeZones: z.array(z.string()),
  attempt: z.number().int(),
  placedAt: isoDateTime,
  answeredAt: isoDateTime.nullable(),
  endedAt: isoDateTime.nullable(),
  durationMs: z.number().int(),
  state: z.enum(CALL_RECORD_STATES),
  /** CALL_OUTCOMES, or interrupted / blocked / unresolved; null while live. */
  outcome: z.string().nullable(),
  sipStatus: z.number().int().nullable(),
  transferOutcome: z.enum(TRANSFER_OUTCOMES),
  tags: z.array(z.string()),
  hasRecording: z.boolean(),
  /** The answering-machine detector's verdict (null: the task did not detect). */
  amd: amdResultSchema.nullable(),
  /** A test call from the browser (no number: `phone` is empty), left out of the boards. */
  test: z.boolean(),
});
export type CallRecord = z.infer<typeof callRecordSchema>;

export const callRecordPageSchema = z.object({
  list: z.array(callRecordSchema),
  /** Matching rows, counted up to the window; `totalCapped` says there are more. */
  total: z.number().int(),
  totalCapped: z.boolean(),
});
export type CallRecordPage = z.infer<typeof callRecordPageSchema>;

/**
 * The incremental sync (`POST /api/call-records/sync`): every record of the company in the order its last
 * change committed, a page at a time. Start without a cursor; pass each answer's `nextCursor` to the next
 * request, also when `hasMore` is false (later changes come after it). A record changed after it was sent
 * comes again with its new state: nothing is missed and nothing comes twice unless it changed in between.
 */
export const CALL_RECORD_SYNC_LIMITS = { pageSize: 1000, defaultPageSize: 500 } as const;
export const callRecordSyncQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(CALL_RECORD_SYNC_LIMITS.pageSize).default(CALL_RECORD_SYNC_LIMITS.defaultPageSize),
  projectId: idSchema.optional(),
  taskId: idSchema.optional(),
});
export type CallRecordSyncQuery = z.infer<typeof callRecordSyncQuerySchema>;

export const callRecordSyncItemSchema = callRecordSchema.extend({
  /** When the record last changed (it comes again after each change). */
  updatedAt: isoDateTime,
  prologueInfo: z.string(),
  /** As pushed or uploaded with the number: what a CRM puts there to find its own lead again. */
  businessInfo: z.record(z.string(), z.string()),
  summary: z.string().nullable(),
});
export type CallRecordSyncItem = z.infer<typeof callRecordSyncItemSchema>;

export const callRecordSyncPageSchema = z.object({
  list: z.array(callRecordSyncItemSchema),
  /** Where the next request starts; opaque. */
  nextCursor: z.string(),
  /** More records are ready now: ask again at once. False: caught up; ask again later with `nextCursor`. */
  hasMore: z.boolean(),
});
export type CallRecordSyncPage = z.infer<typeof callRecordSyncPageSchema>;

/**
 * Who said a line of a call: the AI, the customer (the person called) or a seat (the human agent a call was
 * transferred to). The one vocabulary of a transcript: the stored record, the runtime, the analysis, the API and
 * the console all use these words; only the LLM client speaks the model's `user`/`assistant`.
 */
export const speakerSchema = z.enum(['ai', 'customer', 'seat']);
export type Speaker = z.infer<typeof speakerSchema>;

/** A line of a call's transcript (the record stores these, in the order said). */
export const conversationLineSchema = z.object({
  speaker: speakerSchema,
  text: z.string(),
  /** Milliseconds after the answer. */
  atMs: z.number().int(),
  /** An AI reply the customer cut short: `text` is the part they heard. */
  interrupted: z.boolean().optional(),
  /** A filler the AI said while its answer was awaited ("One moment…"): heard, but not part of any answer. */
  filler: z.boolean().optional(),
});
export type ConversationLine = z.infer<typeof conversationLineSchema>;

const ms = z.number().int().nullable();
/** One turn of the conversation runtime and what each stage took (ms since the answer, or durations in ms). */
export const callTurnSchema = z.object({
  turnId: z.string(),
  /** The customer's words that started it ('' for the prologue, wake-ups and the timeout). */
  user: z.string(),
  /** The router that acted, or the runtime's own step. */
  route: z.string(),
  action: z.enum(['answer', 'hangup', 'transfer', 'prologue', 'wakeup', 'fallback', 'timeout']),
  /** End of the customer's speech and when their words were final (ms since the answer). */
  speechEndMs: ms,
  finalAtMs: ms,
  /** Durations from the final words: routers, referee, first LLM token, first sentence to speech, first audio, whole turn. */
  routerMs: ms,
  refereeMs: ms,
  llmFirstTokenMs: ms,
  firstSentenceMs: ms,
  firstAudioMs: ms,
  totalMs: ms,
  /**
   * End of the customer's speech → the first audio of the answer (not a filler) leaving for the callee (the
   * RTP packet sent on SIP, the frame sent on the simulated trunk): the wait the customer hears. Absent on
   * records from before it was measured.
   */
  heardAfterMs: ms.optional(),
  interrupted: z.boolean(),
});
export type CallTurn = z.infer<typeof callTurnSchema>;

export const callRuntimeFailureSchema = z.object({
  atMs: z.number().int(),
  turnId: z.string(),
  stage: z.enum(['main', 'rewrite', 'referee', 'filler', 'condition', 'speech', 'transfer']),
  failure: z.string(),
  detail: z.string(),
});
export type CallRuntimeFailure = z.infer<typeof callRuntimeFailureSchema>;

/** The drawer's call: the row plus how it ended and what was said. */
export const callRecordDetailSchema = callRecordSchema.extend({
  ringingAt: isoDateTime.nullable(),
  sipReason: z.string().nullable(),
  hungUpBy: z.string().nullable(),
  recordingMs: z.number().int().nullable(),
  lineAlias: z.string().nullable(),
  conversation: z.array(conversationLineSchema),
  /** The conversation runtime's turns with their stage timings, and what failed (empty for calls that did not converse). */
  turns: z.array(callTurnSchema),
  runtimeFailures: z.array(callRuntimeFailureSchema),
  /** The analysis stream's summary (null until it ran), and where that work stands. */
  summary: z.string().nullable(),
  analysisState: z.enum(['none', 'pending', 'done', 'failed']),
  analysisDetail: z.string().nullable(),
  /** The scenario's callbacks for this call: each event owed to each URL, with its attempts. */
  callbacks: z.array(callbackDeliverySchema),
  /**
   * Why the customer asked for a person, written when the transfer tool fired (the seat read it before
   * answering). Its own field: the analysis's `summary` of the whole call comes later and is another text.
   */
  transferSummary: z.string().nullable(),
  /** What the agent who took the call filed (issue type, resolution status); all null until then. */
  disposition: callDispositionSchema,
  /** Whether the caller may file (or correct) the disposition: the agent who took the call, or an ADMIN of its company. */
  canFile: z.boolean(),
});
export type CallRecordDetail = z.infer<typeof callRecordDetailSchema>;

export const callHistoryItemSchema = z.object({
  id: z.string(),
  taskName: z.string(),
  placedAt: isoDateTime,
  durationMs: z.number().int(),
  state: z.enum(CALL_RECORD_STATES),
  outcome: z.string().nullable(),
  transferOutcome: z.enum(TRANSFER_OUTCOMES),
  /** What the agent filed on that call, if one took it. */
  issueType: issueTypeSchema.nullable(),
  resolutionStatus: resolutionStatusSchema.nullable(),
});
export type CallHistoryItem = z.infer<typeof callHistoryItemSchema>;

/** The customer behind a call: what the upload said about them, and the earlier calls to the same number in the project. */
export const callCustomerSchema = z.object({
  prologueInfo: z.string(),
  businessInfo: z.record(z.string(), z.string()),
  /** From the subtask while it still exists (a deleted task takes its subtasks along). */
  remark: z.string().nullable(),
  extra: z.record(z.string(), z.string()),
  /** Earlier calls to the same number in the same project, newest first (at most CALL_RECORD_LIMITS.history). */
  history: z.array(callHistoryItemSchema),
  /** All earlier calls, counted. */
  previousCalls: z.number().int(),
});
export type CallCustomer = z.infer<typeof callCustomerSchema>;

export const revealedNumberSchema = z.object({ phone: z.string() });
export type RevealedNumber = z.infer<typeof revealedNumberSchema>;

/** What the filter form offers and what the caller may do. */
export const callRecordOptionsSchema = z.object({
  projects: z.array(z.object({ id: z.string(), name: z.string(), encryptionType: encryptionTypeSchema })),
  /** Tasks of the project asked for (none without one). */
  tasks: z.array(z.object({ id: z.string(), name: z.string() })),
  tags: z.array(z.object({ alias: z.string(), name: z.string() })),
  /** The company allows number reveal (the role and project checks still apply per call). */
  canReveal: z.boolean(),
  /** The company has the CSV export feature. */
  canExport: z.boolean(),
});
export type CallRecordOptions = z.infer<typeof callRecordOptionsSchema>;

/** The export's query string for a filter (only the values set; tags repeated). */
export function exportQueryString(filter: CallRecordFilterInput & { locale?: string }): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  return params.toString();
}
