import { z } from 'zod';
import { idSchema, isoDateTime } from '../common/fields.ts';
import {
  callCustomerSchema,
  callRecordDetailSchema,
  callRecordSchema,
  issueTypeSchema,
  resolutionStatusSchema,
} from '../call-records/schemas.ts';
import { taskStatusSchema } from '../tasks/schemas.ts';

/**
 * The seat's REST side (the signalling is `protocol.ts`): what the seat reads about the call it was offered or
 * took — the call with its conversation and summary (warm transfer), the customer's info and history, the
 * call's task — and the calls the agent took and has not filed yet. The filing itself (issue type and
 * resolution status, kept on the call record) is the call records' `POST /api/call-records/disposition`: the
 * seat files through it, and so does the call-record drawer later (the agent who took the call, or an ADMIN).
 */

export const SEAT_CALL_LIMITS = { note: 500 } as const;

export const seatCallIdSchema = z.object({ callId: idSchema });

/** The filing form (the seat's and the call-record drawer's): both choices required, the note optional (blank = none). */
export const callDispositionInputSchema = z.object({
  callId: idSchema,
  issueType: issueTypeSchema,
  resolutionStatus: resolutionStatusSchema,
  note: z
    .string()
    .trim()
    .max(SEAT_CALL_LIMITS.note, { error: 'v.tooLong' })
    .optional()
    .transform((value) => (value ? value : null)),
});
export type CallDispositionInput = z.input<typeof callDispositionInputSchema>;

/** The call's task as the seat shows it (read-only: agents do not edit tasks). */
export const seatTaskSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: taskStatusSchema,
  projectName: z.string(),
  scenarioName: z.string(),
  callStart: z.string(),
  callEnd: z.string(),
  weekdays: z.array(z.number().int()),
  pendingCount: z.number().int(),
  totalCount: z.number().int(),
  creator: z.string(),
  createTime: isoDateTime,
});
export type SeatTask = z.infer<typeof seatTaskSchema>;

/** Everything the seat's customer and task panels show for one call, in one answer. */
export const seatCallInfoSchema = z.object({
  call: callRecordDetailSchema,
  customer: callCustomerSchema,
  task: seatTaskSchema,
});
export type SeatCallInfo = z.infer<typeof seatCallInfoSchema>;

/** At most this many calls still to file are listed (the newest); `total` counts them all. */
export const SEAT_UNFILED_LIMIT = 50;

/**
 * The calls this agent took and has not filed yet (no issue type saved), newest first: a call whose filing
 * was skipped — the next call taken, the page closed — stays here until it is filed.
 */
export const seatUnfiledCallsSchema = z.object({
  list: z.array(callRecordSchema),
  total: z.number().int(),
});
export type SeatUnfiledCalls = z.infer<typeof seatUnfiledCallsSchema>;
