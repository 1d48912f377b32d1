import type { CallTurn } from '@dialwise/contracts';
import { randomUUID } from 'node:crypto';
import type { SpokenSentence } from './call-voice.ts';

/** The abort reason of an interrupted reply, made once (a default reason is a new DOMException with its stack). */
const INTERRUPTED = new Error('the reply was interrupted');

/**
 * What one turn took, stage by stage (ms since the answer, or durations in ms): the call record's turn. The
 * runtime always sets `heardAfterMs` (null when the turn had no callee speech end or sent nothing of its
 * answer); the record's schema leaves it optional only for records written before it was measured.
 */
export type TurnTiming = Required<CallTurn>;

/**
 * One reply the agent speaks: its turn id, its cancellation (the LLM request listens to `signal`), the
 * sentences handed to speech, and its timings. `interrupt()` is idempotent; awaiting `heard()` never
 * throws and gives what the callee heard of it.
 */
export class Reply {
  readonly id = randomUUID();
  private readonly abort = new AbortController();
  private readonly spoken: Promise<SpokenSentence>[] = [];
  readonly timing: TurnTiming;
  private readonly startedAt: number;

  constructor(
    user: string,
    route: string,
    action: TurnTiming['action'],
    now: number,
    readonly interruptible: boolean,
    callee: { speechEndMs: number | null; finalAtMs: number | null } = { speechEndMs: null, finalAtMs: null },
  ) {
    this.startedAt = now;
    this.timing = {
      turnId: this.id,
      user,
      route,
      action,
      speechEndMs: callee.speechEndMs,
      finalAtMs: callee.finalAtMs,
      routerMs: null,
      refereeMs: null,
      llmFirstTokenMs: null,
      firstSentenceMs: null,
      firstAudioMs: null,
      totalMs: null,
      heardAfterMs: null,
      interrupted: false,
    };
  }

  get signal(): AbortSignal {
    return this.abort.signal;
  }

  get interrupted(): boolean {
    return this.timing.interrupted;
  }

  get sentences(): number {
    return this.spoken.length;
  }

  /** ms from the start of the turn (the callee's final, or when the runtime began it). */
  since(now: number): number {
    return Math.max(0, now - this.startedAt);
  }

  /** Records a sentence handed to speech and when its audio started. */
  track(spoken: Promise<SpokenSentence>, now: number): void {
    if (this.spoken.length === 0) this.timing.firstSentenceMs = this.since(now);
    this.spoken.push(spoken);
    void spoken.then((s) => {
      if (s.firstAudioAtMs !== null && this.timing.firstAudioMs === null) this.timing.firstAudioMs = this.since(s.firstAudioAtMs);
      const sent = s.sentAtMs ?? null;
      const end = this.timing.speechEndMs;
      if (sent !== null && end !== null && (this.timing.heardAfterMs === null || sent - end < this.timing.heardAfterMs)) {
        this.timing.heardAfterMs = Math.max(0, sent - end);
      }
    });
  }

  /** Barge-in: cancels the LLM request; the caller clears the audio. */
  interrupt(): void {
    this.timing.interrupted = true;
    this.abort.abort(INTERRUPTED);
  }

  /** Waits for every sentence to be played or cut; answers the heard text. */
  async heard(now: () => number): Promise<{ text: string; complete: boolean; startedAtMs: number }> {
    const results = await Promise.all(this.spoken);
    const starts = results.map((r) => r.firstAudioAtMs).filter((at): at is number => at !== null);
    this.timing.totalMs = this.since(now());
    const text = results
      .map((r) => r.heardText)
      .filter(Boolean)
      .join(' ');
    return {
      text: text.replace(/\s+([。！？；，])/g, '$1'),
      complete: results.every((r) => r.completed),
      // The line is placed where the callee began to hear it.
      startedAtMs: starts.length > 0 ? Math.min(...starts) : now(),
    };
  }
}
