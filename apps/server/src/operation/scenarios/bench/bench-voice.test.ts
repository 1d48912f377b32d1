import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type BenchEvent, WEB_CALL_LIMITS, scenarioDocumentSchema } from '@dialwise/contracts';
import { BrowserLegClient } from '../../../../test/browser-leg-client.ts';
import { type FakeLlm, startFakeLlm, tokens } from '../../../../test/fake-llm.ts';
import { call, seedCompanies, useTestServer } from '../../../../test/helper.ts';
import { userWithSession } from '../../../../test/task-fixtures.ts';
import { llms, processors, scenarioVersions, scenarios } from '../../../db/schema.ts';
import { configureOutbound } from '../../../net/outbound-guard.ts';
import { PRICE_ANSWER, PRICE_PHRASES, priceScenario, recognise, speechPart, synthesise } from '../../../speech/speech-test-kit.ts';

// The fake model listens on loopback, which the outbound guard refuses unless allowed.
configureOutbound({ allowHosts: ['127.0.0.1'] });

/**
 * The bench's voice mode (issue 31): the DEV's microphone is the callee, over a WebRTC leg to our server, and
 * the scenario runs with the speech engines of a SIP call. The browser is a werift peer here (the browser test
 * in e2e/tests/web-call.spec.ts is Chromium's); the model is a fake on loopback.
 */
const dir = mkdtempSync(join(tmpdir(), 'dialwise-bench-voice-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const server = useTestServer({ dataDir: dir });

let fake: FakeLlm | null = null;
const clients: BrowserLegClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  await fake?.close();
  fake = null;
});

/**
 * The price scenario on a fake model, for a DEV of the provider. `slowFiller`: the main answer's first token comes
 * after 2.5 s and the scenario has a filler stream every 300 ms, so a filler is said before the answer.
 */
async function priceBench({ slowFiller = false } = {}) {
  fake = await startFakeLlm((request) =>
    /filler/i.test(request.messages[0]?.content ?? '')
      ? { kind: 'tokens', tokens: tokens('One moment.') }
      : { kind: 'tokens', tokens: tokens(PRICE_ANSWER), ...(slowFiller ? { firstDelayMs: 2500 } : {}) },
  );
  const db = server.database.db;
  const { providerId, companyId } = await seedCompanies(server);
  const dev = await userWithSession(server, providerId, 'devvoice', 'DEV');
  const [llm] = await db
    .insert(llms)
    .values({ vendor: 'Fake', modelType: 'chat', modelName: 'fake', calledName: 'fake', url: fake.url })
    .returning();
  const [main] = await db
    .insert(processors)
    .values({ alias: 'voicemain', type: 'stream', llmId: llm!.id, systemPrompt: 'You sell Acme plans.' })
    .returning();
  const [filler] = await db
    .insert(processors)
    .values({ alias: 'voicefiller', type: 'filler', llmId: llm!.id, systemPrompt: 'Say a short filler.' })
    .returning();
  const [scenario] = await db.insert(scenarios).values({ name: 'Price' }).returning();
  await db.insert(scenarioVersions).values({
    scenarioId: scenario!.id,
    version: 1,
    document: scenarioDocumentSchema.parse({
      ...priceScenario(main!.id),
      ...(slowFiller ? { filler: { processorId: filler!.id, intervalMs: 300 } } : {}),
    }),
    processorIds: slowFiller ? [main!.id, filler!.id] : [main!.id],
  });
  return { dev, providerId, companyId, scenarioId: scenario!.id };
}

/** Resolves with the session's events once one matches. */
function until(sessionId: string, match: (event: BenchEvent) => boolean, ms = 30_000): Promise<BenchEvent[]> {
  return new Promise((resolve, reject) => {
    const session = server.app.scenarioBench['sessions'].get(sessionId)!;
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no matching event within ${ms} ms; got ${session.events.map((e) => e.type).join(', ')}`));
    }, ms);
    const off = session.subscribe((event) => {
      if (!match(event)) return;
      clearTimeout(timer);
      queueMicrotask(() => off());
      resolve([...session.events]);
    });
  });
}

async function startVoice(token: string, scenarioId: string, sdp?: string) {
  const client = new BrowserLegClient();
  clients.push(client);
  const answer = await call<{ sessionId: string; version: number; sdp: string }>(server, '/api/operation/scenarios/bench/voice', {
    token,
    headers: { 'accept-language': 'en-US' },
    body: { scenarioId, sdp: sdp ?? (await client.offer()), businessInfo: 'plan=gold' },
  });
  return { client, answer: answer.body };
}

describe("the bench's voice mode", () => {
  it('hears the spoken question over WebRTC and answers it in speech, the same runtime and speech path as a SIP call', async () => {
    const w = await priceBench();
    const { client, answer } = await startVoice(w.dev, w.scenarioId);
    expect(answer.code).toBe(200);
    expect(answer.data.sdp).toMatch(/^m=audio [1-9]\d* .* 0$/m);
    await client.answer(answer.data.sdp);
    const { sessionId } = answer.data;
    await until(sessionId, (e) => e.type === 'turn' && e.timing.action === 'prologue');

    const speech = server.app.speech;
    const engines = (await speech())!;
    const question = await synthesise(engines.offlineTts, 'How much does it cost?', 'en-us+f3');
    const beforeQuestion = client.heard();
    await client.say(question);
    const events = await until(sessionId, (e) => e.type === 'turn' && e.timing.action === 'answer');

    expect(events).toContainEqual(expect.objectContaining({ type: 'said', speaker: 'ai', text: 'Hello, this is Lin from Acme.' }));
    const customer = events.find((e) => e.type === 'said' && e.speaker === 'customer');
    expect(customer?.type === 'said' && customer.text).toMatch(/cost/);
    expect(events).toContainEqual(expect.objectContaining({ type: 'routed', router: 'Price', target: 'stream' }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'said', speaker: 'ai', text: PRICE_ANSWER }));
    const turn = events.find((e) => e.type === 'turn' && e.timing.action === 'answer');
    // The wait the tester heard (end of their speech → the answer's first audio sent to the browser) is measured.
    expect(turn?.type === 'turn' && typeof turn.timing.heardAfterMs).toBe('number');
    expect(turn?.type === 'turn' && typeof turn.timing.speechEndMs).toBe('number');
    // The business info reaches the model's prompt, as on the typed bench.
    expect(JSON.stringify(fake!.requests.at(-1)!.messages)).toContain('gold');

    // What the browser heard, recognised on the AI's lines: the opening, then the price (looked at again as more
    // of the answer arrives, rather than after a fixed wait a busy machine may overrun).
    // The opening has a pause after "Hello," (two utterances for pocketsphinx): its first word is enough here.
    const openingPhrases = ['hello', 'ten dollars a month', 'thank you goodbye'];
    expect(await recognise(engines.offlineAsr, speechPart(beforeQuestion), openingPhrases)).toBe('hello');
    await expect
      .poll(() => recognise(engines.offlineAsr, speechPart(client.heard().subarray(beforeQuestion.length)), PRICE_PHRASES), {
        timeout: 30_000,
        interval: 1000,
      })
      .toContain('ten dollars a month');

    expect((await call(server, '/api/operation/scenarios/bench/hangup', { token: w.dev, body: { sessionId } })).body.code).toBe(200);
    const ended = await until(sessionId, (e) => e.type === 'ended');
    expect(ended.at(-1)).toMatchObject({ type: 'ended', reason: 'hangup' });
  }, 90_000);

  it('marks a filler said while the answer is being written, and not the answer (what bench:webcall:heard skips)', async () => {
    const w = await priceBench({ slowFiller: true });
    const { client, answer } = await startVoice(w.dev, w.scenarioId);
    await client.answer(answer.data.sdp);
    const { sessionId } = answer.data;
    await until(sessionId, (e) => e.type === 'turn' && e.timing.action === 'prologue');
    const engines = (await server.app.speech())!;
    await client.say(await synthesise(engines.offlineTts, 'How much does it cost?', 'en-us+f3'));
    const events = await until(sessionId, (e) => e.type === 'said' && e.speaker === 'ai' && e.text === PRICE_ANSWER);
    const ours = events.filter((e) => e.type === 'said' && e.speaker === 'ai');
    expect(ours.at(0)).toEqual(expect.not.objectContaining({ filler: expect.anything() }));
    expect(ours).toContainEqual(expect.objectContaining({ text: 'One moment.', filler: true }));
    expect(ours.at(-1)).toEqual(expect.not.objectContaining({ filler: expect.anything() }));
    // The filler came before the answer.
    expect(ours.findIndex((e) => e.type === 'said' && e.filler)).toBeLessThan(ours.length - 1);
    await call(server, '/api/operation/scenarios/bench/hangup', { token: w.dev, body: { sessionId } });
  }, 90_000);

  it('ends as the tester: the page closing its connection hangs the conversation up', async () => {
    const w = await priceBench();
    const { client, answer } = await startVoice(w.dev, w.scenarioId);
    await client.answer(answer.data.sdp);
    await until(answer.data.sessionId, (e) => e.type === 'said' && e.speaker === 'ai');
    await client.close();
    const events = await until(answer.data.sessionId, (e) => e.type === 'ended', 15_000);
    expect(events.at(-1)).toMatchObject({ type: 'ended', reason: 'callee' });
  }, 60_000);

  it('keeps the rules: DEV only, its owner only, a usable offer, no typed lines, three per person and a cap per company', async () => {
    const w = await priceBench();
    const admin = await userWithSession(server, w.companyId, 'bossvoice', 'ADMIN');
    const refusedAdmin = await startVoice(admin, w.scenarioId);
    expect(refusedAdmin.answer.code).toBe(403);
    expect((await startVoice(w.dev, w.scenarioId, 'hello')).answer).toMatchObject({ code: 400 });
    // A valid-looking offer with no codec we take.
    const noPcmu = 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=rtpmap:111 opus/48000/2\r\n';
    const refusedOffer = await startVoice(w.dev, w.scenarioId, noPcmu);
    expect(refusedOffer.answer.code).toBe(400);

    const first = await startVoice(w.dev, w.scenarioId);
    expect(first.answer.code).toBe(200);
    const { sessionId } = first.answer.data;
    const typed = await call(server, '/api/operation/scenarios/bench/say', {
      token: w.dev,
      body: { sessionId, text: 'Hello' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(typed.body).toMatchObject({ code: 409, message: expect.stringContaining('microphone') });
    const other = await userWithSession(server, w.providerId, 'devother', 'DEV');
    expect((await call(server, '/api/operation/scenarios/bench/hangup', { token: other, body: { sessionId } })).body.code).toBe(404);

    expect((await startVoice(w.dev, w.scenarioId)).answer.code).toBe(200);
    expect((await startVoice(w.dev, w.scenarioId)).answer.code).toBe(200);
    const fourth = await startVoice(w.dev, w.scenarioId);
    expect(fourth.answer).toMatchObject({ code: 409, message: expect.stringContaining('3 test conversations') });

    // The company's cap: other DEVs of the same company fill it; the next is refused, another company is not.
    let open = 3;
    for (let user = 0; open < WEB_CALL_LIMITS.perCompany; user++) {
      const token = await userWithSession(server, w.providerId, `devcap${user}`, 'DEV');
      for (let i = 0; i < 3 && open < WEB_CALL_LIMITS.perCompany; i++, open++) {
        expect((await startVoice(token, w.scenarioId)).answer.code).toBe(200);
      }
    }
    const over = await startVoice(other, w.scenarioId);
    expect(over.answer).toMatchObject({ code: 409, message: expect.stringContaining('10 test calls') });
  }, 90_000);
});
