/**
 * The VAD's model runs off the server's event loop: one worker thread (silero-vad-worker.ts) owns the ONNX
 * session, and `run()` hands it one batch (input [B, 288], state [2, B, 128]; the arrays' memory moves to
 * the thread, it is not copied) and resolves with the batch's probabilities and next states. One batch is
 * in flight at a time; the batcher (silero-vad.ts) gathers the next one meanwhile.
 *
 * A thread that dies (an error in its JavaScript, out of memory; a crash inside the native runtime ends the
 * whole process, not only the thread) is restarted at once, then after
 * 0.5 s, 1 s, 2 s … (at most 30 s) while restarts keep failing before the model loads. The batch it was
 * judging fails, and so does every batch asked for until the new thread has loaded the model (about
 * 2 s on the 2-core machine): SileroVad treats those windows as unknown, so meanwhile a call hears no new
 * speech start or end; the calls' recurrent states live in the main thread and carry over. Each death is
 * reported through `onError`.
 *
 * The thread does not keep the process alive while idle (it is referenced only while a batch is in
 * flight); `close()` ends it: the thread finishes the batch it is judging, releases the session and exits by
 * itself. It is never terminated while onnxruntime runs: the native runtime then throws into a thread being
 * torn down, which aborts the whole process (`terminate called after throwing an instance of 'Napi::Error'`).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** Samples per window (32 ms at 8 kHz). */
export const WINDOW = 256;
export const RATE = 8000;
/** The model reads each window after the last 32 samples of the one before (its context, at 8 kHz). */
export const CONTEXT = 32;
/** Each half of a call's recurrent state is 128 floats. */
export const STATE_ROWS = 128;

export interface ToVadThread {
  id: number;
  size: number;
  input: Float32Array;
  state: Float32Array;
}

/** Asks the thread to finish its batch, release the session and exit. */
export const CLOSE_THREAD = 'close';

export type FromVadThread =
  | { type: 'ready' }
  | { type: 'judged'; id: number; probabilities: Float32Array; state: Float32Array }
  | { type: 'failed'; id: number; message: string };

export interface Judged {
  probabilities: Float32Array;
  state: Float32Array;
}

export interface VadThreadOptions {
  /** A thread died (it is being restarted) or a restart failed. */
  onError?: (error: Error) => void;
  /** The package's model variant; the default, 8k_16k, is the one that works at 8 kHz. */
  model?: string;
}

/** What a thread starts with. */
export interface VadThreadData {
  model: string;
}

const WORKER_SCRIPT = new URL('./silero-vad-worker.ts', import.meta.url).href;
// Node 20 does not carry the main thread's module hooks (tsx) into a worker: the thread loads tsx's API
// first and imports the TypeScript entry through it. (The package maps `import` of tsx/esm/api to index.mjs;
// require.resolve finds its CommonJS twin beside it.)
const TSX_API = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
const BOOT = `import(${JSON.stringify(TSX_API)}).then((tsx) => tsx.tsImport(${JSON.stringify(WORKER_SCRIPT)}, ${JSON.stringify(WORKER_SCRIPT)}));`;

const MAX_RESTART_DELAY_MS = 30_000;
/** How long `close()` waits for the thread to end by itself before terminating it (a batch takes milliseconds). */
const CLOSE_GRACE_MS = 10_000;

interface InFlight {
  id: number;
  resolve(judged: Judged): void;
  reject(error: Error): void;
}

export class VadThread {
  private worker: Worker | null = null;
  private ready = false;
  private everReady = false;
  private closed = false;
  private nextId = 1;
  private inFlight: InFlight | null = null;
  private restartTimer: NodeJS.Timeout | null = null;
  /** Restarts in a row that died before loading the model (for the back-off). */
  private failedStarts = 0;
  /** Threads started after a death. */
  restarts = 0;

  private constructor(private readonly options: VadThreadOptions) {}

  /** Starts the thread and resolves once it has loaded the model; rejects if that first start fails. */
  static async start(options: VadThreadOptions = {}): Promise<VadThread> {
    const thread = new VadThread(options);
    try {
      await thread.launch();
    } catch (error) {
      await thread.close();
      throw error;
    }
    return thread;
  }

  /** The worker thread running now, null while it restarts (tests end it to check the restart). */
  get current(): Worker | null {
    return this.worker;
  }

  /** Whether a thread with the model loaded is there to judge the next batch. */
  get isReady(): boolean {
    return this.ready;
  }

  run(size: number, input: Float32Array, state: Float32Array): Promise<Judged> {
    if (this.closed) return Promise.reject(new Error('the VAD is closed'));
    const worker = this.worker;
    if (!worker || !this.ready) return Promise.reject(new Error('the VAD worker thread is restarting'));
    if (this.inFlight) return Promise.reject(new Error('the VAD worker thread judges one batch at a time'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.inFlight = { id, resolve, reject };
      worker.ref();
      const message: ToVadThread = { id, size, input, state };
      worker.postMessage(message, [input.buffer as ArrayBuffer, state.buffer as ArrayBuffer]);
    });
  }

  /** Ends the thread once its batch is judged (the batch's caller is told the VAD closed); no restart after this. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    this.settle(new Error('the VAD is closed'));
    const worker = this.worker;
    this.worker = null;
    this.ready = false;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage(CLOSE_THREAD);
    // A thread stuck past the grace (it never is: a batch takes milliseconds) is terminated all the same.
    const stuck = setTimeout(() => void worker.terminate(), CLOSE_GRACE_MS);
    await exited;
    clearTimeout(stuck);
  }

  private launch(): Promise<void> {
    return new Promise((resolve, reject) => {
      const workerData: VadThreadData = { model: this.options.model ?? '8k_16k' };
      const worker = new Worker(BOOT, { eval: true, execArgv: [], workerData });
      worker.unref();
      this.worker = worker;
      this.ready = false;
      let failure: Error | null = null;
      worker.on('message', (message: FromVadThread) => {
        if (message.type === 'ready') {
          this.ready = true;
          this.everReady = true;
          this.failedStarts = 0;
          resolve();
          return;
        }
        if (this.inFlight?.id !== message.id) return;
        if (message.type === 'judged') this.settle(null, { probabilities: message.probabilities, state: message.state });
        else this.settle(new Error(`the VAD model failed: ${message.message}`));
      });
      worker.on('error', (error) => {
        failure = error;
      });
      worker.on('exit', (code) => {
        if (this.worker !== worker) return;
        const loaded = this.ready;
        this.worker = null;
        this.ready = false;
        const died = new Error(
          failure ? `the VAD worker thread failed: ${failure.message}` : `the VAD worker thread exited (code ${code})`,
        );
        this.settle(died);
        reject(died);
        if (this.closed || !this.everReady) return;
        if (!loaded) this.failedStarts++;
        this.options.onError?.(died);
        this.restartLater();
      });
    });
  }

  private restartLater(): void {
    const delay = this.failedStarts === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 500 * 2 ** (this.failedStarts - 1));
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (this.closed) return;
      this.restarts++;
      // A restart that fails is reported by its own exit, and tried again from there.
      this.launch().catch(() => undefined);
    }, delay);
    this.restartTimer.unref();
  }

  private settle(error: Error | null, judged?: Judged): void {
    const inFlight = this.inFlight;
    if (!inFlight) return;
    this.inFlight = null;
    this.worker?.unref();
    if (error) inFlight.reject(error);
    else inFlight.resolve(judged!);
  }
}
