import Fastify, { type FastifyInstance } from 'fastify';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoModelRoutes } from './demo-model-routes.ts';

let app: FastifyInstance;
let client: OpenAI;
let base: string;

beforeAll(async () => {
  app = Fastify();
  await app.register(demoModelRoutes, { prefix: '/api/demo-llm', pacing: { firstTokenMs: 5, tokenMs: 1 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  base = `http://127.0.0.1:${port}/api/demo-llm/v1`;
  client = new OpenAI({ baseURL: base, apiKey: 'not-needed', maxRetries: 0 });
});
afterAll(() => app.close());

const messages = [
  { role: 'system' as const, content: 'You are Lin, a renewal assistant of AcmeOutreach.' },
  { role: 'assistant' as const, content: 'Hello Li A. This is Lin from AcmeOutreach. Do you have a minute?' },
  { role: 'user' as const, content: 'How much does it cost?' },
];

describe('the demo model, through the official openai client', () => {
  it('answers a chat completion with id, created, model, usage and finish_reason', async () => {
    const before = Math.floor(Date.now() / 1000);
    const completion = await client.chat.completions.create({ model: 'dialwise-demo', messages });
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(completion.object).toBe('chat.completion');
    expect(completion.created).toBeGreaterThanOrEqual(before);
    expect(completion.model).toBe('dialwise-demo');
    expect(completion.choices[0]!.finish_reason).toBe('stop');
    expect(completion.choices[0]!.message.content).toMatch(/99 yuan/);
    const usage = completion.usage!;
    expect(usage.completion_tokens).toBeGreaterThan(0);
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
  });

  it('honours max_tokens (finish_reason length) and n', async () => {
    const cut = await client.chat.completions.create({ model: 'dialwise-demo', messages, max_tokens: 3, n: 2 });
    expect(cut.choices).toHaveLength(2);
    for (const choice of cut.choices) {
      expect(choice.finish_reason).toBe('length');
      expect(choice.message.content!.trim().split(/\s+/)).toHaveLength(3);
    }
    expect(cut.usage!.completion_tokens).toBe(6);
  });

  it('streams chunks whose last carries finish_reason, so the client can build the final completion', async () => {
    const stream = client.chat.completions.stream({ model: 'dialwise-demo', messages, stream_options: { include_usage: true } });
    const finishes: Array<string | null> = [];
    let text = '';
    for await (const chunk of stream) {
      for (const choice of chunk.choices) {
        finishes.push(choice.finish_reason);
        text += choice.delta.content ?? '';
      }
    }
    const final = await stream.finalChatCompletion();
    expect(final.choices[0]!.message.content).toBe(text);
    expect(final.choices[0]!.finish_reason).toBe('stop');
    expect(finishes.at(-1)).toBe('stop');
    expect(finishes.slice(0, -1).every((finish) => finish === null)).toBe(true);
    expect(final.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('lists its model', async () => {
    const models = await client.models.list();
    expect(models.data.map((model) => model.id)).toEqual(['dialwise-demo']);
    expect((await client.models.retrieve('dialwise-demo')).owned_by).toBe('dialwise');
  });

  it('refuses bad input with 400 and an OpenAI-style error body', async () => {
    const refused = await client.chat.completions.create({ model: 'dialwise-demo', messages: [] }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    expect((refused as InstanceType<typeof OpenAI.BadRequestError>).status).toBe(400);
    expect((refused as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('messages');
    const wrongRole = await client.chat.completions
      .create({ model: 'dialwise-demo', messages: [{ role: 'wizard', content: 'hi' } as never] })
      .catch((error: unknown) => error);
    expect(wrongRole).toBeInstanceOf(OpenAI.BadRequestError);
    const tooHot = await client.chat.completions
      .create({ model: 'dialwise-demo', messages, temperature: 7 })
      .catch((error: unknown) => error);
    expect(tooHot).toBeInstanceOf(OpenAI.BadRequestError);
    const response = await fetch(`${base}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"model": "x", "messages": [',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { message: expect.stringMatching(/JSON/), type: 'invalid_request_error', param: null, code: null },
    });
  });
});
