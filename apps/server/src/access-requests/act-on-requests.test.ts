import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@dialwise/contracts';
import { accessRequests, auditLog, companies, users } from '../db/schema.ts';
import { PASSWORD, addUser, call, login, seedCompanies, useTestServer } from '../../test/helper.ts';

const server = useTestServer();

interface Listed {
  id: string;
  kind: string;
  status: string;
  outcome: string | null;
  resolvedBy: string | null;
  resolution: Record<string, string>;
}

const NEW_PASSWORD = 'Fresh#Pass2026';

async function requestReset(username: string) {
  expect((await call(server, '/api/user/forgotPassword', { body: { username } })).body.code).toBe(200);
}

async function requestAccount(companyName = 'Initech') {
  const body = { companyName, contactName: 'Peter', email: 'peter@initech.test', phoneNumber: '+15550001111', message: 'Ten seats' };
  expect((await call(server, '/api/user/register', { body })).body.code).toBe(200);
}

async function list(token: string, body: Record<string, unknown> = {}) {
  const answer = await call<{ list: Listed[]; total: number }>(server, '/api/access-requests/list', { token, body });
  expect(answer.body.code).toBe(200);
  return answer.body.data;
}

/** alice (ADMIN) and olga (OPR) of one company, olga signed in and then asking for a new password; alice's session and that request. */
async function olgaAskedForReset(filter: Record<string, unknown> = {}) {
  const { companyId } = await seedCompanies(server);
  await addUser(server, companyId, 'alice', 'ADMIN');
  await addUser(server, companyId, 'olga', 'OPR');
  const olgaSession = await login(server, 'olga', 'agent');
  await requestReset('olga');
  const admin = await login(server, 'alice', 'admin');
  const [request] = (await list(admin, filter)).list;
  return { admin, olgaSession, request: request! };
}

/** devon (the provider's DEV) and a request for an account for `companyName`. */
async function someoneAskedForAccount(companyName?: string) {
  const { providerId } = await seedCompanies(server);
  await addUser(server, providerId, 'devon', 'DEV');
  await requestAccount(companyName);
  const dev = await login(server, 'devon', 'admin');
  const [request] = (await list(dev, { kind: 'register' })).list;
  return { dev, request: request! };
}

describe('acting on access requests (issue 17 point 4)', () => {
  it('an ADMIN resets the password a user asked for: the new one signs in, the old one and the live session do not, the request is closed and audited', async () => {
    const { admin, request, olgaSession } = await olgaAskedForReset({ status: 'open' });

    const reset = await call<{ username: string }>(server, '/api/access-requests/resetPassword', {
      token: admin,
      body: { id: request.id, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(reset.body).toMatchObject({ code: 200, data: { username: 'olga' } });

    expect((await call(server, '/api/user/getSelfInfo', { token: olgaSession })).body.code).toBe(ErrorCode.ENDED_BY_ADMIN);
    const signIn = (password: string) => call(server, '/api/user/login', { body: { username: 'olga', password, role: 'agent' } });
    expect((await signIn(PASSWORD)).body.code).toBe(ErrorCode.BAD_CREDENTIALS);
    expect((await signIn(NEW_PASSWORD)).body.code).toBe(200);

    const [closed] = (await list(admin)).list;
    expect(closed).toMatchObject({ status: 'done', outcome: 'password_reset', resolvedBy: 'alice', resolution: { username: 'olga' } });
    const entries = await server.database.db.select().from(auditLog).where(eq(auditLog.entityId, request.id));
    expect(entries.map((e) => e.changes)).toContainEqual(expect.objectContaining({ outcome: 'password_reset', username: 'olga' }));
    expect(JSON.stringify(entries)).not.toContain(NEW_PASSWORD);
  });

  it('a reset follows the account rules, names the refused field, and changes nothing', async () => {
    const { admin, request } = await olgaAskedForReset();
    const weak = await call(server, '/api/access-requests/resetPassword', {
      token: admin,
      body: { id: request.id, password: 'short', confirmPassword: 'other' },
      headers: { 'accept-language': 'en' },
    });
    expect(weak.body.code).toBe(ErrorCode.VALIDATION);
    expect((weak.body.data as { fields: { path: string }[] }).fields.map((f) => f.path)).toEqual(
      expect.arrayContaining(['password', 'confirmPassword']),
    );
    expect((await list(admin)).list[0]).toMatchObject({ status: 'open', outcome: null });
  });

  it('a request closes once: a second reset or a dismiss of a closed request answers 409', async () => {
    const { admin, request } = await olgaAskedForReset();
    const body = { id: request.id, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    expect((await call(server, '/api/access-requests/resetPassword', { token: admin, body })).body.code).toBe(200);
    expect((await call(server, '/api/access-requests/resetPassword', { token: admin, body })).body.code).toBe(ErrorCode.CONFLICT);
    expect((await call(server, '/api/access-requests/dismiss', { token: admin, body: { id: request.id } })).body.code).toBe(
      ErrorCode.CONFLICT,
    );
  });

  it('dismiss keeps the reason and who dismissed; the open filter and the notice leave it out', async () => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'alice', 'ADMIN');
    await addUser(server, companyId, 'olga', 'OPR');
    await addUser(server, companyId, 'omar', 'OPR');
    await requestReset('olga');
    await requestReset('omar');
    const admin = await login(server, 'alice', 'admin');
    const notice = await call<{ open: number; latest: string | null }>(server, '/api/access-requests/notice', { token: admin, body: {} });
    expect(notice.body.data).toMatchObject({ open: 2, latest: expect.any(String) });
    const omar = (await list(admin, { keyword: 'oma' })).list;
    expect(omar).toHaveLength(1);
    const dismissed = await call(server, '/api/access-requests/dismiss', {
      token: admin,
      body: { id: omar[0]!.id, reason: 'Not our agent' },
    });
    expect(dismissed.body.code).toBe(200);
    expect((await list(admin, { status: 'open' })).list.map((r) => r.id)).not.toContain(omar[0]!.id);
    expect((await list(admin, { status: 'done' })).list[0]).toMatchObject({
      outcome: 'dismissed',
      resolvedBy: 'alice',
      resolution: { reason: 'Not our agent' },
    });
    const after = await call<{ open: number }>(server, '/api/access-requests/notice', { token: admin, body: {} });
    expect(after.body.data.open).toBe(1);
    const [omarRow] = await server.database.db.select().from(users).where(eq(users.username, 'omar'));
    expect(omarRow!.passwordHash).toBeTruthy();
  });

  it('DEV creates the company a request for an account asked for: its first admin signs in with the password answered once; the request is closed', async () => {
    const { dev, request } = await someoneAskedForAccount();
    const created = await call<{ company: { id: string; name: string }; admin: { username: string; initialPassword: string } }>(
      server,
      '/api/access-requests/createCompany',
      { token: dev, body: { id: request.id, name: 'Initech', suffix: 'initech', adminEmail: 'peter@initech.test' } },
    );
    expect(created.body.code).toBe(200);
    expect(created.body.data.admin.username).toBe('admin_initech');
    const signIn = await call(server, '/api/user/login', {
      body: { username: 'admin_initech', password: created.body.data.admin.initialPassword, role: 'admin' },
    });
    expect(signIn.body.code).toBe(200);
    expect((await list(dev, { kind: 'register' })).list[0]).toMatchObject({
      status: 'done',
      outcome: 'company_created',
      resolution: { companyName: 'Initech', adminUsername: 'admin_initech' },
    });
  });

  it('a company that cannot be created (name taken) leaves the request open and writes nothing', async () => {
    const { dev, request } = await someoneAskedForAccount('Acme');
    const before = await server.database.db.select().from(companies);
    const refused = await call(server, '/api/access-requests/createCompany', {
      token: dev,
      body: { id: request.id, name: 'Acme', suffix: 'acme2', adminEmail: 'peter@initech.test' },
    });
    expect(refused.body.code).toBe(ErrorCode.CONFLICT);
    expect(await server.database.db.select().from(companies)).toHaveLength(before.length);
    const [row] = await server.database.db.select().from(accessRequests).where(eq(accessRequests.id, request.id));
    expect(row).toMatchObject({ status: 'open', outcome: null });
  });

  it('who may act: another company’s ADMIN gets 404 on every action, OPR 403, an ADMIN cannot create companies, the wrong kind 409', async () => {
    const { companyId, otherCompanyId, providerId } = await seedCompanies(server);
    await addUser(server, companyId, 'olga', 'OPR');
    await addUser(server, otherCompanyId, 'gina', 'ADMIN');
    await addUser(server, companyId, 'alice', 'ADMIN');
    await addUser(server, providerId, 'devon', 'DEV');
    await requestReset('olga');
    await requestAccount();
    const alice = await login(server, 'alice', 'admin');
    const dev = await login(server, 'devon', 'admin');
    const [reset] = (await list(alice)).list;
    const [register] = (await list(dev, { kind: 'register' })).list;
    const gina = await login(server, 'gina', 'admin');
    const olga = await login(server, 'olga', 'agent');
    const resetBody = { id: reset!.id, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    for (const [path, body] of [
      ['resetPassword', resetBody],
      ['dismiss', { id: reset!.id }],
    ] as const) {
      expect((await call(server, `/api/access-requests/${path}`, { token: gina, body })).body.code).toBe(ErrorCode.NOT_FOUND);
      expect((await call(server, `/api/access-requests/${path}`, { token: olga, body })).body.code).toBe(ErrorCode.FORBIDDEN);
    }
    expect((await call(server, '/api/access-requests/notice', { token: olga, body: {} })).body.code).toBe(ErrorCode.FORBIDDEN);
    expect((await call<{ open: number }>(server, '/api/access-requests/notice', { token: gina, body: {} })).body.data.open).toBe(0);
    const company = { id: register!.id, name: 'Initech', suffix: 'initech', adminEmail: 'peter@initech.test' };
    expect((await call(server, '/api/access-requests/createCompany', { token: alice, body: company })).body.code).toBe(ErrorCode.FORBIDDEN);
    // A DEV does not see a customer's reset request, and a reset cannot be made from a request for an account.
    expect((await call(server, '/api/access-requests/resetPassword', { token: dev, body: resetBody })).body.code).toBe(ErrorCode.NOT_FOUND);
    const wrongKind = { id: register!.id, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    expect((await call(server, '/api/access-requests/resetPassword', { token: dev, body: wrongKind })).body.code).toBe(ErrorCode.CONFLICT);
    expect((await list(alice)).list[0]).toMatchObject({ status: 'open' });
  });
});
