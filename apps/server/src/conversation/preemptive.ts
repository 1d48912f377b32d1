/**
 * Preemptive generation: the answer is started before the turn is formally over. When the VAD hears the callee
 * pause (its first quiet window: a tentative end, 256 ms before it confirms the end of speech) or stop, and the
 * recogniser has a partial, the conductor speculates on that text: it routes it, asks the referee, and starts the
 * main stream — on a copy of the history, with its sentences held back, nothing said. When the final comes and
 * reads the same, the speculation is adopted: its held sentences are spoken at once and the stream goes on live.
 * If the callee goes on speaking (after a pause, or a new start), or the final differs, it is cancelled (its model
 * requests aborted, nothing said, nothing in the history) and the turn runs on the final as usual. The guard
 * against answering half a sentence is LiveKit Agents': the speculation is used only when the final transcript is
 * the one it was started on; a longer final means a new turn. Its cost is the cancelled speculations' model
 * requests, counted here (`PreemptionCounts`) and printed by bench:heard and bench:heard:sip.
 */
import type { Reply } from './reply.ts';
import type { RouterChoice } from './routers.ts';
import type { RefereeVerdict, StreamFailure } from './streams.ts';

/** What a turn's words lead to (routers, referee), decided once: for the turn, or ahead of it by a speculation. */
export interface Decision {
  routed: RouterChoice | null;
  routerMs: number;
  verdict: RefereeVerdict;
  refereeMs: number | null;
}

export interface PreemptionCounts {
  /** Speculations started (one per pause or end of speech with a partial, while nothing else was under way). */
  started: number;
  /** Adopted: the final read the same. */
  used: number;
  /** Cancelled: the callee went on, or the final differed. Their model requests were extra. */
  cancelled: number;
  /** Model requests the cancelled ones had made (routing questions, referee, main stream). */
  extraRequests: number;
}

/** Words as a transcript compares: case, punctuation and spacing aside. */
export function sameWords(a: string, b: string): boolean {
  const norm = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s]/gu, '')
      .replace(/\s+/g, ' ')
      .trim();
  return norm(a) === norm(b);
}

/** One speculation: the text it was started on, its reply (not yet active) and the sentences held back. */
export class Speculation {
  /** The main stream's sentences, held until the turn is confirmed; null once released. */
  private held: string[] | null = [];
  private release: ((sentence: string) => void) | null = null;
  /** The streams' tokens for an observer (the test bench), held and released with the sentences. */
  private heldTokens: Array<{ stream: 'main' | 'rewrite'; token: string }> = [];
  private releaseToken: ((stream: 'main' | 'rewrite', token: string) => void) | null = null;
  cancelled = false;
  /** Model requests it made (counted as extra if it is cancelled). */
  requests = 0;
  /** Its routing and referee verdict, and its main stream once started (the conductor sets them). */
  decided: Promise<Decision> | null = null;
  answered: Promise<{ ok: boolean; failures: StreamFailure[] }> | null = null;

  constructor(
    readonly text: string,
    readonly reply: Reply,
  ) {}

  /** Where the stream's sentences go: held, or once adopted, straight on. */
  speak(sentence: string): void {
    if (this.held) this.held.push(sentence);
    else this.release?.(sentence);
  }

  /** A stream's token: held until adopted, then passed on as it comes. */
  token(stream: 'main' | 'rewrite', token: string): void {
    if (this.held) this.heldTokens.push({ stream, token });
    else this.releaseToken?.(stream, token);
  }

  /** Adopted: the held sentences go to `speak` now (and the held tokens to `onToken`), the rest as they come. */
  adopt(speak: (sentence: string) => void, onToken?: (stream: 'main' | 'rewrite', token: string) => void): void {
    const held = this.held ?? [];
    this.held = null;
    this.release = speak;
    this.releaseToken = onToken ?? null;
    for (const { stream, token } of this.heldTokens.splice(0)) onToken?.(stream, token);
    for (const sentence of held) speak(sentence);
  }

  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.held = [];
    this.heldTokens = [];
    this.reply.interrupt();
  }
}

/** The one speculation a call has in hand at most, and what preemptive generation did on the call. */
export class SpeculationSlot {
  readonly counts: PreemptionCounts = { started: 0, used: 0, cancelled: 0, extraRequests: 0 };
  private current: Speculation | null = null;

  get holding(): boolean {
    return this.current !== null;
  }

  /** A speculation is in hand on words other than `text`. */
  holdsOther(text: string): boolean {
    return this.current !== null && !sameWords(this.current.text, text);
  }

  hold(speculation: Speculation): void {
    this.current = speculation;
    this.counts.started++;
  }

  /** The speculation in hand if the final (null: none, the callee went on) reads its words; else it is cancelled and counted. */
  take(final: string | null): Speculation | null {
    const speculation = this.current;
    this.current = null;
    if (!speculation) return null;
    if (final !== null && !speculation.cancelled && sameWords(speculation.text, final)) {
      this.counts.used++;
      return speculation;
    }
    speculation.cancel();
    this.counts.cancelled++;
    this.counts.extraRequests += speculation.requests;
    return null;
  }
}
