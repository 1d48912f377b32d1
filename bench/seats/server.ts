/**
 * The server side of bench:seats, in a process of its own so its CPU is measured alone: the real app
 * (HTTP + /ws/seat + the dispatcher) on a fresh database, N agents with sessions, and commands from the
 * bench over IPC: `cpu` (this process's CPU time and seats held), `transfer` (sequential transfers, each
 * one's start time), `media` (a SIP call to sipp with RTP echo, transferred to the bench's seat).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { calls, projectOperators } from '../../apps/server/src/db/schema.ts';
import { hashSessionToken, newSessionToken } from '../../apps/server/src/auth/session-tokens.ts';
import { SipTrunk, type CallHandle } from '../../apps/server/src/telephony/index.ts';
import type { TransferRequest } from '../../apps/server/src/conversation/seat-dispatcher.ts';
import { TestClock, seedCompanies, type TestServer } from '../../apps/server/test/helper.ts';
import { projectWithTask } from '../../apps/server/test/call-fixtures.ts';
import { userWithSession } from '../../apps/server/test/task-fixtures.ts';
import { QuietCall } from '../../apps/server/test/seat-fixtures.ts';
import { startSipp } from '../../apps/server/test/sipp.ts';
import { createScratchDatabase } from '../../apps/server/test/scratch-database.ts';

const agents = Number(process.argv[2] ?? 5000);
const workDir = mkdtempSync(join(tmpdir(), 'dialwise-bench-seats-'));
let dropDatabase = async () => {};
let url: string | undefined;
if (process.env.DATABASE_URL) {
  const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'dialwise_bench');
  url = scratch.url;
  dropDatabase = scratch.drop;
}
const database = await openDatabase({ url, dataDir: join(workDir, 'db') });
const config = {
  ...loadConfig({}, []),
  databaseUrl: url,
  dataDir: workDir,
  webDist: '/nonexistent',
  logLevel: 'silent',
  secretKey: randomBytes(32).toString('base64'),
  dialer: false,
};
const clock = new TestClock();
const app = await buildApp({ config, db: database, clock, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const server = { app, database, clock } as TestServer;

// One company, one project; the agents are written in bulk (their sessions too: no argon2 per agent).
const seeded = await seedCompanies(server);
const admin = await userWithSession(server, seeded.companyId, 'benchadmin', 'ADMIN');
const world = await projectWithTask(server, admin, seeded.companyId, 'Bench');
const tokens = Array.from({ length: agents }, () => newSessionToken());
const ids = await database.db.execute<{ id: string }>(sql`
  insert into users (company_id, username, alias, auth_level, password_hash)
  select ${seeded.companyId}, 'agent' || g, 'agent' || g, 'OPR', 'x' from generate_series(1, ${agents}) g
  returning id`);
const userIds = ids.rows.map((r) => r.id);
await database.db.execute(sql`
  insert into sessions (user_id, token_hash, expires_at)
  select unnest(${`{${userIds.join(',')}}`}::uuid[]), unnest(${`{${tokens.map(hashSessionToken).join(',')}}`}::text[]), now() + interval '1 day'`);
// Every agent works on the project: any waiting seat may be offered a call.
await database.db
  .insert(projectOperators)
  .values(userIds.map((userId) => ({ projectId: world.projectId, userId, companyId: seeded.companyId })));

async function liveCall(call: CallHandle, signal: AbortSignal): Promise<TransferRequest> {
  const [row] = await database.db
    .insert(calls)
    .values({
      companyId: seeded.companyId,
      projectId: world.projectId,
      taskId: world.taskId,
      sipLineId: world.lineId,
      subtaskId: Math.floor(Math.random() * 1e12),
      phone: `138${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      attempt: 1,
      node: 'bench',
      businessInfo: { plan: 'gold' },
    })
    .returning({ id: calls.id });
  return {
    callId: row!.id,
    companyId: seeded.companyId,
    projectId: world.projectId,
    taskId: world.taskId,
    subtaskId: '1',
    call,
    conversation: [{ speaker: 'customer', text: 'Can I talk to a person?', at: new Date() }],
    summary: 'Wants a person',
    signal,
  };
}

const now = () => performance.timeOrigin + performance.now();
const aborts = new Map<string, AbortController>();

process.on('message', async (message: { command: string; count?: number; callId?: string }) => {
  if (message.command === 'cpu') {
    process.send!({ command: 'cpu', cpu: process.cpuUsage(), seats: app.seatHub.size, at: now() });
  } else if (message.command === 'transfer') {
    const started: { callId: string; at: number }[] = [];
    for (let i = 0; i < (message.count ?? 100); i++) {
      const abort = new AbortController();
      const request = await liveCall(new QuietCall() as unknown as CallHandle, abort.signal);
      aborts.set(request.callId, abort);
      started.push({ callId: request.callId, at: now() });
      // The seat that got the offer has the bench abort the transfer (the callee "hangs up"): the next starts.
      await app.seats.transfer(request);
      aborts.delete(request.callId);
    }
    process.send!({ command: 'transfer', started });
  } else if (message.command === 'abort') {
    aborts.get(message.callId ?? '')?.abort();
  } else if (message.command === 'media') {
    const trunk = new SipTrunk({ recordingsDir: join(workDir, 'recordings'), bindAddress: '127.0.0.1' });
    const sipp = await startSipp({
      scenario: 'uas-answer.xml',
      rtpEcho: true,
      keys: { pt: 0, codec: 'PCMU' },
      timeoutS: 120,
      traceMessages: false,
    });
    const call = trunk.dial({
      to: '13800000001',
      callerId: '02100000000',
      line: { username: 'bench', password: 'x', domain: sipp.address, port: sipp.port },
      ringTimeoutMs: 5000,
    });
    await call.answered;
    const request = await liveCall(call, new AbortController().signal);
    process.send!({ command: 'media-call', callId: request.callId });
    const result = await app.seats.transfer(request);
    if (result.ok) {
      await result.seat.connect();
      await result.seat.ended;
    }
    await call.hangup();
    await sipp.stop();
    await trunk.close();
    process.send!({ command: 'media', ok: result.ok });
  } else if (message.command === 'stop') {
    await app.close();
    await database.close();
    await dropDatabase();
    rmSync(workDir, { recursive: true, force: true });
    process.exit(0);
  }
});

process.send!({ command: 'ready', port, tokens, engine: url ? 'PostgreSQL' : 'PGlite' });
