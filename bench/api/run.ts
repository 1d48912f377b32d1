// npm run bench:api — on PostgreSQL (DATABASE_URL): pushes BENCH_ROWS numbers (default 1,000,000) by API in
// 10,000-row batches with an API key, and uploads the same number of rows as one CSV through the console's
// upload, both over HTTP to a real server in its own process; prints rows/s of each, the ratio and the
// server's RSS across the batches. Then writes BENCH_CALLS call records (default 1,000,000) and walks them
// with the sync endpoint, 1,000 a page (BENCH_PAGE), printing the time and checking each record came exactly once.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PUSH_LIMITS } from '@dialwise/contracts';
import { openDatabase } from '@dialwise/server/src/db/client.ts';
import { sipLines } from '@dialwise/server/src/db/schema.ts';
import { createScratchDatabase } from '@dialwise/server/test/scratch-database.ts';
import { HEADER, row } from '../upload/generate.ts';
import { seedBenchCompany } from '../seed-company.ts';

const rowsWanted = Number(process.env.BENCH_ROWS ?? 1_000_000);
const callsWanted = Number(process.env.BENCH_CALLS ?? 1_000_000);
const batch = PUSH_LIMITS.rows;
const pageSize = Number(process.env.BENCH_PAGE ?? 1000);
const log = (text: string) => console.log(`[bench] ${text}`);
if (!process.env.DATABASE_URL) {
  console.error('bench:api measures the PostgreSQL path: set DATABASE_URL (a scratch database is created in it and dropped).');
  process.exit(2);
}
const workDir = join(tmpdir(), `dialwise-bench-api-${randomBytes(4).toString('hex')}`);
mkdirSync(workDir, { recursive: true });

const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'dialwise_bench_api');
const database = await openDatabase({ url: scratch.url, dataDir: workDir });
const ids = await database.db.transaction(async (tx) => {
  const seeded = await seedBenchCompany(tx, ['upload', 'push']);
  const [line] = await tx
    .insert(sipLines)
    .values({
      companyId: seeded.companyId,
      alias: 'bench',
      concurrency: 10,
      sipUsername: 'u',
      passwordSealed: 'x',
      domain: 'sip.bench.test',
      port: 5060,
    })
    .returning();
  return {
    companyId: seeded.companyId,
    projectId: seeded.projectId,
    uploadTask: seeded.taskIds.upload,
    pushTask: seeded.taskIds.push,
    lineId: line!.id,
    session: seeded.token,
  };
});
const { session } = ids;

// The server in its own process, so its RSS is its own. The key's rate limit is lifted: the bench measures throughput.
const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'upload', 'server.ts')], {
  env: {
    ...process.env,
    DATABASE_URL: scratch.url,
    DATA_DIR: workDir,
    SECRET_KEY: randomBytes(32).toString('base64'),
    API_KEY_RATE_LIMIT: '1000000',
    DIALER: 'off',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const port = await new Promise<number>((resolve, reject) => {
  child.stdout.on('data', (chunk: Buffer) => {
    const match = /READY (\d+)/.exec(chunk.toString());
    if (match) resolve(Number(match[1]));
  });
  child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
});
// CPU time of a process so far, in ms, from /proc/<pid>/stat (utime + stime, in clock ticks of 10 ms on Linux).
const cpuMs = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0; // a backend that ended in between
  }
};
// The PostgreSQL backends serving the scratch database (the server's pool and ours), and each one's CPU so far.
async function backendCpu(): Promise<Map<number, number>> {
  const result = await database.db.execute<{ pid: number }>(
    sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  );
  return new Map(result.rows.map((row) => [Number(row.pid), cpuMs(Number(row.pid))]));
}
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0]!;
const rss = (field: 'VmHWM' | 'VmRSS') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
const base = `http://127.0.0.1:${port}`;

async function post<T>(path: string, token: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

const { key } = await post<{ key: string }>('/api/api-keys/create', session, { name: 'bench', scope: 'campaigns' });
log(
  `server pid ${child.pid} on port ${port}, RSS ${rss('VmRSS').toFixed(0)} MB; ${rowsWanted.toLocaleString()} rows, ${callsWanted.toLocaleString()} calls`,
);

// 1. The baseline: the same rows as one CSV through the upload endpoint (streamed from disk).
const csvPath = join(workDir, 'rows.csv');
const out = createWriteStream(csvPath);
out.write(HEADER);
for (let i = 0; i < rowsWanted; i += 1) if (!out.write(row(i))) await once(out, 'drain');
out.end();
await once(out, 'finish');
let t0 = performance.now();
const uploadAnswer = await new Promise<string>((resolve, reject) => {
  const req = request(
    {
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/subtasks/upload?taskId=${ids.uploadTask}`,
      headers: {
        authorization: `Bearer ${session}`,
        'content-type': 'text/csv',
        'content-length': String(statSync(csvPath).size),
        'x-upload-filename': 'bench.csv',
      },
    },
    (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve(text));
      res.on('error', reject);
    },
  );
  req.on('error', reject);
  createReadStream(csvPath).pipe(req);
});
const uploadSeconds = (performance.now() - t0) / 1000;
const uploaded = JSON.parse(uploadAnswer.trimEnd().split('\n').at(-1)!) as { code: number; message: string; data: { accepted: number } };
if (uploaded.code !== 200) throw new Error(`upload: ${uploaded.code} ${uploaded.message}`);
rmSync(csvPath);
log(`CSV upload: ${uploaded.data.accepted.toLocaleString()} rows in ${uploadSeconds.toFixed(1)} s`);

// 2. The same rows pushed by API, 10,000 a request, each with its Idempotency-Key.
const CITIES = ['Hangzhou', 'Shanghai', 'Shenzhen', 'Beijing', 'Chengdu'];
function pushedRow(i: number) {
  const [phoneNumber, prologueInfo, businessInfo, remark] = row(i).split(',');
  return {
    phoneNumber: phoneNumber!,
    prologueInfo: prologueInfo!,
    businessInfo: businessInfo!,
    remark: remark!,
    extra: { city: CITIES[i % 5]!, agent: `agent-${i % 40}`, segment: `seg-${i % 7}` },
  };
}
const rssAfter: number[] = [];
let accepted = 0;
t0 = performance.now();
for (let from = 0; from < rowsWanted; from += batch) {
  const rows = Array.from({ length: Math.min(batch, rowsWanted - from) }, (_, k) => pushedRow(from + k));
  const answer = await post<{ accepted: number }>(
    '/api/subtasks/push',
    key,
    { taskId: ids.pushTask, rows },
    { 'idempotency-key': `bench-${from}` },
  );
  accepted += answer.accepted;
  rssAfter.push(rss('VmRSS'));
  if (rssAfter.length % 20 === 0) log(`  pushed ${accepted.toLocaleString()} rows, server RSS ${rssAfter.at(-1)!.toFixed(0)} MB`);
}
const pushSeconds = (performance.now() - t0) / 1000;
if (accepted !== rowsWanted) throw new Error(`push stored ${accepted} of ${rowsWanted}`);

// 3. Call records to sync: written by SQL (the trigger stamps each with its transaction), then walked by API.
// The product writes a record in the transaction that ends its call, so records of one transaction are few and
// the sync's order (transaction, then id) follows the table's. The bench writes BENCH_CALLS_TX records a
// transaction (default 1,000: still far bulkier than calls finishing one by one); 100,000 is the worst case of
// one huge transaction, whose records the sync reads in random uuid order across the heap (docs/api.md).
const callsPerTransaction = Number(process.env.BENCH_CALLS_TX ?? 1000);
t0 = performance.now();
for (let from = 0; from < callsWanted; from += callsPerTransaction) {
  const to = Math.min(callsWanted, from + callsPerTransaction);
  await database.db.execute(sql`
    insert into calls (company_id, project_id, task_id, subtask_id, sip_line_id, phone, attempt, node, placed_at, answered_at, ended_at,
                       duration_ms, status, outcome, business_info, summary)
    select ${ids.companyId}::uuid, ${ids.projectId}::uuid, ${ids.pushTask}::uuid, g, ${ids.lineId}::uuid, '1' || lpad(g::text, 10, '0'), 1, 'bench',
           now() - interval '1 day' + g * interval '50 ms', now() - interval '1 day' + g * interval '50 ms' + interval '5 s',
           now() - interval '1 day' + g * interval '50 ms' + interval '35 s', 30000, 'connected', 'answered',
           jsonb_build_object('crmId', g::text), 'summary ' || g
    from generate_series(${from + 1}::int, ${to}::int) as g`);
}
log(
  `wrote ${callsWanted.toLocaleString()} call records, ${callsPerTransaction.toLocaleString()} a transaction, in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
const readKey = (await post<{ key: string }>('/api/api-keys/create', session, { name: 'bench-read', scope: 'read' })).key;
interface Walk {
  seconds: number;
  records: number;
  pages: number;
  serverCpu: number;
  pgCpu: number;
  walkerCpu: number;
  loadBefore: string;
  loadAfter: string;
}

/** One sync walk from the start to caught up, checking every record comes once, with the CPU it cost each side. */
async function walkSync(): Promise<Walk> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  const loadBefore = loadAverage();
  const pgBefore = await backendCpu();
  const serverBefore = cpuMs(child.pid!);
  const walkerBefore = process.cpuUsage();
  const started = performance.now();
  for (;;) {
    const page = await post<{ list: { id: string }[]; nextCursor: string; hasMore: boolean }>('/api/call-records/sync', readKey, {
      cursor,
      limit: pageSize,
    });
    for (const record of page.list) {
      if (seen.has(record.id)) throw new Error(`record ${record.id} came twice`);
      seen.add(record.id);
    }
    cursor = page.nextCursor;
    pages += 1;
    if (!page.hasMore) break;
  }
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = cpuMs(child.pid!) - serverBefore;
  let pgCpu = 0;
  for (const [pid, ms] of await backendCpu()) pgCpu += ms - (pgBefore.get(pid) ?? 0);
  const walker = process.cpuUsage(walkerBefore);
  if (seen.size !== callsWanted) throw new Error(`the walk saw ${seen.size} of ${callsWanted} records`);
  return {
    seconds,
    records: seen.size,
    pages,
    serverCpu,
    pgCpu,
    walkerCpu: (walker.user + walker.system) / 1000,
    loadBefore,
    loadAfter: loadAverage(),
  };
}

// First on the table as just written (hint bits unset, never vacuumed), then after the VACUUM (ANALYZE) that
// autovacuum runs on a table soon after a bulk write: a CRM's backlog of a million records is mostly the latter.
const fresh = await walkSync();
await database.db.execute(sql`vacuum (analyze) calls`);
const vacuumed = await walkSync();
const peak = rss('VmHWM');
child.kill('SIGTERM');
await once(child, 'exit');
await database.close();
await scratch.drop();
rmSync(workDir, { recursive: true, force: true });

const uploadRate = uploaded.data.accepted / uploadSeconds;
const pushRate = accepted / pushSeconds;
const steady = rssAfter.length > 1 ? rssAfter.slice(1) : rssAfter;
console.log('');
console.log(`API benchmark — PostgreSQL, ${rowsWanted.toLocaleString()} numbers, ${callsWanted.toLocaleString()} call records`);
console.log(
  `  CSV upload (one file)          ${uploadSeconds.toFixed(1).padStart(7)} s  ${Math.round(uploadRate).toLocaleString().padStart(9)} rows/s`,
);
console.log(
  `  API push (${batch.toLocaleString()}-row batches) ${pushSeconds.toFixed(1).padStart(7)} s  ${Math.round(pushRate).toLocaleString().padStart(9)} rows/s  (${rssAfter.length} requests)`,
);
console.log(`  push ÷ upload                  ${(pushRate / uploadRate).toFixed(2)}×  (goal ≥ 0.5×)`);
console.log(
  `  server RSS during the push     first batch ${rssAfter[0]!.toFixed(0)} MB, then ${Math.min(...steady).toFixed(0)}–${Math.max(...steady).toFixed(0)} MB; peak of the run ${peak.toFixed(0)} MB`,
);
for (const [label, walk] of [
  ['as written', fresh],
  ['vacuumed', vacuumed],
] as const) {
  const perPage = (ms: number) => `${(ms / walk.pages).toFixed(1)} ms`;
  console.log(
    `  sync walk, ${label.padEnd(10)}    ${walk.seconds.toFixed(1).padStart(7)} s  ${walk.records.toLocaleString()} records once each, ${walk.pages} pages, written ${callsPerTransaction.toLocaleString()} a transaction  (goal ≤ 60 s)`,
  );
  console.log(
    `    CPU a page                   server ${perPage(walk.serverCpu)}, PostgreSQL ${perPage(walk.pgCpu)}, this walker ${perPage(walk.walkerCpu)}; load average ${walk.loadBefore} → ${walk.loadAfter}`,
  );
}
