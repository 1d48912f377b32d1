import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/helper.ts';
import { IMMUTABLE, REVALIDATE } from './console-files.ts';

/** A built console as Vite and our precompress step leave it: each file with its .br and .gz beside it. */
const outside = mkdtempSync(join(tmpdir(), 'dialwise-console-'));
const dist = join(outside, 'dist');
mkdirSync(join(dist, 'assets'), { recursive: true });
writeFileSync(join(outside, 'secret.txt'), 'not for the web');
const SCRIPT = `export const words = ${JSON.stringify('the console '.repeat(200))};\n`;
const PAGE = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head>${' '.repeat(500)}</html>`;
function built(path: string, content: string) {
  writeFileSync(join(dist, path), content);
  writeFileSync(join(dist, `${path}.br`), brotliCompressSync(content));
  writeFileSync(join(dist, `${path}.gz`), gzipSync(content));
}
built('assets/index-Ab12Cd34.js', SCRIPT);
built('index.html', PAGE);
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const server = useTestServer({ webDist: dist });
const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

describe('the built console: precompressed files and their caching', () => {
  it('a hashed script goes as brotli when the browser accepts it, with its type, length, Vary and a year of immutable caching', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'application/javascript; charset=utf-8',
      'cache-control': IMMUTABLE,
      vary: 'accept-encoding',
    });
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('gzip when brotli is not accepted (or refused with q=0)', async () => {
    for (const accepted of ['gzip, deflate', 'br;q=0, gzip']) {
      const response = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': accepted });
      expect(response.headers['content-encoding'], accepted).toBe('gzip');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
    }
  });

  it('the file itself when the browser accepts no compression we have, still marked Vary and immutable', async () => {
    const choices: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }];
    for (const headers of choices) {
      const response = await get('/assets/index-Ab12Cd34.js', headers);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['content-length']).toBe(String(Buffer.byteLength(SCRIPT)));
      expect(response.headers).toMatchObject({ vary: 'accept-encoding', 'cache-control': IMMUTABLE });
      expect(response.body).toBe(SCRIPT);
    }
  });

  it('index.html, at / and at any page path of the console, is compressed too and always revalidated', async () => {
    for (const url of ['/', '/index.html', '/dashboard/workplace', '/login?redirect=%2Fsystem%2Fdnc']) {
      const response = await get(url, { 'accept-encoding': 'gzip, br' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers, url).toMatchObject({
        'content-encoding': 'br',
        'content-type': 'text/html; charset=utf-8',
        'cache-control': REVALIDATE,
        vary: 'accept-encoding',
      });
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(PAGE);
    }
  });

  it('an unhashed file outside assets/ is revalidated, not kept for a year', async () => {
    const response = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(REVALIDATE);
    expect(response.headers['content-type']).toBe('image/svg+xml');
  });

  it('revalidation of index.html by its ETag answers 304 without a body, per encoding', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The gzip copy is another representation: the brotli copy's tag does not match it.
    const gzipped = await get('/', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers.etag).not.toBe(etag);
  });

  it('hashed files carry nosniff but not the document-only headers; the page carries them all', async () => {
    const script = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br' });
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    for (const header of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) {
      expect(script.headers[header], header).toBeUndefined();
    }
    const page = await get('/dashboard/workplace', { 'accept-encoding': 'br' });
    expect(page.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('a hashed file that does not exist is a 404, not the console page (a script of an older build)', async () => {
    const response = await get('/assets/index-Old00000.js', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('no path reaches a file outside the built console', async () => {
    for (const url of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%5csecret.txt',
      '/assets/index-Ab12Cd34.js/../../../secret.txt',
    ]) {
      const response = await get(url, { 'accept-encoding': 'identity' });
      expect(response.body, url).not.toContain('not for the web');
    }
  });
});
