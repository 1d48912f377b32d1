import { z } from 'zod';
import { idSchema } from '../common/fields.ts';
import { parseBusinessInfo } from '../subtasks/schemas.ts';

/**
 * Voice test calls in the browser: the browser's microphone and speaker are the callee's end of a call, over a
 * WebRTC leg to our server (PCMU only), in place of a carrier's RTP. The same runtime and speech path as a SIP call.
 */
export const WEB_CALL_LIMITS = {
  /** Voice test calls one user may hold at once (the bench's conversations count too). */
  perUser: 3,
  /** Voice test calls open at once in one company, per server process (each costs a recogniser, a VAD and a WebRTC peer). */
  perCompany: 10,
  /** Hung up after this long whatever happens (a task's own timeout hang-up ends it sooner). */
  maxMs: 10 * 60_000,
  /** ICE and DTLS must be up this long after the answer, or the call is ended. */
  connectMs: 15_000,
  /** The browser's offer (non-trickle: its candidates are in it). */
  sdpChars: 20_000,
} as const;

/** One STUN/TURN server as RTCPeerConnection takes it (`ICE_SERVERS` holds a JSON array of these). */
export const iceServerSchema = z.strictObject({
  urls: z.union([z.string().regex(/^(stun|stuns|turn|turns):/), z.array(z.string().regex(/^(stun|stuns|turn|turns):/)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;
export const iceServersSchema = z.array(iceServerSchema);

/** What the browser needs before it makes its offer: the ICE servers both sides use. */
export const webCallConfigSchema = z.object({ iceServers: iceServersSchema });
export type WebCallConfig = z.infer<typeof webCallConfigSchema>;

/** The browser's SDP offer, every ICE candidate gathered into it (no trickle). */
export const sdpOfferSchema = z
  .string()
  .min(1, { error: 'v.required' })
  .max(WEB_CALL_LIMITS.sdpChars, { error: 'v.webcall.sdp' })
  .refine((sdp) => sdp.startsWith('v=0') && /\bm=audio\b/.test(sdp), { error: 'v.webcall.sdp' });

/**
 * "Call me in the browser" on a task: the task's scenario version, voice, prologues and advanced settings, with
 * a chosen subtask's prologue and business info, or typed ones (query-string form, as in the subtask CSV). The
 * dialog checks its fields with `testCallFieldsSchema`; the server takes them with the offer.
 */
const testCallFields = z.strictObject({
  taskId: idSchema,
  /** A subtask of the task whose prologue and business info the call borrows; absent: the typed ones. */
  subtaskId: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, { error: 'v.id' })
    .optional(),
  prologueInfo: z.string().trim().max(500, { error: 'v.tooLong' }).default(''),
  businessInfo: z
    .string()
    .trim()
    .max(2000, { error: 'v.tooLong' })
    .default('')
    .refine((text) => parseBusinessInfo(text) !== null, { error: 'v.webcall.businessInfo' }),
});
const subtaskOrTyped = (input: { subtaskId?: string; prologueInfo: string; businessInfo: string }) =>
  input.subtaskId === undefined || (input.prologueInfo === '' && input.businessInfo === '');
const SUBTASK_OR_TYPED = { error: 'v.webcall.subtaskOrTyped', path: ['subtaskId'] };

export const testCallFieldsSchema = testCallFields.refine(subtaskOrTyped, SUBTASK_OR_TYPED);
export type TestCallFields = z.input<typeof testCallFieldsSchema>;

export const testCallStartSchema = testCallFields.extend({ sdp: sdpOfferSchema }).refine(subtaskOrTyped, SUBTASK_OR_TYPED);
export type TestCallStart = z.input<typeof testCallStartSchema>;

/** The open test call: its record's id and the server's SDP answer. */
export const testCallStartedSchema = z.object({ callId: idSchema, sdp: z.string() });
export type TestCallStarted = z.infer<typeof testCallStartedSchema>;

export const testCallRefSchema = z.strictObject({ callId: idSchema });

export const testCallEventsQuerySchema = z.strictObject({
  callId: idSchema,
  /** How many events the page has already: the answer starts after them. */
  after: z.number().int().min(0).default(0),
});
export type TestCallEventsQuery = z.input<typeof testCallEventsQuerySchema>;

/** Why a test call ended, as the dialog says it. */
export const TEST_CALL_END_REASONS = ['hangup', 'callee', 'agent', 'media-failed', 'timeout', 'closed', 'failed'] as const;

/** One event of a test call as the dialog shows it live; `atMs` is ms since the call was opened. */
export const testCallEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('answered'), atMs: z.number() }),
  z.object({ type: z.literal('said'), atMs: z.number(), speaker: z.enum(['ai', 'customer']), text: z.string() }),
  /** The recogniser's interim words while the tester still speaks (the final comes as `said`). */
  z.object({ type: z.literal('partial'), atMs: z.number(), text: z.string() }),
  /** A seat of the company took the call (the scenario transferred it). */
  z.object({ type: z.literal('transferred'), atMs: z.number() }),
  z.object({ type: z.literal('ended'), atMs: z.number(), reason: z.enum(TEST_CALL_END_REASONS) }),
]);
export type TestCallEvent = z.infer<typeof testCallEventSchema>;

export const testCallEventsSchema = z.object({ events: z.array(testCallEventSchema), ended: z.boolean() });
export type TestCallEvents = z.infer<typeof testCallEventsSchema>;
