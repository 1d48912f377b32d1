import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveNumber } from './resolve-number.ts';
import { configureOutbound } from '../net/outbound-guard.ts';

// The fakes listen on loopback, which the outbound guard refuses unless allowed: allowed here explicitly.
configureOutbound({ allowHosts: ['127.0.0.1'] });

/** A customer's decryption API, as a real local HTTP server. */
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const { phone } = JSON.parse(body || '{}') as { phone?: string };
      if (request.url === '/broken') {
        response.writeHead(500).end('oops');
        return;
      }
      if (request.url === '/slow') {
        setTimeout(() => response.end('{}'), 500);
        return;
      }
      if (request.url === '/nested') {
        response.end(JSON.stringify({ data: { phone: `+86${phone}` } }));
        return;
      }
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(phone === 'tok-1' ? { phone: '13800000001' } : { error: 'unknown' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('resolving the number to dial', () => {
  it('dials PLAIN_TEXT and MD5 as stored, decodes HEX', async () => {
    expect(await resolveNumber('13800000001', 'PLAIN_TEXT', null)).toBe('13800000001');
    expect(await resolveNumber('0cc175b9c0f1b6a831c399e269772661', 'MD5', null)).toBe('0cc175b9c0f1b6a831c399e269772661');
    expect(await resolveNumber(Buffer.from('+8613800000001').toString('hex'), 'HEX', null)).toBe('+8613800000001');
  });
  it("asks the project's API for a CUSTOM token, flat or nested answer", async () => {
    expect(await resolveNumber('tok-1', 'CUSTOM', `${base}/decrypt`)).toBe('13800000001');
    expect(await resolveNumber('13800000002', 'CUSTOM', `${base}/nested`)).toBe('+8613800000002');
  });
  it('fails with the reason when the API is missing, down, slow or says nothing useful', async () => {
    await expect(resolveNumber('tok', 'CUSTOM', null)).rejects.toThrow('no decryption API URL');
    await expect(resolveNumber('tok', 'CUSTOM', `${base}/broken`)).rejects.toThrow('HTTP 500');
    await expect(resolveNumber('tok', 'CUSTOM', `${base}/slow`, { timeoutMs: 100 })).rejects.toThrow('timed out');
    await expect(resolveNumber('tok-9', 'CUSTOM', `${base}/decrypt`)).rejects.toThrow('gave no phone number');
    await expect(resolveNumber('tok', 'CUSTOM', 'http://127.0.0.1:1/x')).rejects.toThrow('unreachable');
  });
});
