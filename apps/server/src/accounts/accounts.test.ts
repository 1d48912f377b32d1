import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, type Account, type AuditEntry, type Page, type SipLine } from '@dialwise/contracts';
import { auditLog, users } from '../db/schema.ts';
import { seedDemo } from '../demo/seed-demo.ts';
import { PASSWORD, addUser, call, currentVersion, login, seedCompanies, useTestServer, type TestServer } from '../../test/helper.ts';

const server = useTestServer();
const EN = { 'accept-language': 'en-US' };
const NEW_PASSWORD = 'Fresh#Pass9';

/** Acme with ADMIN alice and OPR olga, Globex with ADMIN gina, the provider with DEV devon. */
async function setup(s: TestServer = server) {
  const seeded = await seedCompanies(s);
  const alice = await addUser(s, seeded.companyId, 'alice', 'ADMIN', { phoneNumber: '13900000001' });
  const olga = await addUser(s, seeded.companyId, 'olga', 'OPR', { phoneNumber: '13900000002' });
  const gina = await addUser(s, seeded.otherCompanyId, 'gina', 'ADMIN', { phoneNumber: '13900000003' });
  const devon = await addUser(s, seeded.providerId, 'devon', 'DEV');
  const admin = await login(s, 'alice', 'admin');
  return { ...seeded, alice, olga, gina, devon, admin };
}

const newAccount = (extra: Record<string, unknown> = {}) => ({
  username: 'newbie',
  alias: 'Newbie',
  email: 'newbie@acme.test',
  phoneNumber: '13911112222',
  authLevel: 'OPR',
  password: 'Aa1!aaaa',
  ...extra,
});

async function create(token: string, body: Record<string, unknown>) {
  return call<Account>(server, '/api/accounts/create', { token, body, headers: EN });
}
async function update(token: string, body: Record<string, unknown>) {
  const version = typeof body.id === 'string' && !('version' in body) ? await versionOf(body.id) : undefined;
  return call<Account>(server, '/api/accounts/update', { token, body: { version, ...body }, headers: EN });
}
/** The account's current version, as an edit form opened now sends it (1 for an id that names no account). */
async function versionOf(id: string): Promise<number> {
  return currentVersion(server, users, id).catch(() => 1);
}
async function list(token: string, body: Record<string, unknown> = {}) {
  return call<Page<Account>>(server, '/api/accounts/list', { token, body, headers: EN });
}
async function selfInfo(token: string) {
  return call(server, '/api/user/getSelfInfo', { token });
}
async function auditOf(companyId: string, entityId: string) {
  return server.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId))
    .then((rows) => rows.filter((r) => r.companyId === companyId));
}

describe('account validation, enforced by the server', () => {
  it.each([
    ['7 characters', 'Aa1!aaa', 'Password must be 8–32 characters'],
    ['33 characters', `Aa1!${'a'.repeat(29)}`, 'Password must be 8–32 characters'],
    ['no lowercase letter', 'AA1!AAAA', 'Password needs a lowercase letter'],
    ['no uppercase letter', 'aa1!aaaa', 'Password needs an uppercase letter'],
    ['no digit', 'Aaa!aaaa', 'Password needs a digit'],
    ['no special character', 'Aa1aaaaa', 'Password needs a special character'],
  ])('a password with %s is refused (400)', async (_case, password, message) => {
    const { admin } = await setup();
    const answer = await create(admin, newAccount({ password }));
    expect(answer.body).toMatchObject({ code: ErrorCode.VALIDATION, message });
    expect(await server.database.db.select().from(users).where(eq(users.username, 'newbie'))).toHaveLength(0);
  });

  it.each([
    ['8', 'Aa1!aaaa'],
    ['32', `Aa1!${'a'.repeat(28)}`],
  ])('a password of %s characters is accepted', async (_n, password) => {
    const { admin } = await setup();
    expect((await create(admin, newAccount({ password }))).body.code).toBe(200);
    expect((await call(server, '/api/user/login', { body: { username: 'newbie', password, role: 'agent' } })).body.code).toBe(200);
  });

  it('alias is required', async () => {
    const { admin } = await setup();
    expect((await create(admin, newAccount({ alias: '  ' }))).body).toMatchObject({ code: 400, message: 'Alias is required' });
    const { alias: _dropped, ...withoutAlias } = newAccount();
    expect((await create(admin, withoutAlias)).body).toMatchObject({ code: 400, message: 'Alias is required' });
  });

  it("e-mail and phone must be valid; the message names the field, in the caller's language", async () => {
    const { admin } = await setup();
    expect((await create(admin, newAccount({ email: 'newbie@' }))).body).toMatchObject({
      code: 400,
      message: 'E-mail must be a valid e-mail address',
    });
    expect((await create(admin, newAccount({ phoneNumber: '12345' }))).body.message).toMatch(/^Phone number must be a valid phone number/);
    const zh = await call(server, '/api/accounts/create', {
      token: admin,
      body: newAccount({ email: 'x' }),
      headers: { 'x-dialwise-locale': 'zh-CN' },
    });
    expect(zh.body.message).toBe('邮箱须为有效邮箱地址');
  });

  it('on edit the same rules hold; a blank password leaves the password unchanged', async () => {
    const { admin, olga } = await setup();
    expect((await update(admin, { id: olga.id, password: 'Aa1!aaa' })).body.message).toBe('Password must be 8–32 characters');
    expect((await update(admin, { id: olga.id, alias: '' })).body.message).toBe('Alias is required');
    expect((await update(admin, { id: olga.id, email: 'nope' })).body.code).toBe(400);
    const blank = await update(admin, { id: olga.id, alias: 'Olga B', password: '' });
    expect(blank.body.code).toBe(200);
    expect(blank.body.data.alias).toBe('Olga B');
    expect((await call(server, '/api/user/login', { body: { username: 'olga', password: PASSWORD, role: 'agent' } })).body.code).toBe(200);
  });
});

describe('creating and editing accounts', () => {
  it('creates an account that signs in with its role, and never answers the password hash', async () => {
    const { admin, companyId, alice } = await setup();
    const answer = await create(admin, newAccount({ authLevel: 'ADMIN' }));
    expect(answer.body.code).toBe(200);
    expect(answer.body.data).toMatchObject({ username: 'newbie', alias: 'Newbie', authLevel: 'ADMIN', status: 'active', companyId });
    expect(JSON.stringify(answer.body)).not.toMatch(/argon2|passwordHash/);
    const [row] = await server.database.db.select().from(users).where(eq(users.username, 'newbie'));
    expect(row!.createdBy).toBe(alice.id);
    expect((await call(server, '/api/user/login', { body: { username: 'newbie', password: 'Aa1!aaaa', role: 'admin' } })).body.code).toBe(
      200,
    );
  });

  it('edits alias, e-mail, phone, level and status, and get answers the new values', async () => {
    const { admin, olga } = await setup();
    await addUser(server, (await server.database.db.select().from(users).where(eq(users.id, olga.id)))[0]!.companyId, 'bob', 'ADMIN');
    const answer = await update(admin, {
      id: olga.id,
      alias: 'Olga K',
      email: 'olga@acme.test',
      phoneNumber: '+8613900009999',
      authLevel: 'ADMIN',
      status: 'disabled',
    });
    expect(answer.body.data).toMatchObject({
      alias: 'Olga K',
      email: 'olga@acme.test',
      phoneNumber: '+8613900009999',
      authLevel: 'ADMIN',
      status: 'disabled',
    });
    const got = await call<Account>(server, '/api/accounts/get', { token: admin, body: { id: olga.id } });
    expect(got.body.data).toEqual(answer.body.data);
  });

  it('the user name cannot be changed on edit', async () => {
    const { admin, olga } = await setup();
    const answer = await update(admin, { id: olga.id, username: 'renamed' });
    expect(answer.body.data.username).toBe('olga');
  });
});

describe('uniqueness: a clear 409 naming the field, never a 500', () => {
  it('a user name taken in any company (case-insensitively) is refused', async () => {
    const { admin } = await setup();
    const answer = await create(admin, newAccount({ username: 'GINA' }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      code: ErrorCode.CONFLICT,
      message: 'User name "GINA" is already taken',
      data: { field: 'username' },
    });
  });

  it('a phone number used by another account is refused, on create and on edit', async () => {
    const { admin, olga } = await setup();
    const created = await create(admin, newAccount({ phoneNumber: '13900000003' }));
    expect(created.body).toMatchObject({
      code: ErrorCode.CONFLICT,
      message: 'Phone number 13900000003 is already used by another account',
      data: { field: 'phoneNumber' },
    });
    const edited = await update(admin, { id: olga.id, phoneNumber: '13900000001' });
    expect(edited.body).toMatchObject({ code: ErrorCode.CONFLICT, data: { field: 'phoneNumber' } });
    expect((await call<Account>(server, '/api/accounts/get', { token: admin, body: { id: olga.id } })).body.data.phoneNumber).toBe(
      '13900000002',
    );
  });

  it("keeping one's own phone number on edit is not a conflict", async () => {
    const { admin, olga } = await setup();
    expect((await update(admin, { id: olga.id, phoneNumber: '13900000002', alias: 'Olga' })).body.code).toBe(200);
  });
});

describe('nobody locks the company out', () => {
  it('an ADMIN cannot disable themselves or change their own level', async () => {
    const { admin, alice, companyId } = await setup();
    await addUser(server, companyId, 'bob', 'ADMIN');
    expect((await update(admin, { id: alice.id, status: 'disabled' })).body).toMatchObject({
      code: 409,
      message: 'You cannot disable your own account or change your own user level',
    });
    expect((await update(admin, { id: alice.id, authLevel: 'OPR' })).body.code).toBe(409);
    expect((await update(admin, { id: alice.id, alias: 'Alice A' })).body.code).toBe(200);
  });

  it('the last active ADMIN of a company cannot be demoted or disabled, even by provider staff', async () => {
    const { alice, companyId } = await setup();
    const dev = await login(server, 'devon', 'admin');
    const demote = await update(dev, { companyId, id: alice.id, authLevel: 'OPR' });
    expect(demote.body).toMatchObject({ code: ErrorCode.CONFLICT, data: { field: 'authLevel' } });
    expect(demote.body.message).toMatch(/last active administrator/);
    expect((await update(dev, { companyId, id: alice.id, status: 'disabled' })).body.code).toBe(ErrorCode.CONFLICT);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, alice.id));
    expect(row).toMatchObject({ authLevel: 'ADMIN', status: 'active' });
  });

  it('a disabled ADMIN does not count: with only one other ADMIN, disabled, the active one is still the last', async () => {
    const { alice, companyId } = await setup();
    await addUser(server, companyId, 'bob', 'ADMIN', { status: 'disabled' });
    const dev = await login(server, 'devon', 'admin');
    expect((await update(dev, { companyId, id: alice.id, authLevel: 'OPR' })).body.code).toBe(ErrorCode.CONFLICT);
  });

  it('with another active ADMIN, an ADMIN may be demoted and disabled', async () => {
    const { companyId } = await setup();
    const bob = await addUser(server, companyId, 'bob', 'ADMIN');
    const admin = await login(server, 'alice', 'admin', { force: true });
    expect((await update(admin, { id: bob.id, authLevel: 'OPR' })).body.data.authLevel).toBe('OPR');
    expect((await update(admin, { id: bob.id, status: 'disabled' })).body.data.status).toBe('disabled');
  });
});

describe('session revocation', () => {
  it("a new password ends the user's live sessions: the old token then gets 50012; the new password signs in", async () => {
    const { admin, olga } = await setup();
    const olgaToken = await login(server, 'olga', 'agent');
    expect((await selfInfo(olgaToken)).body.code).toBe(200);
    expect((await update(admin, { id: olga.id, password: NEW_PASSWORD })).body.code).toBe(200);
    expect((await selfInfo(olgaToken)).body.code).toBe(ErrorCode.ENDED_BY_ADMIN);
    expect((await call(server, '/api/user/login', { body: { username: 'olga', password: PASSWORD, role: 'agent' } })).body.code).toBe(
      ErrorCode.BAD_CREDENTIALS,
    );
    expect((await call(server, '/api/user/login', { body: { username: 'olga', password: NEW_PASSWORD, role: 'agent' } })).body.code).toBe(
      200,
    );
  });

  it('disabling ends the sessions and sign-in is refused; enabling again does not revive the old session', async () => {
    const { admin, olga } = await setup();
    const olgaToken = await login(server, 'olga', 'agent');
    await update(admin, { id: olga.id, status: 'disabled' });
    expect((await selfInfo(olgaToken)).body.code).toBe(ErrorCode.ENDED_BY_ADMIN);
    expect((await call(server, '/api/user/login', { body: { username: 'olga', password: PASSWORD, role: 'agent' } })).body.code).toBe(
      ErrorCode.ACCOUNT_DISABLED,
    );
    await update(admin, { id: olga.id, status: 'active' });
    expect((await selfInfo(olgaToken)).body.code).toBe(ErrorCode.ENDED_BY_ADMIN);
  });

  it('a new user level ends the sessions too (the other login role applies now)', async () => {
    const { admin, olga } = await setup();
    const olgaToken = await login(server, 'olga', 'agent');
    await update(admin, { id: olga.id, authLevel: 'ADMIN' });
    expect((await selfInfo(olgaToken)).body.code).toBe(ErrorCode.ENDED_BY_ADMIN);
  });

  it('editing only the alias, e-mail or phone keeps the sessions', async () => {
    const { admin, olga } = await setup();
    const olgaToken = await login(server, 'olga', 'agent');
    await update(admin, { id: olga.id, alias: 'Olga Z', email: 'o@acme.test', phoneNumber: '13900000009', password: '' });
    expect((await selfInfo(olgaToken)).body.code).toBe(200);
  });

  it('an ADMIN setting their own password from the list stays signed in here', async () => {
    const { admin, alice } = await setup();
    expect((await update(admin, { id: alice.id, password: NEW_PASSWORD })).body.code).toBe(200);
    expect((await selfInfo(admin)).body.code).toBe(200);
  });
});

describe('who may manage accounts', () => {
  it('OPR gets 403 on every account endpoint', async () => {
    const { olga, alice } = await setup();
    const opr = await login(server, 'olga', 'agent');
    for (const [path, body] of [
      ['list', {}],
      ['get', { id: alice.id }],
      ['create', newAccount()],
      ['update', { id: olga.id, alias: 'Hacked' }],
      ['companies', {}],
    ] as const) {
      const answer = await call(server, `/api/accounts/${path}`, { token: opr, body, headers: EN });
      expect(answer.body, path).toMatchObject({
        code: ErrorCode.FORBIDDEN,
        message: 'Your user group does not have the authority to perform this operation',
      });
    }
  });

  it('without a session the endpoints answer 401', async () => {
    expect((await call(server, '/api/accounts/list', { body: {} })).status).toBe(401);
  });

  it("DEV manages the provider's accounts by default and any company's with companyId", async () => {
    const { companyId, otherCompanyId, olga } = await setup();
    const dev = await login(server, 'devon', 'admin');
    expect((await list(dev)).body.data.list.map((a) => a.username)).toEqual(['devon']);
    expect((await list(dev, { companyId })).body.data.list.map((a) => a.username).sort()).toEqual(['alice', 'olga']);
    expect((await list(dev, { companyId: otherCompanyId })).body.data.list.map((a) => a.username)).toEqual(['gina']);
    const created = await create(dev, newAccount({ companyId }));
    expect(created.body.data.companyId).toBe(companyId);
    expect((await update(dev, { companyId, id: olga.id, alias: 'By provider' })).body.data.alias).toBe('By provider');
    // Without companyId a DEV works on the provider company, where Acme's account is not found.
    expect((await update(dev, { id: olga.id, alias: 'Nope' })).body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('DEV lists the companies for its picker, each with its enabled features; ADMIN may not', async () => {
    const { admin } = await setup();
    const dev = await login(server, 'devon', 'admin');
    const companies = await call<{ name: string; isProvider: boolean; features: string[] }[]>(server, '/api/accounts/companies', {
      token: dev,
      body: {},
    });
    expect(companies.body.data.map((c) => c.name)).toEqual(['Provider', 'Acme', 'Globex']);
    // The provider keeps the defaults (no do-not-call); the test customers have every feature.
    expect(companies.body.data[0]!.features).not.toContain('doNotCall');
    expect(companies.body.data[1]!.features).toContain('doNotCall');
    expect((await call(server, '/api/accounts/companies', { token: admin, body: {} })).body.code).toBe(ErrorCode.FORBIDDEN);
  });

  it('new accounts are ADMIN or OPR; DEV accounts only inside the provider company, by a DEV', async () => {
    const { admin, companyId, olga } = await setup();
    const byAdmin = await create(admin, newAccount({ authLevel: 'DEV' }));
    expect(byAdmin.body).toMatchObject({ code: ErrorCode.CONFLICT, data: { field: 'authLevel' } });
    expect((await update(admin, { id: olga.id, authLevel: 'DEV' })).body.code).toBe(ErrorCode.CONFLICT);
    const dev = await login(server, 'devon', 'admin');
    expect((await create(dev, newAccount({ authLevel: 'DEV', companyId }))).body.code).toBe(ErrorCode.CONFLICT);
    const staff = await create(dev, newAccount({ authLevel: 'DEV' }));
    expect(staff.body.data).toMatchObject({ authLevel: 'DEV' });
    expect((await call(server, '/api/user/login', { body: { username: 'newbie', password: 'Aa1!aaaa', role: 'admin' } })).body.code).toBe(
      200,
    );
  });
});

describe('tenant isolation', () => {
  it("the list never shows another company's accounts, whatever the search", async () => {
    const { admin } = await setup();
    const all = await list(admin, { pageSize: 100 });
    expect(all.body.data.list.map((a) => a.username).sort()).toEqual(['alice', 'olga']);
    expect(all.body.data.total).toBe(2);
    expect((await list(admin, { keyword: 'gina' })).body.data.total).toBe(0);
    expect((await list(admin, { keyword: '13900000003' })).body.data.total).toBe(0);
  });

  it("get and update of another company's account answer 404 and change nothing", async () => {
    const { admin, gina } = await setup();
    expect((await call(server, '/api/accounts/get', { token: admin, body: { id: gina.id } })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await update(admin, { id: gina.id, alias: 'Taken over', password: NEW_PASSWORD })).body.code).toBe(ErrorCode.NOT_FOUND);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, gina.id));
    expect(row!.alias).toBe('gina-alias');
    expect((await call(server, '/api/user/login', { body: { username: 'gina', password: PASSWORD, role: 'admin' } })).body.code).toBe(200);
  });

  it('an ADMIN naming another company (companyId) gets 404 on every endpoint', async () => {
    const { admin, otherCompanyId, gina } = await setup();
    for (const [path, body] of [
      ['list', { companyId: otherCompanyId }],
      ['get', { id: gina.id, companyId: otherCompanyId }],
      ['create', newAccount({ companyId: otherCompanyId })],
      ['update', { id: gina.id, version: 1, companyId: otherCompanyId, alias: 'Nope' }],
    ] as const) {
      expect((await call(server, `/api/accounts/${path}`, { token: admin, body })).body.code, path).toBe(ErrorCode.NOT_FOUND);
    }
    expect(await server.database.db.select().from(users).where(eq(users.username, 'newbie'))).toHaveLength(0);
  });

  it('a DEV naming a company that does not exist gets 404', async () => {
    await setup();
    const dev = await login(server, 'devon', 'admin');
    expect((await list(dev, { companyId: '00000000-0000-4000-8000-000000000000' })).body.code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('list: search and server-side pagination', () => {
  it('defaults to page 1 of 10, newest first, with the total', async () => {
    const { admin, companyId } = await setup();
    for (let i = 0; i < 11; i++) await addUser(server, companyId, `agent${String(i).padStart(2, '0')}`, 'OPR');
    const first = await list(admin);
    expect(first.body.data.total).toBe(13);
    expect(first.body.data.list).toHaveLength(10);
    expect(first.body.data.list[0]!.username).toBe('agent10');
    const last = await list(admin, { page: 2 });
    expect(last.body.data.list).toHaveLength(3);
    expect(last.body.data.list.map((a) => a.username)).toEqual(expect.arrayContaining(['alice', 'olga', 'agent00']));
    const seen = [...first.body.data.list, ...last.body.data.list].map((a) => a.id);
    expect(new Set(seen).size).toBe(13);
  });

  it('searches user name, alias and phone; % and _ are taken literally', async () => {
    const { admin, companyId } = await setup();
    await addUser(server, companyId, 'zed', 'OPR', { alias: 'Night_shift 100%', phoneNumber: '13700000000' });
    expect((await list(admin, { keyword: 'ALIC' })).body.data.list.map((a) => a.username)).toEqual(['alice']);
    expect((await list(admin, { keyword: 'night' })).body.data.list.map((a) => a.username)).toEqual(['zed']);
    expect((await list(admin, { keyword: '1370000' })).body.data.list.map((a) => a.username)).toEqual(['zed']);
    expect((await list(admin, { keyword: '100%' })).body.data.list.map((a) => a.username)).toEqual(['zed']);
    expect((await list(admin, { keyword: '%' })).body.data.list.map((a) => a.username)).toEqual(['zed']);
    expect((await list(admin, { keyword: 'Nigh_' })).body.data.total).toBe(0);
  });

  it('filters by level and status', async () => {
    const { admin, companyId } = await setup();
    await addUser(server, companyId, 'zoe', 'OPR', { status: 'disabled' });
    expect((await list(admin, { authLevel: 'ADMIN' })).body.data.list.map((a) => a.username)).toEqual(['alice']);
    expect((await list(admin, { status: 'disabled' })).body.data.list.map((a) => a.username)).toEqual(['zoe']);
  });
});

describe('audit', () => {
  it("each write leaves an entry in the company's log, with no password or hash", async () => {
    const { admin, companyId, alice, olga, otherCompanyId } = await setup();
    const created = await create(admin, newAccount());
    await login(server, 'olga', 'agent');
    await update(admin, { id: olga.id, alias: 'Olga N', password: NEW_PASSWORD });
    const createEntry = (await auditOf(companyId, created.body.data.id))[0]!;
    expect(createEntry).toMatchObject({ action: 'create', entity: 'account', actorId: alice.id, actorName: 'alice' });
    expect(createEntry.changes).toMatchObject({ username: 'newbie', alias: 'Newbie', authLevel: 'OPR', password: '[redacted]' });
    const updateEntry = (await auditOf(companyId, olga.id))[0]!;
    expect(updateEntry).toMatchObject({ action: 'update', entity: 'account' });
    expect(updateEntry.changes).toMatchObject({ alias: { from: 'olga-alias', to: 'Olga N' }, password: '[redacted]', sessionsEnded: 1 });
    const everything = JSON.stringify(await server.database.db.select().from(auditLog));
    expect(everything).not.toContain('Aa1!aaaa');
    expect(everything).not.toContain(NEW_PASSWORD);
    expect(everything).not.toContain('argon2');
    // The entries are readable by the company's admins through the audit log, not by another company's.
    const read = await call<Page<AuditEntry>>(server, '/api/audit/list', { token: admin, body: { entity: 'account' } });
    expect(read.body.data.total).toBe(2);
    const gina = await login(server, 'gina', 'admin');
    expect((await call<Page<AuditEntry>>(server, '/api/audit/list', { token: gina, body: { entity: 'account' } })).body.data.total).toBe(0);
    expect(otherCompanyId).not.toBe(companyId);
  });

  it("provider staff's writes on a customer company are logged under that company", async () => {
    const { companyId, olga } = await setup();
    const dev = await login(server, 'devon', 'admin');
    await update(dev, { companyId, id: olga.id, alias: 'Via DEV' });
    expect(await auditOf(companyId, olga.id)).toEqual([expect.objectContaining({ actorName: 'devon', action: 'update' })]);
  });

  it('a refused write leaves no entry', async () => {
    const { admin, companyId } = await setup();
    await create(admin, newAccount({ username: 'gina' }));
    const entries = await server.database.db.select().from(auditLog).where(eq(auditLog.entity, 'account'));
    expect(entries.filter((e) => e.companyId === companyId)).toHaveLength(0);
  });
});

describe('demo data', () => {
  it('AcmeOutreach gets more accounts and two simulated SIP lines, visible to its admin', async () => {
    await seedDemo(server.database.db, PASSWORD, server.app.secrets);
    const admin = (
      await call<{ token: string }>(server, '/api/user/login', { body: { username: 'admin', password: PASSWORD, role: 'admin' } })
    ).body.data.token;
    const accounts = await list(admin, { pageSize: 100 });
    expect(accounts.body.data.list.map((a) => a.username).sort()).toEqual(['admin', 'agent', 'chenjie', 'lina', 'wangfang', 'zhaolei']);
    expect(accounts.body.data.list.filter((a) => a.authLevel === 'ADMIN')).toHaveLength(2);
    const lines = await call<Page<SipLine>>(server, '/api/sip-lines/list', { token: admin, body: {} });
    expect(lines.body.data.list.map((l) => [l.alias, l.trunk, l.concurrency]).sort()).toEqual([
      ['Simulated line A', 'simulated', 10],
      ['Simulated line B', 'simulated', 5],
    ]);
    expect((await call(server, '/api/user/login', { body: { username: 'lina', password: PASSWORD, role: 'admin' } })).body.code).toBe(200);
  });
});
