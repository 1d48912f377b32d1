import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authEndpoints, LOCALE_HEADER, projectEndpoints, type Endpoint } from '@dialwise/contracts';
import { api, apiEnvelope, queryString, RequestFailure, setRequestEffects } from './client.ts';

const toasts: string[] = [];
const calls: { url: string; init: RequestInit }[] = [];
let answer: () => Promise<Response>;

beforeEach(() => {
  toasts.length = 0;
  calls.length = 0;
  setRequestEffects({
    locale: () => 'en-US',
    translate: (key) => key,
    toastError: (message) => toasts.push(message),
    confirmLogout: () => undefined,
    toSiteRoot: () => undefined,
    relogin: () => undefined,
  });
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  });
});
afterEach(() => vi.unstubAllGlobals());

const json =
  (body: unknown, status = 200) =>
  async () =>
    new Response(JSON.stringify(body), { status });
const envelope = (code: number, data: unknown = null, message = '') => ({ code, message, data, traceId: 't' });

describe('the request layer on fetch', () => {
  it('a POST sends its input as JSON with the language header and answers the envelope', async () => {
    answer = json(envelope(200, { ok: 1 }));
    const result = await apiEnvelope(authEndpoints.forgotPassword, { username: 'alice', reason: 'lost it' } as never);
    expect(result).toMatchObject({ code: 200, data: { ok: 1 } });
    expect(calls[0]!.url).toBe(authEndpoints.forgotPassword.path);
    expect(calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ username: 'alice', reason: 'lost it' });
    expect(calls[0]!.init.headers).toMatchObject({ 'Content-Type': 'application/json', [LOCALE_HEADER]: 'en-US' });
  });

  it('a GET sends its input as the query, as axios wrote it (arrays as key[], no empty values)', async () => {
    const get = { method: 'GET', path: '/x' } as unknown as Endpoint;
    answer = json(envelope(200, []));
    await api(get as never, { a: 1, b: undefined, c: null, d: ['x', 'y'], e: 'z w' } as never);
    expect(calls[0]!.url).toBe('/x?a=1&d%5B%5D=x&d%5B%5D=y&e=z+w');
    expect(calls[0]!.init.body).toBeUndefined();
    expect(queryString({})).toBe('');
  });

  it('a business refusal is toasted and rejected with its code and data, unless the caller asked for quiet', async () => {
    answer = json(envelope(404, { id: 'p' }, 'No such project'));
    const loud = await api(projectEndpoints.get, { id: 'p' } as never).catch((error: unknown) => error);
    expect(loud).toBeInstanceOf(RequestFailure);
    expect(loud).toMatchObject({ code: 404, message: 'No such project', data: { id: 'p' } });
    expect(toasts).toEqual(['No such project']);
    await expect(api(projectEndpoints.get, { id: 'p' } as never, { quiet: true })).rejects.toBeInstanceOf(RequestFailure);
    expect(toasts).toHaveLength(1);
  });

  it('HTTP 401 is "token expired"; a network failure or a timeout is "request error"', async () => {
    answer = json({}, 401);
    await expect(api(projectEndpoints.get, { id: 'p' } as never)).rejects.toMatchObject({ code: 401 });
    answer = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(api(projectEndpoints.get, { id: 'p' } as never)).rejects.toMatchObject({ code: null, message: 'Failed to fetch' });
    answer = () => new Promise<Response>(() => undefined);
    const stalled = calls.length;
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Promise<Response>((_resolve, reject) =>
        init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    });
    await expect(api(projectEndpoints.get, { id: 'p' } as never, { timeout: 20 })).rejects.toMatchObject({ code: null });
    expect(calls.length).toBe(stalled + 1);
    expect(toasts).toEqual(['request.tokenExpired', 'request.requestError', 'request.requestError']);
  });

  it("the caller's own cancel rejects with the abort and shows nothing", async () => {
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      return new Promise<Response>((_resolve, reject) =>
        init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    });
    const controller = new AbortController();
    const call = api(projectEndpoints.get, { id: 'p' } as never, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(toasts).toEqual([]);
  });
});
