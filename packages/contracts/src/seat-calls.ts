import { z } from 'zod';
import { idSchema, isoDateTime } from './fields.ts';
import { callCustomerSchema, callRecordDetailSchema, issueTypeSchema, resolutionStatusSchema } from './call-records.ts';
import { taskStatusSchema } from './tasks.ts';

/**
 * The seat's REST side (the signalling is `seat.ts`): what the seat reads about the call it was offered or
 * took — the call with its conversation and summary (warm transfer), the customer's info and history, the
 * call's task — and what it writes back: the issue type and the resolution status, kept on the call record
 * and shown in the call-record drawer. OPR only, and only for calls offered to or taken by that agent.
 */

export const SEAT_CALL_LIMITS = { note: 500 } as const;

export const seatCallIdSchema = z.object({ callId: idSchema });

/** The seat's form: both choices required, the note optional (blank = none). */
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
