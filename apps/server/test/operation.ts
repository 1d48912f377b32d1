import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LlmInput, ProcessorForm, ScenarioDocumentInput } from '@dialwise/contracts';
import { addUser, call, login, seedCompanies, type TestServer } from './helper.ts';

/** The three roles of the operation area's tests: DEV (allowed), ADMIN and OPR (403 everywhere). */
export async function operationUsers(server: TestServer) {
  const seeded = await seedCompanies(server);
  await addUser(server, seeded.providerId, 'devon', 'DEV');
  await addUser(server, seeded.companyId, 'alice', 'ADMIN');
  await addUser(server, seeded.companyId, 'olga', 'OPR');
  return {
    ...seeded,
    dev: await login(server, 'devon', 'admin'),
    admin: await login(server, 'alice', 'admin'),
    opr: await login(server, 'olga', 'agent'),
  };
}

/** Calls as DEV and fails the test on anything but code 200. */
export async function must<T>(server: TestServer, token: string, url: string, body: unknown): Promise<T> {
  const answer = await call<T>(server, url, { token, body, headers: { 'accept-language': 'en-US' } });
  if (answer.body.code !== 200) throw new Error(`${url} answered ${answer.body.code}: ${answer.body.message}`);
  return answer.body.data;
}

export const llmInput = (extra: Partial<LlmInput> = {}): LlmInput => ({
  vendor: 'Qwen',
  modelType: 'chat',
  modelName: 'Qwen2.5 7B',
  calledName: 'qwen2.5:7b',
  url: 'http://127.0.0.1:9/v1',
  keyName: 'Authorization',
  apiKey: 'sk-local-secret-123',
  tag: 'test',
  ...extra,
});

export async function addLlm(server: TestServer, token: string, extra: Partial<LlmInput> = {}): Promise<string> {
  return (await must<{ id: string }>(server, token, '/api/operation/llms/create', llmInput(extra))).id;
}

export const processorInput = (llmId: string, extra: Partial<ProcessorForm> = {}): ProcessorForm => ({
  alias: 'main',
  type: 'stream',
  llmVendor: 'Qwen',
  llmId,
  systemPrompt: 'Be brief.',
  temperature: 0.7,
  ...extra,
});

export async function addProcessor(server: TestServer, token: string, llmId: string, extra: Partial<ProcessorForm> = {}): Promise<string> {
  return (await must<{ id: string }>(server, token, '/api/operation/processors/create', processorInput(llmId, extra))).id;
}

/** A processor of each type on one model: main and polish streams, a referee, an analysis and a filler. */
export async function addProcessorSet(server: TestServer, token: string) {
  const llmId = await addLlm(server, token);
  return {
    llmId,
    main: await addProcessor(server, token, llmId, { alias: 'main', type: 'stream' }),
    polish: await addProcessor(server, token, llmId, { alias: 'polish', type: 'stream' }),
    judge: await addProcessor(server, token, llmId, { alias: 'judge', type: 'referee', temperature: 0 }),
    summary: await addProcessor(server, token, llmId, { alias: 'summary', type: 'analysis' }),
    filler: await addProcessor(server, token, llmId, { alias: 'filler', type: 'filler' }),
  };
}

/** A complete scenario: two routers (to a transfer tool, to a multi-stream), a hang-up tool, a filler stream. */
export function scenarioDoc(
  p: { main: string; polish: string; judge: string; summary: string; filler: string },
  extra: Partial<ScenarioDocumentInput> = {},
): ScenarioDocumentInput {
  return {
    name: 'Renewal reminder',
    dialogAsr: { provider: 'seed', url: 'wss://asr.example.com/v1' },
    operatorAsr: { provider: 'ali', url: 'wss://asr.example.com/seat' },
    tts: { provider: 'minimax', url: 'https://tts.example.com' },
    silence: { enabled: true, timeoutSeconds: 6, maxPrompts: 1, prompts: ['Are you there?'], hangupText: 'Goodbye.' },
    interruption: { mode: 'speech', minSpeechMs: 400, keywords: [], protectPrologue: true },
    prologues: [{ text: 'Hello, this is Lin.', interruptible: false }],
    tools: [
      { kind: 'transfer', alias: 'to_agent', successText: 'Connecting you now.', failureText: 'All agents are busy.' },
      { kind: 'hangup', alias: 'bye', text: 'Goodbye.' },
    ],
    routers: [
      {
        name: 'Wants a person',
        match: 'any',
        conditions: [
          { type: 'content', role: 'user', keywords: ['human'], match: 'any' },
          { type: 'dynamicLlm', role: 'user', processorId: p.judge, question: 'Does the callee ask for a person?' },
        ],
        target: { kind: 'tool', toolAlias: 'to_agent' },
      },
      {
        name: 'Talk',
        match: 'all',
        conditions: [{ type: 'round', role: 'user', op: 'gte', value: 1 }],
        target: { kind: 'stream', refereeId: p.judge, mainId: p.main, rewriteId: p.polish },
      },
    ],
    callbacks: [{ url: 'https://crm.example.com/hook', events: ['ended', 'transferred'] }],
    tags: ['renewed', 'not_interested'],
    analysis: { processorId: p.summary },
    filler: { processorId: p.filler, intervalMs: 1500 },
    ...extra,
  };
}

export interface FakeLlmServer {
  /** Base URL of a path prefix, e.g. base('ok') → http://127.0.0.1:PORT/ok/v1 */
  base(kind: 'ok' | 'html' | 'slow' | 'empty' | 'boom'): string;
  requests: { url: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

/**
 * A small OpenAI-compatible chat completions server on 127.0.0.1 and a random port. Path prefixes pick
 * the behaviour: ok (answers, but 401 for a key other than GOOD_KEY), html (200 with a web page),
 * slow (answers after 2 s), empty (JSON without choices), boom (500 with an OpenAI-style error).
 */
export const GOOD_KEY = 'sk-local-secret-123';
export async function startFakeLlm(): Promise<FakeLlmServer> {
  const requests: FakeLlmServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw);
      } catch {
        /* the test asserts on what arrived */
      }
      requests.push({ url: req.url ?? '', headers: req.headers, body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const [, kind, ...rest] = (req.url ?? '').split('/');
      if (req.method !== 'POST' || rest.join('/') !== 'v1/chat/completions')
        return json(404, { error: { message: `no route ${req.method} ${req.url}` } });
      const presented = req.headers.authorization ?? req.headers['api-key'];
      if (kind === 'ok') {
        if (presented !== `Bearer ${GOOD_KEY}` && presented !== GOOD_KEY)
          return json(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
        const messages = body.messages as { content: string }[];
        return json(200, {
          id: 'c1',
          object: 'chat.completion',
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: `pong: ${messages.at(-1)?.content}` }, finish_reason: 'stop' }],
        });
      }
      if (kind === 'html') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<!doctype html><html><body>Welcome to nginx!</body></html>');
      }
      if (kind === 'slow') {
        setTimeout(() => json(200, { choices: [{ message: { content: 'late' } }] }), 2000);
        return;
      }
      if (kind === 'empty') return json(200, { choices: [] });
      return json(500, { error: { message: 'The model is overloaded' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    base: (kind) => `http://127.0.0.1:${port}/${kind}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
