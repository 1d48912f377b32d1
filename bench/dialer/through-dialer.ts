/**
 * The dialer benchmark through the whole server path: a task in the database (PGlite in a temporary
 * folder, or the PostgreSQL of DATABASE_URL) with `--rate × --seconds` pending numbers on `--far-ends`
 * SIP lines, each line pointing at its own sipp UAS on loopback (answer, echo RTP, BYE after `--hold`).
 * The Dialer claims subtasks in the database (locks, leases, open records), paces each line with its
 * token bucket (the line's calls per second = rate / far ends), places the calls through the SIP trunk,
 * records every answered call, and closes each record in the database.
 *
 *   npm run bench:dialer:full -- --rate 100 --seconds 10 --hold 6 [--far-ends 4]
 *   npm run bench:dialer:full -- --rate 100 --seconds 10 --hold 6 --pending 1000000 --zones 20
 *
 * With `--zones`, calling in local time is measured against its baseline in the same process: the task
 * holds `--pending` numbers (inserted by SQL, not dialled beyond `--rate × --seconds`) spread over that many
 * time zones of the number plan, window 09:00–20:00 (so about half the zones are shut at any hour), and the
 * same run is made twice, local time off (the company in a zone whose window is open) then on; it prints
 * both runs and the ratios, plus a claim-only measure (the claim transaction alone, no calls).
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
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { COMPANY_CONCURRENCY, COMPANY_FEATURES } from '@dialwise/contracts';
import { LOAD_OPTIONS, loadOf, startFarEnds } from './far-ends.ts';
import { ZONE_PREFIXES } from './zone-prefixes.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { calls, companies, subtasks, taskSipLines, tasks } from '../../apps/server/src/db/schema.ts';
import { SecretBox } from '../../apps/server/src/secrets/secret-box.ts';
import { SimulatedTrunk, SipTrunk } from '../../apps/server/src/telephony/index.ts';
import { Dialer } from '../../apps/server/src/dialer/dialer.ts';
import { claimCalls } from '../../apps/server/src/dialer/claim-calls.ts';
import { isWindowOpen } from '../../apps/server/src/tasks/call-window.ts';
import { openZoneKeys } from '../../apps/server/src/tasks/local-windows.ts';
import { NumberZonePlacer } from '../../apps/server/src/subtasks/number-time-zones.ts';
import { createScratchDatabase } from '../../apps/server/test/scratch-database.ts';
import { insertCampaign } from '../../apps/server/test/campaign.ts';

const { values } = parseArgs({
  options: {
    ...LOAD_OPTIONS,
    tick: { type: 'string', default: '500' },
    pending: { type: 'string' },
    zones: { type: 'string', default: '0' },
  },
});
const { rate, seconds, holdS, farEnds, total } = loadOf(values);
const tickMs = Number(values.tick);
const zoneCount = Math.min(ZONE_PREFIXES.length, Number(values.zones));
const pendingTotal = Math.max(total, Number(values.pending ?? total));
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
const recordingsDir = join(work, 'recordings');

interface RunFigures {
  text: string;
  setupsPerS: number;
  roundP50: number;
  claimsPerS: number;
}

/** One company, one task on one line per far end: dialled through SIP until `total` calls are placed. */
async function runOnce(label: string, localTime: boolean | null): Promise<RunFigures> {
  const sipps = await startFarEnds(farEnds, total, holdS, seconds * 3 + holdS + 120);
  const zones = zoneCount > 0 ? zonePlan(zoneCount) : null;
  const [company] = await db
    .insert(companies)
    .values({
      name: `Bench ${label}`,
      suffix: `bench${label.replace(/[^a-z0-9]/gi, '')}`,
      adminEmail: 'bench@x.test',
      timezone: zones ? (zones.find((zone) => zone.openNow)?.zone ?? 'UTC') : 'UTC',
      permissions: { numberReveal: false, maxConcurrency: COMPANY_CONCURRENCY.max, features: [...COMPANY_FEATURES] },
    })
    .returning();
  const { taskId } = await insertCampaign(db, {
    companyId: company!.id,
    phones: zones ? [] : Array.from({ length: total }, (_, i) => `1380${String(i).padStart(7, '0')}`),
    seal: (password) => secrets.seal(password),
    name: `bench-${label}`,
    task: {
      advanced: { prologues: [] },
      ...(zones ? { callStart: '09:00', callEnd: '20:00', localTime: localTime ?? false, zoneKeys: zones.map((z) => z.key).sort() } : {}),
    },
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
  if (zones) await insertZonedNumbers(taskId, company!.id, zones);
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
  let paused = false;
  for (;;) {
    const [row] = await db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, taskId));
    if (row!.status === 'completed' || performance.now() > deadline) break;
    // A task larger than the run: once `total` calls are placed it is paused, and the run ends with its last call.
    if (pendingTotal > total) {
      const [placed] = await db
        .select({ n: count(), live: sql<number>`count(*) filter (where ${calls.endedAt} is null)::int` })
        .from(calls)
        .where(eq(calls.taskId, taskId));
      if (!paused && placed!.n >= total) {
        await db.update(tasks).set({ status: 'paused' }).where(eq(tasks.id, taskId));
        paused = true;
      }
      if (paused && placed!.live === 0) break;
    }
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
      timeZone: calls.timeZone,
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
  const [{ n: left }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(subtasks)
    .where(and(eq(subtasks.taskId, taskId), eq(subtasks.state, 'pending')))) as [{ n: number }];
  const outOfWindow = zones ? rows.filter((r) => !zones.find((z) => z.key === r.timeZone)?.openNow).length : 0;
  const setupsPerS = (answers.length - 1) / spanS;

  const text = `
Dialer benchmark through the server path (${label}) — ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}; task with ${pendingTotal} pending numbers${zones ? ` over ${zones.length} time zones (${zones.filter((z) => z.openNow).length} inside 09:00–20:00 now), local time ${localTime ? 'on' : 'off'}` : ''}, ${total} dialled on ${farEnds} SIP lines (${perLineCps} calls/s each) → ${farEnds} sipp far ends with RTP echo, hold ${holdS} s, round every ${tickMs} ms
  machine load average      ${avg(loadSamples).toFixed(1)} during the run (2 cores, shared)
  records                   ${rows.length} in ${wallS.toFixed(1)} s; subtasks still pending ${left}${zones && localTime ? `; dialled outside their own window: ${outOfWindow}` : ''}
  answered as expected      ${good.length} (far end's BYE, recorded)
  failed / unexpected       ${rows.length - good.length}${[...failures].map(([k, n]) => `\n    ${k}: ${n}`).join('')}
  setups/s                  ${setupsPerS.toFixed(1)} sustained (${answers.length} answers in ${spanS.toFixed(1)} s; best second ${Math.max(0, ...perSecond.values())})
  claim → answer latency    p50 ${p(latencies, 50)} ms, p95 ${p(latencies, 95)} ms, p99 ${p(latencies, 99)} ms (includes waiting for the line's pacing)
  peak concurrent answered  ${peakAnswered} (each with RTP both ways and recorded)
  dialer round              p50 ${p(sorted, 50).toFixed(0)} ms, p95 ${p(sorted, 95).toFixed(0)} ms, max ${p(sorted, 100).toFixed(0)} ms (recover leases, claim in the database, place calls)
  our CPU                   ${(avg(cpuSamples) * 100).toFixed(0)} % of one core on average, peak ${(Math.max(0, ...cpuSamples) * 100).toFixed(0)} % (dialer, database${database.kind === 'pglite' ? ' (PGlite runs in this process)' : ''}, SIP, RTP, recording)
  our RSS                   peak ${(peakRss / 1024 / 1024).toFixed(0)} MB
  event loop delay          p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms`;

  await trunk.close();
  await simulated.close();
  for (const s of sipps) await s.stop();
  const claimsPerS = zones ? await claimOnly(taskId, localTime === true, zones) : 0;
  return { text, setupsPerS, roundP50: p(sorted, 50), claimsPerS };
}

/**
 * The claim transaction alone on the same task (paused calls aside): `CLAIM_ROUNDS` claims of `CLAIM_BATCH`
 * numbers each, as a round would make them, the open zone keys computed as the dialer does. Claimed rows
 * are put back to pending after each claim, so every claim faces the same million.
 */
async function claimOnly(taskId: string, localTime: boolean, zones: PlannedZone[]): Promise<number> {
  await db.update(tasks).set({ status: 'in_progress' }).where(eq(tasks.id, taskId));
  const lineIds = (await db.select({ id: taskSipLines.sipLineId }).from(taskSipLines).where(eq(taskSipLines.taskId, taskId))).map(
    (l) => l.id,
  );
  const [task] = await db.select({ zoneKeys: tasks.zoneKeys }).from(tasks).where(eq(tasks.id, taskId));
  const window = { start: '09:00', end: '20:00', weekdays: [1, 2, 3, 4, 5, 6, 7], timeZone: zones.find((z) => z.openNow)?.zone ?? 'UTC' };
  let claimed = 0;
  let spentMs = 0;
  for (let round = 0; round < CLAIM_ROUNDS; round += 1) {
    const now = new Date();
    const t0 = performance.now();
    const zoneKeys = openZoneKeys({ window, localTime, zoneKeys: task!.zoneKeys }, now);
    const { claims } = await claimCalls(db, {
      taskId,
      node: 'bench',
      budget: 100_000,
      lineAllowance: new Map(lineIds.map((id) => [id, Math.ceil(CLAIM_BATCH / lineIds.length)])),
      leaseMs: 60_000,
      now,
      zoneKeys,
    });
    spentMs += performance.now() - t0;
    claimed += claims.length;
    // Put them back: the calls never happen, so the next claim sees the same list.
    await db.delete(calls).where(
      inArray(
        calls.id,
        claims.map((c) => c.callId),
      ),
    );
    await db
      .update(subtasks)
      .set({ state: 'pending', leaseOwner: null, leaseUntil: null })
      .where(
        inArray(
          subtasks.id,
          claims.map((c) => c.subtaskId),
        ),
      );
  }
  return claimed / (spentMs / 1000);
}
const CLAIM_ROUNDS = 40;
const CLAIM_BATCH = 100;

const p = (xs: number[], q: number) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor((q / 100) * xs.length))]! : 0);
const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

interface PlannedZone {
  prefix: string;
  key: string;
  zone: string;
  openNow: boolean;
}

/** The first `n` zones of the plan with each one's key from the number plan (as an upload stores it) and whether 09:00–20:00 is open there now. */
function zonePlan(n: number): PlannedZone[] {
  const placer = new NumberZonePlacer('PLAIN_TEXT', 'UTC');
  const now = new Date();
  return ZONE_PREFIXES.slice(0, n).map((prefix) => {
    const key = placer.place(`${prefix}1234567`);
    const zone = key.split(' ')[0]!;
    return {
      prefix,
      key,
      zone,
      openNow: isWindowOpen({ start: '09:00', end: '20:00', weekdays: [1, 2, 3, 4, 5, 6, 7], timeZone: zone }, now),
    };
  });
}

/** `pendingTotal` numbers dealt round the zones, by one INSERT … SELECT per 200,000 (an upload would store the same rows). */
async function insertZonedNumbers(taskId: string, companyId: string, zones: PlannedZone[]): Promise<void> {
  const t0 = performance.now();
  const prefixes = zones.map((z) => z.prefix);
  const keys = zones.map((z) => z.key);
  for (let from = 0; from < pendingTotal; from += 200_000) {
    const to = Math.min(pendingTotal, from + 200_000) - 1;
    await db.execute(sql`
      insert into subtasks (task_id, company_id, phone, time_zone)
      select ${taskId}::uuid, ${companyId}::uuid,
        (${sql.param(prefixes)}::text[])[i % ${zones.length} + 1] || lpad(i::text, 7, '0'),
        (${sql.param(keys)}::text[])[i % ${zones.length} + 1]
      from generate_series(${from}::int, ${to}::int) as i`);
  }
  await db.update(tasks).set({ pendingCount: pendingTotal, totalCount: pendingTotal }).where(eq(tasks.id, taskId));
  await db.execute(sql`analyze subtasks`);
  console.log(`  (${pendingTotal} pending numbers inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}

if (zoneCount === 0) {
  console.log((await runOnce('baseline', null)).text);
} else {
  const off = await runOnce('local time off', false);
  console.log(off.text);
  const on = await runOnce('local time on', true);
  console.log(on.text);
  console.log(`
Local time on / off, same process, same ${pendingTotal} numbers over ${zoneCount} zones
  setups/s through SIP      ${(on.setupsPerS / off.setupsPerS).toFixed(2)} (${on.setupsPerS.toFixed(1)} / ${off.setupsPerS.toFixed(1)})
  dialer round p50          ${on.roundP50.toFixed(0)} ms / ${off.roundP50.toFixed(0)} ms
  claims/s (claim only)     ${(on.claimsPerS / off.claimsPerS).toFixed(2)} (${on.claimsPerS.toFixed(0)} / ${off.claimsPerS.toFixed(0)}; ${CLAIM_ROUNDS} claims of ${CLAIM_BATCH})
`);
}

await database.close();
await dropDatabase();
rmSync(work, { recursive: true, force: true });
