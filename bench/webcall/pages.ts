/**
 * bench:webcall:pages — the media-clock goal with real browsers (issue 31: 20 browser test calls at once on one
 * server process, the media clock ≤ 1 % late). Our server runs in this process as `npm start` runs it (a fresh
 * embedded database with the demo data, the web build, the dialer off), so its media clock
 * (`BrowserCall.sharedClock()`) is read as bench:webcall reads it; one Debian Chromium holds 10 pages (a context
 * each, one user each; 20 pages are two Chromiums: one holds 16 microphones at most), all hearing one
 * fake-microphone file ("How much does it cost?" every 10 s). Half the
 * pages are DEVs in the scenario test bench's voice mode, half ADMINs of the demo customer in a task's "Call me
 * in the browser" (the two kinds of voice test call; the cap of 10 open voice calls per company is why both
 * companies are used at 20). Every call runs the demo scenario with the demo model, the offline speech engines
 * and a recording, as in the product.
 *
 * Per N: the pages are opened and their microphone checked, then all press their call button; once the N calls
 * are on the clock and 3 s have passed, 15 s are measured: the share of the clock's ticks more than one frame
 * late, against the same clock with one silent call and no peer in the same process (the baseline, measured
 * before the pages and again at the end), this process's CPU (the server's: the pages are Chromium's), the
 * Chromium's own CPU, how many calls were on the clock, and the machine's load average (a shared machine: read
 * the late share beside it).
 *
 * The embedded database (PGlite) runs on the server's own thread, as `npm start` runs it; with
 * BENCH_DATABASE_URL (a PostgreSQL server) the bench runs on a fresh database there instead, as a deployment does.
 * Beside the late share it prints the event loop's longest stall and the garbage collector's pauses over 20 ms in
 * the measured stretch: what kept the clock's thread from its tick.
 *
 *   npm run bench:webcall:pages [-- 10,20]     (BENCH_PORT, default 4650; BENCH_NO_BUILD=1 skips the web build;
 *                                              BENCH_DATABASE_URL=postgres://… for PostgreSQL)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, setPriority, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { users } from '../../apps/server/src/db/schema.ts';
import { DEMO_MODEL_PATH, seedDemo } from '../../apps/server/src/demo/seed-demo.ts';
import { configureOutbound } from '../../apps/server/src/net/outbound-guard.ts';
import { SecretBox } from '../../apps/server/src/secrets/secret-box.ts';
import { BrowserCall } from '../../apps/server/src/telephony/index.ts';
import { simulatedTaskInput } from '../../apps/server/test/demo-task-input.ts';
import type { TestServer } from '../../apps/server/test/helper.ts';
import { createScratchDatabase } from '../../apps/server/test/scratch-database.ts';
import { userWithSession } from '../../apps/server/test/task-fixtures.ts';
import { apiCaller, CALL_CONNECTED, CHROMIUM, launchWithMicrophone, openVoiceBench, signedInContext } from './chromium-pages.ts';
import { type ClockFigures, latePercent, loadAverage, measureBaseline, measureClock, sleep, stalls } from './media-clock.ts';

const SIZES = (process.argv[2] ?? '10,20').split(',').map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 4650);
const BASE = `http://127.0.0.1:${PORT}`;
const HOLD_MS = 15_000;
const PASSWORD = 'Bench@2026x';
const TASK = 'BenchPages';
const ROOT = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'dialwise-bench-webcall-pages-'));

// The page is built as the e2e suite builds it (BENCH_NO_BUILD=1: the build there is current).
if (!process.env.BENCH_NO_BUILD) execFileSync('npm', ['run', 'build', '-w', '@dialwise/web'], { cwd: ROOT, stdio: 'ignore' });

// The server, in this process: what main.ts does, on a fresh embedded database.
const config = loadConfig(
  {
    ...process.env,
    DATABASE_URL: '',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: join(work, 'data'),
    LOG_LEVEL: 'warn',
    DEMO_PASSWORD: PASSWORD,
    DIALER: 'off',
  },
  [],
);
mkdirSync(config.dataDir, { recursive: true });
const scratch = process.env.BENCH_DATABASE_URL ? await createScratchDatabase(process.env.BENCH_DATABASE_URL, 'dialwise_bench') : null;
const database = await openDatabase({ url: scratch?.url, dataDir: config.dataDir });
await seedDemo(database.db, PASSWORD, SecretBox.load({ secretKey: config.secretKey, dataDir: config.dataDir }), PORT);
configureOutbound({ allowHosts: [], ownServer: { port: PORT, pathPrefix: DEMO_MODEL_PATH } });
const app = await buildApp({ config, db: database });
await app.listen({ port: PORT, host: '127.0.0.1' });
const call = apiCaller(BASE);

// One user per page (a user may hold 3 test calls): even pages DEVs of the provider (the bench's voice mode), odd
// ones ADMINs of the demo customer (a task's test call). Written straight into the tables: no argon2 per page.
const companyOf = async (username: string) =>
  (await database.db.select({ companyId: users.companyId }).from(users).where(eq(users.username, username)))[0]!.companyId;
const providerId = await companyOf('dev');
const customerId = await companyOf('admin');
const server = { app, database } as unknown as TestServer;
const kindOf = (i: number) => (i % 2 === 0 ? 'bench' : 'task');
const tokens: string[] = [];
for (let i = 0; i < Math.max(...SIZES); i++) {
  const bench = kindOf(i) === 'bench';
  tokens.push(await userWithSession(server, bench ? providerId : customerId, `benchpage${i}`, bench ? 'DEV' : 'ADMIN'));
}
// The task the test calls are made from: the demo scenario, in the demo project (pending: the dialer is off anyway).
const adminToken = tokens[1] ?? tokens[0]!;
const projects = await call<{ list: { id: string; name: string }[] }>('/api/projects/list', { page: 1, pageSize: 100 }, adminToken);
const projectId = projects.list.find((project) => project.name === 'Spring renewal')!.id;
const options = await call<Parameters<typeof simulatedTaskInput>[0]>('/api/tasks/options', {}, adminToken);
await call('/api/tasks/create', simulatedTaskInput(options, projectId, TASK), adminToken);

// Every page hears the same file (a browser-wide flag): the question, then silence to a 10 s period.
const spoken = join(work, 'spoken.wav');
const microphone = join(work, 'microphone.wav');
execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', spoken, 'How much does it cost?']);
execFileSync('sox', ['-R', spoken, '-r', '48000', '-c', '1', '-b', '16', microphone, 'pad', '0.5', '8']);
/**
 * Pages per Chromium. One Chromium opens at most 16 audio inputs at once (its audio manager's limit: from the 17th
 * page on the microphone check says "Microphone unavailable"), so 20 pages take two; 10 pages are ONE browser.
 */
const PAGES_PER_BROWSER = 10;
const browsers = await Promise.all(
  Array.from({ length: Math.ceil(Math.max(...SIZES) / PAGES_PER_BROWSER) }, () => launchWithMicrophone(microphone)),
);
chromiumAtDefaultPriority();

/** This process's descendants, from /proc: each one's CPU ticks so far and whether it is the Chromium's. */
function descendants(): Map<number, { ticks: number; chromium: boolean }> {
  const all = new Map<number, { parent: number; ticks: number; chromium: boolean }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(') '));
      all.set(Number(name), {
        parent: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
        chromium: command.startsWith('chrom'),
      });
    } catch {
      // The process ended while the list was read.
    }
  }
  const ours = (pid: number): boolean => {
    const parent = all.get(pid)?.parent ?? 0;
    return parent === process.pid || (parent > 1 && ours(parent));
  };
  return new Map([...all].filter(([pid]) => ours(pid)));
}

/** CPU time (ms) so far of the Chromium (browser, renderers, GPU, audio service) and of the server's speech engines. */
function childrenCpuMs(): { chromium: number; speech: number } {
  const cpu = { chromium: 0, speech: 0 };
  for (const stat of descendants().values()) cpu[stat.chromium ? 'chromium' : 'speech'] += stat.ticks * 10;
  return cpu;
}

/**
 * Every thread of the Chromium back at the default priority. Run as the docs say (`nice -15` in an autogroup of
 * its own) the server is above the rest of the machine; the pages stand for browsers on other machines, so they
 * must not take its place (a new renderer inherits from the one it is forked from: done after each page opens).
 */
function chromiumAtDefaultPriority(): void {
  for (const [pid, stat] of descendants()) {
    if (!stat.chromium) continue;
    try {
      for (const thread of readdirSync(`/proc/${pid}/task`)) setPriority(Number(thread), 0);
    } catch {
      // The process or a thread of it ended meanwhile.
    }
  }
}

interface Prepared {
  context: BrowserContext;
  page: Page;
  start(): Promise<void>;
}

/** Page i, signed in, on its call's screen with the microphone checked: its call button is ready. */
async function prepare(i: number): Promise<Prepared> {
  const context = await signedInContext(browsers[Math.floor(i / PAGES_PER_BROWSER)]!, BASE, tokens[i]!);
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  try {
    return await openCallScreen(i, context, page);
  } catch (error) {
    const status = await page
      .getByTestId('seat-mic-status')
      .first()
      .textContent({ timeout: 1000 })
      .catch(() => 'none');
    await context.close();
    throw new Error(`${(error as Error).message.split('\n')[0]} (microphone check: ${status})`);
  }
}

async function openCallScreen(i: number, context: BrowserContext, page: Page): Promise<Prepared> {
  if (kindOf(i) === 'bench') {
    const bench = await openVoiceBench(page);
    return { context, page, start: () => bench.getByTestId('bench-start').click() };
  }
  await page.goto(`/project/taskList/${projectId}`);
  await page.getByTestId(`task-test-call-${TASK}`).click();
  const dialog = page.getByTestId('test-call');
  await dialog.getByTestId('seat-mic-status').filter({ hasText: 'Ready' }).waitFor();
  return { context, page, start: () => dialog.getByTestId('test-call-start').click() };
}

/** At most `limit` at a time (20 page loads at once on a loaded machine time out), in order. */
async function inBatches<T>(count: number, limit: number, each: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let from = 0; from < count; from += limit) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(limit, count - from) }, (_, k) => each(from + k)))));
  }
  return out;
}

const clock = BrowserCall.sharedClock();
const line = (label: string, figures: ClockFigures, extra = '') =>
  console.log(
    `${label.padEnd(34)} late ticks ${latePercent(figures).padEnd(20)} server ${(figures.cpu * 100).toFixed(0).padStart(3)} % of a core, ${stalls(figures)}${extra}`,
  );

console.log(
  `bench:webcall:pages, ${new Date().toISOString()}, ${cpus().length} CPUs, Chromium ${execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).trim().split(' ')[1]}, ${PAGES_PER_BROWSER} pages per browser, the demo model, offline speech, ${scratch ? 'PostgreSQL' : 'PGlite'}`,
);
const before = await measureBaseline();
line('baseline (1 call, no peer)', before, `  load average ${loadAverage()}`);

for (const n of SIZES) {
  const loadAtStart = loadAverage();
  // A page that does not get its call screen ready is left out and said so (its figure is the count of calls).
  const opened = await inBatches(n, 5, async (i) => {
    const page = await prepare(i).catch((error: Error) => {
      console.error(`page ${i} (${kindOf(i)}) left out: ${error.message.split('\n')[0]}`);
      return null;
    });
    chromiumAtDefaultPriority();
    return page;
  });
  const prepared = opened.filter((page): page is Prepared => page !== null);
  await Promise.all(prepared.map((page) => page.start()));
  // All N on the clock (a call joins it when its browser's connection is up); a page that never connects is reported.
  const upBy = Date.now() + 120_000;
  while (clock.size < prepared.length && Date.now() < upBy) await sleep(200);
  const connected = (await Promise.all(prepared.map((p) => p.page.evaluate(CALL_CONNECTED).catch(() => false)))).filter(Boolean).length;
  await sleep(3000);
  const childrenBefore = childrenCpuMs();
  const figures = await measureClock(HOLD_MS);
  const children = childrenCpuMs();
  const share = (ms: number) => `${((100 * ms) / HOLD_MS).toFixed(0)} % of a core`;
  line(
    `${n} pages (${prepared.length} opened, ${connected} connected)`,
    figures,
    `  its speech engines ${share(children.speech - childrenBefore.speech)}  Chromium ${share(children.chromium - childrenBefore.chromium)}  calls on the clock ${figures.minCalls}–${figures.maxCalls}  load average ${loadAtStart} → ${loadAverage()}`,
  );
  // The pages go: their connections close, the calls end as the callee's hang-up and leave the clock.
  await Promise.all(prepared.map((p) => p.context.close()));
  const goneBy = Date.now() + 60_000;
  while (clock.size > 0 && Date.now() < goneBy) await sleep(200);
  await sleep(2000);
}

const after = await measureBaseline();
line('baseline again (1 call, no peer)', after, `  load average ${loadAverage()}`);
await Promise.all(browsers.map((browser) => browser.close()));
await app.close();
await database.close();
await scratch?.drop();
rmSync(work, { recursive: true, force: true });
process.exit(0);
