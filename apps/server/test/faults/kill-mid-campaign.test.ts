import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTask, numbersCsv, prepareCampaign, type Campaign } from './campaign.ts';
import { eventually, freePort, pause, ServerProcess, processWorld, showOutputOnFailure } from './server-process.ts';

/**
 * Issue 15, reliability under faults: two server processes share one PostgreSQL database and dial one
 * campaign on the simulated trunk; one of them is killed with SIGKILL while it has live calls, an upload
 * half sent and callbacks in flight, then started again. Runs in the PostgreSQL pass only (see
 * vitest.config.ts): several processes on one database is the PostgreSQL deployment.
 */
const databaseUrl = process.env.DATABASE_URL!;
const CAMPAIGN = 60;
const UPLOADED = 400_000;

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe('kill -9 of a server process mid-campaign (PostgreSQL)', () => {
  it('loses no subtask, never dials one twice at once, recovers the leases, keeps the upload whole or absent, delivers the queued callbacks', async () => {
    const world = await processWorld(databaseUrl, 'dialwise_faults', cleanups, 2);
    const db = world.db;
    const env = {
      ...world.env,
      // Simulated callees ring and talk ten times faster: calls last seconds.
      SIMULATED_TIME_SCALE: '0.1',
      // The test's model and callback endpoint listen on loopback.
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
      // A dead process's calls are given back 4 s after its last renewal (60 s by default).
      DIALER_LEASE_MS: '4000',
    };
    // A seeds the demo company on the empty database; B joins it.
    let a = new ServerProcess('A', await freePort(), env, ['--demo']);
    cleanups.push(() => a.stop());
    await a.start();
    const b = new ServerProcess('B', await freePort(), env);
    cleanups.push(() => b.stop());
    showOutputOnFailure(() => [a, b]);
    await b.start();

    // Everything the test does as a user goes through B, the process that survives.
    const campaign: Campaign = await prepareCampaign(() => b.url);
    cleanups.push(() => campaign.close());
    const taskId = await createTask(campaign, 'Campaign', 12);
    const uploaded = await campaign.admin.upload(taskId, numbersCsv(CAMPAIGN));
    expect(uploaded.code, uploaded.message).toBe(200);
    await campaign.admin.post('/api/tasks/action', { taskId, action: 'start' });

    // Both processes have live calls of the campaign, callbacks wait in the outbox, the upload is half sent.
    const owners = await eventually(
      'live calls on both processes',
      async () => {
        const { rows } = await db.query<{ node: string }>('select distinct node from calls where task_id = $1 and ended_at is null', [
          taskId,
        ]);
        return rows.length >= 2 ? rows.map((row) => row.node) : undefined;
      },
      90_000,
    );
    // A second task receives a large upload through A, sent slowly so that it is in flight at the kill.
    const uploadTaskId = await createTask(campaign, 'Upload', 1);
    const csv = Buffer.from(numbersCsv(UPLOADED, 15_000_000_000));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= csv.length) return controller.close();
        const chunk = csv.subarray(sent, sent + 64 * 1024);
        sent += chunk.length;
        controller.enqueue(chunk);
        await pause(40);
      },
    });
    // The answer is NDJSON sent while the rows are read, so the kill may cut the request or the answer.
    const uploadToA = (async () => {
      try {
        const response = await fetch(`${a.url}/api/subtasks/upload?taskId=${uploadTaskId}`, {
          method: 'POST',
          headers: { 'content-type': 'text/csv', authorization: `Bearer ${campaign.admin.token}`, 'x-upload-filename': 'big.csv' },
          body,
          duplex: 'half',
        } as RequestInit);
        return `answered ${response.status}: ${(await response.text()).slice(-300)}`;
      } catch (error) {
        return `cut: ${String(error)}`;
      }
    })();

    await eventually(
      'pending callbacks',
      async () => (await count(db, "select count(*) from callback_deliveries where state = 'pending'")) > 0,
      60_000,
    );
    await eventually('half the upload sent', async () => sent > csv.length / 4 && sent < csv.length, 60_000, 50);

    // The kill must cut calls of A's: on a loaded machine A's calls had all ended by now, nothing was interrupted
    // and the recovery below waited for interrupted calls that could never come. Both have live calls again first.
    await eventually(
      'live calls on both processes at the kill',
      async () => (await count(db, 'select count(distinct node) from calls where task_id = $1 and ended_at is null', [taskId])) >= 2,
      60_000,
      20,
    );
    await a.kill9();
    const killedAt = new Date();
    const pendingCallbacksAtKill = await count(db, "select count(*) from callback_deliveries where state = 'pending'");
    const liveOnA = await db.query<{ node: string; n: string }>(
      'select node, count(*) as n from calls where task_id = $1 and ended_at is null group by node',
      [taskId],
    );
    expect(await uploadToA).toMatch(/^cut: /);

    // B gives the dead process's calls back once their leases run out, and goes on dialling them.
    await eventually(
      "the dead process's leases recovered",
      async () =>
        (await count(
          db,
          "select count(*) from subtasks where task_id = $1 and state = 'dialing' and lease_until < now() - interval '2 seconds'",
          [taskId],
        )) === 0 && (await count(db, "select count(*) from calls where task_id = $1 and outcome = 'interrupted'", [taskId])) > 0,
      60_000,
    );
    campaign.receiver.release();

    // A comes back (a new process: its old leases are already given back) and joins the campaign again.
    const killed = a;
    a = new ServerProcess('A2', a.port, env);
    await a.start();

    await eventually(
      'the campaign to finish',
      async () => (await count(db, "select count(*) from tasks where id = $1 and status = 'completed'", [taskId])) === 1,
      240_000,
      1_000,
    );

    // No subtask lost: every number of the campaign ended in a final state, each with its own closed call record.
    const subtasks = await db.query<{ id: string; state: string; calls: string; open: string }>(
      `select s.id, s.state, count(c.id) as calls, count(c.id) filter (where c.ended_at is null) as open
         from subtasks s left join calls c on c.subtask_id = s.id where s.task_id = $1 group by s.id, s.state`,
      [taskId],
    );
    expect(subtasks.rows).toHaveLength(CAMPAIGN);
    for (const row of subtasks.rows) {
      expect(['done', 'failed', 'blocked'], `subtask ${row.id}`).toContain(row.state);
      expect(Number(row.calls), `calls of subtask ${row.id}`).toBeGreaterThan(0);
      expect(Number(row.open), `open calls of subtask ${row.id}`).toBe(0);
    }

    // Never dialled twice at once: the calls of one subtask, and of one number, follow each other.
    const overlaps = await count(
      db,
      `select count(*) from calls x join calls y
          on x.task_id = y.task_id and x.id < y.id and (x.subtask_id = y.subtask_id or x.phone = y.phone)
         and x.placed_at < y.ended_at and y.placed_at < x.ended_at
       where x.task_id = $1`,
      [taskId],
    );
    expect(overlaps).toBe(0);

    // The dead process's calls were closed as interrupted and their numbers dialled again, after the kill.
    const interrupted = await db.query<{ subtask_id: string; node: string }>(
      "select subtask_id, node from calls where task_id = $1 and outcome = 'interrupted'",
      [taskId],
    );
    const killedNode = liveOnA.rows.map((row) => row.node).find((node) => interrupted.rows.some((call) => call.node === node));
    expect(owners).toContain(killedNode);
    for (const call of interrupted.rows) {
      const later = await count(db, 'select count(*) from calls where subtask_id = $1 and placed_at > $2', [call.subtask_id, killedAt]);
      expect(later, `redial of subtask ${call.subtask_id}`).toBeGreaterThan(0);
    }

    // The upload cut by the kill is stored whole or not at all, and the task's counters agree with its rows.
    const stored = await count(db, 'select count(*) from subtasks where task_id = $1', [uploadTaskId]);
    expect([0, UPLOADED]).toContain(stored);
    const counters = await db.query<{ pending_count: number; total_count: number }>(
      'select pending_count, total_count from tasks where id = $1',
      [uploadTaskId],
    );
    expect(counters.rows[0]).toEqual({ pending_count: stored, total_count: stored });

    // Callbacks queued or in flight at the kill are delivered after it: every one, to the customer's endpoint.
    expect(pendingCallbacksAtKill).toBeGreaterThan(0);
    await eventually(
      'every callback delivered',
      async () => (await count(db, "select count(*) from callback_deliveries where state <> 'delivered'")) === 0,
      120_000,
      1_000,
    );
    const ids = await db.query<{ id: string }>('select id from callback_deliveries');
    for (const { id } of ids.rows) expect(campaign.receiver.deliveries.has(id), `delivery ${id} received`).toBe(true);

    // B never went down, and neither process reported an unhandled rejection or an uncaught exception.
    expect(await b.healthy()).toBe(true);
    for (const server of [killed, a, b]) expect(server.crashReport(), server.name).toBeNull();
  }, 600_000);
});

async function count(db: pg.Pool, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ count: string }>(sql, params);
  return Number(rows[0]?.count ?? 0);
}
