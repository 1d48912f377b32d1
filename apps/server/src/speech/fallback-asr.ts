/**
 * A vendor recogniser with the offline one behind it, as FallbackTts is for the voice. When the vendor
 * session fails (no credentials, refused, dropped), the failure is reported once (as the session's
 * `error`, which the call records) and the rest of the call is recognised offline: the audio of the
 * turn in progress — kept since the last final — is replayed into the offline session, so the turn the
 * callee was speaking is still answered. A language without an offline model (Mandarin) cannot fall
 * back: its turns then come out as finals marked `unheard`, and the runtime answers them with its
 * fallback line instead of going silent.
 */
import { EventEmitter } from 'node:events';
import type { AsrEngine, AsrOptions, AsrSession, AsrSessionEvents, Transcript } from './engines.ts';

export class FallbackAsr implements AsrEngine {
  constructor(
    private readonly vendor: AsrEngine,
    private readonly offline: AsrEngine,
  ) {}

  open(options: AsrOptions): AsrSession {
    const openOffline = () => this.offline.open({ ...options, provider: 'offline', url: null, credentials: undefined });
    return new FallbackAsrSession(options.provider, this.vendor.open(options), openOffline);
  }
}

interface Frame {
  samples: Int16Array;
  atMs: number;
}

class FallbackAsrSession extends EventEmitter<AsrSessionEvents> implements AsrSession {
  private current: AsrSession | null;
  private fellBack = false;
  private closed = false;
  /** Frames since the last final; flushes asked for since then. */
  private pending: Frame[] = [];
  private flushes = 0;
  private lastFrameMs = 0;

  constructor(
    private readonly provider: string,
    vendor: AsrSession,
    private readonly openOffline: () => AsrSession,
  ) {
    super();
    this.current = this.attach(vendor);
  }

  push(samples: Int16Array, atMs: number): void {
    if (this.closed) return;
    this.lastFrameMs = atMs;
    this.pending.push({ samples, atMs });
    this.current?.push(samples, atMs);
  }

  settle(): void {
    if (!this.closed) this.current?.settle?.();
  }

  peek(): void {
    if (!this.closed) this.current?.peek?.();
  }

  flush(): void {
    if (this.closed) return;
    this.flushes += 1;
    if (this.current) {
      this.current.flush();
      return;
    }
    this.unheard();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.current?.close();
    this.current = null;
    this.pending = [];
  }

  private attach(session: AsrSession): AsrSession {
    // A failed session's late transcripts are dropped: its turn was handed to the next recogniser.
    session.on('transcript', (transcript) => session === this.current && this.onTranscript(transcript));
    session.on('error', (error) => this.onError(session, error));
    return session;
  }

  private onTranscript(transcript: Transcript): void {
    if (this.closed) return;
    if (transcript.final) {
      this.pending = [];
      this.flushes = Math.max(0, this.flushes - 1);
    }
    this.emit('transcript', transcript);
  }

  private onError(failed: AsrSession, error: Error): void {
    if (this.closed || failed !== this.current) return;
    failed.close();
    if (this.fellBack) {
      // The offline recogniser itself failed: nothing is left to hear with.
      this.current = null;
      this.emit('error', error);
      this.releaseFlushes();
      return;
    }
    this.fellBack = true;
    let offline: AsrSession | null = null;
    let why = 'offline recogniser for the rest of the call';
    try {
      offline = this.openOffline();
    } catch (offlineError) {
      why = `and no offline recogniser: ${offlineError instanceof Error ? offlineError.message : String(offlineError)}`;
    }
    this.current = offline && this.attach(offline);
    this.emit('error', new Error(`${this.provider} ASR failed (${error.message}), ${why}`));
    if (!this.current) {
      this.releaseFlushes();
      return;
    }
    for (const frame of this.pending) this.current.push(frame.samples, frame.atMs);
    for (let i = 0; i < this.flushes; i++) this.current.flush();
  }

  /** Every flush still waiting gets its (unheard) final, so no turn is left unanswered. */
  private releaseFlushes(): void {
    const waiting = this.flushes;
    this.flushes = 0;
    for (let i = 0; i < waiting; i++) this.unheard();
  }

  private unheard(): void {
    const startMs = this.pending[0]?.atMs ?? this.lastFrameMs;
    this.pending = [];
    this.flushes = Math.max(0, this.flushes - 1);
    this.emit('transcript', { text: '', final: true, startMs, endMs: this.lastFrameMs, confidence: null, unheard: true });
  }
}
