/**
 * Dialer benchmark: our SipTrunk places calls at a fixed rate against sipp on loopback, which answers,
 * echoes the RTP it gets and hangs up after `--hold` seconds. Every answered call plays a tone, receives
 * its echo and is recorded to a stereo WAV, as in production.
 *
 *   npm run bench:dialer -- --rate 100 --seconds 10 --hold 6 [--far-ends 4] [--no-record] [--keep]
 *
 * The far end is split over `--far-ends` sipp processes (calls go round-robin): one sipp echoes RTP on a
 * single socket with the kernel's default 208 KB buffer, which overflows within ~15 ms at 30,000
 * packets a second whenever sipp is descheduled — on a busy 2-core machine that loses the far end's
 * packets, not ours. UDP drops are counted per side from /proc/net/udp.
 *
 * Prints call setups per second, the peak of concurrently answered calls, setup latency, CPU and RSS of
 * this process (and sipp's CPU), the event loop and media clock health, and every call that did not go
 * as expected.
 */
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { LOAD_OPTIONS, loadOf, startFarEnds } from './far-ends.ts';
import { tone } from '../../apps/server/src/audio/pcm.ts';
import { SipTrunk, type CallHandle, type CallResult } from '../../apps/server/src/telephony/index.ts';

const { values } = parseArgs({
  options: { ...LOAD_OPTIONS, 'no-record': { type: 'boolean', default: false }, keep: { type: 'boolean', default: false } },
});
const { rate, seconds, holdS, farEnds, total } = loadOf(values);
const record = !values['no-record'];
const out = resolve(import.meta.dirname, '../.out/dialer');
const RTP_PORTS = { min: 20000, max: 39998 };

/** utime + stime of a process, in seconds (Linux clock ticks are 1/100 s). */
async function cpuSecondsOf(pid: number | undefined): Promise<number | null> {
  const stat = pid ? await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '') : '';
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Datagrams the kernel dropped on full receive buffers, per local UDP port (the last column of /proc/net/udp). */
async function udpDrops(): Promise<Map<number, number>> {
  const drops = new Map<number, number>();
  const text = await readFile('/proc/net/udp', 'utf8').catch(() => '');
  for (const row of text.split('\n').slice(1)) {
    const cols = row.trim().split(/\s+/);
    const port = cols[1] ? parseInt(cols[1].split(':')[1] ?? '', 16) : NaN;
    if (Number.isInteger(port)) drops.set(port, (drops.get(port) ?? 0) + Number(cols.at(-1)));
  }
  return drops;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const avg = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
const pct = (x: number) => `${(x * 100).toFixed(0)} %`;

const sipps = await startFarEnds(farEnds, total, holdS, seconds + holdS + 60);
rmSync(out, { recursive: true, force: true });
const trunk = new SipTrunk({ recordingsDir: join(out, 'recordings'), bindAddress: '127.0.0.1', rtpPorts: RTP_PORTS });
await trunk.start();
const lines = sipps.map((s) => ({ username: 'bench', password: 'bench', domain: s.address, port: s.port }));
const clip = tone(400, holdS * 1000 + 2000, 0.3);

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const calls: Array<Promise<CallResult>> = [];
const answeredAt: number[] = [];
let peakAnswered = 0;
let peakRss = 0;
const cpuSamples: number[] = [];
const answeredSamples: number[] = [];
const systemShare: number[] = [];
const sippCpuSamples: number[] = [];
const loadSamples: number[] = [];
const sippEchoDrops = new Map<number, number>();
const ourDrops = new Map<number, number>();
let ourDropsGone = 0;
let lastCpu = process.cpuUsage();
const sippCpu = async () => {
  let sum = 0;
  for (const s of sipps) sum += (await cpuSecondsOf(s.process.pid)) ?? 0;
  return sum;
};
let lastSippCpu = await sippCpu();
let lastSample = performance.now();

const start = performance.now();
let placed = 0;
const pacer = setInterval(() => {
  const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
  for (; placed < due; placed++) {
    const call: CallHandle = trunk.dial({
      to: `1380${String(placed).padStart(7, '0')}`,
      callerId: '02100000000',
      line: lines[placed % lines.length]!,
      ringTimeoutMs: 30_000,
      record,
    });
    call.once('answered', () => {
      answeredAt.push(performance.now() - start);
      void call.sendAudio(clip);
    });
    calls.push(call.ended);
  }
  if (placed >= total) clearInterval(pacer);
}, 5);

async function sample() {
  const now = performance.now();
  const cpu = process.cpuUsage(lastCpu);
  lastCpu = process.cpuUsage();
  const elapsed = (now - lastSample) / 1000;
  lastSample = now;
  cpuSamples.push((cpu.user + cpu.system) / 1e6 / elapsed);
  systemShare.push(cpu.system / Math.max(1, cpu.user + cpu.system));
  const sippNow = await sippCpu();
  if (sipps.every((s) => s.process.exitCode === null)) sippCpuSamples.push((sippNow - lastSippCpu) / elapsed);
  lastSippCpu = sippNow;
  loadSamples.push(loadavg()[0]!);
  peakAnswered = Math.max(peakAnswered, trunk.answeredCalls);
  answeredSamples.push(trunk.answeredCalls);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  // Per-socket drop counters vanish with the socket: keep the last value seen of each port.
  const drops = await udpDrops();
  const echoPorts = new Set(sipps.flatMap((s) => [s.mediaPort, s.mediaPort + 2]));
  for (const [port, n] of drops) {
    if (echoPorts.has(port)) sippEchoDrops.set(port, n);
    else if (port >= RTP_PORTS.min && port <= RTP_PORTS.max) {
      if ((ourDrops.get(port) ?? 0) > n) ourDropsGone += ourDrops.get(port)!; // the port was reused by a new call
      ourDrops.set(port, n);
    }
  }
}
const sampler = setInterval(() => void sample(), 1000);

while (placed < total) await new Promise((r) => setTimeout(r, 50));
const results = await Promise.all(calls);
clearInterval(sampler);
loop.disable();
const wallS = (performance.now() - start) / 1000;
const sippCodes = await Promise.all(sipps.map((s) => s.exited));

const answered = results.filter((r) => r.outcome === 'answered');
const good = answered.filter(
  (r) => r.hungUpBy === 'callee' && r.media.packetsReceived > 0 && (!record || (r.recording?.durationMs ?? 0) > 0),
);
const failures = new Map<string, number>();
for (const r of results) {
  if (good.includes(r)) continue;
  const key = `${r.outcome}/${r.sipStatus ?? '-'}/${r.endReason}/${r.media.packetsReceived > 0 ? 'rtp' : 'no-rtp'}`;
  failures.set(key, (failures.get(key) ?? 0) + 1);
}
const latencies = answered.map((r) => r.answeredAt!.getTime() - r.placedAt.getTime()).sort((a, b) => a - b);
// Answers per second between the first and the last answer.
const answerSpanS = answeredAt.length > 1 ? (Math.max(...answeredAt) - Math.min(...answeredAt)) / 1000 : 1;
const sustained = (answeredAt.length - 1) / answerSpanS;
const perSecond = new Map<number, number>();
for (const t of answeredAt) perSecond.set(Math.floor(t / 1000), (perSecond.get(Math.floor(t / 1000)) ?? 0) + 1);
// Full load: the seconds when at least 90 % of the peak number of calls were up.
const fullLoad = cpuSamples.filter((_, i) => (answeredSamples[i] ?? 0) >= 0.9 * peakAnswered);
const sent = answered.reduce((n, r) => n + r.media.packetsSent, 0);
const received = answered.reduce((n, r) => n + r.media.packetsReceived, 0);
const recordedMs = answered.reduce((n, r) => n + (r.recording?.durationMs ?? 0), 0);
const farDropped = [...sippEchoDrops.values()].reduce((a, b) => a + b, 0);
const weDropped = ourDropsGone + [...ourDrops.values()].reduce((a, b) => a + b, 0);

console.log(`
Dialer benchmark — SipTrunk → ${farEnds} sipp far end(s) on loopback with RTP echo; ${total} calls at ${rate}/s, hold ${holdS} s${record ? '' : ', no recording'}
  machine load average      ${avg(loadSamples).toFixed(1)} during the run (2 cores, shared)
  calls placed              ${results.length} in ${wallS.toFixed(1)} s (sipp exit codes ${sippCodes.join(' ')})
  answered                  ${answered.length}; as expected (far end's BYE, RTP both ways${record ? ', recorded' : ''}): ${good.length}
  failed / unexpected       ${results.length - good.length}${[...failures].map(([k, n]) => `\n    ${k}: ${n}`).join('')}
  setups/s                  ${sustained.toFixed(1)} sustained (${answeredAt.length} answers in ${answerSpanS.toFixed(1)} s; best second ${Math.max(0, ...perSecond.values())})
  setup latency (INVITE→200) p50 ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms, p99 ${percentile(latencies, 99)} ms
  peak concurrent answered  ${peakAnswered} (each sending and receiving RTP${record ? ', each recorded' : ''})
  RTP                       ${sent} packets sent, ${received} received back (${((received / Math.max(1, sent)) * 100).toFixed(1)} %)
  UDP drops (full buffers)  far end's echo sockets ${farDropped}, our RTP sockets ${weDropped}
  recordings                ${(recordedMs / 1000 / 60).toFixed(1)} minutes of stereo WAV written
  our CPU                   ${pct(avg(fullLoad))} of one core at full load (${fullLoad.length} s at ≥ 90 % of the peak calls; peak ${pct(Math.max(...cpuSamples))}, ${pct(avg(systemShare))} of it in the kernel)
  sipp CPU (all far ends)   ${pct(avg(sippCpuSamples))} average, peak ${pct(Math.max(0, ...sippCpuSamples))}
  our RSS                   peak ${(peakRss / 1024 / 1024).toFixed(0)} MB
  event loop delay          p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(0)} ms
  media clock               ${trunk.clock.lateTicks} late ticks (more than 20 ms late)
`);

for (const [i, s] of sipps.entries()) {
  if (sippCodes[i] === 0) continue;
  const problems = (await s.diagnostics())
    .split(/\n|(?=\d{4}-\d\d-\d\d\t)/)
    .filter((l) => /Aborting|Dead call|watchdog|unexpected/i.test(l));
  console.log(
    `sipp ${i + 1} reported ${problems.length} problem lines, first: ${problems
      .slice(0, 3)
      .map((l) => l.slice(0, 160))
      .join('\n    ')}`,
  );
}
await trunk.close();
for (const s of sipps) await s.stop();
if (!values.keep) rmSync(out, { recursive: true, force: true });
