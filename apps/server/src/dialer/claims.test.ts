import { createHash, randomUUID } from 'node:crypto';
import { WEB_CALL_LIMITS } from '@dialwise/contracts';
import { describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import { useTestServer, seedCompanies } from '../../test/helper.ts';
import { insertCampaign } from '../../test/campaign.ts';
import { calls, companies, dncNumbers, sipLines, subtasks, taskSipLines, tasks } from '../db/schema.ts';
import { claimCalls, type ClaimRequest } from './claim-calls.ts';
import { finishCall, type CallEnding } from './finish-call.ts';
import { recoverLeases } from './recover-leases.ts';

const server = useTestServer();
const NOW = new Date('2026-11-23T02:00:00Z');

async function fixture(
  options: {
    lines?: number[];
    phones?: string[];
    status?: 'in_progress' | 'paused';
    redial?: number;
    encryption?: 'PLAIN_TEXT' | 'HEX' | 'MD5';
  } = {},
) {
  const { companyId } = await seedCompanies(server);
  const db = server.database.db;
  const phones = options.phones ?? Array.from({ length: 10 }, (_, i) => `1380000${String(i).padStart(4, '0')}`);
  const { taskId, lineIds } = await insertCampaign(db, {
    companyId,
    phones,
    seal: () => 'x',
    project: { encryptionType: options.encryption ?? 'PLAIN_TEXT' },
    task: { status: options.status ?? 'in_progress', advanced: {} as never, redialCount: options.redial ?? 0, redialGapMinutes: 10 },
    lines: (options.lines ?? [3]).map((concurrency, i) => ({ alias: `line${i}`, concurrency, sipUsername: 'u', domain: 'carrier.test' })),
  });
  return { companyId, taskId, lineIds, db };
}

function request(taskId: string, lineIds: string[], extra: Partial<ClaimRequest> = {}): ClaimRequest {
  return {
    taskId,
    node: 'node-a',
    budget: 100,
    lineAllowance: new Map(lineIds.map((id) => [id, 100])),
    leaseMs: 60_000,
    now: NOW,
    ...extra,
  };
}

function ending(callId: string, outcome: CallEnding['outcome'], extra: Partial<CallEnding> = {}): CallEnding {
  const answered = outcome === 'answered';
  return {
    callId,
    outcome,
    sipStatus: answered ? 200 : 486,
    sipReason: 'x',
    hungUpBy: 'callee',
    ringingAt: NOW,
    answeredAt: answered ? NOW : null,
    endedAt: new Date(NOW.getTime() + 30_000),
    durationMs: answered ? 30_000 : 0,
    recordingPath: null,
    recordingMs: null,
    conversation: [],
    retryAfterMs: null,
    ...extra,
  };
}

async function taskRow(taskId: string) {
  const [row] = await server.database.db.select().from(tasks).where(eq(tasks.id, taskId));
  return row!;
}

describe('claiming subtasks', () => {
  it("never exceeds a line's concurrency, writes an open call record per claim and moves the counters", async () => {
    const { taskId, lineIds, db } = await fixture({ lines: [3] });
    const first = await claimCalls(db, request(taskId, lineIds));
    expect(first.claims).toHaveLength(3);
    expect((await claimCalls(db, request(taskId, lineIds))).claims).toHaveLength(0);
    const open = await db.select().from(calls).where(isNull(calls.endedAt));
    expect(open.map((c) => c.subtaskId).sort()).toEqual(first.claims.map((c) => c.subtaskId).sort());
    expect((await taskRow(taskId)).pendingCount).toBe(7);
    const dialing = await db.select().from(subtasks).where(eq(subtasks.state, 'dialing'));
    expect(dialing.every((s) => s.leaseOwner === 'node-a' && s.attempts === 1)).toBe(true);
  });

  it('records on each call the scenario version the task runs', async () => {
    const { taskId, lineIds, db } = await fixture({ lines: [2] });
    await db.update(tasks).set({ scenarioVersion: 5 }).where(eq(tasks.id, taskId));
    await claimCalls(db, request(taskId, lineIds));
    const records = await db.select().from(calls).where(eq(calls.taskId, taskId));
    expect(records.map((r) => r.scenarioVersion)).toEqual([5, 5]);
  });

  it('honours the task budget across its lines and spreads calls over the roomiest line', async () => {
    const { taskId, lineIds, db } = await fixture({ lines: [2, 5] });
    const { claims } = await claimCalls(db, request(taskId, lineIds, { budget: 4 }));
    expect(claims).toHaveLength(4);
    const perLine = lineIds.map((id) => claims.filter((c) => c.lineId === id).length);
    expect(perLine[0]! + perLine[1]!).toBe(4);
    expect(perLine[0]).toBeLessThanOrEqual(2);
  });

  it("keeps all of a company's tasks together under the concurrency cap the provider set", async () => {
    const { companyId, taskId, lineIds, db } = await fixture({ lines: [10] });
    await db
      .update(companies)
      .set({ permissions: { numberReveal: false, maxConcurrency: 4, features: [] } })
      .where(eq(companies.id, companyId));
    // A second task of the same company, on a line of its own.
    const [original] = await db.select().from(tasks).where(eq(tasks.id, taskId));
    const { id: _id, ...copy } = original!;
    const [other] = await db
      .insert(tasks)
      .values({ ...copy, name: 't2' })
      .returning();
    const [line] = await db
      .insert(sipLines)
      .values({
        companyId,
        alias: 'other',
        concurrency: 10,
        sipUsername: 'u',
        passwordSealed: 'x',
        domain: 'carrier.test',
        port: 5060,
        trunk: 'simulated',
      })
      .returning();
    await db.insert(taskSipLines).values({ taskId: other!.id, sipLineId: line!.id });
    await db
      .insert(subtasks)
      .values(Array.from({ length: 5 }, (_, i) => ({ taskId: other!.id, companyId, phone: `1390000${String(i).padStart(4, '0')}` })));

    const first = await claimCalls(db, request(taskId, lineIds, { budget: 3 }));
    expect(first.claims).toHaveLength(3);
    expect((await claimCalls(db, request(other!.id, [line!.id]))).claims).toHaveLength(1);
    expect((await claimCalls(db, request(other!.id, [line!.id]))).claims).toHaveLength(0);
    await finishCall(db, ending(first.claims[0]!.callId, 'answered'));
    expect((await claimCalls(db, request(other!.id, [line!.id]))).claims).toHaveLength(1);
  });

  it('takes no more setups than the pacer allows on each line', async () => {
    const { taskId, lineIds, db } = await fixture({ lines: [10] });
    const { claims } = await claimCalls(db, request(taskId, lineIds, { lineAllowance: new Map([[lineIds[0]!, 2]]) }));
    expect(claims).toHaveLength(2);
  });

  it('claims nothing for a paused task, or a task of a deleted company', async () => {
    const paused = await fixture({ status: 'paused' });
    expect((await claimCalls(paused.db, request(paused.taskId, paused.lineIds))).claims).toHaveLength(0);
  });

  it('never dials the same number twice at once within a task', async () => {
    const { taskId, lineIds, db } = await fixture({ lines: [5], phones: ['13800000001'] });
    const { claims } = await claimCalls(db, request(taskId, lineIds));
    expect(claims).toHaveLength(1);
    // The same number uploaded again while its first call is live waits for that call to end.
    const [task] = await db.select().from(tasks).where(eq(tasks.id, taskId));
    await db.insert(subtasks).values({ taskId, companyId: task!.companyId, phone: '13800000001' });
    await db.update(tasks).set({ pendingCount: 1 }).where(eq(tasks.id, taskId));
    expect((await claimCalls(db, request(taskId, lineIds))).claims).toHaveLength(0);
    await expect(
      db.insert(calls).values({
        companyId: task!.companyId,
        projectId: task!.projectId,
        taskId,
        subtaskId: 999,
        sipLineId: lineIds[0]!,
        phone: '13800000001',
        attempt: 1,
        node: 'x',
      }),
    ).rejects.toThrow();
    await finishCall(db, ending(claims[0]!.callId, 'answered'));
    expect((await claimCalls(db, request(taskId, lineIds))).claims).toHaveLength(1);
  });

  it('is not held back by test calls from the browser, and finishing one moves no subtask and completes no task', async () => {
    const { taskId, lineIds, db } = await fixture({ lines: [1], phones: ['13800000001'] });
    const [task] = await db.select().from(tasks).where(eq(tasks.id, taskId));
    const [subtask] = await db.select().from(subtasks).where(eq(subtasks.taskId, taskId));
    // Two live test calls: one borrowing the subtask's prologue, one with typed info; no line, no number.
    const testCall = (subtaskId: number | null) =>
      db
        .insert(calls)
        .values({
          companyId: task!.companyId,
          projectId: task!.projectId,
          taskId,
          subtaskId,
          sipLineId: null,
          phone: '',
          attempt: 1,
          node: 'x',
          test: true,
        })
        .returning({ id: calls.id })
        .then((rows) => rows[0]!.id);
    const borrowing = await testCall(subtask!.id);
    const typed = await testCall(null);
    // Budget 1, a line of 1, the company's cap: the test calls count against none of them.
    const { claims } = await claimCalls(db, request(taskId, lineIds, { budget: 1 }));
    expect(claims).toHaveLength(1);
    await finishCall(db, ending(borrowing, 'answered'));
    const [still] = await db.select().from(subtasks).where(eq(subtasks.id, subtask!.id));
    expect(still!.state).toBe('dialing');
    expect((await taskRow(taskId)).status).toBe('in_progress');
    // The real call ends with the typed test call still on: the task completes all the same.
    await finishCall(db, ending(claims[0]!.callId, 'answered'));
    expect((await taskRow(taskId)).status).toBe('completed');
    const [open] = await db.select({ endedAt: calls.endedAt }).from(calls).where(eq(calls.id, typed));
    expect(open!.endedAt).toBeNull();
  });

  it('marks numbers on the do-not-call list blocked, right before the dial, and never dials them', async () => {
    const { companyId, taskId, lineIds, db } = await fixture({ lines: [5], phones: ['13800000001', '13800000002'] });
    await db.insert(dncNumbers).values({ companyId, phone: '13800000002' });
    const result = await claimCalls(db, request(taskId, lineIds));
    expect(result.claims.map((c) => c.phone)).toEqual(['13800000001']);
    expect(result.blocked).toBe(1);
    const [blocked] = await db.select().from(subtasks).where(eq(subtasks.phone, '13800000002'));
    expect(blocked!.state).toBe('blocked');
    expect((await taskRow(taskId)).pendingCount).toBe(0);
  });

  const hex = (phone: string) => Buffer.from(phone).toString('hex');
  const md5 = (phone: string) => createHash('md5').update(phone).digest('hex');
  it.each([
    ['HEX', hex],
    ['MD5', md5],
  ] as const)('matches listed numbers through the encoding: %s', async (encryption, encode) => {
    // HEX by the number it encodes; MD5 by the hash of the listed number.
    const { companyId, taskId, lineIds, db } = await fixture({
      lines: [5],
      encryption,
      phones: ['13800000001', '+8613800000002'].map(encode),
    });
    await db.insert(dncNumbers).values({ companyId, phone: '+8613800000002' });
    const result = await claimCalls(db, request(taskId, lineIds));
    expect(result.claims.map((c) => c.phone)).toEqual([encode('13800000001')]);
    expect(result.blocked).toBe(1);
    const [blocked] = await db
      .select()
      .from(subtasks)
      .where(eq(subtasks.phone, encode('+8613800000002')));
    expect(blocked!.state).toBe('blocked');
  });
});

describe('finishing calls', () => {
  it('closes the record, finishes the subtask and completes the task when nothing is left', async () => {
    const { taskId, lineIds, db } = await fixture({ lines: [5], phones: ['13800000001', '13800000002'] });
    const { claims } = await claimCalls(db, request(taskId, lineIds));
    await finishCall(db, ending(claims[0]!.callId, 'answered'));
    expect((await taskRow(taskId)).status).toBe('in_progress');
    await finishCall(db, ending(claims[1]!.callId, 'busy'));
    expect((await taskRow(taskId)).status).toBe('completed');
    const records = await db.select().from(calls).where(eq(calls.taskId, taskId));
    expect(records.map((r) => [r.outcome, r.status]).sort()).toEqual([
      ['answered', 'connected'],
      ['busy', 'missed'],
    ]);
  });

  it('redials busy and no answer after the gap while the count allows, then stops', async () => {
    const { taskId, lineIds, db } = await fixture({ lines: [5], phones: ['13800000001'], redial: 1 });
    const first = (await claimCalls(db, request(taskId, lineIds))).claims[0]!;
    await finishCall(db, ending(first.callId, 'no_answer'));
    const [waiting] = await db.select().from(subtasks);
    expect(waiting!.state).toBe('pending');
    expect(waiting!.nextAttemptAt?.toISOString()).toBe(new Date(NOW.getTime() + 30_000 + 10 * 60_000).toISOString());
    expect((await claimCalls(db, request(taskId, lineIds))).claims).toHaveLength(0);
    const later = new Date(NOW.getTime() + 11 * 60_000);
    const second = (await claimCalls(db, request(taskId, lineIds, { now: later }))).claims[0]!;
    expect(second.attempt).toBe(2);
    await finishCall(db, ending(second.callId, 'busy'));
    const [done] = await db.select().from(subtasks);
    expect(done!.state).toBe('done');
    expect((await taskRow(taskId)).status).toBe('completed');
  });

  it('puts a back-pressured number back without using up an attempt, and fails an invalid one', async () => {
    const { taskId, lineIds, db } = await fixture({ lines: [5], phones: ['13800000001', '13800000002'] });
    const { claims } = await claimCalls(db, request(taskId, lineIds));
    await finishCall(db, ending(claims[0]!.callId, 'backpressure', { retryAfterMs: 5_000 }));
    await finishCall(db, ending(claims[1]!.callId, 'invalid_number'));
    const rows = await db.select().from(subtasks).orderBy(subtasks.id);
    expect(rows.map((r) => [r.state, r.attempts])).toEqual([
      ['pending', 0],
      ['failed', 1],
    ]);
    expect((await taskRow(taskId)).pendingCount).toBe(1);
  });
});

describe("a line's setups a second, across processes", () => {
  it("share one bucket in the database: a second's worth at once, then the line's CPS, whichever process claims", async () => {
    const { taskId, lineIds, db } = await fixture({ lines: [50], phones: Array.from({ length: 10 }, (_, i) => `1380000000${i}`) });
    await db.update(sipLines).set({ cps: 2 }).where(eq(sipLines.id, lineIds[0]!));
    const at = (ms: number) => new Date(NOW.getTime() + ms);
    // Each process's own pacer would allow 100 here: the line's shared bucket allows 2 at once.
    expect((await claimCalls(db, request(taskId, lineIds, { node: 'node-a', now: at(0) }))).claims).toHaveLength(2);
    expect((await claimCalls(db, request(taskId, lineIds, { node: 'node-b', now: at(0) }))).claims).toHaveLength(0);
    // Half a second later one more, for whichever process asks first.
    expect((await claimCalls(db, request(taskId, lineIds, { node: 'node-b', now: at(500) }))).claims).toHaveLength(1);
    expect((await claimCalls(db, request(taskId, lineIds, { node: 'node-a', now: at(500) }))).claims).toHaveLength(0);
    // A long pause fills it to a second's worth, no more.
    expect((await claimCalls(db, request(taskId, lineIds, { node: 'node-a', now: at(60_000) }))).claims).toHaveLength(2);
  });
});

describe('lease recovery', () => {
  it("gives a dead process's subtasks back after their lease expires and closes its records as interrupted", async () => {
    const { taskId, lineIds, db } = await fixture({ lines: [2], phones: ['13800000001', '13800000002'] });
    const { claims } = await claimCalls(db, request(taskId, lineIds, { leaseMs: 10_000 }));
    expect((await recoverLeases(db, new Date(NOW.getTime() + 5_000), 'expired')).recovered).toBe(0);
    const recovery = await recoverLeases(db, new Date(NOW.getTime() + 10_001), 'expired');
    expect(recovery.recovered).toBe(2);
    // The calls it closed, for their `ended` callbacks (sent by the dialer that recovered them).
    expect([...recovery.closedCalls].sort()).toEqual(claims.map((c) => c.callId).sort());
    const records = await db.select().from(calls).where(eq(calls.taskId, taskId));
    expect(records.every((r) => r.outcome === 'interrupted' && r.endedAt !== null)).toBe(true);
    expect((await taskRow(taskId)).pendingCount).toBe(2);
    // Another process dials them again; the late answer of the dead one changes nothing.
    const again = await claimCalls(db, request(taskId, lineIds, { node: 'node-b', now: new Date(NOW.getTime() + 11_000) }));
    expect(again.claims).toHaveLength(2);
    await finishCall(db, ending(claims[0]!.callId, 'answered'));
    const [subtask] = await db.select().from(subtasks).where(eq(subtasks.id, claims[0]!.subtaskId));
    expect(subtask!.state).toBe('dialing');
    expect(subtask!.leaseOwner).toBe('node-b');
  });

  it("closes a dead process's test call once it is past its longest life, and leaves a younger one to its process", async () => {
    const { companyId, taskId, db } = await fixture({ phones: ['13800000001'] });
    const [task] = await db.select().from(tasks).where(eq(tasks.id, taskId));
    const testCall = (id: string, placedAt: Date, answered: boolean) => ({
      id,
      companyId,
      projectId: task!.projectId,
      taskId,
      subtaskId: null,
      sipLineId: null,
      phone: '',
      attempt: 1,
      node: 'gone',
      test: true,
      placedAt,
      answeredAt: answered ? placedAt : null,
    });
    const longest = WEB_CALL_LIMITS.maxMs;
    const old = testCall(randomUUID(), new Date(NOW.getTime() - longest - 120_000), true);
    const young = testCall(randomUUID(), new Date(NOW.getTime() - longest + 120_000), true);
    await db.insert(calls).values([old, young]);
    const recovery = await recoverLeases(db, NOW, 'expired');
    expect(recovery.closedCalls).toEqual([old.id]);
    const rows = await db.select().from(calls).where(eq(calls.test, true));
    const byId = new Map(rows.map((r) => [r.id, r]));
    // Cut at the end of its longest life (not at the moment it was found), by the rule for an answered call.
    expect(byId.get(old.id)).toMatchObject({ status: 'connected', outcome: 'interrupted', hungUpBy: 'network', durationMs: longest });
    expect(byId.get(old.id)!.endedAt).toEqual(new Date(old.placedAt.getTime() + longest));
    expect(byId.get(young.id)!.endedAt).toBeNull();
    // The number of the task is not touched: a test call has none.
    expect((await db.select().from(subtasks).where(eq(subtasks.taskId, taskId)))[0]!.state).toBe('pending');
  });
});
