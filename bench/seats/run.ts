/**
 * bench:seats — the operator seats on one server process (a child process, so its CPU is measured alone):
 *
 * 1. held seats: N agents connect to /ws/seat, sign in and ping at the protocol's interval (10 s); the
 *    server's CPU over a 30 s window, as % of one core, and its RSS;
 * 2. offer latency: with every seat waiting, K transfers one after the other; from the transfer call (the
 *    transfer tool firing) to the offer arriving at the seat's WebSocket, p50/p95/max;
 * 3. media bridge: a seat on WebRTC (werift, PCMU) takes a real SIP call to sipp with RTP echo; a click
 *    the seat sends goes seat → server → SIP far end → server → seat; the round trip p50/p95 over 20 clicks.
 *
 *   npm run bench:seats [-- 5000]        (PGlite; DATABASE_URL=postgres://… for PostgreSQL)
 */
import { fork } from 'node:child_process';
import { SeatClient, SeatMediaClient } from '../../apps/server/test/seat-client.ts';
import { rms, tone } from '../../apps/server/src/audio/pcm.ts';
import { decodeG711, encodeG711 } from '../../apps/server/src/telephony/media/g711.ts';

const AGENTS = Number(process.argv[2] ?? 5000);
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 200);
const HOLD_MS = Number(process.env.BENCH_HOLD_MS ?? 30_000);
const log = (text: string) => console.log(`[bench:seats] ${text}`);
const now = () => performance.timeOrigin + performance.now();
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

const child = fork(new URL('./server.ts', import.meta.url).pathname, [String(AGENTS)], {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
type Reply = { command: string; [key: string]: unknown };
const replies: Reply[] = [];
const waiting: { command: string; resolve: (r: Reply) => void }[] = [];
child.on('message', (reply: Reply) => {
  const waiter = waiting.find((w) => w.command === reply.command);
  if (waiter) {
    waiting.splice(waiting.indexOf(waiter), 1);
    waiter.resolve(reply);
  } else replies.push(reply);
});
function reply<T extends Reply>(command: string): Promise<T> {
  const index = replies.findIndex((r) => r.command === command);
  if (index >= 0) return Promise.resolve(replies.splice(index, 1)[0] as T);
  return new Promise((resolve) => waiting.push({ command, resolve: resolve as (r: Reply) => void }));
}

const ready = await reply<{ command: string; port: number; tokens: string[]; engine: string }>('ready');
const base = `http://127.0.0.1:${ready.port}`;
log(
  `${ready.engine}, ${AGENTS} agents, node ${process.version}, ${(await import('node:os')).cpus().length} CPUs, load ${(await import('node:os')).loadavg()[0]!.toFixed(1)}`,
);

// 1. Seats held.
let t0 = performance.now();
const seats: SeatClient[] = [];
const offered = new Map<string, number>();
/** During the latency runs every offer is answered by the callee "hanging up"; not the media call's. */
let abortOffers = true;
let mediaOffer: (taken: { seat: SeatClient; offerId: string }) => void = () => undefined;
for (let i = 0; i < ready.tokens.length; i += 100) {
  const batch = await Promise.all(ready.tokens.slice(i, i + 100).map((token) => SeatClient.open(base, token)));
  await Promise.all(
    batch.map((seat) =>
      seat.signIn({}, 120_000).catch((error: unknown) => {
        throw new Error(`sign-in failed after ${seats.length} seats: ${String(error)} ${JSON.stringify(seat.received)}`);
      }),
    ),
  );
  for (const seat of batch) {
    seats.push(seat);
    seat.socket.on('message', (data) => {
      const text = data.toString();
      if (!text.includes('"type":"offer"')) return;
      const offer = JSON.parse(text) as { callId: string; offerId: string };
      if (!abortOffers) return mediaOffer({ seat, offerId: offer.offerId });
      offered.set(offer.callId, now());
      child.send({ command: 'abort', callId: offer.callId });
    });
  }
}
log(`${seats.length} seats connected and signed in in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
child.send({ command: 'cpu' });
const before = await reply<{ command: string; cpu: NodeJS.CpuUsage; at: number; seats: number }>('cpu');
await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
child.send({ command: 'cpu' });
const after = await reply<{ command: string; cpu: NodeJS.CpuUsage; at: number; seats: number }>('cpu');
const cpuMs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000;
log(
  `held ${after.seats} seats for ${((after.at - before.at) / 1000).toFixed(0)} s with heartbeats: server CPU ${((100 * cpuMs) / (after.at - before.at)).toFixed(1)} % of a core`,
);

// 2. Offer latency.
t0 = performance.now();
child.send({ command: 'transfer', count: TRANSFERS });
const { started } = await reply<{ command: string; started: { callId: string; at: number }[] }>('transfer');
const latencies = started.flatMap((s) => (offered.has(s.callId) ? [offered.get(s.callId)! - s.at] : []));
log(
  `transfer → offer at the seat (${latencies.length}/${started.length} offered, ${AGENTS} seats waiting): p50 ${pct(latencies, 50).toFixed(1)} ms, p95 ${pct(latencies, 95).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
);

// 3. Media bridge round trip.
abortOffers = false;
const taken = new Promise<{ seat: SeatClient; offerId: string }>((resolve) => {
  mediaOffer = resolve;
});
child.send({ command: 'media' });
const { callId } = await reply<{ command: string; callId: string }>('media-call');
const { seat, offerId } = await taken;
seat.received.length = 0;
seat.send({ type: 'accept', offerId });
const media = new SeatMediaClient(seat, callId);
await media.connect();
await seat.next('connected', 30_000);
const silence = Buffer.alloc(160, 0xff);
const click = Buffer.alloc(160);
encodeG711('PCMU', tone(1000, 20, 0.6), click);
const trips: number[] = [];
let sentAt = 0;
for (let i = 0; i < 20; i++) {
  media.talk(silence);
  await new Promise((resolve) => setTimeout(resolve, 300));
  await media.stopTalking();
  const mark = media.heard.length;
  sentAt = now();
  media.talk(click);
  const deadline = Date.now() + 2000;
  while (Date.now() < deadline) {
    const loud = media.heard.slice(mark).findIndex((payload) => rms(decodeG711('PCMU', payload)) > 3000);
    if (loud >= 0) {
      trips.push(now() - sentAt);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await media.stopTalking();
}
log(
  `media bridge round trip seat → server → SIP far end (sipp echo) → server → seat: p50 ${pct(trips, 50).toFixed(1)} ms, p95 ${pct(trips, 95).toFixed(1)} ms (${trips.length}/20 clicks heard)`,
);
seat.send({ type: 'hang-up', callId });
await reply('media');
await media.close();

for (const s of seats) s.close();
child.send({ command: 'stop' });
await new Promise((resolve) => child.once('exit', resolve));
