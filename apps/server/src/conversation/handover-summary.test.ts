import { afterEach, describe, expect, it } from 'vitest';
import { type FakeLlm, type FakeLlmRequest, type FakeReply, startFakeLlm, tokens } from '../../test/fake-llm.ts';
import { configureOutbound } from '../net/outbound-guard.ts';
import { demoReply } from '../demo/demo-model.ts';
import { type HandoverFacts, conversationSummary, handoverMessages, handoverSummary } from './handover-summary.ts';
import type { ProcessorPlan } from './plan.ts';

// The fake model listens on loopback, which the outbound guard refuses unless allowed.
configureOutbound({ allowHosts: ['127.0.0.1'] });

let fake: FakeLlm | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

async function serve(script: (request: FakeLlmRequest) => FakeReply): Promise<ProcessorPlan> {
  fake = await startFakeLlm(script);
  return {
    id: 'analysis',
    alias: 'summary',
    type: 'analysis',
    systemPrompt: 'Summarise the finished call in two sentences and pick the tags.',
    temperature: 0.2,
    topP: null,
    extra: { max_tokens: 120 },
    endpoint: { url: fake.url, calledName: 'fake', keyName: 'Authorization', apiKey: null },
  };
}

function facts(language: HandoverFacts['language'] = 'en-US', extra: Partial<HandoverFacts> = {}): HandoverFacts {
  const zh = language === 'zh-CN';
  return {
    language,
    route: zh ? '要求人工' : 'Wants a person',
    toolAlias: 'to_agent',
    scenarioName: 'Renewal reminder',
    businessInfo: { name: 'Li Lei', plan: 'gold' },
    lines: [
      { speaker: 'ai', text: zh ? '您好，您的套餐月底到期。' : 'Hello, your plan expires at the end of the month.', atMs: 0 },
      { speaker: 'customer', text: zh ? '续费多少钱？' : 'How much is the renewal?', atMs: 3000 },
      { speaker: 'ai', text: zh ? '每月九十九元。' : 'It is 99 yuan a month.', atMs: 5000 },
      { speaker: 'customer', text: zh ? '太贵了，我要找人工。' : 'That is too much, let me talk to a real person.', atMs: 9000 },
    ],
    ...extra,
  };
}

describe("the transfer's handover note", () => {
  it("without a model it is the conversation's own note, ready at once: who, their request in their words, what came before, what acted", () => {
    const note = handoverSummary(facts(), undefined, {});
    expect(note).toBe(
      'The customer (Li Lei) asked for a person: "That is too much, let me talk to a real person." ' +
        'Before that they said: "How much is the renewal?" Router "Wants a person" fired the transfer tool "to_agent".',
    );
    expect(conversationSummary(facts('zh-CN'))).toBe(
      '客户（Li Lei）要求转人工：“太贵了，我要找人工。”此前客户说：“续费多少钱？”由路由“要求人工”触发转接工具“to_agent”。',
    );
    // No name among the business fields, nothing said before the request.
    expect(conversationSummary(facts('en-US', { businessInfo: {}, lines: [{ speaker: 'customer', text: 'Agent please', atMs: 0 }] }))).toBe(
      'The customer asked for a person: "Agent please". Router "Wants a person" fired the transfer tool "to_agent".',
    );
  });

  it("with the analysis processor its model writes the note, streamed; the request carries the call's facts and transcript", async () => {
    const processor = await serve(() => ({
      kind: 'tokens',
      tokens: tokens('"Li Lei finds the renewal too expensive at 99 yuan a month and wants a person to discuss the price."'),
      delayMs: 5,
    }));
    // Far past what the model needs on any machine: the timeout's path is the next test's.
    const note = handoverSummary(facts(), processor, { timeoutMs: 60_000 });
    expect(note).toBeInstanceOf(Promise);
    expect(await note).toBe('Li Lei finds the renewal too expensive at 99 yuan a month and wants a person to discuss the price.');
    const request = fake!.requests[0]!;
    expect(request.stream).toBe(true);
    expect(request.messages[0]!.content).toContain('why they asked for a person');
    expect(request.messages[0]!.content).toContain('Write in English');
    expect(request.messages[0]!.content).toContain('name: Li Lei');
    // The analysis prompt asks for JSON and tags: not what this asks, so not sent.
    expect(request.messages[0]!.content).not.toContain('pick the tags');
    expect(request.messages[1]!.content).toContain('Customer: That is too much, let me talk to a real person.');
    expect(request.messages[1]!.content).toContain('AI: It is 99 yuan a month.');
  });

  it("a model slower than the timeout gives way to the conversation's own note, in time, and says why", async () => {
    // The model never answers: the note can only come from the timeout (a wait for the model would hang here).
    const processor = await serve(() => ({ kind: 'stall' }));
    const failures: string[] = [];
    const note = await handoverSummary(facts(), processor, { timeoutMs: 300, onFailure: (f) => failures.push(f.failure) });
    expect(note).toBe(conversationSummary(facts()));
    expect(failures).toEqual(['timeout']);
  });

  it("a failing model, an empty answer or a call that ends first: the conversation's own note", async () => {
    const failing = await serve(() => ({ kind: 'http', status: 500, body: '{"error":{"message":"boom"}}' }));
    const failures: string[] = [];
    expect(await handoverSummary(facts('zh-CN'), failing, { onFailure: (f) => failures.push(f.failure) })).toBe(
      conversationSummary(facts('zh-CN')),
    );
    await fake!.close();
    const empty = await serve(() => ({ kind: 'tokens', tokens: ['  ', '""'] }));
    expect(await handoverSummary(facts(), empty, { onFailure: (f) => failures.push(f.failure) })).toBe(conversationSummary(facts()));
    await fake!.close();
    const slow = await serve(() => ({ kind: 'tokens', tokens: tokens('Never heard.'), firstDelayMs: 3000 }));
    const ended = new AbortController();
    const pending = handoverSummary(facts(), slow, { signal: ended.signal, onFailure: (f) => failures.push(f.failure) });
    ended.abort();
    expect(await pending).toBe(conversationSummary(facts()));
    expect(failures).toEqual(['http', 'noReply', 'aborted']);
  });

  it('a note that ends by quoting the customer keeps its closing quotation mark; quotes wrapped around the whole note go', async () => {
    for (const language of ['en-US', 'zh-CN'] as const) {
      const written = demoReply(handoverMessages(facts(language)).map((message) => ({ role: message.role, content: message.content })));
      const processor = await serve(() => ({ kind: 'tokens', tokens: tokens(written), delayMs: 1 }));
      const note = await handoverSummary(facts(language), processor, { timeoutMs: 60_000 });
      expect(note).toBe(written);
      expect(note).toMatch(language === 'en-US' ? /real person\."$/ : /找人工。”$/);
      await fake!.close();
      const wrapped = await serve(() => ({ kind: 'tokens', tokens: tokens(language === 'en-US' ? `"${written}"` : `“${written}”`) }));
      expect(await handoverSummary(facts(language), wrapped, { timeoutMs: 60_000 })).toBe(written);
      await fake!.close();
    }
    fake = null;
  });

  it('the demo model answers the request sensibly, in both languages', () => {
    const reply = (language: HandoverFacts['language']) =>
      demoReply(handoverMessages(facts(language)).map((message) => ({ role: message.role, content: message.content })));
    expect(reply('en-US')).toBe(
      'The customer, Li Lei, heard the renewal reminder and asked about the price. ' +
        'They want to speak to a person: "That is too much, let me talk to a real person."',
    );
    expect(reply('zh-CN')).toBe('客户Li Lei接到套餐续费提醒，问过价格。客户要求与人工客服通话：“太贵了，我要找人工。”');
  });
});
