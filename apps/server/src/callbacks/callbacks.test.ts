import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CALLBACK_SIGNATURE_HEADER, type CallbackEvent, type ScenarioDocumentInput, scenarioDocumentSchema } from '@dialwise/contracts';
import { insertCall, projectWithTask } from '../../test/call-fixtures.ts';
import { type CallbackReceiver, startCallbackReceiver } from '../../test/callback-receiver.ts';
import { call, seedCompanies, useTestServer } from '../../test/helper.ts';
import { userWithSession } from '../../test/task-fixtures.ts';
import {
  auditLog,
  callbackDeliveries,
  calls,
  companies,
  scenarioVersions,
  sipLines,
  subtasks,
  tasks,
  templateSwitches,
} from '../db/schema.ts';
import { Dialer } from '../dialer/dialer.ts';
import { SimulatedTrunk, recordingsDirOf } from '../telephony/index.ts';
import { rotateCallbackSecret } from './callback-secret.ts';
import { signCallback, verifyCallback } from './callback-signature.ts';
import { CallbackDelivery, fetchPost } from './deliver-callbacks.ts';
import { type CallbackContext, enqueueCallbacks } from './enqueue-callbacks.ts';
import { recordingLink } from './recording-link.ts';
import { configureOutbound } from '../net/outbound-guard.ts';

// The fakes of external services listen on loopback, which the outbound guard refuses unless allowed.
configureOutbound({ allowHosts: ['127.0.0.1'] });

const server = useTestServer();
const receivers: CallbackReceiver[] = [];
const stoppers: Array<() => Promise<void>> = [];
const recordingsDir = mkdtempSync(join(tmpdir(), 'dialwise-callbacks-'));
afterEach(async () => {
  await Promise.all(stoppers.splice(0).map((stop) => stop()));
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
afterAll(() => rmSync(recordingsDir, { recursive: true, force: true }));

async function receiver(script: Array<number | 'stall'> = []) {
  const r = await startCallbackReceiver(script);
  receivers.push(r);
  return r;
}

function context(): CallbackContext {
  return { db: server.database.db, secrets: server.app.secrets, publicUrl: 'https://dialwise.example', now: server.clock.now };
}

function delivery(options: ConstructorParameters<typeof CallbackDelivery>[1] = {}) {
  const d = new CallbackDelivery({ db: server.database.db, secrets: server.app.secrets, now: server.clock.now, post: fetchPost }, options);
  stoppers.push(() => d.stop());
  return d;
}

/** A company's task pinned to a scenario version whose callbacks are `subscriptions`, and an ADMIN's session. */
async function subscribedTask(subscriptions: Array<{ url: string; events: CallbackEvent[] }>) {
  const { companyId, otherCompanyId, providerId } = await seedCompanies(server);
  const token = await userWithSession(server, companyId, `boss${Math.random().toString(36).slice(2, 7)}`, 'ADMIN');
  const { projectId, taskId, lineId, catalogue } = await projectWithTask(
    server,
    token,
    companyId,
    `Cb${Math.random().toString(36).slice(2, 6)}`,
  );
  const input: ScenarioDocumentInput = {
    name: 'Callbacks',
    dialogAsr: { provider: 'seed', url: 'wss://asr.example.com/v1' },
    tts: { provider: 'seed', url: 'wss://tts.example.com/v1' },
    prologues: [{ text: 'Hello, this is Acme.' }],
    callbacks: subscriptions,
  };
  await server.database.db
    .insert(scenarioVersions)
    .values({ scenarioId: catalogue.scenarioId, version: 1, document: scenarioDocumentSchema.parse(input) });
  await server.database.db.update(tasks).set({ scenarioVersion: 1 }).where(eq(tasks.id, taskId));
  return { companyId, otherCompanyId, providerId, token, projectId, taskId, lineId };
}

async function deliveries(callId: string) {
  return server.database.db.select().from(callbackDeliveries).where(eq(callbackDeliveries.callId, callId));
}

describe('the callback signature', () => {
  it('verifies the body it signed, and refuses a changed body, another secret or an old timestamp', () => {
    const body = '{"event":"ended"}';
    const header = signCallback('whsec_a', 1_800_000_000, body);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifyCallback('whsec_a', header, body, 1_800_000_010)).toBe(true);
    expect(verifyCallback('whsec_a', header, '{"event":"answered"}', 1_800_000_010)).toBe(false);
    expect(verifyCallback('whsec_b', header, body, 1_800_000_010)).toBe(false);
    expect(verifyCallback('whsec_a', header, body, 1_800_000_000 + 301)).toBe(false);
    expect(verifyCallback('whsec_a', undefined, body, 1_800_000_000)).toBe(false);
  });
});

describe('enqueueing an event', () => {
  it('writes one delivery per URL subscribed to that event, with the call as it is now', async () => {
    const a = 'https://a.example/hook';
    const b = 'https://b.example/hook';
    const w = await subscribedTask([
      { url: a, events: ['ended', 'analysisDone'] },
      { url: b, events: ['answered'] },
    ]);
    const callId = await insertCall(server, w, { scenarioVersion: 1, tags: ['renewed'], summary: 'Renewed the plan.' });
    expect(await enqueueCallbacks(context(), callId, 'ended')).toBe(1);
    expect(await enqueueCallbacks(context(), callId, 'transferred')).toBe(0);
    const [row] = await deliveries(callId);
    expect(row).toMatchObject({ url: a, event: 'ended', state: 'pending', attemptCount: 0 });
    expect(row!.payload).toMatchObject({
      event: 'ended',
      call: {
        id: callId,
        taskId: w.taskId,
        phone: '13800000001',
        phoneEncoding: 'PLAIN_TEXT',
        outcome: 'answered',
        durationMs: 30_000,
        tags: ['renewed'],
        summary: 'Renewed the plan.',
      },
    });
  });

  it('marks the body of a test call from the browser test: true, and of a real call test: false', async () => {
    const w = await subscribedTask([{ url: 'https://a.example/hook', events: ['ended'] }]);
    const real = await insertCall(server, w, { scenarioVersion: 1 });
    const test = await insertCall(server, w, { scenarioVersion: 1, test: true, phone: '', sipLineId: null, subtaskId: null });
    await enqueueCallbacks(context(), real, 'ended');
    await enqueueCallbacks(context(), test, 'ended');
    expect((await deliveries(real))[0]!.payload).toMatchObject({ call: { id: real, test: false } });
    expect((await deliveries(test))[0]!.payload).toMatchObject({ call: { id: test, test: true, subtaskId: null, phone: '' } });
  });

  it('a transferred event carries the handover note the seat read, beside the operator', async () => {
    const w = await subscribedTask([{ url: 'https://a.example/hook', events: ['transferred'] }]);
    const callId = await insertCall(server, w, { scenarioVersion: 1, transferSummary: 'Li wants a person about the gold plan.' });
    expect(await enqueueCallbacks(context(), callId, 'transferred', { operatorId: 'agent-1' })).toBe(1);
    const [row] = await deliveries(callId);
    expect(row!.payload).toMatchObject({
      event: 'transferred',
      call: { id: callId, operatorId: 'agent-1', transferSummary: 'Li wants a person about the gold plan.', summary: null },
    });
  });

  it("owes nothing while the company's result-callbacks service is off (card list), and again once it is back on", async () => {
    const w = await subscribedTask([{ url: 'https://a.example/hook', events: ['ended'] }]);
    const callId = await insertCall(server, w, { scenarioVersion: 1 });
    const set = (enabled: boolean) =>
      server.database.db
        .insert(templateSwitches)
        .values({ companyId: w.companyId, kind: 'service', key: 'callback', enabled })
        .onConflictDoUpdate({ target: [templateSwitches.companyId, templateSwitches.kind, templateSwitches.key], set: { enabled } });
    await set(false);
    expect(await enqueueCallbacks(context(), callId, 'ended')).toBe(0);
    expect(await deliveries(callId)).toHaveLength(0);
    await set(true);
    expect(await enqueueCallbacks(context(), callId, 'ended')).toBe(1);
  });

  it('puts a signed recording link in the body that serves the WAV without a session, until it expires or the secret rotates', async () => {
    const w = await subscribedTask([{ url: 'https://a.example/hook', events: ['ended'] }]);
    const dir = join(recordingsDirOf(server.app.config.dataDir), w.companyId);
    mkdirSync(dir, { recursive: true });
    const path = join(dir, 'rec.wav');
    writeFileSync(path, Buffer.alloc(1000, 1));
    const callId = await insertCall(server, w, { scenarioVersion: 1, recordingPath: path });
    await enqueueCallbacks(context(), callId, 'ended');
    const [row] = await deliveries(callId);
    const link = new URL((row!.payload as { call: { recordingUrl: string } }).call.recordingUrl);
    expect(link.origin).toBe('https://dialwise.example');
    const local = `${link.pathname}${link.search}`;
    const got = await server.app.inject({ method: 'GET', url: local });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('audio/wav');
    expect(got.rawPayload.length).toBe(1000);

    const forged = local.replace(/sig=[0-9a-f]/, (m) => (m.endsWith('0') ? `${m.slice(0, -1)}1` : `${m.slice(0, -1)}0`));
    expect((await server.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const secret = await rotateCallbackSecret(server.database.db, server.app.secrets, w.companyId, new Date());
    const expired = new URL(recordingLink('https://x', secret, callId, new Date(Date.now() - 1000)));
    expect((await server.app.inject({ method: 'GET', url: `${expired.pathname}${expired.search}` })).statusCode).toBe(404);
    // The old link was signed with the secret that was just rotated away.
    expect((await server.app.inject({ method: 'GET', url: local })).statusCode).toBe(404);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('delivering', () => {
  it('posts the event signed with the company secret, and the call record shows the delivery', async () => {
    const hook = await receiver();
    const w = await subscribedTask([{ url: hook.url, events: ['ended'] }]);
    const dev = await userWithSession(server, w.providerId, 'devops', 'DEV');
    const rotated = (
      await call<{ secret: string }>(server, '/api/operation/companies/callback-secret/rotate', {
        token: dev,
        body: { companyId: w.companyId },
      })
    ).body;
    expect(rotated.code).toBe(200);
    const secret = rotated.data.secret;
    const callId = await insertCall(server, w, { scenarioVersion: 1 });
    await enqueueCallbacks(context(), callId, 'ended');
    await delivery().poll();
    expect(hook.received).toHaveLength(1);
    const [got] = hook.received;
    expect(got!.headers['x-dialwise-event']).toBe('ended');
    const [row] = await deliveries(callId);
    expect(got!.headers['x-dialwise-delivery']).toBe(row!.id);
    expect(verifyCallback(secret, got!.headers[CALLBACK_SIGNATURE_HEADER] as string, got!.body, Math.floor(Date.now() / 1000))).toBe(true);
    expect(JSON.parse(got!.body)).toMatchObject({ id: row!.id, event: 'ended', call: { id: callId } });
    expect(row).toMatchObject({ state: 'delivered', attemptCount: 1 });

    const detail = await call<{ callbacks: unknown[] }>(server, '/api/call-records/get', { token: w.token, body: { id: callId } });
    expect(detail.body.data.callbacks).toEqual([
      expect.objectContaining({
        event: 'ended',
        url: hook.url,
        state: 'delivered',
        attempts: [expect.objectContaining({ status: 200, error: null })],
      }),
    ]);
  });

  it('retries a failed post with a doubling wait, records every attempt and gives up after the last one', async () => {
    const hook = await receiver([500, 503, 502]);
    const w = await subscribedTask([{ url: hook.url, events: ['ended'] }]);
    const callId = await insertCall(server, w, { scenarioVersion: 1 });
    await enqueueCallbacks(context(), callId, 'ended');
    const d = delivery({ firstDelayMs: 1_000, maxAttempts: 3 });
    await d.poll();
    let [row] = await deliveries(callId);
    expect(row).toMatchObject({ state: 'pending', attemptCount: 1 });
    expect(row!.nextAttemptAt.getTime() - Date.parse(row!.attempts[0]!.at)).toBeGreaterThanOrEqual(1_000);
    await d.poll(); // not due yet
    expect(hook.received).toHaveLength(1);
    server.clock.advance(1_000);
    await d.poll();
    [row] = await deliveries(callId);
    expect(row).toMatchObject({ state: 'pending', attemptCount: 2 });
    expect(row!.nextAttemptAt.getTime() - Date.parse(row!.attempts[1]!.at)).toBeGreaterThanOrEqual(2_000);
    server.clock.advance(2_000);
    await d.poll();
    [row] = await deliveries(callId);
    expect(row!.state).toBe('failed');
    expect(row!.attempts.map((a) => a.status)).toEqual([500, 503, 502]);
    expect(row!.attempts.map((a) => a.error)).toEqual(['HTTP 500', 'HTTP 503', 'HTTP 502']);
  });

  it('counts a receiver that does not answer in time as a failed attempt', async () => {
    const hook = await receiver(['stall']);
    const w = await subscribedTask([{ url: hook.url, events: ['ended'] }]);
    const callId = await insertCall(server, w, { scenarioVersion: 1 });
    await enqueueCallbacks(context(), callId, 'ended');
    await delivery({ timeoutMs: 200, firstDelayMs: 1_000 }).poll();
    const [row] = await deliveries(callId);
    expect(row).toMatchObject({ state: 'pending', attemptCount: 1 });
    expect(row!.attempts[0]).toMatchObject({ status: null, error: 'no answer within 200 ms' });
  });

  it('survives a restart: what one process claimed and never finished is delivered by the next once its lease runs out', async () => {
    const hook = await receiver();
    const w = await subscribedTask([{ url: hook.url, events: ['ended'] }]);
    const callId = await insertCall(server, w, { scenarioVersion: 1 });
    await enqueueCallbacks(context(), callId, 'ended');
    // The first process claims the row and dies while its post hangs: nothing is written back.
    let posting: () => void = () => undefined;
    const posted = new Promise<void>((resolve) => {
      posting = resolve;
    });
    const first = new CallbackDelivery(
      {
        db: server.database.db,
        secrets: server.app.secrets,
        now: server.clock.now,
        post: () => {
          posting();
          return new Promise<number>(() => undefined);
        },
      },
      { timeoutMs: 60_000 },
    );
    void first.poll();
    // Its post has begun: the row was claimed before it.
    await posted;
    const [leased] = await deliveries(callId);
    expect(leased!.nextAttemptAt.getTime()).toBeGreaterThan(server.clock.now().getTime() + 60_000);
    // A new process: nothing is due until the lease ends, then it delivers.
    const second = delivery();
    await second.poll();
    expect(hook.received).toHaveLength(0);
    server.clock.advance(70_000);
    await second.poll();
    expect(hook.received).toHaveLength(1);
    expect((await deliveries(callId))[0]!.state).toBe('delivered');
  });
});

describe('the callback secret', () => {
  it('is rotated by DEV only, answered once, audited without the secret, and never shown again', async () => {
    const w = await subscribedTask([]);
    const dev = await userWithSession(server, w.providerId, 'devops', 'DEV');
    const before = await call(server, '/api/operation/companies/callback-secret', { token: dev, body: { companyId: w.companyId } });
    expect(before.body.data).toEqual({ set: false, rotatedAt: null });
    const rotated = (
      await call<{ secret: string }>(server, '/api/operation/companies/callback-secret/rotate', {
        token: dev,
        body: { companyId: w.companyId },
      })
    ).body;
    expect(rotated.data.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const after = (await call(server, '/api/operation/companies/callback-secret', { token: dev, body: { companyId: w.companyId } })).body;
    expect(after.data).toEqual({ set: true, rotatedAt: expect.any(String) });
    expect(JSON.stringify(after)).not.toContain(rotated.data.secret);
    const [entry] = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'company.callbackSecret.rotate'));
    expect(entry).toMatchObject({ entityId: w.companyId });
    expect(JSON.stringify(entry)).not.toContain(rotated.data.secret);
    const [stored] = await server.database.db
      .select({ sealed: companies.callbackSecretSealed })
      .from(companies)
      .where(eq(companies.id, w.companyId));
    expect(stored!.sealed).toMatch(/^v1:/);
    expect(stored!.sealed).not.toContain(rotated.data.secret);

    // A customer's ADMIN and OPR are not the provider's staff.
    const agent = await userWithSession(server, w.companyId, 'agent1', 'OPR');
    for (const token of [w.token, agent]) {
      const refused = await call(server, '/api/operation/companies/callback-secret/rotate', { token, body: { companyId: w.companyId } });
      expect(refused.body.code).toBe(403);
    }
    const unknown = await call(server, '/api/operation/companies/callback-secret', {
      token: dev,
      body: { companyId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.body.code).toBe(404);
  });
});

describe('the dialer', () => {
  it('writes the answered and ended events of a call whose scenario subscribes to them, and they are delivered', async () => {
    const hook = await receiver();
    const w = await subscribedTask([{ url: hook.url, events: ['answered', 'ended'] }]);
    const db = server.database.db;
    await db
      .update(sipLines)
      .set({ trunk: 'simulated', cps: 1000, passwordSealed: server.app.secrets.seal('pw') })
      .where(eq(sipLines.id, w.lineId));
    await db
      .update(tasks)
      // The company's clock: the number below is written straight into the table, not placed in its zones by an upload.
      .set({
        status: 'in_progress',
        callStart: '00:00',
        callEnd: '23:59',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        localTime: false,
        pendingCount: 1,
        totalCount: 1,
      })
      .where(eq(tasks.id, w.taskId));
    await db.insert(subtasks).values({ taskId: w.taskId, companyId: w.companyId, phone: '13900000001' });
    const simulated = new SimulatedTrunk({
      recordingsDir,
      seed: 3,
      timeScale: 0.01,
      mix: { answered: 1, no_answer: 0, busy: 0, invalid_number: 0, rejected: 0, failed: 0, backpressure: 0, timeout: 0 },
    });
    const dialer = new Dialer(
      {
        db,
        secrets: server.app.secrets,
        now: () => new Date(),
        trunks: { sip: simulated, simulated },
        callbacks: (id, event, patch) => enqueueCallbacks(context(), id, event, patch),
      },
      { recordingsDir, tickMs: 20, ringTimeoutMs: 30_000, simulatedTimeScale: 0.01 },
    );
    stoppers.push(async () => {
      await dialer.stop();
      await simulated.close();
    });
    const until = Date.now() + 60_000;
    for (;;) {
      await dialer.tick();
      const rows = await db.select({ endedAt: calls.endedAt }).from(calls).where(eq(calls.taskId, w.taskId));
      if (rows.length === 1 && rows[0]!.endedAt && dialer.liveCalls === 0) break;
      if (Date.now() > until) throw new Error('the call did not end');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [record] = await db.select({ id: calls.id }).from(calls).where(eq(calls.taskId, w.taskId));
    // The dialer lets go of the call (liveCalls 0) before it writes the `ended` delivery: wait for it.
    await expect.poll(async () => (await deliveries(record!.id)).map((r) => r.event).sort()).toEqual(['answered', 'ended']);
    const rows = await deliveries(record!.id);
    const answered = rows.find((r) => r.event === 'answered')!;
    expect((answered.payload as { call: { answeredAt: string | null } }).call.answeredAt).not.toBeNull();
    await delivery().poll();
    expect(hook.received.map((r) => r.headers['x-dialwise-event']).sort()).toEqual(['answered', 'ended']);
  });
});
