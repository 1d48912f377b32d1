import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_COOKIE, ErrorCode, LOGIN_THROTTLE, SESSION_TTL } from '@dialwise/contracts';
import { addUser, call, login, PASSWORD, seedCompanies, useTestServer } from '../../test/helper.ts';
import { companies, sessions, users } from '../db/schema.ts';

const server = useTestServer();

describe('sign-in', () => {
  it('signs in by user name, sets the Authorization cookie and returns the user fields the console shows and its version', async () => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'alice', 'ADMIN', { email: 'alice@x.test', phoneNumber: '13900000001' });
    const answer = await call<{ token: string; user: Record<string, unknown> }>(server, '/api/user/login', {
      body: { username: 'alice', password: PASSWORD, role: 'admin' },
    });
    expect(answer.body.code).toBe(200);
    expect(answer.body.data.token).toMatch(/^[\w-]{43}$/);
    expect(answer.cookies.find((c) => c.name === AUTH_COOKIE)?.value).toBe(answer.body.data.token);
    expect(Object.keys(answer.body.data.user).sort()).toEqual([
      'alias',
      'authLevel',
      'createTime',
      'customerID',
      'email',
      'features',
      'id',
      'phoneNumber',
      'timeZone',
      'userID',
      'username',
      // Not a shown field: the account's edit version, which the self-info form sends back (docs/security.md).
      'version',
    ]);
    expect(answer.body.data.user).toMatchObject({ username: 'alice', authLevel: 'ADMIN', customerID: companyId });
  });

  it("tells the console its company's time zone and enabled features, at sign-in and from getSelfInfo", async () => {
    const { companyId } = await seedCompanies(server);
    await server.database.db
      .update(companies)
      .set({ timezone: 'America/New_York', permissions: { numberReveal: false, maxConcurrency: 5, features: ['csvExport'] } })
      .where(eq(companies.id, companyId));
    await addUser(server, companyId, 'alice', 'ADMIN');
    const signedIn = await call<{ token: string; user: { timeZone: string; features: string[] } }>(server, '/api/user/login', {
      body: { username: 'alice', password: PASSWORD, role: 'admin' },
    });
    expect(signedIn.body.data.user).toMatchObject({ timeZone: 'America/New_York', features: ['csvExport'] });
    const self = await call<{ timeZone: string; features: string[] }>(server, '/api/user/getSelfInfo', { token: signedIn.body.data.token });
    expect(self.body.data).toMatchObject({ timeZone: 'America/New_York', features: ['csvExport'] });
    // A second browser is told when the other session began, and in which zone to show it.
    const elsewhere = await call<{ timeZone: string }>(server, '/api/user/login', {
      body: { username: 'alice', password: PASSWORD, role: 'admin' },
    });
    expect(elsewhere.body.code).toBe(ErrorCode.PASS_THROUGH);
    expect(elsewhere.body.data.timeZone).toBe('America/New_York');
  });

  it('accepts the phone number in place of the user name', async () => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'olga', 'OPR', { phoneNumber: '13900000009' });
    expect(
      (await call(server, '/api/user/login', { body: { username: '13900000009', password: PASSWORD, role: 'agent' } })).body.code,
    ).toBe(200);
  });

  it('stores only a hash of the session token and an argon2id hash of the password', async () => {
    const { companyId } = await seedCompanies(server);
    const user = await addUser(server, companyId, 'alice', 'ADMIN');
    const token = await login(server, 'alice', 'admin');
    const [session] = await server.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session!.tokenHash).not.toContain(token);
    expect(session!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers one message for a wrong password and for an unknown user', async () => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'alice', 'ADMIN');
    const wrong = await call(server, '/api/user/login', { body: { username: 'alice', password: 'nope', role: 'admin' } });
    const unknown = await call(server, '/api/user/login', { body: { username: 'nobody', password: 'nope', role: 'admin' } });
    expect(wrong.body.code).toBe(ErrorCode.BAD_CREDENTIALS);
    expect(unknown.body.code).toBe(ErrorCode.BAD_CREDENTIALS);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it.each([
    ['ADMIN', 'admin', 200],
    ['DEV', 'admin', 200],
    ['OPR', 'admin', ErrorCode.ROLE_MISMATCH],
    ['ADMIN', 'agent', ErrorCode.ROLE_MISMATCH],
    ['DEV', 'agent', ErrorCode.ROLE_MISMATCH],
    ['OPR', 'agent', 200],
  ] as const)('a %s account choosing "%s" gets code %i', async (role, choice, code) => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'user1', role);
    expect((await call(server, '/api/user/login', { body: { username: 'user1', password: PASSWORD, role: choice } })).body.code).toBe(code);
  });

  it('refuses a disabled account and an account of a deleted company', async () => {
    const { companyId, otherCompanyId } = await seedCompanies(server);
    await addUser(server, companyId, 'dora', 'ADMIN', { status: 'disabled' });
    await addUser(server, otherCompanyId, 'gus', 'ADMIN');
    await server.database.db.update(companies).set({ state: 'deleted' }).where(eq(companies.id, otherCompanyId));
    expect((await call(server, '/api/user/login', { body: { username: 'dora', password: PASSWORD, role: 'admin' } })).body.code).toBe(
      ErrorCode.ACCOUNT_DISABLED,
    );
    expect((await call(server, '/api/user/login', { body: { username: 'gus', password: PASSWORD, role: 'admin' } })).body.code).toBe(
      ErrorCode.ACCOUNT_DISABLED,
    );
  });
});

describe('one live session per user', () => {
  it('answers 451 "signed in elsewhere" to a second sign-in, with when and from what', async () => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'alice', 'ADMIN');
    await login(server, 'alice', 'admin');
    const second = await call<{ signedInElsewhere: boolean; since: string }>(server, '/api/user/login', {
      body: { username: 'alice', password: PASSWORD, role: 'admin' },
    });
    expect(second.body.code).toBe(ErrorCode.PASS_THROUGH);
    expect(second.body.data.signedInElsewhere).toBe(true);
    expect(Date.parse(second.body.data.since)).not.toBeNaN();
    expect(second.cookies.find((c) => c.name === AUTH_COOKIE)).toBeUndefined();
  });

  it('a forced sign-in revokes the other session, whose next call gets code 450', async () => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'alice', 'ADMIN');
    const first = await login(server, 'alice', 'admin');
    const second = await login(server, 'alice', 'admin', { force: true });
    expect((await call(server, '/api/user/getSelfInfo', { token: first })).body.code).toBe(ErrorCode.FORCED_LOGOUT);
    expect((await call(server, '/api/user/getSelfInfo', { token: second })).body.code).toBe(200);
  });

  it('signing in again from the browser that holds the session needs no force', async () => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'alice', 'ADMIN');
    const first = await login(server, 'alice', 'admin');
    const again = await call(server, '/api/user/login', { cookie: first, body: { username: 'alice', password: PASSWORD, role: 'admin' } });
    expect(again.body.code).toBe(200);
  });
});

describe('session lifetime and revocation', () => {
  it('no credentials: HTTP 401; an unknown token: 50008; a logged-out token: 50008', async () => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'alice', 'ADMIN');
    const none = await call(server, '/api/user/getSelfInfo');
    expect(none.status).toBe(401);
    expect(none.body.code).toBe(ErrorCode.UNAUTHENTICATED);
    expect((await call(server, '/api/user/getSelfInfo', { token: 'made-up' })).body.code).toBe(ErrorCode.ILLEGAL_TOKEN);
    const token = await login(server, 'alice', 'admin');
    const out = await call(server, '/api/user/logout', { token });
    expect(out.body.code).toBe(200);
    expect(out.cookies.find((c) => c.name === AUTH_COOKIE)?.value).toBe('');
    expect((await call(server, '/api/user/getSelfInfo', { token })).body.code).toBe(ErrorCode.ILLEGAL_TOKEN);
  });

  it('logout succeeds without a session (the browser signs out whatever the server knows)', async () => {
    expect((await call(server, '/api/user/logout')).body.code).toBe(200);
    expect((await call(server, '/api/user/logout', { token: 'stale' })).body.code).toBe(200);
  });

  it('the cookie works as well as the bearer header', async () => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'alice', 'ADMIN');
    const token = await login(server, 'alice', 'admin');
    expect((await call(server, '/api/user/getSelfInfo', { cookie: token })).body.code).toBe(200);
  });

  it('a plain session expires after a working day (50014); "remember me" lasts a month', async () => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'alice', 'ADMIN');
    await addUser(server, companyId, 'bob', 'ADMIN');
    const plain = await login(server, 'alice', 'admin');
    const remembered = await login(server, 'bob', 'admin', { remember: true });
    server.clock.advance(SESSION_TTL.defaultMs + 1000);
    expect((await call(server, '/api/user/getSelfInfo', { token: plain })).body.code).toBe(ErrorCode.TOKEN_EXPIRED);
    expect((await call(server, '/api/user/getSelfInfo', { token: remembered })).body.code).toBe(200);
    server.clock.advance(SESSION_TTL.rememberMs);
    expect((await call(server, '/api/user/getSelfInfo', { token: remembered })).body.code).toBe(ErrorCode.TOKEN_EXPIRED);
  });

  it('an expired session does not block a new sign-in', async () => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'alice', 'ADMIN');
    await login(server, 'alice', 'admin');
    server.clock.advance(SESSION_TTL.defaultMs + 1000);
    expect((await call(server, '/api/user/login', { body: { username: 'alice', password: PASSWORD, role: 'admin' } })).body.code).toBe(200);
  });

  it('disabling the account ends its live session with 50012', async () => {
    const { companyId } = await seedCompanies(server);
    const user = await addUser(server, companyId, 'alice', 'ADMIN');
    const token = await login(server, 'alice', 'admin');
    await server.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    expect((await call(server, '/api/user/getSelfInfo', { token })).body.code).toBe(ErrorCode.ENDED_BY_ADMIN);
  });
});

describe('failed sign-in throttling', () => {
  it(`after ${LOGIN_THROTTLE.maxFailures} failures even the right password answers 429 until the window passes`, async () => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'alice', 'ADMIN');
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures; i += 1) {
      expect((await call(server, '/api/user/login', { body: { username: 'alice', password: 'wrong', role: 'admin' } })).body.code).toBe(
        ErrorCode.BAD_CREDENTIALS,
      );
    }
    const blocked = await call(server, '/api/user/login', {
      body: { username: 'alice', password: PASSWORD, role: 'admin' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(blocked.body.code).toBe(ErrorCode.RATE_LIMITED);
    expect(blocked.body.message).toMatch(/try again in \d+ s/);
    server.clock.advance(LOGIN_THROTTLE.windowMs + 1000);
    expect((await call(server, '/api/user/login', { body: { username: 'alice', password: PASSWORD, role: 'admin' } })).body.code).toBe(200);
  });

  it.each([
    ['user name', 'alice', 'phone number', '13900000001'],
    ['phone number', '13900000001', 'user name', 'ALICE'],
  ])('locks the account, not the identifier: failures by %s lock sign-in by %s too (issue 15 point 3)', async (_a, first, _b, second) => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'alice', 'ADMIN', { phoneNumber: '13900000001' });
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures; i += 1) {
      // Each failure from its own address: only the per-account lock is in play.
      const answer = await call(server, '/api/user/login', {
        body: { username: first, password: 'wrong', role: 'admin' },
        remoteAddress: `192.0.2.${i + 1}`,
      });
      expect(answer.body.code).toBe(ErrorCode.BAD_CREDENTIALS);
    }
    const other = await call(server, '/api/user/login', {
      body: { username: second, password: PASSWORD, role: 'admin' },
      remoteAddress: '192.0.2.200',
    });
    expect(other.body.code).toBe(ErrorCode.RATE_LIMITED);
    // Another account is not affected.
    await addUser(server, companyId, 'bob', 'ADMIN', { phoneNumber: '13900000002' });
    expect(
      (await call(server, '/api/user/login', { body: { username: '13900000002', password: PASSWORD, role: 'admin' } })).body.code,
    ).toBe(200);
  });

  it('throttles an unknown user name the same way (no hint that it does not exist)', async () => {
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures; i += 1) {
      await call(server, '/api/user/login', { body: { username: 'ghost', password: 'wrong', role: 'admin' } });
    }
    expect((await call(server, '/api/user/login', { body: { username: 'ghost', password: 'wrong', role: 'admin' } })).body.code).toBe(
      ErrorCode.RATE_LIMITED,
    );
  });
});

describe('server menu', () => {
  const topNames = (data: { name: string }[]) => data.map((r) => r.name);

  it.each([
    ['ADMIN', 'admin', ['dashboard', 'project', 'board', 'system'], ['operation', 'operator', 'projectOp']],
    ['DEV', 'admin', ['project', 'board', 'operation', 'system'], ['dashboard', 'operator', 'projectOp']],
    ['OPR', 'agent', ['operator', 'projectOp', 'system'], ['dashboard', 'project', 'board', 'operation']],
  ] as const)('%s gets its routes from the contracts table and none of the others', async (role, choice, has, lacks) => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'u', role);
    const token = await login(server, 'u', choice);
    const menu = await call<{ name: string; children?: { name: string }[] }[]>(server, '/api/user/menu', { token });
    expect(menu.body.code).toBe(200);
    for (const name of has) expect(topNames(menu.body.data)).toContain(name);
    for (const name of lacks) expect(topNames(menu.body.data)).not.toContain(name);
  });

  it('keeps hidden routes in the server menu (the guard needs them) with their flags', async () => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'u', 'ADMIN');
    const token = await login(server, 'u', 'admin');
    const menu = await call<{ name: string; children?: { name: string; meta: { hideInMenu?: boolean; activeMenu?: string } }[] }[]>(
      server,
      '/api/user/menu',
      { token },
    );
    const taskList = menu.body.data.find((r) => r.name === 'project')!.children!.find((c) => c.name === 'taskList')!;
    expect(taskList.meta).toMatchObject({ hideInMenu: true, activeMenu: 'projectListAdmin' });
  });
});
