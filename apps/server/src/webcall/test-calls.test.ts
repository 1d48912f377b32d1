import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type ScenarioDocumentInput, type TestCallEvent, WEB_CALL_LIMITS, scenarioDocumentSchema } from '@dialwise/contracts';
import { BrowserLegClient } from '../../test/browser-leg-client.ts';
import { type FakeLlm, startFakeLlm, tokens } from '../../test/fake-llm.ts';
import { call } from '../../test/helper.ts';
import { SeatMediaClient } from '../../test/seat-client.ts';
import { useSeatWorld } from '../../test/seat-fixtures.ts';
import { userWithSession } from '../../test/task-fixtures.ts';
import { insertCampaign } from '../../test/campaign.ts';
import { useTestServer } from '../../test/helper.ts';
import { rms, tone } from '../audio/pcm.ts';
import { calls, llms, processors, scenarioVersions, scenarios, subtasks, tasks, users } from '../db/schema.ts';
import { configureOutbound } from '../net/outbound-guard.ts';
import { PRICE_ANSWER, PRICE_PHRASES, priceScenario, recognise, speechPart, synthesise } from '../speech/speech-test-kit.ts';
import { decodeG711, encodeG711 } from '../telephony/media/g711.ts';

// The fake model listens on loopback, which the outbound guard refuses unless allowed.
configureOutbound({ allowHosts: ['127.0.0.1'] });

/**
 * A task's test call from the browser ("Call me in the browser", issue 31): the browser is a werift peer here
 * (e2e/tests/test-call.spec.ts drives Chromium); the model is a fake on loopback; the seat is a real signed-in
 * seat socket with a werift peer for its browser.
 */
const dir = mkdtempSync(join(tmpdir(), 'dialwise-test-calls-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const server = useTestServer({
  dataDir: dir,
  seat: { heartbeatIntervalMs: 500, heartbeatTimeoutMs: 5000, offerSeconds: 20, mediaSeconds: 20 },
});
const seats = useSeatWorld(server);

let fake: FakeLlm | null = null;
const clients: BrowserLegClient[] = [];
let seatMedia: SeatMediaClient | null = null;
afterEach(async () => {
  // Calls a test left open (the limits' calls wait for a browser that never connects) are hung up.
  for (const entry of server.app.testCalls['open'].values()) entry.abort.abort();
  await seatMedia?.close();
  seatMedia = null;
  for (const client of clients.splice(0)) await client.close();
  await fake?.close();
  fake = null;
});

/**
 * The price scenario's opening and price answer, and a transfer to a person when the callee asks for one (no
 * "not interested" router: the fewer phrases the recogniser weighs, the surer it hears "person").
 */
function pricingWithTransfer(mainId: string): ScenarioDocumentInput {
  const price = priceScenario(mainId);
  return {
    ...price,
    tools: [{ kind: 'transfer', alias: 'human', successText: 'Connecting you now.', failureText: 'Sorry, nobody is free.' }],
    routers: [
      {
        name: 'Person',
        conditions: [{ type: 'content', role: 'user', keywords: ['person', 'agent'] }],
        target: { kind: 'tool', toolAlias: 'human' },
      },
      { name: 'Price', conditions: [{ type: 'content', role: 'user', keywords: ['cost', 'price'] }], target: { kind: 'stream', mainId } },
    ],
  };
}

/**
 * The seat world's task (company A, project with op1 and op2) runs the scenario; it never started, so the test
 * call runs the scenario's current version. One subtask with business info (and prologue info when given).
 */
async function pricedTask(advanced: Record<string, unknown> = { prologues: [] }, prologueInfo = '') {
  fake = await startFakeLlm(() => ({ kind: 'tokens', tokens: tokens(PRICE_ANSWER) }));
  const db = server.database.db;
  const { world } = seats;
  const [llm] = await db
    .insert(llms)
    .values({ vendor: 'Fake', modelType: 'chat', modelName: 'fake', calledName: 'fake', url: fake.url })
    .returning();
  const [main] = await db
    .insert(processors)
    .values({ alias: 'testcallmain', type: 'stream', llmId: llm!.id, systemPrompt: 'You sell Acme plans.' })
    .returning();
  const [scenario] = await db.insert(scenarios).values({ name: 'Price' }).returning();
  await db.insert(scenarioVersions).values({
    scenarioId: scenario!.id,
    version: 1,
    document: scenarioDocumentSchema.parse(pricingWithTransfer(main!.id)),
    processorIds: [main!.id],
  });
  await db
    .update(tasks)
    .set({ scenarioId: scenario!.id, scenarioVersion: null, status: 'pending', advanced: advanced as never })
    .where(eq(tasks.id, world.taskId));
  const [subtask] = await db
    .insert(subtasks)
    .values({
      taskId: world.taskId,
      companyId: world.companyId,
      phone: '13800000009',
      prologueInfo,
      businessInfo: { plan: 'gold' },
    })
    .returning();
  return { ...world, subtaskId: String(subtask!.id) };
}

async function open(token: string, body: Record<string, unknown>, locale = 'en-US') {
  const client = new BrowserLegClient();
  clients.push(client);
  const sdp = 'sdp' in body ? body.sdp : await client.offer();
  const answer = await call<{ callId: string; sdp: string }>(server, '/api/tasks/test-call', {
    token,
    headers: { 'accept-language': locale },
    body: { ...body, sdp },
  });
  return { client, answer: answer.body, status: answer.status };
}

/** The call's events once one matches (polled through the endpoint, as the dialog does). */
async function until(token: string, callId: string, match: (event: TestCallEvent) => boolean, ms = 30_000): Promise<TestCallEvent[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const answer = await call<{ events: TestCallEvent[]; ended: boolean }>(server, '/api/tasks/test-call/events', {
      token,
      body: { callId, after: 0 },
    });
    const events = answer.body.data.events;
    if (events.some(match)) return events;
    if (Date.now() > deadline) throw new Error(`no matching event within ${ms} ms; got ${events.map((e) => e.type).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Until the browser has heard the opening whole (speech, then 800 ms of quiet): the opening cannot be
 * interrupted, so the tester speaks after it. Read from what the browser hears, not a fixed wait.
 */
async function afterOpening(client: BrowserLegClient): Promise<void> {
  const quiet = 8 * 800;
  await expect
    .poll(
      () => {
        const heard = client.heard();
        return rms(heard) > 200 && heard.length > quiet && rms(heard.subarray(heard.length - quiet)) < 50;
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe(true);
}

async function record(callId: string) {
  const [row] = await server.database.db.select().from(calls).where(eq(calls.id, callId));
  return row!;
}

/** Until the record is closed (its analysis and events go on after). */
async function closedRecord(callId: string) {
  await expect.poll(async () => (await record(callId)).endedAt, { timeout: 20_000 }).not.toBeNull();
  return record(callId);
}

describe("a task's test call from the browser", () => {
  it("runs the task's scenario with a subtask's business info, and is recorded as a test call with both sides", async () => {
    const w = await pricedTask();
    const { client, answer } = await open(w.tokens.admin, { taskId: w.taskId, subtaskId: w.subtaskId });
    expect(answer.code).toBe(200);
    await client.answer(answer.data.sdp);
    const { callId } = answer.data;
    await until(w.tokens.admin, callId, (e) => e.type === 'said' && e.speaker === 'ai');
    await afterOpening(client);
    expect(await record(callId)).toMatchObject({
      test: true,
      taskId: w.taskId,
      subtaskId: Number(w.subtaskId),
      phone: '',
      scenarioVersion: 1,
    });

    const engines = (await server.app.speech())!;
    const beforeQuestion = client.heard();
    await client.say(await synthesise(engines.offlineTts, 'How much does it cost?', 'en-us+f3'));
    const events = await until(w.tokens.admin, callId, (e) => e.type === 'said' && e.speaker === 'ai' && e.text === PRICE_ANSWER);
    expect(events).toContainEqual(expect.objectContaining({ type: 'answered' }));
    expect(events.find((e) => e.type === 'said' && e.speaker === 'customer')).toMatchObject({ text: expect.stringMatching(/cost/) });
    // The subtask's business info reaches the model's prompt.
    expect(JSON.stringify(fake!.requests.at(-1)!.messages)).toContain('gold');

    // What the browser heard, recognised on the AI's lines: the opening, then the price.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const afterQuestion = client.heard().subarray(beforeQuestion.length);
    expect(await recognise(engines.offlineAsr, speechPart(beforeQuestion), ['hello', 'ten dollars a month', 'connecting you now'])).toBe(
      'hello',
    );
    expect(await recognise(engines.offlineAsr, speechPart(afterQuestion), PRICE_PHRASES)).toContain('ten dollars a month');

    expect((await call(server, '/api/tasks/test-call/hangup', { token: w.tokens.admin, body: { callId } })).body.code).toBe(200);
    const ended = await until(w.tokens.admin, callId, (e) => e.type === 'ended');
    expect(ended.at(-1)).toMatchObject({ type: 'ended', reason: 'hangup' });
    const row = await closedRecord(callId);
    expect(row).toMatchObject({ test: true, status: 'connected', outcome: 'answered', hungUpBy: 'us' });
    expect(row.answeredAt).not.toBeNull();
    expect(row.conversation.map((line) => line.speaker)).toEqual(expect.arrayContaining(['ai', 'customer']));
    expect(row.conversation.find((line) => line.text === PRICE_ANSWER)?.atMs).toBeGreaterThan(0);
    expect(row.turns?.find((turn) => turn.action === 'answer')?.heardAfterMs).toEqual(expect.any(Number));
    // Both channels in the recording: the tester's question (left) and our lines (right).
    const wav = readFileSync(row.recordingPath!);
    const samples = new Int16Array(wav.buffer, wav.byteOffset + 44, (wav.length - 44) / 2);
    expect(rms(samples.filter((_, i) => i % 2 === 0))).toBeGreaterThan(100);
    expect(rms(samples.filter((_, i) => i % 2 === 1))).toBeGreaterThan(100);
    // Still counted nowhere as a dial: the task did not start, and the subtask is still pending.
    const [subtask] = await server.database.db
      .select()
      .from(subtasks)
      .where(eq(subtasks.id, Number(w.subtaskId)));
    expect(subtask!.state).toBe('pending');
  }, 120_000);

  it("is hung up by the task's own timeout, saying the task's reply", async () => {
    const w = await pricedTask({ prologues: [], timeoutHangupSeconds: 4, timeoutReply: 'Our time is up, goodbye.' });
    const { client, answer } = await open(w.tokens.admin, { taskId: w.taskId, prologueInfo: 'Ms Wang', businessInfo: 'plan=silver' });
    await client.answer(answer.data.sdp);
    const events = await until(w.tokens.admin, answer.data.callId, (e) => e.type === 'ended', 30_000);
    expect(events).toContainEqual(expect.objectContaining({ type: 'said', speaker: 'ai', text: 'Our time is up, goodbye.' }));
    expect(events.at(-1)).toMatchObject({ type: 'ended', reason: 'agent' });
    expect(await closedRecord(answer.data.callId)).toMatchObject({
      test: true,
      subtaskId: null,
      prologueInfo: 'Ms Wang',
      businessInfo: { plan: 'silver' },
    });
  }, 60_000);

  it('ends as the tester when the page closes its connection', async () => {
    const w = await pricedTask();
    const { client, answer } = await open(w.tokens.admin, { taskId: w.taskId });
    await client.answer(answer.data.sdp);
    await until(w.tokens.admin, answer.data.callId, (e) => e.type === 'said' && e.speaker === 'ai');
    await client.close();
    const events = await until(w.tokens.admin, answer.data.callId, (e) => e.type === 'ended', 15_000);
    expect(events.at(-1)).toMatchObject({ type: 'ended', reason: 'callee' });
    expect(await closedRecord(answer.data.callId)).toMatchObject({ hungUpBy: 'callee' });
  }, 60_000);

  it('transfers to a signed-in seat of the company as a phone call does: the offer, pre-voice, and audio both ways', async () => {
    const w = await pricedTask({ prologues: [] }, 'Mr Li');
    const seat = await seats.open(w.tokens.op1, '?locale=en-US');
    await seat.signIn();
    const { client, answer } = await open(w.tokens.admin, { taskId: w.taskId, subtaskId: w.subtaskId });
    await client.answer(answer.data.sdp);
    const { callId } = answer.data;
    // The subtask's prologue info is woven into the opening.
    const opening = await until(w.tokens.admin, callId, (e) => e.type === 'said' && e.speaker === 'ai');
    expect(opening).toContainEqual(expect.objectContaining({ type: 'said', speaker: 'ai', text: 'Mr Li. Hello, this is Lin from Acme.' }));
    await afterOpening(client);
    const engines = (await server.app.speech())!;
    await client.say(await synthesise(engines.offlineTts, 'Talk to a person.', 'en-us+f3'));

    const offer = await seat.next('offer', 30_000);
    // A test call has no number: the offer says it is a test call, for the seat to show in its place.
    expect(offer).toMatchObject({
      callId,
      taskId: w.taskId,
      subtaskId: w.subtaskId,
      businessInfo: { plan: 'gold' },
      customerNumber: '',
      test: true,
    });
    expect(offer.conversation.some((line) => /person/.test(line.text))).toBe(true);
    seat.send({ type: 'accept', offerId: offer.offerId });
    seatMedia = new SeatMediaClient(seat, callId);
    await seatMedia.connect();
    // Pre-voice first (the AI tells the tester it connects them), then the seat is put through.
    await seat.next('pre-voice', 20_000);
    await seat.next('connected', 20_000);
    await until(w.tokens.admin, callId, (e) => e.type === 'transferred');

    // The seat speaks (a tone): the tester's browser hears it.
    const frame = Buffer.alloc(160);
    encodeG711('PCMU', tone(1000, 20, 0.5), frame);
    seatMedia.talk(frame);
    const heardFrom = client.heard().length;
    await expect.poll(() => rms(client.heard().subarray(heardFrom)), { timeout: 10_000 }).toBeGreaterThan(3000);
    // The tester speaks: the seat hears it.
    const seatHeardFrom = seatMedia.heard.length;
    await client.say(await synthesise(engines.offlineTts, 'Hello, are you there?', 'en-us+f3'));
    await expect
      .poll(() => Math.max(0, ...seatMedia!.heard.slice(seatHeardFrom).map((payload) => rms(decodeG711('PCMU', payload)))), {
        timeout: 10_000,
      })
      .toBeGreaterThan(1000);

    seat.send({ type: 'hang-up', callId });
    const row = await closedRecord(callId);
    const [op1] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'op1'));
    expect(row).toMatchObject({ test: true, transferOutcome: 'success', operatorId: op1!.id });
  }, 120_000);

  it('keeps the rules: the task company only, a subtask of the task, a scenario, a usable offer, its opener only, both languages', async () => {
    const w = await pricedTask();
    const dev = await userWithSession(server, w.companyId, 'testcalldev', 'DEV');
    const stranger = await userWithSession(server, w.otherCompanyId, 'otheradmin', 'ADMIN');
    // An operator may not; an ADMIN of another company sees no such task.
    expect((await open(w.tokens.op1, { taskId: w.taskId })).answer.code).toBe(403);
    expect((await open(stranger, { taskId: w.taskId })).answer.code).toBe(404);
    // A subtask of another task; a subtask with typed info as well; business info not in key=value form.
    const notOurs = await open(w.tokens.admin, { taskId: w.taskId, subtaskId: await otherSubtask(w.companyId) });
    expect(notOurs.answer).toMatchObject({ code: 404, message: 'That number is not in this task' });
    const both = await open(w.tokens.admin, { taskId: w.taskId, subtaskId: w.subtaskId, prologueInfo: 'x' }, 'zh-CN');
    expect(both.answer.code).toBe(400);
    expect(JSON.stringify(both.answer)).toContain('请选择一个号码或填写开场信息与业务信息');
    expect((await open(w.tokens.admin, { taskId: w.taskId, businessInfo: 'plan' })).answer.code).toBe(400);
    // An offer the server cannot answer.
    const bad = await open(w.tokens.admin, {
      taskId: w.taskId,
      sdp: 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=rtpmap:111 opus/48000/2\r\n',
    });
    expect(bad.answer.code).toBe(400);
    // A template; a scenario with no version to run.
    await server.database.db.update(tasks).set({ status: 'template' }).where(eq(tasks.id, w.taskId));
    expect((await open(w.tokens.admin, { taskId: w.taskId })).answer).toMatchObject({ code: 409 });
    await server.database.db.update(tasks).set({ status: 'pending' }).where(eq(tasks.id, w.taskId));
    await server.database.db.update(scenarios).set({ currentVersion: 7 }).where(eq(scenarios.name, 'Price'));
    const noScenario = await open(w.tokens.admin, { taskId: w.taskId }, 'zh-CN');
    expect(noScenario.answer).toMatchObject({ code: 409, message: '该任务的场景没有可运行的版本：请先保存场景' });

    // A DEV of the company may (the tasks' roles); the call is its opener's alone.
    await server.database.db.update(scenarios).set({ currentVersion: 1 }).where(eq(scenarios.name, 'Price'));
    const mine = await open(dev, { taskId: w.taskId });
    expect(mine.answer.code).toBe(200);
    const { callId } = mine.answer.data;
    for (const token of [w.tokens.admin, stranger]) {
      expect((await call(server, '/api/tasks/test-call/events', { token, body: { callId } })).body.code).toBe(404);
      expect((await call(server, '/api/tasks/test-call/hangup', { token, body: { callId } })).body.code).toBe(404);
    }
    expect((await call(server, '/api/tasks/test-call/hangup', { token: dev, body: { callId } })).body.code).toBe(200);
    await closedRecord(callId);
  }, 60_000);

  it('at most 3 open test calls per user and 10 per company', async () => {
    const w = await pricedTask();
    // Offers never completed: each call waits for its browser, open, until hung up (or this long, on a slow machine).
    server.app.testCalls['deps'].connectMs = 120_000;
    const first = [];
    for (let i = 0; i < WEB_CALL_LIMITS.perUser; i++) first.push(await open(w.tokens.admin, { taskId: w.taskId }));
    expect(first.map((o) => o.answer.code)).toEqual([200, 200, 200]);
    const fourth = await open(w.tokens.admin, { taskId: w.taskId });
    expect(fourth.answer).toMatchObject({ code: 409, message: 'You already have 3 test calls open: end one first' });
    const fourthZh = await open(w.tokens.admin, { taskId: w.taskId }, 'zh-CN');
    expect(fourthZh.answer).toMatchObject({ code: 409, message: '你已打开 3 个测试通话，请先结束一个' });
    // A hung-up call frees its place.
    await call(server, '/api/tasks/test-call/hangup', { token: w.tokens.admin, body: { callId: first[0]!.answer.data.callId } });
    await until(w.tokens.admin, first[0]!.answer.data.callId, (e) => e.type === 'ended');
    expect((await open(w.tokens.admin, { taskId: w.taskId })).answer.code).toBe(200);

    // The company: 3 (the admin's) + 3 + 3 + 1 other users' = 10; the 11th is refused, whoever asks.
    const others = await Promise.all(['tc1', 'tc2', 'tc3', 'tc4'].map((name) => userWithSession(server, w.companyId, name, 'ADMIN')));
    for (const token of others.slice(0, 2))
      for (let i = 0; i < 3; i++) expect((await open(token, { taskId: w.taskId })).answer.code).toBe(200);
    expect((await open(others[2]!, { taskId: w.taskId })).answer.code).toBe(200);
    expect(server.app.testCalls.voiceOf(w.companyId)).toBe(WEB_CALL_LIMITS.perCompany);
    const eleventh = await open(others[3]!, { taskId: w.taskId });
    expect(eleventh.answer).toMatchObject({ code: 409, message: 'Your company has 10 test calls open at once: try again when one ends' });
    // Another company is not held back by it.
    const elsewhere = await userWithSession(server, w.otherCompanyId, 'elsewhere', 'DEV');
    expect((await open(elsewhere, { taskId: w.taskId })).answer.code).toBe(404);
  }, 90_000);
});

/** A subtask of another task of the company (not the test call's task's). */
async function otherSubtask(companyId: string): Promise<string> {
  const { taskId } = await insertCampaign(server.database.db, { companyId, phones: ['13800000010'], seal: (p) => p, name: 'other' });
  const [row] = await server.database.db.select({ id: subtasks.id }).from(subtasks).where(eq(subtasks.taskId, taskId));
  return String(row!.id);
}
