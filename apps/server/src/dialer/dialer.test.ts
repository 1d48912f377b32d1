import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { and, eq, isNull, count } from 'drizzle-orm';
import { useTestServer, seedCompanies } from '../../test/helper.ts';
import { insertCampaign } from '../../test/campaign.ts';
import { calls, companies, dncNumbers, subtasks, tasks, templateSwitches } from '../db/schema.ts';
import { SecretBox } from '../secrets/secret-box.ts';
import { SimulatedTrunk, type TelephonyLogger, type Trunk } from '../telephony/index.ts';
import type { OutcomeMix } from '../telephony/index.ts';
import { Dialer } from './dialer.ts';
import { openDatabase } from '../db/client.ts';
import { claimCalls } from './claim-calls.ts';
import { finishCall, type CallEnding } from './finish-call.ts';
import { configureOutbound } from '../net/outbound-guard.ts';

// The fakes listen on loopback, which the outbound guard refuses unless allowed: allowed here explicitly.
configureOutbound({ allowHosts: ['127.0.0.1'] });

const server = useTestServer();
const secrets = SecretBox.fromKey(randomBytes(32));
const recordingsDir = mkdtempSync(join(tmpdir(), 'dialwise-dialer-'));
afterAll(() => rmSync(recordingsDir, { recursive: true, force: true }));
const dialers: Dialer[] = [];
const trunks: Trunk[] = [];
afterEach(async () => {
  await Promise.all(dialers.splice(0).map((d) => d.stop()));
  await Promise.all(trunks.splice(0).map((t) => t.close()));
});

const ALL_DAY = { callStart: '00:00', callEnd: '23:59', weekdays: [1, 2, 3, 4, 5, 6, 7] };

async function campaign(options: {
  numbers: number;
  lines: number[];
  /** Every line's calls per second (the fixture's default is 1000). */
  cps?: number;
  window?: typeof ALL_DAY;
  manual?: number;
  custom?: { apiUrl: string; tokens: string[] };
}) {
  const { companyId } = await seedCompanies(server);
  const db = server.database.db;
  const phones = options.custom?.tokens ?? Array.from({ length: options.numbers }, (_, i) => `139${String(i).padStart(8, '0')}`);
  const { taskId, lineIds } = await insertCampaign(db, {
    companyId,
    phones,
    seal: (password) => secrets.seal(password),
    project: options.custom ? { encryptionType: 'CUSTOM', encryptionApiUrl: options.custom.apiUrl } : {},
    task: {
      ...options.window,
      advanced: { prologues: ['Hello from Acme'], pauseSeconds: 1 },
      concurrencyMode: options.manual ? 'manual' : 'auto',
      concurrencyCount: options.manual ?? null,
      pendingCount: options.numbers,
      totalCount: options.numbers,
    },
    lines: options.lines.map((concurrency) => ({ concurrency, cps: options.cps })),
  });
  return { companyId, taskId, lineIds, db };
}

function dialer(mix: Partial<OutcomeMix> = {}, extra: { talkMs?: number; node?: string; log?: TelephonyLogger } = {}) {
  const simulated = new SimulatedTrunk({ recordingsDir, seed: 7, timeScale: 0.01, mix });
  trunks.push(simulated);
  const d = new Dialer(
    { db: server.database.db, secrets, now: () => new Date(), trunks: { sip: simulated, simulated }, log: extra.log },
    { recordingsDir, tickMs: 20, talkMs: extra.talkMs ?? 50, ringTimeoutMs: 30_000, node: extra.node },
  );
  dialers.push(d);
  return d;
}

async function liveByLine(lineIds: string[]) {
  const db = server.database.db;
  return Promise.all(
    lineIds.map(
      async (id) =>
        (
          await db
            .select({ n: count() })
            .from(calls)
            .where(and(eq(calls.sipLineId, id), isNull(calls.endedAt)))
        )[0]!.n,
    ),
  );
}

async function status(taskId: string) {
  return (await server.database.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]!;
}

/** Drives rounds until `done` says so, checking `each` after every round (a generous limit: CI machines are shared). */
async function runUntil(d: Dialer, done: () => Promise<boolean>, each: () => Promise<void> = async () => {}, limitMs = 60_000) {
  const until = Date.now() + limitMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error('timed out waiting for the dialer');
    await d.tick();
    await each();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A logger that keeps every line with the bindings of the child it was written through. */
function recordingLogger(lines: Array<Record<string, unknown>>, bindings: Record<string, unknown> = {}): TelephonyLogger {
  const write = (level: string) => (obj: object, msg?: string) => lines.push({ ...bindings, ...obj, level, msg });
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: (more) => recordingLogger(lines, { ...bindings, ...more }),
  };
}

describe('the dialer on the simulated trunk', () => {
  it('logs each call through a child logger carrying its call id, task and line', async () => {
    const { taskId, lineIds } = await campaign({ numbers: 3, lines: [3] });
    const lines: Array<Record<string, unknown>> = [];
    const d = dialer(
      { answered: 0, no_answer: 0, busy: 1, invalid_number: 0, rejected: 0, failed: 0, backpressure: 0 },
      { log: recordingLogger(lines) },
    );
    await runUntil(d, async () => (await status(taskId)).status === 'completed');
    const ended = lines.filter((line) => line.msg === 'call ended');
    expect(ended).toHaveLength(3);
    for (const line of ended) {
      expect(line).toMatchObject({ level: 'debug', taskId, lineId: lineIds[0], outcome: 'busy' });
      expect(line.callId).toEqual(expect.any(String));
    }
    expect(new Set(ended.map((line) => line.callId)).size).toBe(3);
  });

  it("dials every number, never above a line's concurrency, writes one record per attempt and completes the task", async () => {
    const { taskId, lineIds, db } = await campaign({ numbers: 30, lines: [3, 2] });
    const d = dialer({ answered: 1, no_answer: 0, busy: 0, invalid_number: 0, rejected: 0, failed: 0, backpressure: 0 });
    let peak = [0, 0];
    await runUntil(
      d,
      async () => (await status(taskId)).status === 'completed',
      async () => {
        const live = await liveByLine(lineIds);
        peak = peak.map((p, i) => Math.max(p, live[i]!));
        expect(live[0]).toBeLessThanOrEqual(3);
        expect(live[1]).toBeLessThanOrEqual(2);
      },
    );
    expect(peak[0]! + peak[1]!).toBeGreaterThan(1);
    const records = await db.select().from(calls).where(eq(calls.taskId, taskId));
    expect(records).toHaveLength(30);
    expect(records.every((r) => r.outcome === 'answered' && r.status === 'connected' && r.recordingPath)).toBe(true);
    expect(records[0]!.conversation[0]).toMatchObject({ speaker: 'ai', text: 'Hello from Acme' });
    const left = await db.select().from(subtasks).where(eq(subtasks.taskId, taskId));
    expect(left.every((s) => s.state === 'done')).toBe(true);
    expect((await status(taskId)).pendingCount).toBe(0);
  });

  it('at low load the default carrier never pushes back: no call ends missed/backpressure, none is redialled for it', async () => {
    // The demo's carrier: the default mix, the line's capacity its concurrency and CPS (the dialer keeps to both).
    const { taskId, db } = await campaign({ numbers: 40, lines: [3] });
    const d = dialer();
    await runUntil(d, async () => (await status(taskId)).status === 'completed');
    const records = await db.select().from(calls).where(eq(calls.taskId, taskId));
    expect(records.filter((r) => r.outcome === 'backpressure')).toEqual([]);
    expect(records).toHaveLength(40);
  });

  it("respects a manual task concurrency below its lines' capacity", async () => {
    const { taskId, db } = await campaign({ numbers: 10, lines: [5], manual: 2 });
    const d = dialer({ answered: 1, no_answer: 0, busy: 0, invalid_number: 0, rejected: 0, failed: 0, backpressure: 0 });
    await runUntil(
      d,
      async () => (await status(taskId)).status === 'completed',
      async () => {
        const [live] = await db
          .select({ n: count() })
          .from(calls)
          .where(and(eq(calls.taskId, taskId), isNull(calls.endedAt)));
        expect(live!.n).toBeLessThanOrEqual(2);
      },
    );
  });

  it('places no call outside the call window', async () => {
    const { taskId, db } = await campaign({ numbers: 3, lines: [2], window: { callStart: '00:00', callEnd: '00:01', weekdays: [] } });
    const d = dialer();
    for (let i = 0; i < 5; i += 1) await d.tick();
    expect(await db.select().from(calls).where(eq(calls.taskId, taskId))).toHaveLength(0);
  });

  it('pause lets live calls finish and places no new ones; continue resumes', async () => {
    const { taskId, db } = await campaign({ numbers: 10, lines: [2] });
    const d = dialer({ answered: 1, no_answer: 0, busy: 0, invalid_number: 0, rejected: 0, failed: 0, backpressure: 0 }, { talkMs: 300 });
    await d.tick();
    expect(d.liveCalls).toBe(2);
    await db.update(tasks).set({ status: 'paused' }).where(eq(tasks.id, taskId));
    await runUntil(d, async () => d.liveCalls === 0);
    const placed = (await db.select().from(calls).where(eq(calls.taskId, taskId))).length;
    expect(placed).toBe(2);
    expect((await db.select().from(calls).where(eq(calls.taskId, taskId))).every((c) => c.outcome === 'answered')).toBe(true);
    for (let i = 0; i < 3; i += 1) await d.tick();
    expect((await db.select().from(calls).where(eq(calls.taskId, taskId))).length).toBe(2);
    await db.update(tasks).set({ status: 'in_progress' }).where(eq(tasks.id, taskId));
    await runUntil(d, async () => (await status(taskId)).status === 'completed');
  });

  it('abort hangs up live calls at once and dials nothing more', async () => {
    const { taskId, db } = await campaign({ numbers: 10, lines: [3] });
    const d = dialer(
      { answered: 1, no_answer: 0, busy: 0, invalid_number: 0, rejected: 0, failed: 0, backpressure: 0 },
      { talkMs: 60_000 },
    );
    await d.tick();
    await runUntil(
      d,
      async () =>
        (
          await db
            .select()
            .from(calls)
            .where(and(eq(calls.taskId, taskId), eq(calls.status, 'connected')))
        ).length > 0 || d.liveCalls === 3,
    );
    await db.update(tasks).set({ status: 'aborted' }).where(eq(tasks.id, taskId));
    await runUntil(
      d,
      async () => d.liveCalls === 0,
      async () => {},
      5_000,
    );
    const records = await db.select().from(calls).where(eq(calls.taskId, taskId));
    expect(records).toHaveLength(3);
    expect(records.every((r) => r.endedAt !== null)).toBe(true);
  });

  it("stops a deleted company's calls", async () => {
    const { taskId, companyId, db } = await campaign({ numbers: 5, lines: [2] });
    const d = dialer(
      { answered: 1, no_answer: 0, busy: 0, invalid_number: 0, rejected: 0, failed: 0, backpressure: 0 },
      { talkMs: 60_000 },
    );
    await d.tick();
    await db.update(companies).set({ state: 'deleted' }).where(eq(companies.id, companyId));
    await runUntil(
      d,
      async () => d.liveCalls === 0,
      async () => {},
      5_000,
    );
    for (let i = 0; i < 3; i += 1) await d.tick();
    expect(await db.select().from(calls).where(eq(calls.taskId, taskId))).toHaveLength(2);
  });

  it('pauses a task whose calls keep failing on the line, and says why', async () => {
    const { taskId } = await campaign({ numbers: 40, lines: [5] });
    const d = dialer({ answered: 0, no_answer: 0, busy: 0, invalid_number: 0, rejected: 0, failed: 1, backpressure: 0 });
    await runUntil(d, async () => (await status(taskId)).status === 'paused');
    const task = await status(taskId);
    expect(task.statusReason).toMatchObject({ code: 'breaker', calls: expect.any(Number), failures: expect.any(Number) });
    expect(task.pendingCount).toBeGreaterThan(0);
  });

  it('dials again the subtasks of a process that died mid-call, once its leases expire', async () => {
    const { taskId, lineIds, db } = await campaign({ numbers: 4, lines: [4] });
    // A process claims two numbers, then dies without ending them.
    const dead = await claimCalls(db, {
      taskId,
      node: 'dead',
      budget: 2,
      lineAllowance: new Map([[lineIds[0]!, 2]]),
      leaseMs: 200,
      now: new Date(),
    });
    expect(dead.claims).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const d = dialer({ answered: 1, no_answer: 0, busy: 0, invalid_number: 0, rejected: 0, failed: 0, backpressure: 0 });
    await runUntil(d, async () => (await status(taskId)).status === 'completed');
    const records = await db.select().from(calls).where(eq(calls.taskId, taskId));
    expect(records.filter((r) => r.outcome === 'interrupted')).toHaveLength(2);
    expect(records.filter((r) => r.outcome === 'answered')).toHaveLength(4);
  });
});

describe('restarting the only dialer', () => {
  it('closes what its predecessor left live as interrupted and puts the numbers back', async () => {
    const { taskId, lineIds, db } = await campaign({ numbers: 2, lines: [2] });
    await claimCalls(db, {
      taskId,
      node: 'gone',
      budget: 2,
      lineAllowance: new Map([[lineIds[0]!, 2]]),
      leaseMs: 3_600_000,
      now: new Date(),
    });
    const simulated = new SimulatedTrunk({ recordingsDir, seed: 1, timeScale: 0.01 });
    trunks.push(simulated);
    const events: Array<[string, string]> = [];
    const d = new Dialer(
      {
        db,
        secrets,
        now: () => new Date(),
        trunks: { sip: simulated, simulated },
        callbacks: async (callId, event) => void events.push([callId, event]),
      },
      { recordingsDir, tickMs: 60_000, soleDialer: true },
    );
    dialers.push(d);
    await d.start();
    const records = await db.select().from(calls).where(eq(calls.taskId, taskId));
    expect(records.map((r) => r.outcome)).toEqual(['interrupted', 'interrupted']);
    expect((await status(taskId)).pendingCount).toBe(2);
    // Like every call, each interrupted one ends with its `ended` callback event.
    await d.stop();
    expect(
      events
        .filter(([, event]) => event === 'ended')
        .map(([callId]) => callId)
        .sort(),
    ).toEqual(records.map((r) => r.id).sort());
  });
});

describe('two dialers on one database', () => {
  it("never place two calls for one subtask, and keep the line's limit between them", async () => {
    const { taskId, lineIds, db } = await campaign({ numbers: 24, lines: [4] });
    // On PostgreSQL the second dialer has its own connection pool, as another process would; PGlite is one
    // connection, so there both share it (the claim logic is the same, the locking is PostgreSQL's).
    const second = server.url ? await openDatabase({ url: server.url, dataDir: 'memory://' }) : null;
    try {
      const mix = { answered: 1, no_answer: 0, busy: 0, invalid_number: 0, rejected: 0, failed: 0, backpressure: 0 };
      const a = dialer(mix, { node: 'node-a' });
      const simulated = new SimulatedTrunk({ recordingsDir, seed: 9, timeScale: 0.01, mix });
      trunks.push(simulated);
      const b = new Dialer(
        { db: second?.db ?? db, secrets, now: () => new Date(), trunks: { sip: simulated, simulated } },
        { recordingsDir, tickMs: 20, talkMs: 50, node: 'node-b' },
      );
      dialers.push(b);
      const until = Date.now() + 30_000;
      while ((await status(taskId)).status !== 'completed') {
        if (Date.now() > until) throw new Error('timed out waiting for the dialers');
        await Promise.all([a.tick(), b.tick()]);
        expect((await liveByLine(lineIds))[0]).toBeLessThanOrEqual(4);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const records = await db.select().from(calls).where(eq(calls.taskId, taskId));
      expect(records).toHaveLength(24);
      expect(new Set(records.map((r) => r.subtaskId)).size).toBe(24);
      expect(new Set(records.map((r) => r.node))).toEqual(new Set(['node-a', 'node-b']));
    } finally {
      await second?.close();
    }
  });
});

describe('one line, two dialer processes', () => {
  /** Two dialers on one database and one carrier (shared, as in life), driven round by round until the task completes. */
  async function twoDialers(db: typeof server.database.db, taskId: string, carrier: Trunk) {
    const [a, b] = ['node-a', 'node-b'].map((node) => {
      const d = new Dialer(
        { db, secrets, now: () => new Date(), trunks: { sip: carrier, simulated: carrier } },
        { recordingsDir, tickMs: 20, talkMs: 50, node },
      );
      dialers.push(d);
      return d;
    });
    const until = Date.now() + 90_000;
    while ((await status(taskId)).status !== 'completed') {
      if (Date.now() > until) throw new Error('timed out waiting for the dialers');
      await Promise.all([a!.tick(), b!.tick()]);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return db.select().from(calls).where(eq(calls.taskId, taskId));
  }
  const mix = { answered: 1, no_answer: 0, busy: 0, invalid_number: 0, rejected: 0, failed: 0, backpressure: 0 };
  const answeredNumbers = (records: (typeof calls.$inferSelect)[]) =>
    new Set(records.filter((r) => r.outcome === 'answered').map((r) => r.subtaskId)).size;

  it("keep to the line's CPS together: the setups' shared bucket is in the database, so the carrier never pushes back", async () => {
    // Each process's pacer alone would let it start 2 a second: 4 together, past what the carrier carries.
    const { taskId, db } = await campaign({ numbers: 12, lines: [20], cps: 2 });
    const carrier = new SimulatedTrunk({ recordingsDir, seed: 7, timeScale: 0.01, mix });
    trunks.push(carrier);
    const records = await twoDialers(db, taskId, carrier);
    expect(records.filter((r) => r.outcome === 'backpressure')).toEqual([]);
    expect(answeredNumbers(records)).toBe(12);
    // Both processes dialled: the line's rate was shared, not taken by one of them.
    expect(new Set(records.map((r) => r.node))).toEqual(new Set(['node-a', 'node-b']));
  }, 120_000);

  it('are pushed back by a carrier that carries less than the line was set up with: they slow down and every number is called', async () => {
    // The line says 4 new calls a second; the carrier carries 1 (as when an admin typed the wrong figure).
    const { taskId, db } = await campaign({ numbers: 12, lines: [20], cps: 4 });
    const simulated = new SimulatedTrunk({ recordingsDir, seed: 7, timeScale: 0.01, mix });
    trunks.push(simulated);
    const carrier: Trunk = {
      kind: 'simulated',
      dial: (request) => simulated.dial({ ...request, line: { ...request.line, capacity: { calls: 20, perSecond: 1 } } }),
      get activeCalls() {
        return simulated.activeCalls;
      },
      close: () => simulated.close(),
    };
    const records = await twoDialers(db, taskId, carrier);
    const pushedBack = records.filter((r) => r.outcome === 'backpressure');
    expect(pushedBack.length).toBeGreaterThan(0);
    expect(pushedBack[0]).toMatchObject({
      status: 'missed',
      sipStatus: 503,
      sipReason: "Service Unavailable: over the line's 1 new calls a second",
    });
    // Refused calls used no attempt: every number was answered in the end.
    expect(answeredNumbers(records)).toBe(12);
  }, 120_000);
});

describe('CUSTOM numbers', () => {
  it('resolves each token at dial time, checks the resolved number against the do-not-call list, and fails an unresolvable one with the reason', async () => {
    // The customer's decryption API, as a real local HTTP server: tok-N → 1380000000N, tok-bad → HTTP 500.
    const api = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const token = (JSON.parse(body) as { phone: string }).phone;
        if (token === 'tok-bad') return response.writeHead(500).end();
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ phone: `1380000000${token.slice(4)}` }));
      });
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    try {
      const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/decrypt`;
      const { companyId, taskId, db } = await campaign({
        numbers: 4,
        lines: [4],
        custom: { apiUrl, tokens: ['tok-1', 'tok-2', 'tok-3', 'tok-bad'] },
      });
      await db.insert(dncNumbers).values({ companyId, phone: '13800000002' });
      const d = dialer({ answered: 1, no_answer: 0, busy: 0, invalid_number: 0, rejected: 0, failed: 0, backpressure: 0 });
      await runUntil(d, async () => (await status(taskId)).status === 'completed');
      const records = await db.select().from(calls).where(eq(calls.taskId, taskId));
      const byToken = new Map(records.map((r) => [r.phone, r]));
      expect(byToken.get('tok-1')).toMatchObject({ outcome: 'answered', status: 'connected' });
      expect(byToken.get('tok-3')).toMatchObject({ outcome: 'answered' });
      expect(byToken.get('tok-2')).toMatchObject({ outcome: 'blocked', status: 'missed', recordingPath: null });
      expect(byToken.get('tok-bad')).toMatchObject({ outcome: 'unresolved', sipReason: 'decryption API answered HTTP 500' });
      // The token is what is stored; the clear number never is.
      expect(JSON.stringify(records)).not.toContain('13800000001');
      const states = new Map((await db.select().from(subtasks).where(eq(subtasks.taskId, taskId))).map((s) => [s.phone, s.state]));
      expect(Object.fromEntries(states)).toEqual({ 'tok-1': 'done', 'tok-2': 'blocked', 'tok-3': 'done', 'tok-bad': 'failed' });
    } finally {
      await new Promise((resolve) => api.close(resolve));
    }
  });
});

/** Stores a company's card-list switch as the /list/card page would. */
async function setSwitch(companyId: string, kind: 'service' | 'rule', key: string, enabled: boolean) {
  await server.database.db
    .insert(templateSwitches)
    .values({ companyId, kind, key, enabled })
    .onConflictDoUpdate({ target: [templateSwitches.companyId, templateSwitches.kind, templateSwitches.key], set: { enabled } });
}

describe("the company's card-list switches", () => {
  it('call recording off: calls are placed and recorded nowhere', async () => {
    const { companyId, taskId, db } = await campaign({ numbers: 3, lines: [3] });
    await setSwitch(companyId, 'service', 'recording', false);
    const d = dialer({ answered: 1, no_answer: 0, busy: 0, invalid_number: 0, rejected: 0, failed: 0, backpressure: 0 });
    await runUntil(d, async () => (await status(taskId)).status === 'completed');
    const records = await db.select().from(calls).where(eq(calls.taskId, taskId));
    expect(records).toHaveLength(3);
    expect(records.every((r) => r.status === 'connected' && r.recordingPath === null && r.recordingMs === null)).toBe(true);
  });

  it('pause on line failures off: a task whose calls all fail on the line dials its whole list and is never paused', async () => {
    const { companyId, taskId, db } = await campaign({ numbers: 30, lines: [5] });
    await setSwitch(companyId, 'rule', 'circuitBreaker', false);
    const d = dialer({ answered: 0, no_answer: 0, busy: 0, invalid_number: 0, rejected: 0, failed: 1, backpressure: 0 });
    await runUntil(d, async () => (await status(taskId)).status !== 'in_progress');
    const task = await status(taskId);
    expect(task).toMatchObject({ status: 'completed', statusReason: null, pendingCount: 0 });
    expect(await db.select().from(calls).where(eq(calls.taskId, taskId))).toHaveLength(30);
  });

  it('automatic redial and call analysis follow the switch at the moment each call ends', async () => {
    const { companyId, taskId, lineIds, db } = await campaign({ numbers: 4, lines: [4] });
    await db.update(tasks).set({ redialCount: 2, redialGapMinutes: 10 }).where(eq(tasks.id, taskId));
    const now = new Date();
    const { claims } = await claimCalls(db, {
      taskId,
      node: 'n',
      budget: 4,
      lineAllowance: new Map([[lineIds[0]!, 4]]),
      leaseMs: 60_000,
      now,
    });
    const [busyOff, busyOn, talkOff, talkOn] = claims.map((c) => c.callId);
    const ending = (callId: string, answered: boolean): CallEnding => ({
      callId,
      outcome: answered ? 'answered' : 'busy',
      sipStatus: answered ? 200 : 486,
      sipReason: answered ? 'OK' : 'Busy Here',
      hungUpBy: 'callee',
      ringingAt: now,
      answeredAt: answered ? now : null,
      endedAt: new Date(now.getTime() + 5000),
      durationMs: answered ? 5000 : 0,
      recordingPath: null,
      recordingMs: null,
      conversation: [],
      retryAfterMs: null,
      analyze: answered,
    });
    const subtaskOf = async (callId: string) => {
      const [row] = await db
        .select({ state: subtasks.state, analysis: calls.analysisState })
        .from(calls)
        .innerJoin(subtasks, eq(subtasks.id, calls.subtaskId))
        .where(eq(calls.id, callId));
      return row!;
    };

    await setSwitch(companyId, 'service', 'redial', false);
    await setSwitch(companyId, 'service', 'callAnalysis', false);
    await finishCall(db, ending(busyOff!, false));
    await finishCall(db, ending(talkOff!, true));
    expect(await subtaskOf(busyOff!)).toMatchObject({ state: 'done', analysis: 'none' });
    expect(await subtaskOf(talkOff!)).toMatchObject({ state: 'done', analysis: 'none' });

    await setSwitch(companyId, 'service', 'redial', true);
    await setSwitch(companyId, 'service', 'callAnalysis', true);
    await finishCall(db, ending(busyOn!, false));
    await finishCall(db, ending(talkOn!, true));
    expect(await subtaskOf(busyOn!)).toMatchObject({ state: 'pending', analysis: 'none' });
    expect(await subtaskOf(talkOn!)).toMatchObject({ state: 'done', analysis: 'pending' });
  });
});
