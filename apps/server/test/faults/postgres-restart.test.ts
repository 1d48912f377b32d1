import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import pg from 'pg';
import { createTask, DEMO_PASSWORD, numbersCsv, prepareCampaign } from './campaign.ts';
import { startPgCluster } from './pg-cluster.ts';
import { eventually, freePort, pause, ServerProcess } from './server-process.ts';

/**
 * Issue 15, reliability under faults: PostgreSQL stops (fast shutdown: every session is terminated) and
 * comes back a few seconds later while the server has live calls and keeps answering requests. The server
 * must reconnect by itself, finish the calls that were in progress with their real outcome, and never end
 * on an unhandled rejection. The database is a cluster of the test's own (stopping the suite's shared one
 * would fail the other files running beside this one); the test runs in the PostgreSQL pass only.
 */
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
});

describe('PostgreSQL restarted under load', () => {
  it('the server reconnects by itself, the calls in progress finish, no unhandled rejection', async () => {
    const cluster = await startPgCluster();
    cleanups.push(() => cluster.destroy());
    const db = new pg.Pool({ connectionString: cluster.url, max: 2 });
    // The test's own connections see the restart too; an idle one closing must not fail the test.
    db.on('error', () => undefined);
    cleanups.push(() => db.end());
    const dataDir = mkdtempSync(join(tmpdir(), 'dialwise-faults-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = new ServerProcess(
      'server',
      await freePort(),
      {
        DATABASE_URL: cluster.url,
        DATA_DIR: dataDir,
        SECRET_KEY: randomBytes(32).toString('base64'),
        DEMO_PASSWORD,
        SIMULATED_TIME_SCALE: '0.1',
        OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
        SIP_BIND: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      ['--demo'],
    );
    cleanups.push(() => server.stop());
    onTestFailed(() => console.log(`--- server output (last 20 kB) ---\n${server.log().slice(-20_000)}`));
    await server.start();

    const campaign = await prepareCampaign(() => server.url);
    cleanups.push(() => campaign.close());
    campaign.receiver.release();
    const taskId = await createTask(campaign, 'Campaign', 10);
    const uploaded = await campaign.admin.upload(taskId, numbersCsv(50));
    expect(uploaded.code, uploaded.message).toBe(200);
    await campaign.admin.post('/api/tasks/action', { taskId, action: 'start' });

    // Load beside the calls: the console's lists and boards, read without pause until the test ends.
    let reading = true;
    let answered = 0;
    let refused = 0;
    const readers = [0, 1].map(async () => {
      while (reading) {
        try {
          await campaign.admin.post('/api/call-records/list', { page: 1, pageSize: 20 });
          answered += 1;
        } catch {
          refused += 1;
          await pause(100);
        }
      }
    });

    const inProgress = await eventually(
      'calls in progress',
      async () => {
        const { rows } = await db.query<{ id: string }>('select id from calls where task_id = $1 and ended_at is null', [taskId]);
        return rows.length >= 5 ? rows.map((row) => row.id) : undefined;
      },
      90_000,
    );

    // PostgreSQL goes away (its sessions terminated) and comes back 3 s later.
    cluster.stop();
    const answeredWhileDown = answered;
    await pause(3_000);
    cluster.start();

    // The server reconnects by itself: requests are answered again, with no restart of the server.
    await eventually('requests answered again', async () => answered > answeredWhileDown + 3, 60_000);
    // The calls that were in progress finish with their own outcome (not given up as interrupted).
    await eventually(
      'the calls in progress to finish',
      async () => (await count(db, 'select count(*) from calls where id = any($1) and ended_at is null', [inProgress])) === 0,
      120_000,
      1_000,
    );
    const outcomes = await db.query<{ outcome: string }>('select outcome from calls where id = any($1)', [inProgress]);
    for (const { outcome } of outcomes.rows) expect(outcome).not.toBe('interrupted');

    // The campaign goes on to its end: every number dialled, nothing left dialling or pending.
    await eventually(
      'the campaign to finish',
      async () => (await count(db, "select count(*) from tasks where id = $1 and status = 'completed'", [taskId])) === 1,
      240_000,
      1_000,
    );
    expect(await count(db, "select count(*) from subtasks where task_id = $1 and state in ('pending', 'dialing')", [taskId])).toBe(0);

    reading = false;
    await Promise.all(readers);
    expect(refused).toBeGreaterThan(0);
    expect(server.running).toBe(true);
    expect(server.crashReport()).toBeNull();
  }, 600_000);
});

async function count(db: pg.Pool, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ count: string }>(sql, params);
  return Number(rows[0]?.count ?? 0);
}
