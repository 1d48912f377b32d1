// npm run bench:boards — 10 million call records (BENCH_ROWS to change) across 3 companies, 50 projects and
// 500 tasks, generated inside the database with generate_series; the rollup triggers build the rollups as
// the rows go in. Then p50/p95 of every board query from the rollups and, in the same run, from a raw
// GROUP BY over the records; the record list's filtered page + count; the trigger's cost per finished call;
// and a check that the rollups equal the raw aggregates. PGlite by default, PostgreSQL with DATABASE_URL.
import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@dialwise/server/src/db/client.ts';
import { companies, projects, scenarios, sipLines, tasks, voices } from '@dialwise/server/src/db/schema.ts';
import { seriesRange, sumRange, type Scope, type Source } from '@dialwise/server/src/boards/read-rollups.ts';
import { MEASURES } from '@dialwise/server/src/db/rollup-measures.ts';
import { seededRandom } from '@dialwise/server/src/telephony/simulated/simulated-callee.ts';
import { createScratchDatabase } from '../../apps/server/test/scratch-database.ts';
import { officeHoursTask } from '../task-row.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const DAYS = 30;
const log = (text: string) => console.log(`[bench] ${text}`);
const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);

// A fresh database: a PGlite folder, or a new database on the PostgreSQL of DATABASE_URL.
const baseUrl = process.env.DATABASE_URL || undefined;
let url: string | undefined;
let dropDatabase = async () => {};
const workDir = process.env.BENCH_DIR ?? join(tmpdir(), 'dialwise-bench-boards');
mkdirSync(workDir, { recursive: true });
if (baseUrl) {
  const scratch = await createScratchDatabase(baseUrl, 'dialwise_bench');
  url = scratch.url;
  dropDatabase = async () => {
    if (process.env.BENCH_KEEP) return log(`kept database ${scratch.url}`);
    await scratch.drop();
  };
}
const engine = url ? 'PostgreSQL' : 'PGlite';
const database = await openDatabase({ url, dataDir: join(workDir, `pglite-${randomBytes(4).toString('hex')}`) });
const db = database.db;

// 1. 3 companies, 50 projects, 500 tasks (10 per project), one line per company.
const ZONES = ['Asia/Shanghai', 'Europe/Berlin', 'America/New_York'];
const [scenario] = await db.insert(scenarios).values({ name: 'Bench' }).returning();
const [voice] = await db.insert(voices).values({ nickname: 'Bench', vendor: 'volcano', originalVoiceId: 'bench' }).returning();
const companyRows = await db
  .insert(companies)
  .values(ZONES.map((timezone, i) => ({ name: `Bench${i}`, suffix: `bench${i}`, adminEmail: `b${i}@x.test`, timezone })))
  .returning();
const lineRows = await db
  .insert(sipLines)
  .values(
    companyRows.map((c) => ({
      companyId: c.id,
      alias: 'line',
      concurrency: 100,
      sipUsername: 'u',
      passwordSealed: '',
      domain: 'sip.test',
      port: 5060,
    })),
  )
  .returning();
const projectRows = await db
  .insert(projects)
  .values(
    Array.from({ length: 50 }, (_, i) => ({ companyId: companyRows[i % 3]!.id, name: `P${i}`, encryptionType: 'PLAIN_TEXT' as const })),
  )
  .returning();
const taskRows = await db
  .insert(tasks)
  .values(
    Array.from({ length: 500 }, (_, i) =>
      officeHoursTask(projectRows[Math.floor(i / 10)]!, { scenarioId: scenario!.id, voiceId: voice!.id }, `T${i}`, 'completed'),
    ),
  )
  .returning();
await db.execute(sql`create table bench_tasks (n int primary key, task_id uuid, project_id uuid, company_id uuid, line_id uuid)`);
await db.execute(
  sql.raw(
    `insert into bench_tasks values ${taskRows.map((t, n) => `(${n}, '${t.id}', '${t.projectId}', '${t.companyId}', '${lineRows[companyRows.findIndex((c) => c.id === t.companyId)]!.id}')`).join(', ')}`,
  ),
);

// 2. The records: DAYS days up to today, 01:00–10:00 UTC (a working day in Shanghai), 45 % answered.
const [{ start: startText }] = (
  await db.execute<{ start: string }>(sql`select (date_trunc('day', now(), 'UTC') - ${`${DAYS - 1} days`}::interval)::text as start`)
).rows as [{ start: string }];
const dataStart = new Date(startText);
const chunk = Number(process.env.BENCH_CHUNK ?? (url ? 1_000_000 : 250_000));
let t0 = performance.now();
for (let lo = 1; lo <= ROWS; lo += chunk) {
  const hi = Math.min(ROWS, lo + chunk - 1);
  await db.execute(sql`
    insert into calls (company_id, project_id, task_id, subtask_id, sip_line_id, phone, attempt, node, placed_at, ringing_at, answered_at, ended_at, duration_ms, status, outcome, transfer_outcome)
    select t.company_id, t.project_id, t.task_id, g.i, t.line_id, '1' || lpad(g.i::text, 10, '0'), 1, 'bench',
      g.placed_at, g.placed_at + interval '2 seconds', case when g.ans then g.placed_at + interval '8 seconds' end,
      g.placed_at + interval '8 seconds' + make_interval(secs => g.dur / 1000.0),
      case when g.ans then g.dur else 0 end,
      case when g.ans then 'connected' else 'missed' end,
      case when g.ans then 'answered' else (array['no_answer','no_answer','no_answer','busy','busy','invalid_number','rejected','failed','timeout'])[1 + floor(g.x * 9)::int] end,
      case when not g.ans then 'none' when g.y < 0.17 then 'success' when g.y < 0.2 then 'lost' when g.y < 0.23 then 'failed' else 'none' end
    from (
      select i, random() < 0.45 as ans, (exp(2 + random() * 4.2) * 1000)::int as dur, random() as x, random() as y,
        ${dataStart.toISOString()}::timestamptz + floor(random() * ${DAYS}) * interval '1 day' + interval '1 hour' + random() * interval '9 hours' as placed_at
      from generate_series(${lo}::int, ${hi}::int) i
    ) g join bench_tasks t on t.n = g.i % 500`);
  if (hi % (chunk * 2) === 0 || hi === ROWS) log(`${hi.toLocaleString()} rows (${seconds(t0)} s)`);
}
const insertSeconds = seconds(t0);
t0 = performance.now();
await db.execute(sql`analyze`);
const count = async (table: string) => Number((await db.execute<{ n: string }>(sql.raw(`select count(*) as n from ${table}`))).rows[0]!.n);
const sizes = { calls: await count('calls'), minute: await count('call_rollups_minute'), hour: await count('call_rollups_hour') };
log(
  `${engine}: ${sizes.calls.toLocaleString()} calls written with their rollups in ${insertSeconds} s; rollup rows: minute ${sizes.minute.toLocaleString()}, hour ${sizes.hour.toLocaleString()}`,
);

// 3. The queries, each RUNS times with a random project/task, from the rollups and from the records.
const random = seededRandom(42);
const pickTask = () => taskRows[Math.floor(random() * taskRows.length)]!;
const pickProject = () => projectRows[Math.floor(random() * projectRows.length)]!;
const pickCompany = () => companyRows[Math.floor(random() * companyRows.length)]!;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const dataEnd = new Date(dataStart.getTime() + DAYS * DAY);
const lastDays = (n: number) => ({ start: new Date(dataEnd.getTime() - n * DAY), end: dataEnd });
const columns = MEASURES.map((m) => m.column);
const seriesColumns = ['total', 'connected', 'transfer_success', 'lost'];

interface Case {
  name: string;
  rollup: Source | null;
  run: (source: Source) => Promise<unknown>;
}
/** A random project's or task's scope, as the boards filter by it. */
const projectScope = () => {
  const p = pickProject();
  return { companyId: p.companyId, projectId: p.id };
};
const taskScope = () => {
  const t = pickTask();
  return { companyId: t.companyId, taskId: t.id };
};
/** The board's totals and its series of `scope` over a range (the series in Shanghai time, by `step`). */
const summary = (s: Source, scope: Scope, { start, end }: { start: Date; end: Date }) => sumRange(db, s, scope, start, end, columns);
const series = (s: Source, scope: Scope, { start, end }: { start: Date; end: Date }, step: string) =>
  seriesRange(db, s, scope, start, end, 'Asia/Shanghai', step, seriesColumns);

const cases: Case[] = [
  { name: 'summary · project · 7 days', rollup: 'hour', run: (s) => summary(s, projectScope(), lastDays(7)) },
  { name: 'summary · project · 30 days', rollup: 'hour', run: (s) => summary(s, projectScope(), lastDays(30)) },
  { name: 'summary · task · 7 days', rollup: 'hour', run: (s) => summary(s, taskScope(), lastDays(7)) },
  { name: 'summary · company · 30 days', rollup: 'hour', run: (s) => summary(s, { companyId: pickCompany().id }, lastDays(30)) },
  { name: 'series · project · 30 days by day', rollup: 'hour', run: (s) => series(s, projectScope(), lastDays(30), '1 day') },
  { name: 'series · project · 1 day by hour', rollup: 'hour', run: (s) => series(s, projectScope(), lastDays(1), '1 hour') },
  {
    name: 'real-time · task · last hour by 5 min',
    rollup: 'minute',
    run: (s) => {
      const scope = taskScope();
      const end = new Date(dataEnd.getTime() - 14 * HOUR);
      const range = { start: new Date(end.getTime() - HOUR), end };
      return Promise.all([summary(s, scope, range), series(s, scope, range, '5 minutes')]);
    },
  },
  {
    name: 'real-time · task · today by hour',
    rollup: 'hour',
    run: (s) => {
      const scope = taskScope();
      return Promise.all([summary(s, scope, lastDays(1)), series(s, scope, lastDays(1), '1 hour')]);
    },
  },
  {
    name: 'summary · project · 7 days, minute rows (half-hour zones)',
    rollup: 'minute',
    run: (s) => summary(s, projectScope(), lastDays(7)),
  },
];

const listPage = async (
  filter: { companyId: string; projectId?: string; taskId?: string; status?: string },
  range: { start: Date; end: Date },
) => {
  const where = sql.join(
    [
      sql`company_id = ${filter.companyId}`,
      ...(filter.projectId ? [sql`project_id = ${filter.projectId}`] : []),
      ...(filter.taskId ? [sql`task_id = ${filter.taskId}`] : []),
      ...(filter.status ? [sql`status = ${filter.status}`] : []),
      sql`placed_at >= ${range.start.toISOString()}::timestamptz and placed_at < ${range.end.toISOString()}::timestamptz`,
    ],
    sql` and `,
  );
  await db.execute(
    sql`select id, task_id, phone, placed_at, duration_ms, status, outcome from calls where ${where} order by placed_at desc limit 20`,
  );
  await db.execute(sql`select count(*) from calls where ${where}`);
};
const listCases: { name: string; run: () => Promise<unknown> }[] = [
  {
    name: 'record list · project · 7 days (page + count)',
    run: () => listPage(projectScope(), lastDays(7)),
  },
  {
    name: 'record list · task · connected · 30 days (page + count)',
    run: () => listPage({ ...taskScope(), status: 'connected' }, lastDays(30)),
  },
  { name: 'record list · company · 1 day (page + count)', run: () => listPage({ companyId: pickCompany().id }, lastDays(1)) },
];

async function time(run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const t = performance.now();
    await run();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95) };
}

const ms = (v: number) => v.toFixed(1).padStart(8);
const lines = [
  `| query (${engine}, ${sizes.calls.toLocaleString()} calls) | rollup p50 | rollup p95 | raw p50 | raw p95 | raw/rollup (p50) |`,
  '|---|---:|---:|---:|---:|---:|',
];
for (const c of cases) {
  const rolled = await time(() => c.run(c.rollup!));
  const raw = await time(() => c.run('raw'));
  lines.push(
    `| ${c.name} | ${ms(rolled.p50)} | ${ms(rolled.p95)} | ${ms(raw.p50)} | ${ms(raw.p95)} | ${(raw.p50 / rolled.p50).toFixed(0)}× |`,
  );
  log(lines.at(-1)!);
}
for (const c of listCases) {
  const r = await time(c.run);
  lines.push(`| ${c.name} | — | — | ${ms(r.p50)} | ${ms(r.p95)} | — |`);
  log(lines.at(-1)!);
}

// 4. What the trigger costs a finished call: the dialer's single-row close, without and with it.
async function finishCalls(n: number, base: number): Promise<number> {
  const t = taskRows[0]!;
  const ids = (
    await db.execute<{ id: string }>(sql`
    insert into calls (company_id, project_id, task_id, subtask_id, sip_line_id, phone, attempt, node, placed_at)
    select ${t.companyId}, ${t.projectId}, ${t.id}, ${base} + i, ${lineRows[companyRows.findIndex((c) => c.id === t.companyId)]!.id}, '9' || lpad((${base} + i)::text, 10, '0'), 1, 'bench', now()
    from generate_series(1, ${n}) i returning id`)
  ).rows.map((r) => r.id);
  const start = performance.now();
  for (const id of ids) {
    await db.execute(
      sql`update calls set ended_at = now(), status = 'connected', outcome = 'answered', duration_ms = 42000 where id = ${id} and ended_at is null`,
    );
  }
  return (performance.now() - start) / n;
}
const N = 500;
await db.execute(sql`alter table calls disable trigger calls_rollup_update`);
await db.execute(sql`alter table calls disable trigger calls_rollup_delete`);
const without = await finishCalls(N, 900_000_000);
await db.execute(sql`delete from calls where subtask_id > 900000000`);
await db.execute(sql`alter table calls enable trigger calls_rollup_update`);
await db.execute(sql`alter table calls enable trigger calls_rollup_delete`);
const withTrigger = await finishCalls(N, 910_000_000);
const triggerLine = `finishing one call (single-row update, ${N} times): ${without.toFixed(2)} ms without the rollup trigger, ${withTrigger.toFixed(2)} ms with it (+${(withTrigger - without).toFixed(2)} ms)`;
log(triggerLine);

// 5. Exact: every company's rollups over the whole range equal the raw GROUP BY.
let exact = true;
for (const c of companyRows) {
  const scope: Scope = { companyId: c.id };
  const [hour, minute, raw] = await Promise.all([
    sumRange(db, 'hour', scope, dataStart, new Date(dataEnd.getTime() + DAY)),
    sumRange(db, 'minute', scope, dataStart, new Date(dataEnd.getTime() + DAY)),
    sumRange(db, 'raw', scope, dataStart, new Date(dataEnd.getTime() + DAY)),
  ]);
  exact &&= JSON.stringify(hour) === JSON.stringify(raw) && JSON.stringify(minute) === JSON.stringify(raw);
}
log(`rollups equal the raw aggregates: ${exact ? 'yes' : 'NO'}`);
console.log(
  [
    '',
    ...lines,
    '',
    triggerLine,
    `rows written (with their rollups) in ${insertSeconds} s; rollup rows: minute ${sizes.minute.toLocaleString()}, hour ${sizes.hour.toLocaleString()}`,
    `rollups equal the raw aggregates: ${exact ? 'yes' : 'NO'}`,
  ].join('\n'),
);

// Dropping the database ends the pool's last connections from the server side: not an error here.
if (database.driver.kind === 'postgres') database.driver.pool.on('error', () => undefined);
await database.close();
await dropDatabase();
if (!exact) process.exitCode = 1;
