import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, LOGIN_THROTTLE, SESSION_TTL, type SelfInfo } from '@dialwise/contracts';
import { auditLog, sessions } from '../db/schema.ts';
import { hashSessionToken, newSessionToken } from '../auth/session-tokens.ts';
import { PASSWORD, addUser, call, login, seedCompanies, useTestServer } from '../../test/helper.ts';

const server = useTestServer();
const EN = { 'accept-language': 'en-US' };
const NEW = 'New#Pass1';

async function setup() {
  const seeded = await seedCompanies(server);
  const alice = await addUser(server, seeded.companyId, 'alice', 'ADMIN', { phoneNumber: '13900000001', email: 'alice@acme.test' });
  const olga = await addUser(server, seeded.companyId, 'olga', 'OPR', { phoneNumber: '13900000002' });
  const gina = await addUser(server, seeded.otherCompanyId, 'gina', 'ADMIN', { phoneNumber: '13900000003' });
  const devon = await addUser(server, seeded.providerId, 'devon', 'DEV');
  return { ...seeded, alice, olga, gina, devon };
}

/** A second live session of a user, as another browser would hold (sign-in allows one, an admin's import or a race may leave two). */
async function extraSession(userId: string): Promise<string> {
  const token = newSessionToken();
  const now = new Date();
  await server.database.db.insert(sessions).values({
    userId,
    tokenHash: hashSessionToken(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL.defaultMs),
  });
  return token;
}

const profile = (extra: Record<string, unknown> = {}) => ({
  alias: 'Alice',
  phoneNumber: '13900000001',
  email: 'alice@acme.test',
  ...extra,
});
const change = (newPassword: string, extra: Record<string, unknown> = {}) => ({
  currentPassword: PASSWORD,
  newPassword,
  confirmPassword: newPassword,
  ...extra,
});

/** An edit as the self-info page sends it: with the version getSelfInfo answered (unless the test gives one). */
async function updateSelf(token: string, body: Record<string, unknown>) {
  const version = 'version' in body ? body.version : (await call<SelfInfo>(server, '/api/user/getSelfInfo', { token })).body.data.version;
  return call<SelfInfo>(server, '/api/user/updateSelfInfo', { token, body: { ...body, version }, headers: EN });
}
async function changePassword(token: string, body: Record<string, unknown>) {
  return call(server, '/api/user/changePassword', { token, body, headers: EN });
}
async function canSignIn(username: string, password: string, role: 'admin' | 'agent') {
  return (await call(server, '/api/user/login', { body: { username, password, role, force: true } })).body.code === 200;
}

describe('self-info edit (alias 5–10, valid phone and e-mail)', () => {
  it.each([
    ['4', 'Alic', false],
    ['5', 'Alice', true],
    ['10', 'A'.repeat(10), true],
    ['11', 'A'.repeat(11), false],
  ])('alias of %s characters', async (_n, alias, accepted) => {
    await setup();
    const token = await login(server, 'alice', 'admin');
    const answer = await updateSelf(token, profile({ alias }));
    if (accepted) expect(answer.body.data.alias).toBe(alias);
    else expect(answer.body).toMatchObject({ code: ErrorCode.VALIDATION, message: 'Alias must be 5–10 characters' });
  });

  it('phone and e-mail must be valid, and each is required', async () => {
    await setup();
    const token = await login(server, 'alice', 'admin');
    expect((await updateSelf(token, profile({ phoneNumber: '12345' }))).body.message).toMatch(/^Phone number must be a valid phone number/);
    expect((await updateSelf(token, profile({ email: 'alice@' }))).body.message).toBe('E-mail must be a valid e-mail address');
    expect((await updateSelf(token, { alias: 'Alice', email: 'alice@acme.test' })).body.code).toBe(ErrorCode.VALIDATION);
    const zh = await call(server, '/api/user/updateSelfInfo', {
      token,
      body: profile({ alias: 'Al', version: 1 }),
      headers: { 'x-dialwise-locale': 'zh-CN' },
    });
    expect(zh.body.message).toBe('别名长度须为 5–10 个字符');
  });

  it.each([
    ['alice', 'admin'],
    ['olga', 'agent'],
    ['devon', 'admin'],
  ] as const)('%s (every role) edits their own profile, and getSelfInfo shows it', async (username, role) => {
    await setup();
    const token = await login(server, username, role);
    const answer = await updateSelf(token, { alias: 'Renamed', phoneNumber: '+8613712345678', email: `${username}@new.test` });
    expect(answer.body.data).toMatchObject({ username, alias: 'Renamed', phoneNumber: '+8613712345678', email: `${username}@new.test` });
    expect((await call<SelfInfo>(server, '/api/user/getSelfInfo', { token })).body.data).toEqual(answer.body.data);
  });

  it('a phone number of another account (in any company) is a 409 naming the field', async () => {
    await setup();
    const token = await login(server, 'alice', 'admin');
    const answer = await updateSelf(token, profile({ phoneNumber: '13900000003' }));
    expect(answer.body).toMatchObject({
      code: ErrorCode.CONFLICT,
      message: 'Phone number 13900000003 is already used by another account',
      data: { field: 'phoneNumber' },
    });
  });

  it('only ever touches the caller: there is no id to aim at someone else', async () => {
    const { gina } = await setup();
    const token = await login(server, 'alice', 'admin');
    await updateSelf(token, { ...profile({ alias: 'Mine!' }), id: gina.id, userId: gina.id });
    const ginaToken = await login(server, 'gina', 'admin');
    expect((await call<SelfInfo>(server, '/api/user/getSelfInfo', { token: ginaToken })).body.data.alias).toBe('gina-alias');
  });

  it("leaves an audit entry in the caller's company with what changed", async () => {
    const { alice, companyId } = await setup();
    const token = await login(server, 'alice', 'admin');
    await updateSelf(token, profile({ alias: 'Alice W' }));
    const [entry] = await server.database.db.select().from(auditLog).where(eq(auditLog.entity, 'profile'));
    expect(entry).toMatchObject({
      action: 'update',
      entityId: alice.id,
      companyId,
      actorName: 'alice',
      changes: { alias: { from: 'alice-alias', to: 'Alice W' } },
    });
  });

  it('without a session: 401', async () => {
    expect((await call(server, '/api/user/updateSelfInfo', { body: profile() })).status).toBe(401);
  });
});

describe('change password (6–16 with upper, lower, digit and symbol; confirm must match)', () => {
  it.each([
    ['5', 'Aa1!a', 'Password must be 6–16 characters'],
    ['17', `Aa1!${'a'.repeat(13)}`, 'Password must be 6–16 characters'],
    ['6 without an uppercase letter', 'aa1!aa', 'Password needs an uppercase letter'],
    ['6 without a lowercase letter', 'AA1!AA', 'Password needs a lowercase letter'],
    ['6 without a digit', 'Aaa!aa', 'Password needs a digit'],
    ['6 without a symbol', 'Aa1aaa', 'Password needs a special character'],
  ])('a new password of %s characters is refused', async (_n, password, message) => {
    await setup();
    const token = await login(server, 'alice', 'admin');
    expect((await changePassword(token, change(password))).body).toMatchObject({ code: ErrorCode.VALIDATION, message });
    expect(await canSignIn('alice', PASSWORD, 'admin')).toBe(true);
  });

  it.each([
    ['6', 'Aa1!aa'],
    ['16', `Aa1!${'a'.repeat(12)}`],
  ])('a new password of %s characters is accepted', async (_n, password) => {
    await setup();
    const token = await login(server, 'alice', 'admin');
    expect((await changePassword(token, change(password))).body.code).toBe(200);
    expect(await canSignIn('alice', password, 'admin')).toBe(true);
  });

  it('the confirmation must match', async () => {
    await setup();
    const token = await login(server, 'alice', 'admin');
    expect((await changePassword(token, change(NEW, { confirmPassword: 'New#Pass2' }))).body).toMatchObject({
      code: 400,
      message: 'The two passwords do not match',
    });
  });

  it('a wrong current password is refused with e.wrongCurrentPassword, naming the field, and nothing changes', async () => {
    await setup();
    const token = await login(server, 'alice', 'admin');
    const answer = await changePassword(token, change(NEW, { currentPassword: 'Wrong#Pass1' }));
    expect(answer.body).toMatchObject({
      code: ErrorCode.VALIDATION,
      message: 'The current password is incorrect',
      data: { fields: [{ path: 'currentPassword' }] },
    });
    const zh = await call(server, '/api/user/changePassword', {
      token,
      body: change(NEW, { currentPassword: 'x' }),
      headers: { 'x-dialwise-locale': 'zh-CN' },
    });
    expect(zh.body.message).toBe('当前密码不正确');
    expect(await canSignIn('alice', PASSWORD, 'admin')).toBe(true);
  });

  it('repeated wrong current passwords are throttled like failed sign-ins', async () => {
    await setup();
    const token = await login(server, 'alice', 'admin');
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures; i++) await changePassword(token, change(NEW, { currentPassword: `Wrong#${i}` }));
    expect((await changePassword(token, change(NEW))).body.code).toBe(ErrorCode.RATE_LIMITED);
  });

  it("ends the user's OTHER sessions (50012) and keeps this one; the new password signs in, the old does not", async () => {
    const { olga } = await setup();
    const token = await login(server, 'olga', 'agent');
    const elsewhere = await extraSession(olga.id);
    expect((await call(server, '/api/user/getSelfInfo', { token: elsewhere })).body.code).toBe(200);
    expect((await changePassword(token, change(NEW))).body.code).toBe(200);
    expect((await call(server, '/api/user/getSelfInfo', { token: elsewhere })).body.code).toBe(ErrorCode.ENDED_BY_ADMIN);
    expect((await call(server, '/api/user/getSelfInfo', { token })).body.code).toBe(200);
    expect(await canSignIn('olga', PASSWORD, 'agent')).toBe(false);
    expect(await canSignIn('olga', NEW, 'agent')).toBe(true);
  });

  it.each([
    ['alice', 'admin'],
    ['olga', 'agent'],
    ['devon', 'admin'],
  ] as const)('%s (every role) may change their password', async (username, role) => {
    await setup();
    const token = await login(server, username, role);
    expect((await changePassword(token, change(NEW))).body.code).toBe(200);
  });

  it('leaves an audit entry without any password', async () => {
    const { alice, companyId } = await setup();
    const token = await login(server, 'alice', 'admin');
    await extraSession(alice.id);
    await changePassword(token, change(NEW));
    const [entry] = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'changePassword'));
    expect(entry).toMatchObject({
      entity: 'profile',
      entityId: alice.id,
      companyId,
      changes: { password: '[redacted]', sessionsEnded: 1 },
    });
    const everything = JSON.stringify(await server.database.db.select().from(auditLog));
    expect(everything).not.toContain(NEW);
    expect(everything).not.toContain(PASSWORD);
  });

  it('without a session: 401', async () => {
    expect((await call(server, '/api/user/changePassword', { body: change(NEW) })).status).toBe(401);
  });
});
