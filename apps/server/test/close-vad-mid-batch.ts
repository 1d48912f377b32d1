/**
 * Run as a process of its own by silero-vad.test.ts: starts the VAD's thread, hands it a batch and closes it
 * while that batch is being judged, ROUNDS times. Exits 0 when the process lived through every close.
 */
import { CONTEXT, STATE_ROWS, VadThread, WINDOW } from '../src/speech/silero-vad-thread.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const SIZE = 64;

for (let round = 0; round < ROUNDS; round++) {
  const thread = await VadThread.start();
  const input = new Float32Array(SIZE * (CONTEXT + WINDOW)).map(() => Math.random() - 0.5);
  const judged = thread.run(SIZE, input, new Float32Array(2 * SIZE * STATE_ROWS)).then(
    () => 'judged',
    (error: Error) => error.message,
  );
  await thread.close();
  process.stdout.write(`${await judged}\n`);
}
