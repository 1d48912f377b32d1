import { type ScenarioDocumentInput, scenarioDocumentSchema } from '@dialwise/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { insertCall, projectWithTask } from '../../test/call-fixtures.ts';
import { type FakeLlm, type FakeReply, startFakeLlm } from '../../test/fake-llm.ts';
import { seedCompanies, useTestServer } from '../../test/helper.ts';
import { userWithSession } from '../../test/task-fixtures.ts';
import { calls, llms, processors, scenarioVersions, tasks } from '../db/schema.ts';
import { analyzeCall, analyzePendingCalls } from './analyze-call.ts';
import { configureOutbound } from '../net/outbound-guard.ts';

// The fakes listen on loopback, which the outbound guard refuses unless allowed: allowed here explicitly.
configureOutbound({ allowHosts: ['127.0.0.1'] });

const server = useTestServer();
let fake: FakeLlm | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

/** A task pinned to a scenario version with an analysis processor on the fake model, and a finished call of it waiting for analysis. */
async function pendingCall(reply: FakeReply | (() => FakeReply)) {
  fake = await startFakeLlm(typeof reply === 'function' ? reply : () => reply);
  const db = server.database.db;
  const { companyId } = await seedCompanies(server);
  const token = await userWithSession(server, companyId, `boss${Math.random().toString(36).slice(2, 7)}`, 'ADMIN');
  const { projectId, taskId, lineId, catalogue } = await projectWithTask(
    server,
    token,
    companyId,
    `An${Math.random().toString(36).slice(2, 6)}`,
  );
  const [llm] = await db
    .insert(llms)
    .values({ vendor: 'Fake', modelType: 'chat', modelName: 'fake', calledName: 'fake', url: fake.url })
    .returning();
  const [analysis] = await db
    .insert(processors)
    .values({ alias: `an${Math.random().toString(36).slice(2, 7)}`, type: 'analysis', llmId: llm!.id, systemPrompt: 'Summarise the call.' })
    .returning();
  const input: ScenarioDocumentInput = {
    name: 'Analysed',
    dialogAsr: { provider: 'seed', url: 'wss://asr.example.com/v1' },
    tts: { provider: 'seed', url: 'wss://tts.example.com/v1' },
    tags: ['renewed', 'not_interested'],
    analysis: { processorId: analysis!.id },
  };
  await db
    .insert(scenarioVersions)
    .values({ scenarioId: catalogue.scenarioId, version: 1, document: scenarioDocumentSchema.parse(input), processorIds: [analysis!.id] });
  await db.update(tasks).set({ scenarioVersion: 1 }).where(eq(tasks.id, taskId));
  const callId = await insertCall(
    server,
    { companyId, projectId, taskId, lineId },
    {
      analysisState: 'pending',
      conversation: [
        { speaker: 'ai', text: 'Your plan expires soon. Shall I renew it?', atMs: 0 },
        { speaker: 'customer', text: 'Yes please.', atMs: 3000 },
      ],
    },
  );
  return callId;
}

async function row(callId: string) {
  return (await server.database.db.select().from(calls).where(eq(calls.id, callId)))[0]!;
}

describe('the analysis stream after a call', () => {
  it('sets the summary and only the tags the scenario allows, from the conversation', async () => {
    const callId = await pendingCall({ kind: 'tokens', tokens: ['{"tags": ["renewed", "vip"], ', '"summary": "The customer renewed."}'] });
    await analyzeCall(server.database.db, server.app.secrets, callId);
    expect(await row(callId)).toMatchObject({ analysisState: 'done', summary: 'The customer renewed.', tags: ['renewed'] });
    const asked = fake!.requests[0]!.messages.at(-1)!.content;
    expect(asked).toContain('Customer: Yes please.');
    expect(asked).toContain('Allowed tags: renewed, not_interested');
  });

  it('an answer that is not the JSON asked for marks the analysis failed, saying why, and sets no tags', async () => {
    const callId = await pendingCall({ kind: 'tokens', tokens: ['The customer renewed, I think.'] });
    await analyzeCall(server.database.db, server.app.secrets, callId);
    expect(await row(callId)).toMatchObject({ analysisState: 'failed', tags: [], summary: null });
    expect((await row(callId)).analysisDetail).toContain('not the JSON asked for');
  });

  it('a model error marks it failed with the provider message', async () => {
    const callId = await pendingCall({ kind: 'http', status: 503, body: '{"error":{"message":"overloaded"}}' });
    await analyzeCall(server.database.db, server.app.secrets, callId);
    expect(await row(callId)).toMatchObject({ analysisState: 'failed' });
    expect((await row(callId)).analysisDetail).toContain('overloaded');
  });

  it('a model that cannot be reached while the process stops leaves the call pending for the next start, not failed for good', async () => {
    let stopping = true;
    const callId = await pendingCall(() =>
      stopping
        ? { kind: 'http', status: 503, body: '{"error":{"message":"shutting down"}}' }
        : { kind: 'tokens', tokens: ['{"tags": [], "summary": "Cut by a restart."}'] },
    );
    expect(await analyzeCall(server.database.db, server.app.secrets, callId, { stopping: () => true })).toBe(false);
    expect(await row(callId)).toMatchObject({ analysisState: 'pending', analysisDetail: null });
    // The next start: the model answers, the call is analysed (the dialer then sends analysisDone).
    stopping = false;
    const done: string[] = [];
    await analyzePendingCalls(server.database.db, server.app.secrets, async (id) => done.push(id));
    expect(await row(callId)).toMatchObject({ analysisState: 'done', summary: 'Cut by a restart.' });
    expect(done).toContain(callId);
  });

  it('calls left pending by a stopped process are analysed at the next start', async () => {
    const callId = await pendingCall({ kind: 'tokens', tokens: ['{"tags": ["not_interested"], "summary": "No."}'] });
    expect(await analyzePendingCalls(server.database.db, server.app.secrets)).toBeGreaterThanOrEqual(1);
    expect(await row(callId)).toMatchObject({ analysisState: 'done', tags: ['not_interested'] });
  });
});
