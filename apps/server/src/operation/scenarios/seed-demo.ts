import { processorIdsOf, scenarioDocumentSchema, type ScenarioDocumentInput } from '@dialwise/contracts';
import type { Tx } from '../../db/client.ts';
import { llms, processors, scenarios, scenarioVersions } from '../../db/schema.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';

export interface ScenarioDemoIds {
  /** The DEV account that "created" the demo catalogue. */
  devUserId: string;
  secrets: SecretBox;
  /** Where the demo model answers: this server's /api/demo-llm/v1. */
  demoModelUrl: string;
}

export interface ScenarioDemo {
  llmId: string;
  processorIds: Record<string, string>;
  scenarioId: string;
}

/**
 * The operation area's demo catalogue: one model on a local OpenAI-compatible server (Ollama's default
 * address; the key is a placeholder, sealed like a real one), a processor of each type, and the complete
 * "Renewal reminder" scenario: two routers (a request for a person goes to the transfer tool; every
 * other turn goes to the referee → main stream), a transfer and a hang-up tool, and a filler stream. Granting it to the customer is the companies area's business.
 */
export async function seedScenariosDemo(tx: Tx, ids: ScenarioDemoIds): Promise<ScenarioDemo> {
  const by = { createdBy: ids.devUserId, updatedBy: ids.devUserId };
  // The demo company's processors call the demo model our own server serves (scripted, no key): the demo converses offline.
  const [demoModel] = await tx
    .insert(llms)
    .values({
      vendor: 'Dialwise',
      modelType: 'chat',
      modelName: 'Demo model (local, scripted)',
      calledName: 'dialwise-demo',
      tag: 'demo',
      url: ids.demoModelUrl,
      keyName: 'Authorization',
      apiKeySealed: null,
      ...by,
    })
    .returning({ id: llms.id });
  await tx.insert(llms).values({
    vendor: 'Qwen',
    modelType: 'chat',
    modelName: 'Qwen2.5 7B Instruct',
    calledName: 'qwen2.5:7b-instruct',
    tag: 'demo',
    url: 'http://127.0.0.1:11434/v1',
    keyName: 'Authorization',
    apiKeySealed: ids.secrets.seal('demo-placeholder-key'),
    ...by,
  });

  const define = [
    {
      alias: 'main',
      type: 'stream',
      temperature: 0.7,
      systemPrompt:
        'You are Lin, a friendly renewal assistant of AcmeOutreach. Remind the customer that their plan expires soon, answer questions briefly (one or two sentences), and offer to renew. Never invent prices.',
    },
    {
      alias: 'polish',
      type: 'stream',
      temperature: 0.3,
      systemPrompt:
        'Rewrite the assistant reply so it sounds natural when spoken aloud: short sentences, no lists, no emojis. Keep the meaning.',
    },
    {
      alias: 'judge',
      type: 'referee',
      temperature: 0,
      systemPrompt:
        'You judge a phone conversation. Answer only "yes" or "no" to the question you are given about the conversation so far.',
    },
    {
      alias: 'summary',
      type: 'analysis',
      temperature: 0.2,
      systemPrompt: 'Summarise the finished call in two sentences and pick the tags that apply from the list you are given.',
    },
    {
      alias: 'filler',
      type: 'filler',
      temperature: 0.9,
      systemPrompt: 'Say one very short natural filler such as "Let me check that for you." Vary it.',
    },
  ] as const;
  const rows = await tx
    .insert(processors)
    .values(
      define.map((p) => ({
        ...p,
        state: 'valid' as const,
        isPublic: p.type === 'filler',
        llmId: demoModel!.id,
        extraOptions: p.type === 'stream' ? { max_tokens: 256 } : {},
        ...by,
      })),
    )
    .returning({ id: processors.id, alias: processors.alias });
  const id = Object.fromEntries(rows.map((r) => [r.alias, r.id])) as Record<(typeof define)[number]['alias'], string>;

  const input: ScenarioDocumentInput = {
    name: 'Renewal reminder',
    // The built-in engines: the demo speaks and listens with no vendor account (docs/speech.md).
    dialogAsr: { provider: 'offline', url: '' },
    operatorAsr: null,
    tts: { provider: 'offline', url: '' },
    silence: {
      enabled: true,
      timeoutSeconds: 6,
      maxPrompts: 2,
      prompts: ['Hello, are you still there?', 'Sorry, I cannot hear you. Can you hear me?'],
      hangupText: 'I will call you back later. Goodbye.',
    },
    interruption: { mode: 'speech', minSpeechMs: 500, keywords: [], protectPrologue: true },
    prologues: [
      { text: 'Hello, this is Lin from AcmeOutreach.', interruptible: false },
      { text: 'Your plan expires at the end of this month. Do you have a minute to talk about renewing it?', interruptible: true },
    ],
    tools: [
      {
        kind: 'transfer',
        alias: 'to_agent',
        successText: 'Let me connect you with a colleague now.',
        failureText: 'Sorry, all colleagues are busy. We will call you back soon.',
      },
      { kind: 'hangup', alias: 'goodbye', text: 'Thank you for your time. Goodbye.' },
    ],
    routers: [
      {
        name: 'Wants a person',
        match: 'any',
        conditions: [
          { type: 'content', role: 'user', keywords: ['human', 'agent', 'person', '人工'], match: 'any' },
          { type: 'dynamicLlm', role: 'user', processorId: id.judge, question: 'Does the customer ask to speak to a human?' },
        ],
        target: { kind: 'tool', toolAlias: 'to_agent' },
      },
      {
        name: 'Conversation',
        match: 'all',
        conditions: [{ type: 'round', role: 'user', op: 'gte', value: 1 }],
        // The fast path: the main stream straight to speech. A rewrite (the "polish" processor is in the
        // catalogue to try it) is one more model request before each sentence is heard (docs/conversation.md).
        target: { kind: 'stream', refereeId: id.judge, mainId: id.main, rewriteId: null },
      },
    ],
    callbacks: [],
    tags: ['renewed', 'not_interested', 'call_back_later'],
    analysis: { processorId: id.summary },
    filler: { processorId: id.filler, intervalMs: 1500 },
  };
  const document = scenarioDocumentSchema.parse(input);
  const [scenario] = await tx
    .insert(scenarios)
    .values({ name: document.name, currentVersion: 1, ...by })
    .returning({ id: scenarios.id });
  await tx
    .insert(scenarioVersions)
    .values({ scenarioId: scenario!.id, version: 1, document, processorIds: processorIdsOf(document), createdBy: ids.devUserId });
  return { llmId: demoModel!.id, processorIds: id, scenarioId: scenario!.id };
}
