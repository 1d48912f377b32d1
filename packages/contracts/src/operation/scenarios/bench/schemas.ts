import { z } from 'zod';
import { callRuntimeFailureSchema, callTurnSchema, speakerSchema } from '../../../call-records/schemas.ts';
import { idSchema } from '../../../common/fields.ts';
import { sdpOfferSchema } from '../../../webcall/schemas.ts';

/**
 * The scenario test bench (operation area, scenario edit page): a conversation with the scenario's current
 * version run by the same runtime as calls, on a call with no telephone. The DEV types as the callee, or
 * lets a scripted persona (the simulated trunk's callees) talk; every decision streams back as events.
 */
export const BENCH_PERSONAS = ['manual', 'interested', 'not_interested', 'wants_human'] as const;
export type BenchPersona = (typeof BENCH_PERSONAS)[number];

export const BENCH_LIMITS = {
  /** Sessions one user may hold at once. */
  perUser: 3,
  /**
   * Event streams one user may follow at once: each of their conversations in two tabs (a reload's new stream
   * may start before the old one is gone). Each holds a connection and a listener; more are refused.
   */
  streamsPerUser: 6,
  /** A session with no event and no line typed for this long is hung up. */
  idleMs: 10 * 60_000,
  /** A callee line typed on the bench. */
  line: 500,
} as const;

export const benchStartSchema = z.strictObject({
  scenarioId: idSchema,
  persona: z.enum(BENCH_PERSONAS).default('manual'),
  /** What a subtask would bring: its prologue info and business info (query-string form). */
  prologueInfo: z.string().max(500).default(''),
  businessInfo: z.string().max(2000).default(''),
});
export type BenchStart = z.input<typeof benchStartSchema>;

export const benchStartedSchema = z.object({ sessionId: idSchema, version: z.number().int() });
export type BenchStarted = z.infer<typeof benchStartedSchema>;

/**
 * Voice mode: the DEV is the callee, speaking into the microphone. The browser's WebRTC offer comes with the
 * start and the server's answer comes back with the session: the call is the same runtime and the same
 * speech path (VAD, recogniser, TTS, barge-in) as a SIP call, with a WebRTC leg in place of the carrier's RTP.
 */
export const benchVoiceStartSchema = z.strictObject({
  scenarioId: idSchema,
  prologueInfo: z.string().max(500).default(''),
  businessInfo: z.string().max(2000).default(''),
  sdp: sdpOfferSchema,
});
export type BenchVoiceStart = z.input<typeof benchVoiceStartSchema>;

export const benchVoiceStartedSchema = benchStartedSchema.extend({ sdp: z.string() });
export type BenchVoiceStarted = z.infer<typeof benchVoiceStartedSchema>;

export const benchSaySchema = z.strictObject({
  sessionId: idSchema,
  text: z.string().trim().min(1, { error: 'v.required' }).max(BENCH_LIMITS.line, { error: 'v.bench.line' }),
});
export type BenchSay = z.infer<typeof benchSaySchema>;

export const benchSessionRefSchema = z.strictObject({ sessionId: idSchema });

/** One event of a bench conversation; `atMs` is ms since the bench call was answered. */
export const benchEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('started'), atMs: z.number(), language: z.string(), version: z.number().int() }),
  /** `filler`: a filler said while the answer is still being written (not the answer; voice mode reports it). */
  z.object({
    type: z.literal('said'),
    atMs: z.number(),
    speaker: speakerSchema.exclude(['seat']),
    text: z.string(),
    filler: z.boolean().optional(),
  }),
  /** Voice mode: the recogniser's interim words while the callee is still speaking (the final comes as `said`). */
  z.object({ type: z.literal('partial'), atMs: z.number(), text: z.string() }),
  z.object({
    type: z.literal('routed'),
    atMs: z.number(),
    user: z.string(),
    router: z.string().nullable(),
    target: z.enum(['tool', 'stream', 'none']),
    routerMs: z.number(),
  }),
  z.object({ type: z.literal('referee'), atMs: z.number(), verdict: z.enum(['answer', 'hangup', 'transfer']), ms: z.number() }),
  z.object({ type: z.literal('token'), atMs: z.number(), turnId: z.string(), stream: z.enum(['main', 'rewrite']), text: z.string() }),
  z.object({
    type: z.literal('tool'),
    atMs: z.number(),
    turnId: z.string(),
    kind: z.enum(['hangup', 'transfer']),
    alias: z.string(),
    seat: z.boolean().nullable(),
  }),
  z.object({ type: z.literal('turn'), atMs: z.number(), timing: callTurnSchema, failures: z.array(callRuntimeFailureSchema) }),
  /**
   * `media-failed`: a voice conversation whose browser never connected (ICE/DTLS);
   * `timeout`: a voice conversation at its 10-minute cap.
   */
  z.object({
    type: z.literal('ended'),
    atMs: z.number(),
    reason: z.enum(['hangup', 'callee', 'idle', 'closed', 'media-failed', 'timeout']),
  }),
]);
export type BenchEvent = z.infer<typeof benchEventSchema>;
