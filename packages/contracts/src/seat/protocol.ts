import { z } from 'zod';
import { speakerSchema } from '../call-records/schemas.ts';
import { idSchema } from '../common/fields.ts';
import { encryptionTypeSchema } from '../projects/schemas.ts';

/**
 * The operator seat's signalling: one WebSocket at `SEAT_WS_PATH`, authenticated by the session cookie
 * (OPR accounts only), one JSON message per frame, every message an object with a `type`. The server
 * validates what the seat sends with `seatClientMessageSchema`; the seat reads the server with
 * `seatServerMessageSchema`.
 *
 * Flow:
 *   open → server `hello` (seat state `signed-out`) — or `error` + close when the cookie is refused
 *   seat `sign-in` → `seat-state` waiting (or signed-in when `standby: false`)
 *   seat `ping` every `heartbeat.intervalMs` → server `pong`; no ping for `heartbeat.timeoutMs` → server
 *     sends `error` heartbeat-timeout, signs the seat out and closes; no pong for `timeoutMs` → the seat
 *     shows "Server not responding" and reconnects (it must sign in again)
 *   transfer → server `offer` (deadline) → seat `accept` / `reject`; or server `offer-withdrawn`
 *   the handover summary ready (the model's, or the conversation's own after a timeout) → server
 *     `call-summary`, to the seat the call rings at or is with (an offer sent before it carries `summary: null`)
 *   accepted → seat `webrtc-offer` (SDP, PCMU) → server `webrtc-answer`; ICE both ways (`ice-candidate`)
 *   media up → server `pre-voice` (the seat hears callee and AI; its audio is dropped by the server)
 *   AI done → server `connected` (the seat speaks) → seat `mute` / `hang-up`
 *   end → server `call-ended` with its reason; the seat goes back to waiting
 */
export const SEAT_WS_PATH = '/ws/seat';

/** Heartbeat defaults; the `hello` message carries the figures in force (tests shorten them). */
export const SEAT_HEARTBEAT = { intervalMs: 10_000, timeoutMs: 30_000 } as const;
/** Seconds a seat has to accept an offer before it goes to the next seat; ICE + DTLS must finish within `mediaSeconds`. */
export const SEAT_TIMING = { offerSeconds: 15, mediaSeconds: 10 } as const;

/** The seat's own state, and its signalling connection's (the seat screen shows both at all times). */
export const SEAT_STATES = ['not-connected', 'signed-out', 'signed-in', 'waiting', 'in-call'] as const;
export const seatStateSchema = z.enum(SEAT_STATES);
export type SeatState = z.infer<typeof seatStateSchema>;

export const SEAT_CONNECTION_STATES = ['not-connected', 'connected', 'error', 'disconnected'] as const;
export const seatConnectionStateSchema = z.enum(SEAT_CONNECTION_STATES);
export type SeatConnectionState = z.infer<typeof seatConnectionStateSchema>;

/** The call's phase on the seat: ringing (offer), media being set up, pre-voice (listen only), connected. */
export const SEAT_CALL_PHASES = ['offered', 'media', 'pre-voice', 'connected'] as const;
export type SeatCallPhase = (typeof SEAT_CALL_PHASES)[number];

/** Errors that close the seat's connection: the seat must connect and sign in again. */
export const SEAT_DROPPING_ERRORS = [
  'unauthenticated',
  'forbidden',
  'replaced',
  'connection-error',
  'server-not-responding',
  'heartbeat-timeout',
  /** The session the socket was opened with ended (signed out, signed in elsewhere, ended by an administrator). */
  'session-ended',
  /** More messages than `SEAT_MESSAGE_LIMITS` allows. */
  'too-many-messages',
  /** `SEAT_MESSAGE_LIMITS.consecutiveBad` messages in a row the server could not read. */
  'too-many-bad-messages',
] as const;

/**
 * Why the seat shows an error; each maps to a message key (`SEAT_ERROR_MESSAGES`). The dropping ones first;
 * the rest refuse one request.
 */
export const SEAT_ERROR_CODES = [
  ...SEAT_DROPPING_ERRORS,
  'call-connection-failed',
  'sign-out-failed',
  'bad-message',
  'not-signed-in',
  'offer-gone',
  'no-call',
  'project-not-assigned',
] as const;
export const seatErrorCodeSchema = z.enum(SEAT_ERROR_CODES);
export type SeatErrorCode = z.infer<typeof seatErrorCodeSchema>;

export const SEAT_ERROR_MESSAGES: Record<SeatErrorCode, string> = {
  unauthenticated: 'e.seat.unauthenticated',
  forbidden: 'e.seat.forbidden',
  replaced: 'e.seat.replaced',
  'connection-error': 'e.seat.connectionError',
  'server-not-responding': 'e.seat.serverNotResponding',
  'heartbeat-timeout': 'e.seat.heartbeatTimeout',
  'session-ended': 'e.seat.sessionEnded',
  'too-many-messages': 'e.seat.tooManyMessages',
  'too-many-bad-messages': 'e.seat.tooManyBadMessages',
  'call-connection-failed': 'e.seat.callConnectionFailed',
  'sign-out-failed': 'e.seat.signOutFailed',
  'bad-message': 'e.seat.badMessage',
  'not-signed-in': 'e.seat.notSignedIn',
  'offer-gone': 'e.seat.offerGone',
  'no-call': 'e.seat.noCall',
  'project-not-assigned': 'e.seat.projectNotAssigned',
};

/** WebSocket close codes the server uses (4000–4999 are the application's). */
export const SEAT_CLOSE_CODES = {
  /** No session, a refused one, or the session ended while the socket was open (`session-ended`). */
  unauthenticated: 4401,
  forbidden: 4403,
  /** Another tab or device opened this seat: the older connection is closed. */
  replaced: 4409,
  heartbeatTimeout: 4408,
  /** `too-many-bad-messages`: the seat keeps sending what the server cannot read. */
  badMessages: 4400,
  /** `too-many-messages`: the seat sends faster than `SEAT_MESSAGE_LIMITS` allows. */
  rateLimited: 4429,
} as const;

/**
 * What one seat connection may send: a bucket of `burst` messages refilled at `perSecond` (the screen sends a
 * ping every 10 s, a handful of state changes, and a burst of ICE candidates per call); past it the socket is
 * closed with `rateLimited`. `consecutiveBad` unreadable messages in a row (bad JSON, binary, an unknown type)
 * close it with `badMessages`; one readable message resets the count.
 */
export const SEAT_MESSAGE_LIMITS = { burst: 50, perSecond: 10, consecutiveBad: 10 } as const;

const sdpSchema = z.string().min(1).max(20_000);
const iceCandidateSchema = z.object({
  candidate: z.string().max(2_000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
});

/* ---------- seat → server ---------- */

export const seatClientMessageSchema = z.discriminatedUnion('type', [
  /** `projectId` limits the seat to one of its projects (the callDisplay/{projectID} page); absent: all of them. */
  z.object({
    type: z.literal('sign-in'),
    projectId: idSchema.nullable().optional(),
    standby: z.boolean().default(true),
  }),
  z.object({ type: z.literal('sign-out') }),
  /** Waiting (standby: offers come) or signed in without taking calls. */
  z.object({ type: z.literal('standby'), standby: z.boolean() }),
  z.object({ type: z.literal('ping'), at: z.number() }),
  z.object({ type: z.literal('accept'), offerId: idSchema }),
  z.object({ type: z.literal('reject'), offerId: idSchema }),
  z.object({ type: z.literal('webrtc-offer'), callId: idSchema, sdp: sdpSchema }),
  z.object({ type: z.literal('ice-candidate'), callId: idSchema, candidate: iceCandidateSchema }),
  z.object({ type: z.literal('mute'), callId: idSchema, muted: z.boolean() }),
  z.object({ type: z.literal('hang-up'), callId: idSchema }),
]);
export type SeatClientMessage = z.input<typeof seatClientMessageSchema>;
export type ParsedSeatClientMessage = z.output<typeof seatClientMessageSchema>;

/* ---------- server → seat ---------- */

export const seatConversationLineSchema = z.object({
  speaker: speakerSchema,
  text: z.string(),
  at: z.string(),
});
export type SeatConversationLine = z.infer<typeof seatConversationLineSchema>;

/** What the seat reads before it accepts (warm transfer): who, why, and what was said. */
export const seatOfferSchema = z.object({
  type: z.literal('offer'),
  offerId: z.string(),
  callId: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  taskId: z.string(),
  taskName: z.string(),
  subtaskId: z.string(),
  /** Masked as the project's encryption type allows (`maskSubtaskPhone`); never the clear number. */
  customerNumber: z.string(),
  /** A test call from a browser ("Call me in the browser" on a task): it has no number, the seat says so instead. */
  test: z.boolean().default(false),
  encryptionType: encryptionTypeSchema,
  businessInfo: z.record(z.string(), z.string()),
  conversation: z.array(seatConversationLineSchema),
  /**
   * Why the customer asked for a person, in one to three sentences. Null while the scenario's analysis model
   * writes it: the offer is not held back for it, a `call-summary` message follows.
   */
  summary: z.string().nullable(),
  /** ISO instant after which the offer goes to the next seat. */
  deadline: z.string(),
});
export type SeatOffer = z.infer<typeof seatOfferSchema>;

/** `system`: the call was cut with the process that held it (a crash, a lost lease) before the seat answered. */
export const SEAT_WITHDRAW_REASONS = ['timeout', 'rejected', 'callee-hung-up', 'signed-out', 'system'] as const;
export const SEAT_CALL_END_REASONS = ['seat-hung-up', 'callee-hung-up', 'media-failed', 'system'] as const;
export type SeatCallEndReason = (typeof SEAT_CALL_END_REASONS)[number];

export const seatServerMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    operatorId: z.string(),
    username: z.string(),
    seatState: seatStateSchema,
    heartbeat: z.object({ intervalMs: z.number(), timeoutMs: z.number() }),
    offerSeconds: z.number(),
  }),
  z.object({ type: z.literal('seat-state'), seatState: seatStateSchema, projectId: z.string().nullable() }),
  z.object({ type: z.literal('pong'), at: z.number() }),
  seatOfferSchema,
  z.object({ type: z.literal('offer-withdrawn'), offerId: z.string(), reason: z.enum(SEAT_WITHDRAW_REASONS) }),
  /** The handover summary of a call offered to this seat or taken by it, once it is ready (see `seatOfferSchema.summary`). */
  z.object({ type: z.literal('call-summary'), callId: z.string(), summary: z.string() }),
  z.object({ type: z.literal('webrtc-answer'), callId: z.string(), sdp: z.string() }),
  z.object({ type: z.literal('ice-candidate'), callId: z.string(), candidate: iceCandidateSchema }),
  /** Media is up: the seat hears the callee and the AI; what it sends is dropped until `connected`. */
  z.object({ type: z.literal('pre-voice'), callId: z.string() }),
  /** The AI has handed over: the callee hears the seat from now on. */
  z.object({ type: z.literal('connected'), callId: z.string(), at: z.string() }),
  z.object({ type: z.literal('muted'), callId: z.string(), muted: z.boolean() }),
  z.object({ type: z.literal('call-ended'), callId: z.string(), reason: z.enum(SEAT_CALL_END_REASONS) }),
  /** `message` is in the connection's locale (the cookie or Accept-Language). */
  z.object({ type: z.literal('error'), code: seatErrorCodeSchema, message: z.string() }),
]);
export type SeatServerMessage = z.infer<typeof seatServerMessageSchema>;
