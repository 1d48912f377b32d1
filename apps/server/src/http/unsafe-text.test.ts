import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '@dialwise/contracts';
import { accessRequests, users } from '../db/schema.ts';
import { addUser, call, login, seedCompanies, useTestServer } from '../../test/helper.ts';

const server = useTestServer();
const EN = { 'accept-language': 'en-US' };
const NUL = 'bad\u0000name';
const LONE_SURROGATE = 'bad\uD83Dname';

describe('NUL and lone surrogates are refused with a 400 naming the field (issue 15 point 4)', () => {
  it.each([
    ['NUL', NUL],
    ['a lone surrogate', LONE_SURROGATE],
  ])('sign-in with %s in the user name', async (_what, username) => {
    const answer = await call(server, '/api/user/login', { body: { username, password: 'x', role: 'admin' }, headers: EN });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: ErrorCode.VALIDATION, message: expect.stringMatching(/^User name contains a character/) });
    expect(answer.body.data).toEqual({ fields: [{ path: 'username', message: expect.stringContaining('NUL') }] });
  });

  it.each([
    ['NUL', NUL],
    ['a lone surrogate', LONE_SURROGATE],
  ])('register and forgot-password with %s store nothing', async (_what, bad) => {
    const register = await call(server, '/api/user/register', {
      body: { companyName: bad, contactName: 'Ann', email: 'ann@x.test', phoneNumber: '13900000001' },
      headers: EN,
    });
    expect(register.body).toMatchObject({ code: ErrorCode.VALIDATION, message: expect.stringMatching(/^Company name contains/) });
    const forgot = await call(server, '/api/user/forgotPassword', { body: { username: 'alice', note: bad }, headers: EN });
    expect(forgot.body).toMatchObject({ code: ErrorCode.VALIDATION, message: expect.stringMatching(/^Note contains/) });
    expect(await server.database.db.select().from(accessRequests)).toHaveLength(0);
  });

  it('a create (accounts) and a list search answer 400 in the caller language; nothing is stored', async () => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'alice', 'ADMIN');
    const token = await login(server, 'alice', 'admin');
    const create = await call(server, '/api/accounts/create', {
      token,
      body: {
        username: 'newbie',
        alias: LONE_SURROGATE,
        email: 'n@x.test',
        phoneNumber: '13911112222',
        authLevel: 'OPR',
        password: 'Aa1!aaaa',
      },
      headers: { 'x-dialwise-locale': 'zh-CN' },
    });
    expect(create.body).toMatchObject({ code: ErrorCode.VALIDATION, message: expect.stringMatching(/包含不允许的字符/) });
    expect(await server.database.db.select().from(users).where(eq(users.username, 'newbie'))).toHaveLength(0);
    const search = await call(server, '/api/accounts/list', { token, body: { keyword: NUL }, headers: EN });
    expect(search.body).toMatchObject({ code: ErrorCode.VALIDATION, message: expect.stringMatching(/^Keyword contains/) });
    // The same search without the bad character works: the refusal is about the text, not the endpoint.
    expect((await call(server, '/api/accounts/list', { token, body: { keyword: 'ali' } })).body.code).toBe(200);
  });

  it('a query string is checked too (a %00 in a GET parameter)', async () => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'alice', 'ADMIN');
    const token = await login(server, 'alice', 'admin');
    const answer = await server.app.inject({
      method: 'GET',
      url: '/api/call-records/export?phone=13%00',
      headers: { authorization: `Bearer ${token}`, ...EN },
    });
    expect(answer.json()).toMatchObject({ code: ErrorCode.VALIDATION, message: expect.stringContaining('contains a character') });
  });
});
