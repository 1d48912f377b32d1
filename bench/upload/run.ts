// npm run bench:upload — uploads a 200 MB subtask CSV (BENCH_MB to change) through the real HTTP endpoint
// of a real server (its own process) on PGlite, or on PostgreSQL when DATABASE_URL is set, then COPYs the
// same rows into the same table, and prints rows/s, seconds, the server's peak RSS and the ratio.
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import copyStreams from 'pg-copy-streams';
import { normalizeSubtaskPhone } from '@dialwise/contracts';
import { openDatabase, type Database } from '@dialwise/server/src/db/client.ts';
import { readSubtaskCsv } from '@dialwise/server/src/subtasks/read-csv.ts';
import { generateCsv } from './generate.ts';
import { createScratchDatabase } from '@dialwise/server/test/scratch-database.ts';
import { seedBenchCompany } from '../seed-company.ts';

const here = dirname(fileURLToPath(import.meta.url));
const megabytes = Number(process.env.BENCH_MB ?? 200);
const workDir = process.env.BENCH_DIR ?? join(tmpdir(), 'dialwise-bench-upload');
mkdirSync(workDir, { recursive: true });
const log = (text: string) => console.log(`[bench] ${text}`);

// 1. The file, streamed to disk.
const csvPath = join(workDir, `subtasks-${megabytes}mb.csv`);
let t0 = performance.now();
const file = await generateCsv(csvPath, megabytes * 1024 * 1024);
log(
  `CSV ${csvPath}: ${file.rows.toLocaleString()} rows, ${(file.bytes / 1048576).toFixed(1)} MB (${((performance.now() - t0) / 1000).toFixed(1)} s to prepare)`,
);

// 2. A fresh database: a PGlite folder, or a new database on the PostgreSQL of DATABASE_URL.
const baseUrl = process.env.DATABASE_URL || undefined;
let url: string | undefined;
let dropDatabase = async () => {};
const dataDir = join(workDir, `pglite-${randomBytes(4).toString('hex')}`);
if (baseUrl) {
  const scratch = await createScratchDatabase(baseUrl, 'dialwise_bench');
  url = scratch.url;
  dropDatabase = scratch.drop;
}
const engine = url ? 'PostgreSQL' : 'PGlite';

let database: Database = await openDatabase({ url, dataDir });
const seeded = await database.db.transaction((tx) => seedBenchCompany(tx, ['upload', 'copy']));
const { token } = seeded;
const ids = { companyId: seeded.companyId, uploadTask: seeded.taskIds.upload, copyTask: seeded.taskIds.copy };
await database.close();

// 3. The server in its own process.
const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'server.ts')], {
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: url ?? '', SECRET_KEY: randomBytes(32).toString('base64') },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const port = await new Promise<number>((resolve, reject) => {
  child.stdout.on('data', (chunk: Buffer) => {
    const match = /READY (\d+)/.exec(chunk.toString());
    if (match) resolve(Number(match[1]));
  });
  child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
});
const status = (field: 'VmHWM' | 'VmRSS') => {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
};
const rssBefore = status('VmRSS');
log(`${engine} server pid ${child.pid} on port ${port}, RSS ${rssBefore.toFixed(0)} MB before the upload`);

// 4. The upload, streamed from disk through the real endpoint.
t0 = performance.now();
const answer = await new Promise<string>((resolve, reject) => {
  const req = request(
    {
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/subtasks/upload?taskId=${ids.uploadTask}`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'text/csv',
        'content-length': String(file.bytes),
        'x-upload-filename': 'bench.csv',
      },
    },
    (res) => {
      let text = '';
      let lastLog = 0;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        const lines = text.trimEnd().split('\n');
        const last = lines.at(-1) ?? '';
        if (performance.now() - lastLog > 10_000 && last.startsWith('{"progress"')) {
          lastLog = performance.now();
          const { progress } = JSON.parse(last) as { progress: { state: string; rows: number; bytes: number } };
          log(
            `  ${((performance.now() - t0) / 1000).toFixed(0)} s: ${progress.state}, ${(progress.bytes / 1048576).toFixed(0)} MB in, ${progress.rows.toLocaleString()} rows`,
          );
        }
      });
      res.on('end', () => resolve(text));
      res.on('error', reject);
    },
  );
  req.on('error', reject);
  createReadStream(csvPath).pipe(req);
});
const uploadSeconds = (performance.now() - t0) / 1000;
const envelope = JSON.parse(answer.trimEnd().split('\n').at(-1)!) as {
  code: number;
  message: string;
  data: { accepted: number; duplicates: number; rejectedCount: number };
};
if (envelope.code !== 200) throw new Error(`upload failed: ${envelope.code} ${envelope.message}`);
const peakRss = status('VmHWM');
child.kill('SIGTERM');
await once(child, 'exit');

// 5. The baseline: a plain COPY of the same rows (read by the same reader, untimed) into the same table.
const copyPath = join(workDir, `subtasks-${megabytes}mb.copy`);
const copyOut = createWriteStream(copyPath);
const esc = (value: string) => value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
let copyRows = 0;
for await (const outcome of readSubtaskCsv(createReadStream(csvPath), {
  isValidPhone: (v) => normalizeSubtaskPhone('PLAIN_TEXT', v) !== null,
})) {
  if (!outcome.ok) continue;
  const r = outcome.value;
  const line = [
    ids.copyTask,
    ids.companyId,
    normalizeSubtaskPhone('PLAIN_TEXT', r.phoneNumber)!,
    r.prologueInfo,
    JSON.stringify(r.businessInfo),
    r.remark,
    JSON.stringify(r.extra),
  ]
    .map(esc)
    .join('\t');
  if (!copyOut.write(`${line}\n`)) await once(copyOut, 'drain');
  copyRows += 1;
}
copyOut.end();
await once(copyOut, 'finish');

database = await openDatabase({ url, dataDir });
const COPY = 'COPY subtasks (task_id, company_id, phone, prologue_info, business_info, remark, extra)';
t0 = performance.now();
if (database.driver.kind === 'pglite') {
  await database.driver.client.query(`${COPY} FROM '/dev/blob'`, [], { blob: new Blob([readFileSync(copyPath)]) });
} else {
  const client = await database.driver.pool.connect();
  try {
    await pipeline(createReadStream(copyPath), client.query(copyStreams.from(`${COPY} FROM STDIN`)));
  } finally {
    client.release();
  }
}
const copySeconds = (performance.now() - t0) / 1000;
await database.close();
rmSync(copyPath, { force: true });
rmSync(dataDir, { recursive: true, force: true });
await dropDatabase();

const uploadRate = envelope.data.accepted / uploadSeconds;
const copyRate = copyRows / copySeconds;
console.log('');
console.log(
  `Subtask upload benchmark — ${engine}, ${(file.bytes / 1048576).toFixed(0)} MB, ${file.rows.toLocaleString()} rows (${(statSync(csvPath).size / file.rows).toFixed(0)} bytes/row)`,
);
console.log(
  `  HTTP upload  ${uploadSeconds.toFixed(1).padStart(7)} s  ${Math.round(uploadRate).toLocaleString().padStart(9)} rows/s  stored ${envelope.data.accepted.toLocaleString()}, duplicates ${envelope.data.duplicates}, rejected ${envelope.data.rejectedCount}`,
);
console.log(`  server RSS   ${rssBefore.toFixed(0)} MB before, ${peakRss.toFixed(0)} MB peak`);
console.log(
  `  plain COPY   ${copySeconds.toFixed(1).padStart(7)} s  ${Math.round(copyRate).toLocaleString().padStart(9)} rows/s  (${copyRows.toLocaleString()} rows, same table and indexes)`,
);
console.log(`  upload / COPY = ${(uploadRate / copyRate).toFixed(2)}`);
