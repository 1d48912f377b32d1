/**
 * The dialer benchmark through the whole server path: a task in the database (PGlite in a temporary
 * folder, or the PostgreSQL of DATABASE_URL) with `--rate × --seconds` pending numbers on `--far-ends`
 * SIP lines, each line pointing at its own sipp UAS on loopback (answer, echo RTP, BYE after `--hold`).
 * The Dialer claims subtasks in the database (locks, leases, open records), paces each line with its
 * token bucket (the line's calls per second = rate / far ends), places the calls through the SIP trunk,
 * records every answered call, and closes each record in the database.
 *
 *   npm run bench:dialer:full -- --rate 100 --seconds 10 --hold 6 [--far-ends 4]
 *
 * Prints setups per second sustained, the peak of concurrently answered calls, failed calls, CPU and
 * RSS of this process (the server's dialer), and where the round's time goes (the database claim vs the
 * rest), so the cost of the database path is visible next to the trunk-only `npm run bench:dialer`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { COMPANY_CONCURRENCY, COMPANY_FEATURES } from '@dialwise/contracts';
import { LOAD_OPTIONS, loadOf, startFarEnds } from './far-ends.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { calls, companies, subtasks, tasks } from '../../apps/server/src/db/schema.ts';
import { SecretBox } from '../../apps/server/src/secrets/secret-box.ts';
import { SimulatedTrunk, SipTrunk } from '../../apps/server/src/telephony/index.ts';
import { Dialer } from '../../apps/server/src/dialer/dialer.ts';
import { createScratchDatabase } from '../../apps/server/test/scratch-database.ts';
import { insertCampaign } from '../../apps/server/test/campaign.ts';

const { values } = parseArgs({ options: { ...LOAD_OPTIONS, tick: { type: 'string', default: '500' } } });
const { rate, seconds, holdS, farEnds, total } = loadOf(values);
const tickMs = Number(values.tick);
const perLineCps = Math.ceil(rate / farEnds);
if (perLineCps > 100) throw new Error('a line allows at most 100 calls per second: add far ends');

const work = mkdtempSync(join(tmpdir(), 'dialwise-bench-dialer-'));
const baseUrl = process.env.DATABASE_URL || undefined;
let url: string | undefined;
let dropDatabase = async () => {};
if (baseUrl) {
  const scratch = await createScratchDatabase(baseUrl, 'dialwise_bench');
  url = scratch.url;
  dropDatabase = scratch.drop;
}
const database = await openDatabase({ url, dataDir: join(work, 'pglite') });
const db = database.db;
const secrets = SecretBox.fromKey(randomBytes(32));

const sipps = await startFarEnds(farEnds, total, holdS, seconds * 3 + holdS + 120);

// The campaign: one company without a practical cap, one task on one line per far end.
const [company] = await db
  .insert(companies)
  .values({
    name: 'Bench',
    suffix: 'bench',
    adminEmail: 'bench@x.test',
    permissions: { numberReveal: false, maxConcurrency: COMPANY_CONCURRENCY.max, features: [...COMPANY_FEATURES] },
  })
  .returning();
const { taskId } = await insertCampaign(db, {
  companyId: company!.id,
  phones: Array.from({ length: total }, (_, i) => `1380${String(i).padStart(7, '0')}`),
  seal: (password) => secrets.seal(password),
  name: 'bench',
  task: { advanced: { prologues: [] } },
  lines: sipps.map((sipp, i) => ({
    alias: `sipp${i}`,
    concurrency: 1000,
    cps: perLineCps,
    sipUsername: 'bench',
    password: 'bench',
    domain: sipp.address,
    port: sipp.port,
    trunk: 'sip' as const,
  })),
});

const recordingsDir = join(work, 'recordings');
const trunk = new SipTrunk({ recordingsDir, bindAddress: '127.0.0.1', rtpPorts: { min: 20000, max: 39998 } });
const simulated = new SimulatedTrunk({ recordingsDir });
const dialer = new Dialer(
  { db, secrets, now: () => new Date(), trunks: { sip: trunk, simulated } },
  { recordingsDir, tickMs, talkMs: (holdS + 30) * 1000, ringTimeoutMs: 30_000, leaseMs: 120_000 },
);

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const tickTimes: number[] = [];
let peakAnswered = 0;
let peakRss = 0;
const cpuSamples: number[] = [];
const loadSamples: number[] = [];
let lastCpu = process.cpuUsage();
let lastSample = performance.now();
const sampler = setInterval(() => {
  const now = performance.now();
  const cpu = process.cpuUsage(lastCpu);
  lastCpu = process.cpuUsage();
  cpuSamples.push((cpu.user + cpu.system) / 1e6 / ((now - lastSample) / 1000));
  lastSample = now;
  loadSamples.push(loadavg()[0]!);
  peakAnswered = Math.max(peakAnswered, trunk.answeredCalls);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 1000);

const started = performance.now();
const deadline = started + (seconds * 3 + holdS + 120) * 1000;
for (;;) {
  const [row] = await db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, taskId));
  if (row!.status === 'completed' || performance.now() > deadline) break;
  const t0 = performance.now();
  await dialer.tick();
  const spent = performance.now() - t0;
  tickTimes.push(spent);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, tickMs - spent)));
}
const wallS = (performance.now() - started) / 1000;
clearInterval(sampler);
loop.disable();
await dialer.stop();

const rows = await db
  .select({
    outcome: calls.outcome,
    answeredAt: calls.answeredAt,
    placedAt: calls.placedAt,
    recordingMs: calls.recordingMs,
    hungUpBy: calls.hungUpBy,
    sipReason: calls.sipReason,
    durationMs: calls.durationMs,
  })
  .from(calls)
  .where(eq(calls.taskId, taskId));
const answered = rows.filter((r) => r.outcome === 'answered');
const good = answered.filter((r) => r.hungUpBy === 'callee' && (r.recordingMs ?? 0) > 0);
const failures = new Map<string, number>();
for (const r of rows) {
  if (good.includes(r)) continue;
  const key = `${r.outcome}, hung up by ${r.hungUpBy} (${r.sipReason}), ${Math.round(r.durationMs / 1000)} s`;
  failures.set(key, (failures.get(key) ?? 0) + 1);
}
const answers = answered.map((r) => r.answeredAt!.getTime()).sort((a, b) => a - b);
const spanS = answers.length > 1 ? (answers.at(-1)! - answers[0]!) / 1000 : 1;
const perSecond = new Map<number, number>();
for (const t of answers) perSecond.set(Math.floor(t / 1000), (perSecond.get(Math.floor(t / 1000)) ?? 0) + 1);
const latencies = answered.map((r) => r.answeredAt!.getTime() - r.placedAt.getTime()).sort((a, b) => a - b);
const sorted = [...tickTimes].sort((a, b) => a - b);
const p = (xs: number[], q: number) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor((q / 100) * xs.length))]! : 0);
const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const [{ n: left }] = (await db.select({ n: sql<number>`count(*)::int` }).from(subtasks).where(eq(subtasks.state, 'pending'))) as [
  { n: number },
];

console.log(`
Dialer benchmark through the server path — ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}; task with ${total} numbers on ${farEnds} SIP lines (${perLineCps} calls/s each) → ${farEnds} sipp far ends with RTP echo, hold ${holdS} s, round every ${tickMs} ms
  machine load average      ${avg(loadSamples).toFixed(1)} during the run (2 cores, shared)
  records                   ${rows.length} in ${wallS.toFixed(1)} s; subtasks still pending ${left}
  answered as expected      ${good.length} (far end's BYE, recorded)
  failed / unexpected       ${rows.length - good.length}${[...failures].map(([k, n]) => `\n    ${k}: ${n}`).join('')}
  setups/s                  ${((answers.length - 1) / spanS).toFixed(1)} sustained (${answers.length} answers in ${spanS.toFixed(1)} s; best second ${Math.max(0, ...perSecond.values())})
  claim → answer latency    p50 ${p(latencies, 50)} ms, p95 ${p(latencies, 95)} ms, p99 ${p(latencies, 99)} ms (includes waiting for the line's pacing)
  peak concurrent answered  ${peakAnswered} (each with RTP both ways and recorded)
  dialer round              p50 ${p(sorted, 50).toFixed(0)} ms, p95 ${p(sorted, 95).toFixed(0)} ms, max ${p(sorted, 100).toFixed(0)} ms (recover leases, claim in the database, place calls)
  our CPU                   ${(avg(cpuSamples) * 100).toFixed(0)} % of one core on average, peak ${(Math.max(0, ...cpuSamples) * 100).toFixed(0)} % (dialer, database${database.kind === 'pglite' ? ' (PGlite runs in this process)' : ''}, SIP, RTP, recording)
  our RSS                   peak ${(peakRss / 1024 / 1024).toFixed(0)} MB
  event loop delay          p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms
`);

await trunk.close();
await simulated.close();
for (const s of sipps) await s.stop();
await database.close();
await dropDatabase();
rmSync(work, { recursive: true, force: true });
