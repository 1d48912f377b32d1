import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type ScenarioDocumentInput, scenarioDocumentSchema } from '@dialwise/contracts';
import { addUser, seedCompanies, useTestServer } from '../../test/helper.ts';
import { insertCampaign } from '../../test/campaign.ts';
import { openDatabase, type Db } from '../db/client.ts';
import { calls, scenarios, scenarioVersions, subtasks, tasks } from '../db/schema.ts';
import { SecretBox } from '../secrets/secret-box.ts';
import type { SeatDispatcher } from '../conversation/seat-dispatcher.ts';
import { SimulatedTrunk } from '../telephony/index.ts';
import type { CalleePlan } from '../telephony/simulated/simulated-callee.ts';
import { claimCalls } from './claim-calls.ts';
import { judgeCutCall } from './cut-call.ts';
import { Dialer } from './dialer.ts';
import { markAnswered } from './mark-answered.ts';

/**
 * Every way a call can be cut before it ends by itself, and what its record and its number become: each
 * goes through the one rule (`judgeCutCall`). On PostgreSQL (DATABASE_URL) the process that recovers a dead
 * one's calls has its own connection pool, as another process would; on PGlite the only dialer recovers them
 * when it starts again.
 */
const server = useTestServer();
const secrets = SecretBox.fromKey(randomBytes(32));
const recordingsDir = mkdtempSync(join(tmpdir(), 'dialwise-cut-calls-'));
afterAll(() => rmSync(recordingsDir, { recursive: true, force: true }));
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

const ALL_DAY = { callStart: '00:00', callEnd: '23:59', weekdays: [1, 2, 3, 4, 5, 6, 7] };

async function campaign(phones: string[], scenarioId?: string) {
  const { companyId } = await seedCompanies(server);
  const db = server.database.db;
  const { taskId, lineIds } = await insertCampaign(db, {
    companyId,
    phones,
    seal: (password) => secrets.seal(password),
    scenarioId,
    task: {
      ...ALL_DAY,
      ...(scenarioId ? { scenarioVersion: 1 } : { advanced: { prologues: ['Hello from Acme'], pauseSeconds: 1 } }),
      concurrencyMode: 'manual',
      concurrencyCount: phones.length,
      pendingCount: phones.length,
      totalCount: phones.length,
    },
    lines: [{ concurrency: phones.length }],
  });
  return { companyId, taskId, lineId: lineIds[0]!, db };
}

/** A process that claims the task's numbers and dies without ending their calls (its lease is `leaseMs`). */
async function deadProcessClaims(db: Db, taskId: string, lineId: string, count: number, leaseMs: number) {
  const { claims } = await claimCalls(db, {
    taskId,
    node: 'dead',
    budget: count,
    lineAllowance: new Map([[lineId, count]]),
    leaseMs,
    now: new Date(),
  });
  expect(claims).toHaveLength(count);
  return claims;
}

interface Started {
  dialer: Dialer;
  events: Array<[string, string]>;
}

/** A dialer on the simulated trunk whose callback events are kept; on PostgreSQL with its own connection pool. */
async function startDialer(
  options: { soleDialer?: boolean; plan?: (to: string) => Partial<CalleePlan>; seats?: SeatDispatcher; ownPool?: boolean } = {},
): Promise<Started> {
  const pool = options.ownPool && server.url ? await openDatabase({ url: server.url, dataDir: 'memory://' }) : null;
  const trunk = new SimulatedTrunk({
    recordingsDir,
    seed: 3,
    timeScale: 0.05,
    // Unless told otherwise every callee answers and hangs up after two seconds (100 ms here, at this time scale).
    plan: (request) => options.plan?.(request.to) ?? { outcome: 'answered', ringMs: 100, talkMs: 2_000 },
  });
  const events: Array<[string, string]> = [];
  const dialer = new Dialer(
    {
      db: pool?.db ?? server.database.db,
      secrets,
      now: () => new Date(),
      trunks: { sip: trunk, simulated: trunk },
      seats: options.seats ?? null,
      callbacks: async (callId, event) => void events.push([callId, event]),
    },
    { recordingsDir, tickMs: 60_000, ringTimeoutMs: 600_000, talkMs: 600_000, soleDialer: options.soleDialer, simulatedTimeScale: 0.05 },
  );
  stops.push(async () => {
    await dialer.stop();
    await trunk.close();
    await pool?.close();
  });
  return { dialer, events };
}

/** Recovers a dead process's calls the way the deployment does: PostgreSQL, another process once the leases ran out; PGlite, the restart. */
async function recoverAsDeployed(taskId: string, options: { numbersBack: boolean }): Promise<Started> {
  if (server.url) {
    const other = await startDialer({ ownPool: true });
    // Its round would claim the numbers given back at once: the task waits while it recovers, to show what recovery left.
    const db = server.database.db;
    if (options.numbersBack) await db.update(tasks).set({ status: 'paused' }).where(eq(tasks.id, taskId));
    await other.dialer.tick();
    if (options.numbersBack) await db.update(tasks).set({ status: 'in_progress' }).where(eq(tasks.id, taskId));
    return other;
  }
  const restarted = await startDialer({ soleDialer: true });
  await restarted.dialer.start();
  return restarted;
}

async function recordsOf(taskId: string) {
  return server.database.db.select().from(calls).where(eq(calls.taskId, taskId));
}

async function subtaskOf(id: number) {
  return (await server.database.db.select().from(subtasks).where(eq(subtasks.id, id)))[0]!;
}

async function taskOf(taskId: string) {
  return (await server.database.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]!;
}

async function until(what: string, done: () => Promise<boolean>, tick?: () => Promise<void>) {
  const limit = Date.now() + 60_000;
  while (!(await done())) {
    if (Date.now() > limit) throw new Error(`timed out waiting for ${what}`);
    await tick?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the rule for a cut call', () => {
  const cutAt = new Date('2026-11-29T08:00:30Z');
  it('never answered: missed, the number back to pending', () => {
    expect(judgeCutCall({ answeredAt: null, transferred: false, cutAt })).toEqual({
      outcome: 'interrupted',
      status: 'missed',
      durationMs: 0,
      transferOutcome: null,
      subtask: 'pending',
    });
  });
  it('answered: connected for the time it lasted, the number called again', () => {
    expect(judgeCutCall({ answeredAt: new Date('2026-11-29T08:00:00Z'), transferred: false, cutAt })).toEqual({
      outcome: 'interrupted',
      status: 'connected',
      durationMs: 30_000,
      transferOutcome: null,
      subtask: 'pending',
    });
  });
  it('taken over by a seat: connected, a successful transfer, the number done', () => {
    expect(judgeCutCall({ answeredAt: new Date('2026-11-29T08:00:10Z'), transferred: true, cutAt })).toEqual({
      outcome: 'interrupted',
      status: 'connected',
      durationMs: 20_000,
      transferOutcome: 'success',
      subtask: 'done',
    });
  });
});

describe('a process that crashed', () => {
  it('before the answer: the record is missed and interrupted, the number is dialled again with its attempt refunded', async () => {
    const { taskId, lineId, db } = await campaign(['13900000001']);
    const [claim] = await deadProcessClaims(db, taskId, lineId, 1, 200);
    await pause(250);
    const { events } = await recoverAsDeployed(taskId, { numbersBack: true });
    const [record] = await recordsOf(taskId);
    expect(record).toMatchObject({ outcome: 'interrupted', status: 'missed', durationMs: 0, hungUpBy: 'network' });
    expect(record!.endedAt).not.toBeNull();
    expect(await subtaskOf(claim!.subtaskId)).toMatchObject({
      state: 'pending',
      attempts: 0,
      leaseOwner: null,
      lastOutcome: 'interrupted',
    });
    expect((await taskOf(taskId)).pendingCount).toBe(1);
    expect(events).toEqual([[claim!.callId, 'ended']]);
  });

  it('after the answer: the record is connected for the time known, the number is dialled again', async () => {
    const { taskId, lineId, db } = await campaign(['13900000002']);
    const [claim] = await deadProcessClaims(db, taskId, lineId, 1, 2_000);
    // What the dead process wrote when the callee answered.
    const answeredAt = new Date();
    await markAnswered(db, claim!.callId, answeredAt);
    const { leaseUntil } = await subtaskOf(claim!.subtaskId);
    await until('the lease to run out', async () => leaseUntil! < new Date());
    const recovering = await recoverAsDeployed(taskId, { numbersBack: true });
    const [record] = await recordsOf(taskId);
    expect(record).toMatchObject({ outcome: 'interrupted', status: 'connected', answeredAt, transferOutcome: 'none' });
    // It lasted at most until its lease ran out (the dead process renewed it until then at most): the record says that long.
    expect(record!.endedAt).toEqual(leaseUntil);
    expect(record!.durationMs).toBe(leaseUntil!.getTime() - answeredAt.getTime());
    expect(await subtaskOf(claim!.subtaskId)).toMatchObject({ state: 'pending', attempts: 0, leaseOwner: null });
    // The live dialer calls it again, and this time the call ends by itself.
    const { dialer } = recovering;
    await until(
      'the task to complete',
      async () => (await taskOf(taskId)).status === 'completed',
      () => dialer.tick(),
    ).catch(async (error) => {
      throw new Error(`${String(error)}: ${JSON.stringify(await recordsOf(taskId))}`);
    });
    const records = await recordsOf(taskId);
    expect(records.map((r) => r.outcome).sort()).toEqual(['answered', 'interrupted']);
  }, 120_000);

  it('during a transfer a seat had taken: connected, the transfer a success, the number done and the task completed', async () => {
    const { companyId, taskId, lineId, db } = await campaign(['13900000003']);
    const [claim] = await deadProcessClaims(db, taskId, lineId, 1, 200);
    await markAnswered(db, claim!.callId, new Date());
    // What the seat's accept wrote on the record (claim-seat.ts, settleOffer): the operator who took the call.
    const operator = await addUser(server, companyId, 'op1', 'OPR');
    await db.update(calls).set({ operatorId: operator!.id }).where(eq(calls.id, claim!.callId));
    await pause(250);
    await recoverAsDeployed(taskId, { numbersBack: false });
    const [record] = await recordsOf(taskId);
    expect(record).toMatchObject({ outcome: 'interrupted', status: 'connected', transferOutcome: 'success', operatorId: operator!.id });
    expect(await subtaskOf(claim!.subtaskId)).toMatchObject({ state: 'done', leaseOwner: null, lastOutcome: 'interrupted' });
    expect(await taskOf(taskId)).toMatchObject({ status: 'completed', pendingCount: 0 });
  });
});

describe('a lease that expired on another process', () => {
  it('is recovered by exactly one of the live processes, each call by the rule', async () => {
    const { taskId, lineId, db } = await campaign(['13900000004', '13900000005']);
    const [first, second] = await deadProcessClaims(db, taskId, lineId, 2, 3_000);
    await markAnswered(db, first!.callId, new Date());
    // Before the lease runs out nobody touches the calls.
    const b = await startDialer({ ownPool: true });
    const c = await startDialer({ ownPool: true });
    await Promise.all([b.dialer.tick(), c.dialer.tick()]);
    expect((await recordsOf(taskId)).every((r) => r.endedAt === null)).toBe(true);
    await until('the lease to run out', async () => (await subtaskOf(first!.subtaskId)).leaseUntil! < new Date());
    // Two live processes recover at once (without claiming: the window is shut for them now).
    await db.update(tasks).set({ status: 'paused' }).where(eq(tasks.id, taskId));
    await Promise.all([b.dialer.tick(), c.dialer.tick()]);
    const records = new Map((await recordsOf(taskId)).map((r) => [r.id, r]));
    expect(records.get(first!.callId)).toMatchObject({ outcome: 'interrupted', status: 'connected' });
    expect(records.get(second!.callId)).toMatchObject({ outcome: 'interrupted', status: 'missed', durationMs: 0 });
    expect(await subtaskOf(first!.subtaskId)).toMatchObject({ state: 'pending', attempts: 0 });
    expect(await subtaskOf(second!.subtaskId)).toMatchObject({ state: 'pending', attempts: 0 });
    expect((await taskOf(taskId)).pendingCount).toBe(2);
    // Each call's `ended` event is sent once, by the process that closed it.
    const ended = [...b.events, ...c.events].filter(([, event]) => event === 'ended').map(([callId]) => callId);
    expect(ended.sort()).toEqual([first!.callId, second!.callId].sort());
  });
});

describe('a graceful shutdown', () => {
  it('hangs up live calls and records them by the same rule: the answered one connected, the ringing one missed, both numbers back', async () => {
    const answering = '13900000006';
    const { taskId, db } = await campaign([answering, '13900000007']);
    const { dialer, events } = await startDialer({
      // One callee answers at once and talks for ten minutes; the other lets it ring for ten minutes.
      plan: (to) => (to === answering ? { outcome: 'answered', ringMs: 100, talkMs: 600_000 } : { outcome: 'no_answer', ringMs: 600_000 }),
    });
    await until(
      'one call answered and one ringing',
      async () => {
        const records = await recordsOf(taskId);
        return records.length === 2 && records.some((r) => r.answeredAt !== null && r.endedAt === null);
      },
      () => dialer.tick(),
    );
    await pause(200);
    await dialer.stop();
    const records = await recordsOf(taskId);
    const answered = records.find((r) => r.phone === answering)!;
    const ringing = records.find((r) => r.phone !== answering)!;
    expect(answered).toMatchObject({ outcome: 'interrupted', status: 'connected', hungUpBy: 'us' });
    expect(answered.durationMs).toBe(answered.endedAt!.getTime() - answered.answeredAt!.getTime());
    expect(answered.durationMs).toBeGreaterThan(0);
    expect(ringing).toMatchObject({ outcome: 'interrupted', status: 'missed', durationMs: 0, answeredAt: null });
    const states = await db
      .select({ state: subtasks.state, attempts: subtasks.attempts })
      .from(subtasks)
      .where(eq(subtasks.taskId, taskId));
    expect(states).toEqual([
      { state: 'pending', attempts: 0 },
      { state: 'pending', attempts: 0 },
    ]);
    expect((await taskOf(taskId)).pendingCount).toBe(2);
    expect(
      events
        .filter(([, event]) => event === 'ended')
        .map(([callId]) => callId)
        .sort(),
    ).toEqual(records.map((r) => r.id).sort());
  }, 120_000);

  it('during a transfer a seat had taken: connected, the transfer a success, the number done', async () => {
    const db = server.database.db;
    const [scenario] = await db.insert(scenarios).values({ name: 'transfers' }).returning();
    const document: ScenarioDocumentInput = {
      name: 'Transfers',
      dialogAsr: { provider: 'seed', url: 'wss://asr.example.com/v1' },
      tts: { provider: 'seed', url: 'wss://tts.example.com/v1' },
      operatorAsr: null,
      prologues: [{ text: 'Hello, this is Acme.' }],
      tools: [{ kind: 'transfer', alias: 'human', successText: 'Connecting you now.', failureText: 'Sorry, nobody is free.' }],
      routers: [
        {
          name: 'Wants a person',
          match: 'any',
          conditions: [{ type: 'content', role: 'user', keywords: ['real person', 'someone', 'agent'] }],
          target: { kind: 'tool', toolAlias: 'human' },
        },
      ],
    };
    await db.insert(scenarioVersions).values({ scenarioId: scenario!.id, version: 1, document: scenarioDocumentSchema.parse(document) });
    const { taskId } = await campaign(['13900000008'], scenario!.id);
    // The seat stands in for the operator seats (seat/): it takes the call and stays on it until the call ends.
    const seat: SeatDispatcher = {
      transfer: async (request) => ({
        ok: true,
        seat: { operatorId: 'op-1', connect: async () => undefined, ended: request.call.ended.then(() => ({ by: 'callee' as const })) },
      }),
    };
    const { dialer, events } = await startDialer({
      seats: seat,
      plan: () => ({ outcome: 'answered', persona: 'wants_human', ringMs: 100, talkMs: 600_000 }),
    });
    await until(
      'the seat to take the call',
      async () => events.some(([, event]) => event === 'transferred'),
      () => dialer.tick(),
    );
    await dialer.stop();
    const [record] = await recordsOf(taskId);
    expect(record).toMatchObject({ outcome: 'interrupted', status: 'connected', transferOutcome: 'success' });
    expect(await taskOf(taskId)).toMatchObject({ status: 'completed', pendingCount: 0 });
  }, 120_000);
});
