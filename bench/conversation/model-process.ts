/**
 * The benchmark's model: a zero-latency OpenAI-compatible streaming server in a process of its own, as
 * a real model is a service elsewhere (its HTTP and JSON work must not be counted as ours). Prints its
 * URL on the first line of stdout; ends when its stdin closes. A line "stats" on stdin answers with one
 * JSON line: its event loop's delay p99 (ms) since the last such line, so the benchmark can tell the
 * model's own stalls from ours.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { startFakeLlm, tokens } from '../../apps/server/test/fake-llm.ts';

const fake = await startFakeLlm(() => ({
  kind: 'tokens',
  tokens: tokens('Sure. The renewal keeps your price, and I can renew it now if you like.'),
}));
// Requests are kept for tests' assertions; a benchmark makes tens of thousands: forget them.
setInterval(() => fake.requests.splice(0), 1000).unref();
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
process.stdout.write(`${fake.url}\n`);
const input = createInterface({ input: process.stdin });
input.on('line', (line) => {
  if (line.trim() !== 'stats') return;
  process.stdout.write(`${JSON.stringify({ loopP99: loop.percentile(99) / 1e6 })}\n`);
  loop.reset();
});
input.on('close', () => void fake.close().then(() => process.exit(0)));
