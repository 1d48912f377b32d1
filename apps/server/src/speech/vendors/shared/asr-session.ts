import { EventEmitter } from 'node:events';
import type { AsrSession, AsrSessionEvents, Transcript } from '../../engines.ts';

/** A transcript as a vendor reports it: times in ms since the start of the audio sent on that stream. */
export type VendorTranscript = Omit<Transcript, 'startMs' | 'endMs'> & { startMs: number; endMs: number };

/** One vendor recognition stream (one utterance): audio in, transcripts out through `emit`. */
export interface UtteranceStream {
  send(samples: Int16Array): void;
  /** End of speech: tell the vendor, resolve once its last transcript has arrived. */
  finish(): Promise<void>;
  /** Drop the stream now (close, abort): no transcript after it. */
  abort(): void;
}

export type EmitTranscript = (transcript: VendorTranscript) => void;

/** What a stream reports back: transcripts, and a failure that happens between calls (the vendor hangs up). */
export interface UtteranceIo {
  emit: EmitTranscript;
  fail(error: Error): void;
  signal: AbortSignal;
}

export type StartUtterance = (io: UtteranceIo) => Promise<UtteranceStream>;

/** How long an utterance's final may take after the end of speech before its stream is dropped. */
const FINISH_TIMEOUT_MS = 10_000;

interface Utterance {
  /** Call-clock time of the first frame sent on this stream: vendor offsets are relative to it. */
  baseMs: number;
  pending: Int16Array[];
  stream: UtteranceStream | null;
  finishing: boolean;
  controller: AbortController;
}

/**
 * The call-side session shared by every vendor: each utterance is one vendor stream, opened on the
 * first frame after the previous flush, fed while it connects (frames are queued, none lost), and
 * finished on `flush()` (end of speech from the VAD). Vendor times are moved onto the call's clock.
 * The first failure is emitted once as a typed `VendorError` and the session stops, so the caller can
 * fall back to another engine.
 */
export class VendorAsrSession extends EventEmitter implements AsrSession {
  private current: Utterance | null = null;
  private readonly live = new Set<Utterance>();
  private stopped = false;

  constructor(private readonly start: StartUtterance) {
    super();
  }

  push(samples: Int16Array, atMs: number): void {
    if (this.stopped) return;
    if (!this.current) this.current = this.open(atMs);
    const utterance = this.current;
    if (utterance.stream) utterance.stream.send(samples);
    else utterance.pending.push(samples);
  }

  flush(): void {
    const utterance = this.current;
    if (!utterance || this.stopped) return;
    this.current = null;
    utterance.finishing = true;
    if (utterance.stream) this.finish(utterance, utterance.stream);
  }

  close(): void {
    this.stopped = true;
    this.current = null;
    for (const utterance of this.live) {
      utterance.controller.abort();
      utterance.stream?.abort();
    }
    this.live.clear();
    this.removeAllListeners();
  }

  override on<E extends keyof AsrSessionEvents>(event: E, listener: (...args: AsrSessionEvents[E]) => void): this {
    return super.on(event, listener as (...args: unknown[]) => void);
  }

  override off<E extends keyof AsrSessionEvents>(event: E, listener: (...args: AsrSessionEvents[E]) => void): this {
    return super.off(event, listener as (...args: unknown[]) => void);
  }

  private open(atMs: number): Utterance {
    const utterance: Utterance = { baseMs: atMs, pending: [], stream: null, finishing: false, controller: new AbortController() };
    this.live.add(utterance);
    const emit = (t: VendorTranscript) => {
      if (this.stopped || !this.live.has(utterance) || (!t.text && !t.final) || !t.text.trim()) return;
      this.emit('transcript', { ...t, startMs: utterance.baseMs + t.startMs, endMs: utterance.baseMs + t.endMs });
    };
    const fail = (error: Error) => this.fail(utterance, error);
    this.start({ emit, fail, signal: utterance.controller.signal }).then((stream) => {
      if (!this.live.has(utterance)) return stream.abort();
      utterance.stream = stream;
      for (const samples of utterance.pending.splice(0)) stream.send(samples);
      if (utterance.finishing) this.finish(utterance, stream);
    }, fail);
    return utterance;
  }

  private finish(utterance: Utterance, stream: UtteranceStream) {
    // A vendor that never answers the end of speech must not keep its socket for the rest of the call.
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, FINISH_TIMEOUT_MS).unref());
    Promise.race([stream.finish(), timeout]).then(
      () => {
        stream.abort();
        this.live.delete(utterance);
      },
      (error: Error) => this.fail(utterance, error),
    );
  }

  private fail(utterance: Utterance, error: Error) {
    if (this.stopped || !this.live.has(utterance)) return;
    const listeners = this.listeners('error');
    this.close();
    for (const listener of listeners) (listener as (e: Error) => void)(error);
  }
}
