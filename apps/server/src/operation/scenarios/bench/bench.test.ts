import { get, type IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BENCH_LIMITS, type BenchEvent, type ScenarioDocumentInput, scenarioDocumentSchema } from '@dialwise/contracts';
import { type FakeLlm, type FakeLlmRequest, type FakeReply, startFakeLlm, tokens } from '../../../../test/fake-llm.ts';
import { call, seedCompanies, useTestServer } from '../../../../test/helper.ts';
import { userWithSession } from '../../../../test/task-fixtures.ts';
import { llms, processors, scenarioVersions, scenarios } from '../../../db/schema.ts';
import { configureOutbound } from '../../../net/outbound-guard.ts';

// The fakes of external services listen on loopback, which the outbound guard refuses unless allowed.
configureOutbound({ allowHosts: ['127.0.0.1'] });

const server = useTestServer();
let fake: FakeLlm | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

/** A scenario (version 1) whose routers send "person" to the transfer tool and everything else to the main stream on a fake model. */
async function benchScenario(script: (request: FakeLlmRequest) => FakeReply) {
  fake = await startFakeLlm(script);
  const db = server.database.db;
  const { providerId, companyId } = await seedCompanies(server);
  const dev = await userWithSession(server, providerId, 'devbench', 'DEV');
  const [llm] = await db
    .insert(llms)
    .values({ vendor: 'Fake', modelType: 'chat', modelName: 'fake', calledName: 'fake', url: fake.url })
    .returning();
  const [main] = await db
    .insert(processors)
    .values({ alias: 'benchmain', type: 'stream', llmId: llm!.id, systemPrompt: 'You sell renewals.' })
    .returning();
  const input: ScenarioDocumentInput = {
    name: 'Bench',
    dialogAsr: { provider: 'seed', url: 'wss://asr.example.com/v1' },
    tts: { provider: 'seed', url: 'wss://tts.example.com/v1' },
    prologues: [{ text: 'Hello, this is Acme renewals.' }],
    tools: [{ kind: 'transfer', alias: 'human', successText: 'Putting you through.', failureText: 'Nobody is free right now.' }],
    routers: [
      {
        name: 'Wants a person',
        conditions: [{ type: 'content', role: 'user', keywords: ['person'] }],
        target: { kind: 'tool', toolAlias: 'human' },
      },
      { name: 'Talk', target: { kind: 'stream', mainId: main!.id } },
    ],
  };
  const [scenario] = await db.insert(scenarios).values({ name: 'Bench' }).returning();
  await db
    .insert(scenarioVersions)
    .values({ scenarioId: scenario!.id, version: 1, document: scenarioDocumentSchema.parse(input), processorIds: [main!.id] });
  return { dev, providerId, companyId, scenarioId: scenario!.id };
}

/** Resolves with the session's events once one matches. */
function until(sessionId: string, match: (event: BenchEvent) => boolean): Promise<BenchEvent[]> {
  return new Promise((resolve) => {
    const session = server.app.scenarioBench['sessions'].get(sessionId)!;
    const off = session.subscribe((event) => {
      if (!match(event)) return;
      queueMicrotask(() => off());
      resolve([...session.events]);
    });
  });
}

async function start(dev: string, scenarioId: string, persona = 'manual') {
  const answer = await call<{ sessionId: string; version: number }>(server, '/api/operation/scenarios/bench/start', {
    token: dev,
    body: { scenarioId, persona, prologueInfo: '', businessInfo: 'plan=gold' },
  });
  expect(answer.body.code).toBe(200);
  return answer.body.data;
}

describe('the scenario test bench', () => {
  it('runs the scenario as a call does: the prologue, each typed line routed and answered by the streaming model, with timings', async () => {
    const w = await benchScenario(() => ({ kind: 'tokens', tokens: tokens('It costs ten dollars a month. Shall I renew it?') }));
    const { sessionId, version } = await start(w.dev, w.scenarioId);
    expect(version).toBe(1);
    await until(sessionId, (e) => e.type === 'turn' && e.timing.action === 'prologue');
    const say = await call(server, '/api/operation/scenarios/bench/say', { token: w.dev, body: { sessionId, text: 'How much is it?' } });
    expect(say.body.code).toBe(200);
    const events = await until(sessionId, (e) => e.type === 'turn' && e.timing.action === 'answer');
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('started');
    expect(events).toContainEqual(expect.objectContaining({ type: 'said', speaker: 'ai', text: 'Hello, this is Acme renewals.' }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'said', speaker: 'customer', text: 'How much is it?' }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'routed', user: 'How much is it?', router: 'Talk', target: 'stream' }));
    const streamed = events
      .filter((e) => e.type === 'token')
      .map((e) => (e.type === 'token' ? e.text : ''))
      .join('');
    expect(streamed).toBe('It costs ten dollars a month. Shall I renew it?');
    expect(events).toContainEqual(expect.objectContaining({ type: 'said', speaker: 'ai', text: 'It costs ten dollars a month.' }));
    const answer = events.find((e) => e.type === 'turn' && e.timing.action === 'answer');
    expect(answer?.type === 'turn' && answer.timing.llmFirstTokenMs).not.toBeNull();
    // The subtask's business info reaches the model's prompt.
    expect(JSON.stringify(fake!.requests.at(-1)!.messages)).toContain('gold');

    const hangup = await call(server, '/api/operation/scenarios/bench/hangup', { token: w.dev, body: { sessionId } });
    expect(hangup.body.code).toBe(200);
    // After the end, the event stream replays the whole conversation and closes.
    const stream = await server.app.inject({
      method: 'GET',
      url: `/api/operation/scenarios/bench/${sessionId}/events`,
      headers: { authorization: `Bearer ${w.dev}` },
    });
    expect(stream.headers['content-type']).toContain('text/event-stream');
    const replayed = stream.body
      .split('\n\n')
      .filter((chunk) => chunk.startsWith('data: '))
      .map((chunk) => JSON.parse(chunk.slice(6)) as BenchEvent);
    expect(replayed[0]!.type).toBe('started');
    expect(replayed.at(-1)).toMatchObject({ type: 'ended', reason: 'hangup' });
    expect(
      (await call(server, '/api/operation/scenarios/bench/say', { token: w.dev, body: { sessionId, text: 'Hello?' } })).body.code,
    ).toBe(404);
  });

  it('shows a tool firing: the transfer finds no seat on the bench and says its failure text', async () => {
    const w = await benchScenario(() => ({ kind: 'tokens', tokens: tokens('Sure.') }));
    const { sessionId } = await start(w.dev, w.scenarioId);
    await until(sessionId, (e) => e.type === 'turn' && e.timing.action === 'prologue');
    await call(server, '/api/operation/scenarios/bench/say', { token: w.dev, body: { sessionId, text: 'I want a real person' } });
    const events = await until(sessionId, (e) => e.type === 'turn' && e.timing.action === 'transfer');
    expect(events).toContainEqual(expect.objectContaining({ type: 'routed', router: 'Wants a person', target: 'tool' }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'tool', kind: 'transfer', alias: 'human', seat: false }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'said', speaker: 'ai', text: 'Nobody is free right now.' }));
    expect(fake!.requests).toHaveLength(0);
  });

  it('lets a scripted persona talk by itself until it hangs up', async () => {
    const w = await benchScenario(() => ({ kind: 'tokens', tokens: tokens('We have a good offer for you.') }));
    const { sessionId } = await start(w.dev, w.scenarioId, 'not_interested');
    const events = await until(sessionId, (e) => e.type === 'ended');
    expect(events.filter((e) => e.type === 'said' && e.speaker === 'customer').length).toBeGreaterThanOrEqual(2);
    expect(events.at(-1)).toMatchObject({ type: 'ended', reason: 'callee' });
  }, 60_000);

  it("is its owner's alone: another DEV gets not found, a customer's ADMIN is refused, bad input is a clear 400", async () => {
    const w = await benchScenario(() => ({ kind: 'tokens', tokens: tokens('Hi.') }));
    const { sessionId } = await start(w.dev, w.scenarioId);
    const other = await userWithSession(server, w.providerId, 'devother', 'DEV');
    const admin = await userWithSession(server, w.companyId, 'bossbench', 'ADMIN');
    expect((await call(server, '/api/operation/scenarios/bench/say', { token: other, body: { sessionId, text: 'Hi' } })).body.code).toBe(
      404,
    );
    expect((await call(server, '/api/operation/scenarios/bench/hangup', { token: other, body: { sessionId } })).body.code).toBe(404);
    const peek = await server.app.inject({
      method: 'GET',
      url: `/api/operation/scenarios/bench/${sessionId}/events`,
      headers: { authorization: `Bearer ${other}` },
    });
    expect(peek.json()).toMatchObject({ code: 404 });
    expect(
      (await call(server, '/api/operation/scenarios/bench/start', { token: admin, body: { scenarioId: w.scenarioId } })).body.code,
    ).toBe(403);
    expect((await call(server, '/api/operation/scenarios/bench/say', { token: w.dev, body: { sessionId, text: ' ' } })).body.code).toBe(
      400,
    );
    expect(
      (await call(server, '/api/operation/scenarios/bench/say', { token: w.dev, body: { sessionId, text: 'x'.repeat(501) } })).body.code,
    ).toBe(400);
    const unknown = await call(server, '/api/operation/scenarios/bench/start', {
      token: w.dev,
      body: { scenarioId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.body.code).toBe(404);
    // Three open conversations per person at most.
    await start(w.dev, w.scenarioId);
    await start(w.dev, w.scenarioId);
    expect(
      (await call(server, '/api/operation/scenarios/bench/start', { token: w.dev, body: { scenarioId: w.scenarioId } })).body.code,
    ).toBe(409);
  });

  describe('event streams (issue 37)', () => {
    /**
     * Opens the conversation's event stream over a connection of its own (no keep-alive pool): answers how to
     * stop following and a promise of the server ending the stream, or the envelope when it is refused.
     */
    type Followed = { refused: { code: number; message: string } } | { ended: Promise<boolean>; stop: () => void };
    async function follow(token: string, sessionId: string): Promise<Followed> {
      if (!server.app.server.listening) await server.app.listen({ port: 0, host: '127.0.0.1' });
      const address = server.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const response = await new Promise<IncomingMessage>((resolve, reject) =>
        get(
          {
            host: '127.0.0.1',
            port,
            path: `/api/operation/scenarios/bench/${sessionId}/events`,
            agent: false,
            headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
          },
          resolve,
        ).on('error', reject),
      );
      if (!response.headers['content-type']?.includes('text/event-stream')) {
        let body = '';
        for await (const chunk of response) body += chunk;
        return { refused: JSON.parse(body) as { code: number; message: string } };
      }
      response.resume();
      const ended = new Promise<boolean>((resolve) => response.on('close', () => resolve(true)));
      return { ended, stop: () => response.destroy() };
    }

    it(`one user follows at most ${BENCH_LIMITS.streamsPerUser} streams at once; closing one lets another open`, async () => {
      const w = await benchScenario(() => ({ kind: 'tokens', tokens: tokens('Fine.') }));
      const { sessionId } = await start(w.dev, w.scenarioId);
      const open = [];
      for (let i = 0; i < BENCH_LIMITS.streamsPerUser; i += 1) open.push(await follow(w.dev, sessionId));
      expect(open.every((stream) => 'ended' in stream)).toBe(true);
      const refused = await follow(w.dev, sessionId);
      expect(refused).toEqual({
        refused: expect.objectContaining({ code: 409, message: expect.stringContaining('6 test conversations') }),
      });
      const first = open.shift()!;
      if ('stop' in first) first.stop();
      await expect
        .poll(async () => {
          const again = await follow(w.dev, sessionId);
          if ('stop' in again) open.push(again);
          return 'stop' in again;
        })
        .toBe(true);
      for (const stream of open) if ('stop' in stream) stream.stop();
      // The server sees each client go and lets its stream go.
      await expect.poll(() => server.app.scenarioBench['streams'].size).toBe(0);
    });

    it('a stream ends when the sign-in session it was opened with ends: at its announcement, other sign-ins untouched', async () => {
      const w = await benchScenario(() => ({ kind: 'tokens', tokens: tokens('Fine.') }));
      const { sessionId } = await start(w.dev, w.scenarioId);
      const stream = await follow(w.dev, sessionId);
      if (!('ended' in stream)) throw new Error('the stream was refused');
      const otherDev = await userWithSession(server, w.providerId, 'devbench2', 'DEV');
      const other = await follow(otherDev, (await start(otherDev, w.scenarioId)).sessionId);
      if (!('ended' in other)) throw new Error('the stream was refused');
      let otherEnded = false;
      void other.ended.then(() => {
        otherEnded = true;
      });
      // The periodic sweep (which also ends the streams of expired sign-ins) is held off: only the announcement
      // of the sign-out can end the stream, and the test's timeout bounds the wait for it.
      const bench = server.app.scenarioBench as unknown as { sweep: () => Promise<void> };
      const sweep = vi.spyOn(bench, 'sweep').mockResolvedValue(undefined);
      try {
        expect((await call(server, '/api/user/logout', { token: w.dev })).body.code).toBe(200);
        expect(await stream.ended).toBe(true);
      } finally {
        sweep.mockRestore();
      }
      expect(otherEnded).toBe(false);
      expect(server.app.scenarioBench['streams'].size).toBe(1);
      other.stop();
      // The signed-out token opens no new one.
      expect(await follow(w.dev, sessionId)).toEqual({ refused: expect.objectContaining({ code: 50008 }) });
    });
  });
});
