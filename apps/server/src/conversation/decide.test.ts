import { randomUUID } from 'node:crypto';
import { scenarioDocumentSchema } from '@dialwise/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeLlm, type FakeReply, startFakeLlm } from '../../test/fake-llm.ts';
import { configureOutbound } from '../net/outbound-guard.ts';
import { Decider, type DecisionFailure } from './decide.ts';
import { History } from './history.ts';
import type { ConversationPlan, ProcessorPlan } from './plan.ts';

// The fake model listens on loopback, which the outbound guard refuses unless allowed: allowed here explicitly.
configureOutbound({ allowHosts: ['127.0.0.1'] });

let fake: FakeLlm | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

const judge = randomUUID();
const main = randomUUID();

/** A scenario whose routers are: a keyword → the hang-up tool; the judge's yes → the transfer; else the main stream, refereed. */
function plan(url: string): ConversationPlan {
  const referee: ProcessorPlan = {
    id: judge,
    alias: 'judge',
    type: 'referee',
    systemPrompt: 'You judge a call.',
    temperature: 0,
    topP: null,
    extra: {},
    endpoint: { url, calledName: 'fake', keyName: 'Authorization', apiKey: null },
  };
  return {
    scenario: scenarioDocumentSchema.parse({
      name: 'Decide',
      dialogAsr: { provider: 'seed', url: 'wss://asr.example.com/v1' },
      tts: { provider: 'seed', url: 'wss://tts.example.com/v1' },
      tools: [
        { kind: 'hangup', alias: 'bye', text: 'Goodbye.' },
        { kind: 'transfer', alias: 'human', successText: 'Connecting you.', failureText: 'Nobody is free.' },
      ],
      routers: [
        {
          name: 'Stop',
          conditions: [{ type: 'content', role: 'user', keywords: ['stop calling'] }],
          target: { kind: 'tool', toolAlias: 'bye' },
        },
        {
          name: 'Person',
          conditions: [{ type: 'dynamicLlm', role: 'user', processorId: judge, question: 'Does the customer want a person?' }],
          target: { kind: 'tool', toolAlias: 'human' },
        },
        { name: 'Talk', target: { kind: 'stream', mainId: main, refereeId: judge } },
      ],
    }),
    processors: new Map([[judge, referee]]),
    timeZone: 'UTC',
    language: 'en-US',
    advanced: { prologues: [] },
  };
}

async function decider(script: (asked: string) => FakeReply) {
  fake = await startFakeLlm((request) => script(request.messages.at(-1)!.content));
  const failures: DecisionFailure[] = [];
  let clock = 0;
  const decide = new Decider({
    plan: plan(fake.url),
    call: { prologueInfo: '', businessInfo: {} },
    now: () => clock++,
    wallClock: () => new Date('2026-11-29T06:00:00Z'),
    firstTokenTimeoutMs: 2000,
    failed: (failure) => failures.push(failure),
  });
  return { decide, failures };
}

function saying(text: string): History {
  const history = new History();
  history.add({ speaker: 'ai', text: 'Hello, this is Lin from Acme.', atMs: 0 });
  history.add({ speaker: 'customer', text, atMs: 2000 });
  return history;
}

describe('what the words lead to (decide.ts)', () => {
  it('a content router holds without a model request; the first router that holds acts', async () => {
    const { decide } = await decider(() => ({ kind: 'tokens', tokens: ['yes'] }));
    let requests = 0;
    const decision = await decide.decide(saying('Please stop calling me.'), () => requests++);
    expect(decision.routed?.router.name).toBe('Stop');
    expect(decision).toMatchObject({ verdict: 'answer', refereeMs: null });
    expect(requests).toBe(0);
    expect(fake!.requests).toHaveLength(0);
  });

  it("a dynamicLlm condition asks its question about the conversation, and a stream's referee gives the verdict", async () => {
    const asked: string[] = [];
    const { decide } = await decider((question) => {
      asked.push(question);
      if (/yes or no/.test(question)) return { kind: 'tokens', tokens: [/a person/.test(question) ? 'no' : 'yes'] };
      return { kind: 'tokens', tokens: ['HANGUP'] };
    });
    let requests = 0;
    const decision = await decide.decide(saying('That is all, thanks.'), () => requests++);
    // The judge said no to a person, so the conversation router acts, and its referee says to hang up.
    expect(decision.routed?.router.name).toBe('Talk');
    expect(decision.verdict).toBe('hangup');
    expect(decision.refereeMs).toEqual(expect.any(Number));
    expect(requests).toBe(2);
    expect(asked[0]).toContain('Question about the conversation above: Does the customer want a person?');
    expect(asked[1]).toContain('ANSWER (reply normally), HANGUP');
    // The referee read the conversation, with the processor's system prompt first.
    const messages = fake!.requests[0]!.messages;
    expect(messages[0]).toMatchObject({ role: 'system' });
    expect(messages[0]!.content).toContain('You judge a call.');
    expect(messages.some((m) => m.role === 'user' && m.content === 'That is all, thanks.')).toBe(true);
  });

  it('a failing model is reported and the decision goes on without it: no router from it, the answer as the verdict', async () => {
    const { decide, failures } = await decider(() => ({ kind: 'http', status: 503, body: '{"error":{"message":"overloaded"}}' }));
    const decision = await decide.decide(saying('Tell me more.'));
    expect(decision.routed?.router.name).toBe('Talk');
    expect(decision.verdict).toBe('answer');
    expect(failures.map((failure) => failure.stage)).toEqual(['condition', 'referee']);
    expect(failures[0]!.detail).toContain('overloaded');
  });
});
