import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, type Llm, type LlmTestResult } from '@dialwise/contracts';
import { call, useTestServer } from '../../../test/helper.ts';
import {
  GOOD_KEY,
  addLlm,
  addProcessor,
  llmInput,
  must,
  operationUsers,
  startFakeLlm,
  type FakeLlmServer,
} from '../../../test/operation.ts';
import { auditLog, llms } from '../../db/schema.ts';
import { chatCompletionsUrl } from '../../conversation/llm-client.ts';
import { configureOutbound } from '../../net/outbound-guard.ts';

// The fakes listen on loopback, which the outbound guard refuses unless allowed: allowed here explicitly.
configureOutbound({ allowHosts: ['127.0.0.1'] });

const server = useTestServer();
let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await startFakeLlm();
});
afterAll(async () => {
  await fake.close();
});

const en = { 'accept-language': 'en-US' };

async function runTest(token: string, id: string, extra: Record<string, unknown> = {}) {
  return must<LlmTestResult>(server, token, '/api/operation/llms/test', { id, ...extra });
}

describe('LLM catalogue', () => {
  it('DEV adds, lists, edits and deletes a model; every write is audited', async () => {
    const { dev } = await operationUsers(server);
    const id = await addLlm(server, dev, {
      vendor: 'DeepSeek',
      modelName: 'DeepSeek-V3',
      calledName: 'deepseek-chat',
      url: 'https://api.deepseek.com/v1',
    });
    await addLlm(server, dev, { vendor: 'OpenAI', modelType: 'embedding', modelName: 'Embedding 3', calledName: 'text-embedding-3-small' });
    const listed = await must<{ list: Llm[]; total: number }>(server, dev, '/api/operation/llms/list', { vendor: 'deepseek' });
    expect(listed.total).toBe(1);
    expect(listed.list[0]).toMatchObject({
      id,
      vendor: 'DeepSeek',
      calledName: 'deepseek-chat',
      hasApiKey: true,
      apiKeyMasked: '••••••••',
      updatedBy: 'devon',
      processorCount: 0,
    });
    expect((await must<{ total: number }>(server, dev, '/api/operation/llms/list', { modelType: 'embedding' })).total).toBe(1);
    expect((await must<{ total: number }>(server, dev, '/api/operation/llms/list', { keyword: 'deepseek-ch' })).total).toBe(1);
    expect(await must<string[]>(server, dev, '/api/operation/llms/vendors', {})).toEqual(['DeepSeek', 'OpenAI']);

    const edited = await must<Llm>(server, dev, '/api/operation/llms/update', {
      ...llmInput({
        vendor: 'DeepSeek',
        modelName: 'DeepSeek-V3.1',
        calledName: 'deepseek-chat',
        url: 'https://api.deepseek.com/v1',
        apiKey: '',
      }),
      id,
      version: 1,
    });
    expect(edited).toMatchObject({ modelName: 'DeepSeek-V3.1', hasApiKey: true });
    await must(server, dev, '/api/operation/llms/delete', { id });
    expect((await must<{ total: number }>(server, dev, '/api/operation/llms/list', {})).total).toBe(1);
    const entries = await server.database.db.select().from(auditLog).where(eq(auditLog.entity, 'llm'));
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'create', 'delete', 'update']);
    expect(entries.find((e) => e.action === 'update')!.changes).toMatchObject({ modelName: { from: 'DeepSeek-V3', to: 'DeepSeek-V3.1' } });
  });

  it('the API key is sealed at rest and never answered: not by create, list, update, options, nor in the audit log', async () => {
    const { dev } = await operationUsers(server);
    const secret = 'sk-THIS-MUST-NOT-LEAK-42';
    const created = await call(server, '/api/operation/llms/create', { token: dev, body: llmInput({ apiKey: secret }) });
    const id = (created.body.data as Llm).id;
    const answers = [
      created,
      await call(server, '/api/operation/llms/list', { token: dev, body: {} }),
      await call(server, '/api/operation/llms/options', { token: dev, body: {} }),
      await call(server, '/api/operation/llms/update', { token: dev, body: { ...llmInput({ apiKey: `${secret}-2` }), id, version: 1 } }),
      await call(server, '/api/audit/list', { token: dev, body: { entity: 'llm' } }),
    ];
    for (const answer of answers) {
      expect(answer.body.code).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain('THIS-MUST-NOT-LEAK');
      expect(JSON.stringify(answer.body)).not.toContain('v1:');
    }
    const [row] = await server.database.db.select().from(llms).where(eq(llms.id, id));
    expect(row!.apiKeySealed).toMatch(/^v1:/);
    expect(row!.apiKeySealed).not.toContain('LEAK');
    expect(server.app.secrets.open(row!.apiKeySealed!)).toBe(`${secret}-2`);
    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.entity, 'llm'));
    expect(JSON.stringify(audit)).not.toContain('LEAK');
    expect(audit.find((e) => e.action === 'update')!.changes).toMatchObject({ keyChanged: true });
  });

  it('a blank key on edit keeps the stored key; "remove the key" clears it', async () => {
    const { dev } = await operationUsers(server);
    const id = await addLlm(server, dev, { url: fake.base('ok') });
    await must(server, dev, '/api/operation/llms/update', { ...llmInput({ url: fake.base('ok'), apiKey: '' }), id, version: 1 });
    expect((await runTest(dev, id)).ok).toBe(true);
    const cleared = await must<Llm>(server, dev, '/api/operation/llms/update', {
      ...llmInput({ url: fake.base('ok'), apiKey: '' }),
      id,
      version: 1,
      clearApiKey: true,
    });
    expect(cleared).toMatchObject({ hasApiKey: false, apiKeyMasked: '' });
    const result = await runTest(dev, id);
    expect(result).toMatchObject({ ok: false, status: 401 });
    expect(fake.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('refuses an internal URL at save time, naming the field (issue 15 point 5); the operator list allows one', async () => {
    const { dev } = await operationUsers(server);
    for (const url of ['http://169.254.169.254/v1', 'http://10.0.0.5:8000/v1', 'http://[fd00:ec2::254]/v1']) {
      const refused = await call(server, '/api/operation/llms/create', { token: dev, body: llmInput({ url }), headers: en });
      expect(refused.body).toMatchObject({
        code: ErrorCode.VALIDATION,
        message: expect.stringMatching(/^URL points at an internal address/),
        // The field it belongs to, so the form marks it (with the same words) rather than only toasting them.
        data: { fields: [{ path: 'url', message: refused.body.message }] },
      });
    }
    const zh = await call(server, '/api/operation/llms/create', {
      token: dev,
      body: llmInput({ url: 'http://192.168.1.20/v1' }),
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.message).toMatch(/^URL指向内部地址/);
    expect(await server.database.db.select().from(llms)).toHaveLength(0);
    // This file allows 127.0.0.1 (its fakes listen there), so that one saves.
    expect(
      (await call(server, '/api/operation/llms/create', { token: dev, body: llmInput({ url: 'http://127.0.0.1:11434/v1' }) })).body.code,
    ).toBe(200);
  });

  it('validates the URL scheme and the key header name, naming the field', async () => {
    const { dev } = await operationUsers(server);
    const badUrl = await call(server, '/api/operation/llms/create', {
      token: dev,
      body: llmInput({ url: 'ftp://models.example' }),
      headers: en,
    });
    expect(badUrl.body).toMatchObject({ code: ErrorCode.VALIDATION, message: 'URL must be an http:// or https:// address' });
    const badHeader = await call(server, '/api/operation/llms/create', { token: dev, body: llmInput({ keyName: 'api key' }), headers: en });
    expect(badHeader.body.code).toBe(ErrorCode.VALIDATION);
    expect(badHeader.body.message).toContain('Key name (header) must be an HTTP header name');
    const missing = await call(server, '/api/operation/llms/create', {
      token: dev,
      body: { modelType: 'chat' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(missing.body.message).toContain('所属厂商不能为空');
  });

  it('refuses to delete a model a processor uses, naming the processor', async () => {
    const { dev } = await operationUsers(server);
    const id = await addLlm(server, dev);
    await addProcessor(server, dev, id, { alias: 'talker' });
    const refused = await call(server, '/api/operation/llms/delete', { token: dev, body: { id }, headers: en });
    expect(refused.body).toMatchObject({
      code: ErrorCode.CONFLICT,
      message: 'This model is used by the processors talker; point them at another model first',
    });
    expect((await must<{ list: Llm[] }>(server, dev, '/api/operation/llms/list', {})).list[0]!.processorCount).toBe(1);
  });

  it('unknown ids answer 404', async () => {
    const { dev } = await operationUsers(server);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const url of ['delete', 'test'])
      expect((await call(server, `/api/operation/llms/${url}`, { token: dev, body: { id } })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await call(server, '/api/operation/llms/update', { token: dev, body: { ...llmInput(), id, version: 1 } })).body.code).toBe(
      ErrorCode.NOT_FOUND,
    );
  });

  it('ADMIN and OPR get 403 from every LLM endpoint', async () => {
    const { admin, opr, dev } = await operationUsers(server);
    const id = await addLlm(server, dev);
    const bodies: Record<string, unknown> = {
      list: {},
      options: {},
      vendors: {},
      create: llmInput(),
      update: { ...llmInput(), id },
      delete: { id },
      test: { id },
    };
    for (const token of [admin, opr]) {
      for (const [verb, body] of Object.entries(bodies)) {
        const answer = await call(server, `/api/operation/llms/${verb}`, { token, body });
        expect(answer.body.code, verb).toBe(ErrorCode.FORBIDDEN);
      }
    }
    expect((await must<{ total: number }>(server, dev, '/api/operation/llms/list', {})).total).toBe(1);
  });
});

describe('the LLM test action (against a local OpenAI-compatible server)', () => {
  it('answers the reply and the latency; the key travels as "Authorization: Bearer <key>"', async () => {
    const { dev } = await operationUsers(server);
    const id = await addLlm(server, dev, { url: fake.base('ok'), calledName: 'qwen-turbo' });
    const result = await runTest(dev, id, { prompt: 'ping' });
    expect(result).toMatchObject({
      ok: true,
      reply: 'pong: ping',
      status: 200,
      error: null,
      failure: null,
      endpoint: `${fake.base('ok')}/chat/completions`,
    });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    const request = fake.requests.at(-1)!;
    expect(request.headers.authorization).toBe(`Bearer ${GOOD_KEY}`);
    expect(request.body).toMatchObject({ model: 'qwen-turbo', stream: false, messages: [{ role: 'user', content: 'ping' }] });
  });

  it('accepts the full …/chat/completions URL as well as the base, and another header for the bare key', async () => {
    const { dev } = await operationUsers(server);
    const id = await addLlm(server, dev, { url: `${fake.base('ok')}/chat/completions/`, keyName: 'api-key' });
    const result = await runTest(dev, id);
    expect(result.ok).toBe(true);
    expect(result.reply).toMatch(/^pong: /);
    expect(fake.requests.at(-1)!.headers['api-key']).toBe(GOOD_KEY);
    expect(fake.requests.at(-1)!.url).toBe('/ok/v1/chat/completions');
  });

  it("a wrong key: ok=false, status 401 and the provider's message", async () => {
    const { dev } = await operationUsers(server);
    const id = await addLlm(server, dev, { url: fake.base('ok'), apiKey: 'sk-wrong' });
    const result = await must<LlmTestResult>(server, dev, '/api/operation/llms/test', { id });
    expect(result).toMatchObject({ ok: false, status: 401, failure: 'http', reply: null });
    expect(result.error).toBe('The provider refused the key (HTTP 401): Incorrect API key provided');
    const zh = await call<LlmTestResult>(server, '/api/operation/llms/test', {
      token: dev,
      body: { id },
      headers: { 'x-dialwise-locale': 'zh-CN' },
    });
    expect(zh.body.data.error).toBe('服务商拒绝了该密钥（HTTP 401）：Incorrect API key provided');
  });

  it('a wrong URL: 404 with a hint to check the URL', async () => {
    const { dev } = await operationUsers(server);
    const id = await addLlm(server, dev, { url: fake.base('ok').replace('/v1', '/v2') });
    const result = await runTest(dev, id);
    expect(result).toMatchObject({ ok: false, status: 404, failure: 'http' });
    expect(result.error).toContain('Nothing answers at this URL (HTTP 404)');
  });

  it("a provider error (500) shows the provider's own message", async () => {
    const { dev } = await operationUsers(server);
    const id = await addLlm(server, dev, { url: fake.base('boom') });
    expect(await runTest(dev, id)).toMatchObject({
      ok: false,
      status: 500,
      error: 'The provider answered HTTP 500: The model is overloaded',
    });
  });

  it('a non-JSON answer says so and shows how it began', async () => {
    const { dev } = await operationUsers(server);
    const id = await addLlm(server, dev, { url: fake.base('html') });
    const result = await runTest(dev, id);
    expect(result).toMatchObject({ ok: false, status: 200, failure: 'badJson' });
    expect(result.error).toContain('The answer is not JSON (HTTP 200)');
    expect(result.error).toContain('Welcome to nginx!');
  });

  it('JSON without a reply is reported as such', async () => {
    const { dev } = await operationUsers(server);
    const id = await addLlm(server, dev, { url: fake.base('empty') });
    expect(await runTest(dev, id)).toMatchObject({ ok: false, failure: 'noReply', status: 200 });
  });

  it('a slow model times out at the given timeout', async () => {
    const { dev } = await operationUsers(server);
    const id = await addLlm(server, dev, { url: fake.base('slow') });
    const result = await runTest(dev, id, { timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, status: null, failure: 'timeout', error: 'No answer within 0.3 s (timeout)' });
    // The fake answers after 2 s: a 'timeout' proves the 0.3 s was applied, however late a loaded machine ran
    // its timer (an upper bound on the latency measured only that).
    expect(result.latencyMs).toBeGreaterThanOrEqual(250);
  });

  it('an unreachable server is a network failure', async () => {
    const { dev } = await operationUsers(server);
    const id = await addLlm(server, dev, { url: 'http://127.0.0.1:9/v1' });
    const result = await runTest(dev, id, { timeoutMs: 5000 });
    expect(result).toMatchObject({ ok: false, failure: 'network', status: null });
    expect(result.error).toMatch(/^The provider could not be reached: /);
  });

  it('only chat models are tested', async () => {
    const { dev } = await operationUsers(server);
    const id = await addLlm(server, dev, { modelType: 'embedding' });
    expect((await call(server, '/api/operation/llms/test', { token: dev, body: { id } })).body.code).toBe(ErrorCode.CONFLICT);
  });
});

describe('chat completions URL', () => {
  it.each([
    ['http://127.0.0.1:11434/v1', 'http://127.0.0.1:11434/v1/chat/completions'],
    ['https://api.openai.com/v1/', 'https://api.openai.com/v1/chat/completions'],
    ['https://api.deepseek.com', 'https://api.deepseek.com/chat/completions'],
    ['https://ark.example.com/api/v3/chat/completions', 'https://ark.example.com/api/v3/chat/completions'],
    [
      'https://x.example/openai/deployments/gpt/chat/completions?api-version=2024-06-01',
      'https://x.example/openai/deployments/gpt/chat/completions?api-version=2024-06-01',
    ],
    ['https://x.example/v1?key=1', 'https://x.example/v1/chat/completions?key=1'],
  ])('%s → %s', (url, expected) => {
    expect(chatCompletionsUrl(url)).toBe(expected);
  });
});
