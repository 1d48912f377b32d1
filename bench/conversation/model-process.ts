/**
 * The benchmark's model: a zero-latency OpenAI-compatible streaming server in a process of its own, as
 * a real model is a service elsewhere (its HTTP and JSON work must not be counted as ours). Prints its
 * URL on the first line of stdout; ends when its stdin closes.
 */
import { startFakeLlm, tokens } from '../../apps/server/test/fake-llm.ts';

const fake = await startFakeLlm(() => ({
  kind: 'tokens',
  tokens: tokens('Sure. The renewal keeps your price, and I can renew it now if you like.'),
}));
// Requests are kept for tests' assertions; a benchmark makes tens of thousands: forget them.
setInterval(() => fake.requests.splice(0), 1000).unref();
process.stdout.write(`${fake.url}\n`);
process.stdin.resume();
process.stdin.on('end', () => void fake.close().then(() => process.exit(0)));
