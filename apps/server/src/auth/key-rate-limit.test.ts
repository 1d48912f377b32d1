import { describe, expect, it } from 'vitest';
import { ErrorCode, type ApiKeyCreated } from '@dialwise/contracts';
import { addUser, call, login, seedCompanies, useTestServer } from '../../test/helper.ts';
import { KeyRateLimit } from './key-rate-limit.ts';

const server = useTestServer({ apiKeyRateLimit: 3 });

describe('the rate limit per API key', () => {
  it('answers HTTP 429 with Retry-After past the limit, counts each key apart, and leaves sessions alone', async () => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'boss', 'ADMIN');
    const boss = await login(server, 'boss', 'admin');
    const create = async (name: string) =>
      (await call<ApiKeyCreated>(server, '/api/api-keys/create', { token: boss, body: { name, scope: 'read' } })).body.data.key;
    const [first, second] = [await create('one'), await create('two')];
    const options = (token: string) => call(server, '/api/tasks/options', { token, body: {}, headers: { 'accept-language': 'en-US' } });

    for (let i = 0; i < 3; i += 1) expect((await options(first)).body.code).toBe(200);
    const refused = await options(first);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(ErrorCode.RATE_LIMITED);
    expect(refused.body.message).toMatch(/^Too many requests with this API key; try again in \d+ s$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    expect((await options(second)).body.code).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await options(boss)).body.code).toBe(200);

    server.clock.advance(60_000);
    expect((await options(first)).body.code).toBe(200);
  });

  it('counts fixed one-minute windows and says how long is left', () => {
    const limit = new KeyRateLimit(2);
    expect([limit.take('k', 0), limit.take('k', 1_000), limit.take('k', 20_000)]).toEqual([0, 0, 40]);
    expect(limit.take('other', 20_000)).toBe(0);
    expect(limit.take('k', 60_000)).toBe(0);
  });
});
