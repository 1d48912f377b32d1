import type { EventEmitter } from 'node:events';

/**
 * What the conversation runtime needs of a call: the callee's turns in, our sentences out. The runtime
 * (ConverseStep) never touches RTP, ASR or TTS itself; it talks to a CallVoice:
 *
 * - on the simulated trunk, `TextCallVoice`: the callee's lines arrive as text, our sentences go out on
 *   the text channel (and as synthesized audio for the recording);
 * - on SIP, `SpeechCallVoice` (speech/): VAD + ASR on the callee's 20 ms frames, TTS → `call.sendAudio`.
 *
 * Every sentence carries the id of the turn (the reply) it belongs to, so output of a cancelled turn can
 * be recognised and dropped wherever it still is.
 */
export interface CallVoiceEvents {
  /** The callee started speaking (VAD, or the simulated callee starting a line): may trigger barge-in. */
  'speech-start': [{ atMs: number }];
  /**
   * The callee may have stopped (the VAD's first quiet window: a tentative end, dated where the quiet began).
   * `speech-end` follows unless `speech-resume` comes first. A voice with no VAD (the simulated trunk's text)
   * never says it: its `speech-end` is not late.
   */
  'speech-pause': [{ atMs: number }];
  /** The callee went on after a `speech-pause` (their speech never ended). */
  'speech-resume': [{ atMs: number }];
  /** The callee stopped speaking (before the endpointing delay). */
  'speech-end': [{ atMs: number }];
  /** An interim transcript while the callee speaks (keyword interruption may act on it). */
  partial: [{ text: string; atMs: number }];
  /** One finished callee turn: what they said; `speechEndMs` = end of their speech (for timings). */
  final: [{ text: string; atMs: number; speechEndMs: number | null }];
  /** The engines failed in a way the runtime should record (a vendor down, a fallback taken). */
  failure: [{ stage: 'asr' | 'tts' | 'vad'; detail: string; atMs: number }];
}

/** An answer (the reply's own words) or a filler said while the answer is awaited. */
export type SpeechKind = 'answer' | 'filler';

export interface SpokenSentence {
  turnId: string;
  text: string;
  /** What the callee heard of it: the whole text when played out, a prefix when cut, '' when never started. */
  heardText: string;
  /** Played to the end. */
  completed: boolean;
  /** ms since the answer when its first audio went out (null: none did). */
  firstAudioAtMs: number | null;
  /**
   * ms since the answer when its first 20 ms frame was sent on the wire (the RTP packet on SIP, the frame on
   * the simulated trunk): where the callee starts to hear it (null: none was).
   */
  sentAtMs?: number | null;
  endedAtMs: number;
}

export interface CallVoice extends EventEmitter<CallVoiceEvents> {
  /** ms since the answer, on the call's clock (every `atMs` above uses it). */
  now(): number;
  /**
   * Speaks one sentence of turn `turnId`, after the sentences already queued. Resolves when it has been
   * played out or cut (by interrupt(), or the call ending); never rejects.
   *
   * A `filler` never delays an answer: an answer sentence queued while a filler plays cuts it at its next
   * word boundary, and fillers still waiting in the queue are dropped (resolved unheard).
   */
  speak(sentence: string, turnId: string, kind?: SpeechKind): Promise<SpokenSentence>;
  /** Barge-in: stops the audio now and drops every queued sentence (of `turnId` only, when given). */
  interrupt(turnId?: string): void;
  /** Stops listening and speaking and releases the engines; idempotent. */
  close(): void;
}

/** Takes the queued sentences of turn `turnId` (all of them when undefined) out of `queue`, newest first: a barge-in's drop. */
export function takeQueued<T extends { turnId: string }>(queue: T[], turnId: string | undefined): T[] {
  const taken: T[] = [];
  for (let i = queue.length - 1; i >= 0; i--) {
    if (turnId === undefined || queue[i]!.turnId === turnId) taken.push(...queue.splice(i, 1));
  }
  return taken;
}

/**
 * ms from `elapsedMs` into a sentence of `totalMs` until its next word boundary (the next space, by the
 * share of characters played; Chinese: the next character): where a filler is cut so no word is clipped.
 */
export function msToWordBoundary(text: string, elapsedMs: number, totalMs: number): number {
  if (totalMs <= 0 || elapsedMs >= totalMs) return 0;
  const position = Math.floor((text.length * Math.max(0, elapsedMs)) / totalMs);
  const cjk = /[\u4e00-\u9fff]/.test(text);
  let boundary = cjk ? position + 1 : text.indexOf(' ', position);
  if (boundary < 0 || boundary > text.length) boundary = text.length;
  return Math.max(0, Math.round((totalMs * boundary) / text.length - elapsedMs));
}

/** Drops the fillers still queued (an answer is ready): taken out of `queue` and returned. */
export function takeFillers<T extends { kind: SpeechKind }>(queue: T[]): T[] {
  const taken: T[] = [];
  for (let i = queue.length - 1; i >= 0; i--) if (queue[i]!.kind === 'filler') taken.push(...queue.splice(i, 1));
  return taken;
}
