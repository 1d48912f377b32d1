import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveNumber, UnresolvedNumber } from '../projects/resolve-number.ts';
import { chatCompletion } from '../conversation/llm-client.ts';
import { LlmStreamError, streamChat } from '../conversation/llm-stream.ts';
import {
  assertOutboundUrl,
  configureOutbound,
  followOwnServer,
  OutboundRefused,
  outboundFetch,
  outboundOptions,
} from './outbound-guard.ts';

/*
 * A loopback server plays every "internal" service: a decryption API, an LLM, and a public-looking host
 * that redirects inward. The guard is configured per test, as main.ts configures it per process.
 */
let server: Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    hits.push(request.url ?? '');
    if (request.url?.startsWith('/redirect')) {
      response.writeHead(302, { location: `http://127.0.0.1:${port}/secret` }).end();
      return;
    }
    if (request.url?.includes('chat/completions')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ choices: [{ message: { content: 'internal answer' } }] }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ phone: '13800000001' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  hits.length = 0;
  configureOutbound({});
});

const REFUSED_LITERALS = [
  'http://127.0.0.1:9/x',
  'http://127.5.6.7/x',
  'http://10.1.2.3/x',
  'http://172.16.0.1/x',
  'http://192.168.1.1/x',
  'http://100.64.0.1/x',
  'http://169.254.169.254/latest/meta-data/',
  'http://0.0.0.0:80/x',
  'http://[::1]/x',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://[fe80::1]/x',
  'http://[::ffff:127.0.0.1]/x',
  'http://[::ffff:a9fe:a9fe]/x',
];

describe('the outbound guard', () => {
  it.each(REFUSED_LITERALS)('refuses %s before connecting', async (url) => {
    await expect(outboundFetch(url)).rejects.toBeInstanceOf(OutboundRefused);
    expect(() => outboundOptions(url)).toThrow(OutboundRefused);
  });

  it('refuses a name that resolves to loopback (checked at connection time, in the lookup)', async () => {
    await expect(outboundFetch(`http://localhost:${port}/x`)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(assertOutboundUrl(`http://localhost:${port}/x`)).rejects.toBeInstanceOf(OutboundRefused);
    expect(hits).toEqual([]);
  });

  it('refuses a redirect to a private address even from an allowed host, and never reaches it', async () => {
    configureOutbound({ allowHosts: ['localhost'] });
    await expect(outboundFetch(`http://localhost:${port}/redirect`)).rejects.toBeInstanceOf(OutboundRefused);
    expect(hits).toEqual(['/redirect']);
  });

  it('refuses other schemes (file:, ftp:, gopher:)', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'gopher://example.com/']) {
      await expect(outboundFetch(url)).rejects.toBeInstanceOf(OutboundRefused);
    }
  });

  it('calls a host the operator allows (OUTBOUND_ALLOW_HOSTS: a name, an address or a range)', async () => {
    for (const allowHosts of [['127.0.0.1'], ['127.0.0.0/8'], ['LOCALHOST']]) {
      configureOutbound({ allowHosts });
      const host = allowHosts[0] === 'LOCALHOST' ? 'localhost' : '127.0.0.1';
      const response = await outboundFetch(`http://${host}:${port}/ok`, { method: 'POST', body: '{}' });
      expect(await response.json()).toEqual({ phone: '13800000001' });
    }
  });

  it('follows an allowed redirect and streams the answer like fetch', async () => {
    configureOutbound({ allowHosts: ['127.0.0.1'] });
    const response = await outboundFetch(`http://127.0.0.1:${port}/redirect`);
    expect(response.status).toBe(200);
    expect(hits).toEqual(['/redirect', '/secret']);
  });

  it("this server's own demo model is allowed by design — its port and the demo path only", async () => {
    configureOutbound({ ownServer: { port, pathPrefix: '/api/demo-llm/' } });
    expect((await outboundFetch(`http://127.0.0.1:${port}/api/demo-llm/v1/chat/completions`, { method: 'POST', body: '{}' })).status).toBe(
      200,
    );
    await expect(outboundFetch(`http://127.0.0.1:${port}/api/accounts/list`)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(outboundFetch(`http://127.0.0.1:${port + 1}/api/demo-llm/v1`)).rejects.toBeInstanceOf(OutboundRefused);
  });

  it("a demo model row written by an earlier start on another port still reaches this server's demo model", async () => {
    configureOutbound({ ownServer: { port, pathPrefix: '/api/demo-llm/' } });
    expect(followOwnServer(`http://127.0.0.1:${port + 11}/api/demo-llm/v1`)).toBe(`http://127.0.0.1:${port}/api/demo-llm/v1`);
    expect(followOwnServer(`http://localhost:4842/api/demo-llm/v1`)).toBe(`http://localhost:${port}/api/demo-llm/v1`);
    // Only loopback and only the demo path: anything else is left to the guard as it is.
    expect(followOwnServer('http://10.0.0.5:4842/api/demo-llm/v1')).toBe('http://10.0.0.5:4842/api/demo-llm/v1');
    expect(followOwnServer(`http://127.0.0.1:${port + 11}/api/accounts/list`)).toBe(`http://127.0.0.1:${port + 11}/api/accounts/list`);
    hits.length = 0;
    const answer = await chatCompletion(
      { url: `http://127.0.0.1:${port + 11}/api/demo-llm/v1`, calledName: 'dialwise-demo', keyName: 'Authorization', apiKey: null },
      { messages: [{ role: 'user', content: 'hi' }] },
      { timeoutMs: 2000 },
    );
    expect(answer).toMatchObject({ ok: true, reply: 'internal answer' });
    expect(hits).toEqual(['/api/demo-llm/v1/chat/completions']);
  });
});

describe('each kind of user-given URL goes through the guard', () => {
  const internal = () => [`http://127.0.0.1:${port}/decrypt`, 'http://192.168.0.10/decrypt', 'http://169.254.169.254/latest/'];

  it('a CUSTOM decryption URL (dialling and Reveal both resolve through resolveNumber): loopback, private, metadata, redirect', async () => {
    for (const url of [...internal(), `http://localhost:${port}/redirect`]) {
      if (url.includes('localhost')) configureOutbound({ allowHosts: ['localhost'] });
      const failure = await resolveNumber('token', 'CUSTOM', url).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(UnresolvedNumber);
      expect((failure as Error).message).toMatch(/refused to connect/);
    }
    expect(hits).toEqual(['/redirect']);
  });

  it('an LLM URL, plain and streaming (conversation, analysis, the test button): loopback, private, metadata, redirect', async () => {
    const request = { messages: [{ role: 'user' as const, content: 'hi' }] };
    for (const base of [
      `http://127.0.0.1:${port}/v1`,
      'http://10.0.0.7/v1',
      'http://169.254.169.254/v1',
      `http://localhost:${port}/redirect`,
    ]) {
      if (base.includes('localhost')) configureOutbound({ allowHosts: ['localhost'] });
      const endpoint = { url: base, keyName: 'Authorization', apiKey: null, calledName: 'm' };
      const plain = await chatCompletion(endpoint, request, { timeoutMs: 5_000 });
      expect(plain).toMatchObject({ ok: false, failure: 'network', detail: expect.stringMatching(/refused to connect|EOUTBOUND/) });
      const streamed = (async () => {
        for await (const _ of streamChat(endpoint, request, { firstTokenTimeoutMs: 5_000 })) void _;
      })();
      await expect(streamed).rejects.toBeInstanceOf(LlmStreamError);
    }
  });
});
