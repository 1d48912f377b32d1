import type { EventEmitter } from 'node:events';
import type { CallOutcome, CallParty, Speaker } from '@dialwise/contracts';
import type { TelephonyLogger } from './telephony-logger.ts';

/**
 * The dialer's view of telephony: a Trunk places one outbound call per `dial()` and hands back a
 * CallHandle that reports progress, carries audio both ways and ends with one CallResult.
 *
 * Two implementations: `SipTrunk` (real SIP/RTP over UDP) and `SimulatedTrunk` (in-process callees for
 * the demo and for tests). The dialer never needs to know which one it holds.
 *
 *   const call = trunk.dial({ to, callerId, line, ringTimeoutMs: 45_000, signal });
 *   call.on('ringing', () => …);
 *   if (await call.answered) await new CallSession(call, steps).run();
 *   const result = await call.ended;          // always resolves, never rejects
 *   if (result.outcome === 'backpressure') slowDown(line, result.retryAfterMs);
 */
export interface Trunk {
  readonly kind: 'sip' | 'simulated';
  /**
   * Places one call. Returns at once: setup runs in the background and every failure (bad line,
   * DNS, no RTP port, the far end's refusal) ends the call with an outcome instead of throwing.
   */
  dial(request: DialRequest): CallHandle;
  /** Calls in progress (dialling, ringing or answered). */
  readonly activeCalls: number;
  /** Hangs up every live call, waits for their results and releases sockets. */
  close(): Promise<void>;
}

/** One SIP account at a carrier: what the `sip_lines` row holds, with the password unsealed. */
export interface SipLine {
  /** Our id of the line, when it has one: the simulated carrier counts each line's calls apart by it. */
  id?: string;
  /** SIP user name: the user part of From when no caller id is given, and the digest user name. */
  username: string;
  password: string;
  /** The carrier's domain or address: the host of the Request-URI and, unless `proxy` is set, where requests go. */
  domain: string;
  /** The carrier's SIP port (5060 usually). */
  port: number;
  /** Digest user name when the carrier's differs from `username`. */
  authUsername?: string;
  /** Send every request to this host:port instead of `domain:port` (an outbound proxy / SBC). */
  proxy?: { host: string; port: number };
  /** Codecs to offer, in preference order; default PCMU then PCMA. */
  codecs?: readonly AudioCodec[];
  /**
   * What the carrier carries on this line: calls at once and new calls a second, as set up with it (the
   * line's concurrency and CPS). A real carrier enforces its own; the simulated one pushes back (503 with
   * Retry-After) past it, and only then.
   */
  capacity?: { calls: number; perSecond: number };
}

export type AudioCodec = 'PCMU' | 'PCMA';

/**
 * Whether `to` can be the user part of a SIP URI as it is: digits, letters, + * # and . _ ~ -. Anything
 * else (spaces, brackets, '@') ends the call as `invalid_number` before anything is sent.
 */
export function isDialable(to: string): boolean {
  return /^[0-9A-Za-z+*#._~-]+$/.test(to);
}

export interface DialRequest {
  /** The number to call, as the carrier wants it in the Request-URI user part (digits, maybe a leading +). */
  to: string;
  /** Our number shown to the callee (From user part). */
  callerId: string;
  line: SipLine;
  /** Give up (CANCEL) when nobody has answered this long after the INVITE went out → `no_answer`. */
  ringTimeoutMs: number;
  /** WAV file to record to (created at answer). Default: `<recordingsDir>/<yyyy-mm-dd>/<callId>.wav`. */
  recordingPath?: string;
  /** false: do not record this call. Default true. */
  record?: boolean;
  /** Aborting hangs up: CANCEL before the answer (→ `canceled`), BYE after it. */
  signal?: AbortSignal;
  /** Hang up an answered call after this long whatever happens (a runaway guard). Default: the trunk's. */
  maxDurationMs?: number;
  /** This call's logger (a child carrying its call id, task and line); the trunk's logger otherwise. */
  logger?: TelephonyLogger;
  /** Extra SIP headers on the INVITE (e.g. `X-Dialwise-Subtask`); ignored by the simulated trunk. */
  headers?: Readonly<Record<string, string>>;
}

/** The public call states, in order. `ending` = we sent CANCEL or BYE and wait for the far end. */
export const CALL_STATES = ['dialing', 'trying', 'ringing', 'early-media', 'answered', 'ending', 'ended'] as const;
export type CallState = (typeof CALL_STATES)[number];

/** Progress events, in the order they can happen; `trying`/`ringing`/`early-media` may be skipped or repeat. */
export type CallEvent =
  | { type: 'trying'; at: Date }
  | { type: 'ringing'; at: Date; status: number }
  | { type: 'early-media'; at: Date; status: number }
  | { type: 'answered'; at: Date; codec: AudioCodec }
  | { type: 'utterance'; at: Date; utterance: Utterance }
  | { type: 'ended'; at: Date; result: CallResult };

/** A line of text said on the call (the simulated trunk's text channel): the AI's or the customer's. */
export interface Utterance {
  speaker: Exclude<Speaker, 'seat'>;
  text: string;
}

/** 20 ms of the far end's audio: 160 samples of 16-bit PCM at 8 kHz (the last one of a call may be shorter). */
export interface AudioFrame {
  samples: Int16Array;
  /** Milliseconds since the answer (negative during early media). */
  atMs: number;
}

/** Typed events of a CallHandle (Node's EventEmitter with an event map). */
export interface CallEventMap {
  trying: [Extract<CallEvent, { type: 'trying' }>];
  ringing: [Extract<CallEvent, { type: 'ringing' }>];
  'early-media': [Extract<CallEvent, { type: 'early-media' }>];
  answered: [Extract<CallEvent, { type: 'answered' }>];
  utterance: [Extract<CallEvent, { type: 'utterance' }>];
  ended: [Extract<CallEvent, { type: 'ended' }>];
  /** Every progress event above, in one stream. */
  event: [CallEvent];
  /** The far end's audio as it arrives, early media included (decoded only while someone listens). */
  audio: [AudioFrame];
  /** Our side's 20 ms frame as it leaves, once per media tick of an answered call (emitted only while someone listens). */
  sent: [Readonly<Int16Array>];
}

export interface CallHandle extends EventEmitter<CallEventMap> {
  /** Our id of the call; the SIP Call-ID on the SIP trunk. */
  readonly id: string;
  readonly to: string;
  readonly state: CallState;
  /** Resolves at the answer, or with null when the call ended without one. Never rejects. */
  readonly answered: Promise<AnswerInfo | null>;
  /** Resolves once with the result when the call is over and its recording is closed. Never rejects. */
  readonly ended: Promise<CallResult>;
  /** Every progress event so far (also what `events()` replays first). */
  readonly history: readonly CallEvent[];
  /** Progress events from the start of the call until `ended` (past ones replayed first). */
  events(): AsyncIterableIterator<CallEvent>;
  /** CANCEL before the answer (→ `canceled`), BYE after it. Idempotent; resolves with the result. */
  hangup(): Promise<CallResult>;
  /**
   * Queues audio to play to the callee: 16-bit PCM, 8 kHz mono, as samples or as little-endian bytes.
   * Resolves true once played out, false when it was cleared or the call ended first. Between clips the
   * callee hears silence. `onSent` is called when its first 20 ms frame is taken to be sent (the RTP packet
   * on SIP, the frame on the simulated trunk): where the callee starts to hear it.
   */
  sendAudio(pcm: Int16Array | Buffer, onSent?: () => void): Promise<boolean>;
  /** Drops the audio still queued (barge-in); their `sendAudio` promises resolve false. */
  clearAudio(): void;
  /**
   * Replaces the queued audio with a live source (an operator seat after a transfer): from the next tick
   * on, each 20 ms frame comes from `source`; null gives the call back to the queue. Queued clips are dropped.
   */
  setVoiceSource(source: VoiceSource | null): void;
  /** Text channel: present on the simulated trunk (the callee answers in text); null on SIP (needs ASR/TTS). */
  readonly text: TextChannel | null;
}

/**
 * A live source of our side's audio. A frame carries its G.711 payload (sent as it is when its codec is the
 * call's: no transcoding, the call's own SSRC, sequence and timestamps carry on) and its samples (the recording).
 */
export interface VoiceSource {
  /** The next 20 ms, or null for silence (nothing arrived in time). */
  nextFrame(): VoiceFrame | null;
}

export interface VoiceFrame {
  codec: AudioCodec;
  /** 160 bytes of G.711 in `codec`. */
  payload: Uint8Array;
  samples: Int16Array;
}

export interface TextChannel {
  /** Says a line to the callee; it is recorded as an `utterance` event with speaker "ai". */
  say(text: string): void;
}

export interface AnswerInfo {
  at: Date;
  codec: AudioCodec;
}

/** Why the call ended, finer than the outcome (for logs and call records). */
export const END_REASONS = [
  'hangup',
  'aborted',
  'ring-timeout',
  'remote-bye',
  'remote-refused',
  'no-response',
  'max-duration',
  'rtp-timeout',
  'no-common-codec',
  'error',
  'trunk-closed',
] as const;
export type EndReason = (typeof END_REASONS)[number];

export interface CallResult {
  callId: string;
  outcome: CallOutcome;
  /** The final SIP status of the INVITE (200, 486, 487, …); null when none came (timeout, local failure). */
  sipStatus: number | null;
  /** Its reason phrase, or what happened locally ("no response (timer B)", "DNS lookup failed", …). */
  sipReason: string;
  endReason: EndReason;
  hungUpBy: CallParty;
  placedAt: Date;
  /** First 180/183 (null when it never rang). */
  ringingAt: Date | null;
  answeredAt: Date | null;
  endedAt: Date;
  /** Talk time in ms (answer → end); 0 when not answered. */
  durationMs: number;
  codec: AudioCodec | null;
  /** Set with `backpressure` when the carrier sent Retry-After. */
  retryAfterMs: number | null;
  recording: RecordingInfo | null;
  /** RTP packets sent and received (the simulated trunk counts its 20 ms frames the same way). */
  media: { packetsSent: number; packetsReceived: number };
}

/** The call's WAV file: 16-bit PCM, 8 kHz, two channels — left the far end, right our side. */
export interface RecordingInfo {
  path: string;
  durationMs: number;
  bytes: number;
}
