import { afterEach, describe, expect, it } from 'vitest';
import { type FakeLlm, type FakeReply, startFakeLlm, tokens } from '../../test/fake-llm.ts';
import { LlmStreamError, streamChat } from './llm-stream.ts';
import { configureOutbound } from '../net/outbound-guard.ts';

// The fakes listen on loopback, which the outbound guard refuses unless allowed: allowed here explicitly.
configureOutbound({ allowHosts: ['127.0.0.1'] });

let fake: FakeLlm | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

async function serve(reply: FakeReply) {
  fake = await startFakeLlm(() => reply);
  return { url: fake.url, calledName: 'fake-model', keyName: 'Authorization', apiKey: 'sk-test' };
}

const ask = { messages: [{ role: 'user' as const, content: 'Hi' }] };

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const token of iterable) out.push(token);
  return out;
}

async function failureOf(iterable: AsyncIterable<string>): Promise<LlmStreamError> {
  try {
    await collect(iterable);
  } catch (error) {
    if (error instanceof LlmStreamError) return error;
    throw error;
  }
  throw new Error('the stream did not fail');
}

describe('streaming chat completions (SSE)', () => {
  it('yields the answer token by token and sends model, messages, stream: true and the key', async () => {
    const endpoint = await serve({ kind: 'tokens', tokens: tokens('Hello there. How can I help?') });
    expect((await collect(streamChat(endpoint, ask, { firstTokenTimeoutMs: 2000 }))).join('')).toBe('Hello there. How can I help?');
    expect(fake!.requests[0]).toMatchObject({ model: 'fake-model', stream: true, messages: [{ role: 'user', content: 'Hi' }] });
    expect(fake!.requests[0]!.headers.authorization).toBe('Bearer sk-test');
  });

  it('an abort cancels the HTTP request at once and ends the iteration without an error', async () => {
    const endpoint = await serve({ kind: 'tokens', tokens: tokens('one two three four five six seven eight'), delayMs: 50 });
    const abort = new AbortController();
    const seen: string[] = [];
    for await (const token of streamChat(endpoint, ask, { firstTokenTimeoutMs: 2000, signal: abort.signal })) {
      seen.push(token);
      if (seen.length === 2) abort.abort();
    }
    expect(seen).toHaveLength(2);
    await expect.poll(() => fake!.cancelled).toBe(1);
  });

  it.each<[string, FakeReply, string]>([
    ['an HTTP error, with the provider message', { kind: 'http', status: 429, body: '{"error":{"message":"rate limited"}}' }, 'http'],
    ['a malformed chunk', { kind: 'malformed' }, 'badJson'],
    ['a stream with no text', { kind: 'empty' }, 'noReply'],
    ['no first token in time', { kind: 'tokens', tokens: ['late'], firstDelayMs: 1000 }, 'timeout'],
    ['a stream that stalls', { kind: 'stall', tokens: ['Hello'] }, 'timeout'],
  ])('fails with a typed error on %s', async (_name, reply, failure) => {
    const endpoint = await serve(reply);
    const error = await failureOf(streamChat(endpoint, ask, { firstTokenTimeoutMs: 300, idleTimeoutMs: 300 }));
    expect(error.failure).toBe(failure);
    if (failure === 'http') expect(error).toMatchObject({ status: 429, detail: 'rate limited' });
  });

  it('a refused connection is a network failure', async () => {
    const endpoint = await serve({ kind: 'empty' });
    await fake!.close();
    fake = null;
    expect((await failureOf(streamChat(endpoint, ask, { firstTokenTimeoutMs: 1000 }))).failure).toBe('network');
  });
});
