import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scenarioDocumentSchema } from '@dialwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, tokens } from '../../test/fake-llm.ts';
import { seedCompanies, useTestServer } from '../../test/helper.ts';
import { insertCampaign } from '../../test/campaign.ts';
import { startSpeakingFarEnd } from '../../test/speaking-far-end.ts';
import { calls, llms, processors, scenarios, scenarioVersions, tasks } from '../db/schema.ts';
import { Dialer } from '../dialer/dialer.ts';
import { configureOutbound } from '../net/outbound-guard.ts';
import { SecretBox } from '../secrets/secret-box.ts';
import { SimulatedTrunk, SipTrunk } from '../telephony/index.ts';
import { parseWavHeader } from '../telephony/media/wav-writer.ts';
import { SpeechEngines } from './speech-engines.ts';
import { PRICE_ANSWER, PRICE_PHRASES, priceScenario, recognise, speechPart, synthesise } from './speech-test-kit.ts';

// The fake model listens on loopback, which the outbound guard refuses unless allowed.
configureOutbound({ allowHosts: ['127.0.0.1'] });

/**
 * The speaking loop through the whole product path: a task in the database pinned to a scenario
 * version whose main stream is a (fake, local) model, a SIP line pointing at a far end of ours that
 * talks, and the Dialer — which claims the subtask, loads the task's conversation plan, places the
 * call over real SIP, and runs it on the offline speech engines. The far end asks the price by voice;
 * the AI hears it, answers in speech, and the far end's recording holds the answer; the call record
 * keeps the conversation and a stereo recording.
 */
const server = useTestServer();
const secrets = SecretBox.fromKey(randomBytes(32));
const dir = mkdtempSync(join(tmpdir(), 'dialwise-speech-dialer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let speech: SpeechEngines;
beforeAll(async () => {
  speech = await SpeechEngines.create({ workDir: join(dir, 'speech') });
});
afterAll(() => speech.close());

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function campaign(farEnd: { address: string; port: number }, llmUrl: string) {
  const db = server.database.db;
  const { companyId } = await seedCompanies(server);
  const [llm] = await db
    .insert(llms)
    .values({ vendor: 'Fake', modelType: 'chat', modelName: 'fake', calledName: 'fake', url: llmUrl })
    .returning();
  const [main] = await db
    .insert(processors)
    .values({ alias: 'main', type: 'stream', llmId: llm!.id, systemPrompt: 'You sell Acme plans.' })
    .returning();
  const [scenario] = await db.insert(scenarios).values({ name: 'Price' }).returning();
  await db.insert(scenarioVersions).values({
    scenarioId: scenario!.id,
    version: 1,
    document: scenarioDocumentSchema.parse(priceScenario(main!.id)),
    processorIds: [main!.id],
  });
  const task = await insertCampaign(db, {
    companyId,
    phones: ['13800000001'],
    seal: (password) => secrets.seal(password),
    scenarioId: scenario!.id,
    name: 'speaking campaign',
    task: { scenarioVersion: 1 },
    lines: [
      {
        alias: 'far end',
        concurrency: 1,
        cps: 5,
        sipUsername: 'u',
        password: 'p',
        domain: farEnd.address,
        port: farEnd.port,
        trunk: 'sip',
      },
    ],
  });
  return { taskId: task.taskId };
}

describe('the dialer on a speaking SIP call', () => {
  it("places the task's call over SIP, runs the pinned scenario on the offline speech engines, and the far end hears the answer", async () => {
    const llm = await startFakeLlm(() => ({ kind: 'tokens', tokens: tokens(PRICE_ANSWER), delayMs: 5 }));
    const farEnd = await startSpeakingFarEnd({ lines: [await synthesise(speech.offlineTts, 'How much does it cost?', 'en-us+f3')] });
    closers.push(
      () => llm.close(),
      () => farEnd.close(),
    );
    const { taskId } = await campaign(farEnd, llm.url);
    const db = server.database.db;

    const recordingsDir = join(dir, 'recordings');
    const sip = new SipTrunk({ recordingsDir, bindAddress: '127.0.0.1', rtpPorts: { min: 36200, max: 36398 } });
    const simulated = new SimulatedTrunk({ recordingsDir, seed: 1, timeScale: 0.01 });
    const dialer = new Dialer(
      { db, secrets, now: () => new Date(), trunks: { sip, simulated }, speech: async () => speech },
      { recordingsDir, tickMs: 50, ringTimeoutMs: 10_000 },
    );
    closers.push(
      () => sip.close(),
      () => simulated.close(),
      () => dialer.stop(),
    );

    const until = Date.now() + 90_000;
    for (;;) {
      const [row] = await db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, taskId));
      if (row!.status === 'completed') break;
      if (Date.now() > until) {
        const records = await db.select().from(calls).where(eq(calls.taskId, taskId));
        throw new Error(`the speaking call did not finish in 90 s: ${JSON.stringify(records)}`);
      }
      await dialer.tick();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    expect(await farEnd.ended).toBe('we-hung-up');
    const [record] = await db.select().from(calls).where(eq(calls.taskId, taskId));
    expect(record).toMatchObject({ outcome: 'answered', status: 'connected', hungUpBy: 'callee' });
    // What the AI said and heard, on the record.
    expect(record!.conversation.map((line) => ({ speaker: line.speaker, text: line.text }))).toEqual([
      { speaker: 'ai', text: 'Hello, this is Lin from Acme.' },
      { speaker: 'customer', text: 'how much does it cost' },
      { speaker: 'ai', text: PRICE_ANSWER },
    ]);
    expect(llm.requests.at(-1)?.messages.at(-1)).toMatchObject({ role: 'user', content: 'how much does it cost' });

    // The far end heard the answer, recognised from what it received after its question.
    const asked = farEnd.spoke[0]!;
    const afterQuestion = speechPart(farEnd.heard().subarray(asked.heardAtEnd));
    expect(await recognise(speech.offlineAsr, afterQuestion, PRICE_PHRASES)).toContain('ten dollars a month');

    // The recording: both sides, stereo.
    const header = parseWavHeader(readFileSync(record!.recordingPath!));
    expect(header?.channels).toBe(2);
  }, 120_000);
});
