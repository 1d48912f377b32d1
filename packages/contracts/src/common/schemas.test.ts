import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  accessRequestQuerySchema,
  accessRequestSchema,
  auditEntrySchema,
  auditQuerySchema,
  authLevelSchema,
  changePasswordInputSchema,
  companyInputSchema,
  companySchema,
  envelopeSchema,
  forgotPasswordInputSchema,
  isEnvelope,
  loginInputSchema,
  loginResultSchema,
  llmQuerySchema,
  loginRoleAdmits,
  pageQuerySchema,
  pageSchema,
  processorQuerySchema,
  profileInputSchema,
  registerInputSchema,
  resolveAccessRequestSchema,
  scenarioQuerySchema,
  selfInfoSchema,
  sessionSchema,
  signedInElsewhereSchema,
  switchRole,
  accountPasswordSchema,
  selfPasswordSchema,
  phoneSchema,
  emailSchema,
  usernameSchema,
  LIMITS,
} from '../index.ts';

/** The message keys a failed parse produced, for asserting which rule refused the value. */
function errors(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}
const accepts = (schema: z.ZodType, value: unknown) => expect(errors(schema, value)).toEqual([]);

const user = {
  id: '9b2c5a53-6a43-4d1f-9c1e-2f1e2c3d4e5f',
  userID: 7,
  username: 'admin',
  customerID: 'c1',
  authLevel: 'ADMIN',
  email: 'a@b.co',
  phoneNumber: '13800000001',
  createTime: '2026-11-22T00:00:00.000Z',
  alias: 'Alice',
  timeZone: 'Asia/Shanghai',
  features: ['doNotCall'],
  version: 1,
};

describe('roles', () => {
  it('accepts the three roles and OPERATOR as an alias of OPR', () => {
    expect(authLevelSchema.parse('ADMIN')).toBe('ADMIN');
    expect(authLevelSchema.parse('OPERATOR')).toBe('OPR');
    expect(authLevelSchema.parse('operator')).toBe('OPR');
    expect(authLevelSchema.safeParse('ROOT').success).toBe(false);
  });
  it('Admin admits ADMIN and DEV, Agent admits OPR', () => {
    expect(loginRoleAdmits('admin', 'ADMIN')).toBe(true);
    expect(loginRoleAdmits('admin', 'DEV')).toBe(true);
    expect(loginRoleAdmits('admin', 'OPR')).toBe(false);
    expect(loginRoleAdmits('agent', 'OPR')).toBe(true);
    expect(loginRoleAdmits('agent', 'DEV')).toBe(false);
  });
  it('a role switch keeps ADMIN and makes anyone else OPR (spec §4)', () => {
    expect(switchRole('ADMIN')).toBe('ADMIN');
    expect(switchRole('DEV')).toBe('OPR');
    expect(switchRole('OPR')).toBe('OPR');
  });
});

describe('field rules', () => {
  it('phone: 6–15 digits with an optional +', () => {
    accepts(phoneSchema, '123456');
    accepts(phoneSchema, '+123456789012345');
    expect(errors(phoneSchema, '12345')).toEqual(['v.phone']);
    expect(errors(phoneSchema, '1234567890123456')).toEqual(['v.phone']);
    expect(errors(phoneSchema, '12-3456')).toEqual(['v.phone']);
  });
  it('email', () => {
    accepts(emailSchema, ' ops@example.com ');
    expect(errors(emailSchema, 'ops@')).toEqual(['v.email']);
    expect(errors(emailSchema, `${'a'.repeat(250)}@b.co`)).toContain('v.email');
  });
  it('username: 3–32, starts with a letter', () => {
    accepts(usernameSchema, 'abc');
    accepts(usernameSchema, `a${'b'.repeat(31)}`);
    expect(errors(usernameSchema, 'ab')).toEqual(['v.username']);
    expect(errors(usernameSchema, `a${'b'.repeat(32)}`)).toEqual(['v.username']);
    expect(errors(usernameSchema, '1abc')).toEqual(['v.username']);
  });
  it('account password: 8–32 with lower, upper, digit and special', () => {
    accepts(accountPasswordSchema, 'Aa1!aaaa');
    accepts(accountPasswordSchema, `Aa1!${'a'.repeat(28)}`);
    expect(errors(accountPasswordSchema, 'Aa1!aaa')).toEqual(['v.password.accountLength']);
    expect(errors(accountPasswordSchema, `Aa1!${'a'.repeat(29)}`)).toEqual(['v.password.accountLength']);
    expect(errors(accountPasswordSchema, 'AA1!AAAA')).toEqual(['v.password.lower']);
    expect(errors(accountPasswordSchema, 'aa1!aaaa')).toEqual(['v.password.upper']);
    expect(errors(accountPasswordSchema, 'Aaa!aaaa')).toEqual(['v.password.digit']);
    expect(errors(accountPasswordSchema, 'Aa1aaaaa')).toEqual(['v.password.special']);
  });
  it('self password: 6–16', () => {
    accepts(selfPasswordSchema, 'Aa1!aa');
    accepts(selfPasswordSchema, `Aa1!${'a'.repeat(12)}`);
    expect(errors(selfPasswordSchema, 'Aa1!a')).toEqual(['v.password.selfLength']);
    expect(errors(selfPasswordSchema, `Aa1!${'a'.repeat(13)}`)).toEqual(['v.password.selfLength']);
  });
  it('page query: defaults 1 and 10, coerces strings, caps the size', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10 });
    expect(pageQuerySchema.parse({ page: '3', pageSize: '50' })).toEqual({ page: 3, pageSize: 50 });
    expect(pageQuerySchema.safeParse({ page: 0 }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ pageSize: 101 }).success).toBe(false);
  });
});

describe('users and sessions', () => {
  it('self info carries the user fields of spec §3', () => {
    accepts(selfInfoSchema, user);
    expect(selfInfoSchema.safeParse({ ...user, authLevel: 'ROOT' }).success).toBe(false);
    expect(selfInfoSchema.safeParse({ ...user, alias: undefined }).success).toBe(false);
  });
  it('login form: user name or phone, password, role, optional force and remember', () => {
    accepts(loginInputSchema, { username: 'admin', password: 'x', role: 'admin' });
    accepts(loginInputSchema, { username: '13800000001', password: 'x', role: 'agent', force: true, remember: true });
    expect(errors(loginInputSchema, { username: ' ', password: 'x', role: 'admin' })).toEqual(['v.required']);
    expect(errors(loginInputSchema, { username: 'a', password: '', role: 'admin' })).toEqual(['v.required']);
    expect(loginInputSchema.safeParse({ username: 'a', password: 'x', role: 'ADMIN' }).success).toBe(false);
    expect(errors(loginInputSchema, { username: 'a', password: 'x'.repeat(129), role: 'admin' })).toEqual(['v.tooLong']);
  });
  it('login result, the signed-in-elsewhere answer and a session', () => {
    accepts(loginResultSchema, { token: 't', expiresAt: user.createTime, user });
    accepts(signedInElsewhereSchema, { signedInElsewhere: true, since: user.createTime, userAgent: 'Chrome', timeZone: 'UTC' });
    const session = {
      id: 's',
      userId: user.id,
      createdAt: user.createTime,
      lastSeenAt: user.createTime,
      expiresAt: user.createTime,
      remember: false,
      userAgent: null,
      ip: '127.0.0.1',
    };
    accepts(sessionSchema, session);
    expect(sessionSchema.safeParse({ ...session, remember: 'yes' }).success).toBe(false);
    expect(
      signedInElsewhereSchema.safeParse({ signedInElsewhere: false, since: user.createTime, userAgent: null, timeZone: 'UTC' }).success,
    ).toBe(false);
  });
  it('profile: alias 5–10, phone and email', () => {
    const ok = { alias: 'Alice', phoneNumber: '13800000001', email: 'a@b.co' };
    accepts(profileInputSchema, ok);
    accepts(profileInputSchema, { ...ok, alias: 'a'.repeat(LIMITS.profileAlias.max) });
    expect(errors(profileInputSchema, { ...ok, alias: 'Alic' })).toEqual(['v.alias.profile']);
    expect(errors(profileInputSchema, { ...ok, alias: 'a'.repeat(11) })).toEqual(['v.alias.profile']);
    expect(errors(profileInputSchema, { ...ok, email: 'x' })).toEqual(['v.email']);
  });
  it('change password: confirm must match, on the confirm field', () => {
    accepts(changePasswordInputSchema, { currentPassword: 'old', newPassword: 'Aa1!aa', confirmPassword: 'Aa1!aa' });
    const result = changePasswordInputSchema.safeParse({ currentPassword: 'old', newPassword: 'Aa1!aa', confirmPassword: 'Aa1!ab' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ message: 'v.password.confirm', path: ['confirmPassword'] });
    expect(errors(changePasswordInputSchema, { currentPassword: '', newPassword: 'Aa1!aa', confirmPassword: 'Aa1!aa' })).toEqual([
      'v.required',
    ]);
  });
  it('forgot password and register', () => {
    accepts(forgotPasswordInputSchema, { username: 'admin' });
    expect(errors(forgotPasswordInputSchema, { username: '' })).toEqual(['v.required']);
    const register = { companyName: 'Acme', contactName: 'Li Lei', email: 'li@acme.co', phoneNumber: '13800000009' };
    accepts(registerInputSchema, register);
    expect(errors(registerInputSchema, { ...register, email: 'nope' })).toEqual(['v.email']);
    expect(errors(registerInputSchema, { ...register, message: 'x'.repeat(501) })).toEqual(['v.tooLong']);
  });
  it('access requests', () => {
    accepts(accessRequestSchema, {
      id: 'r',
      kind: 'register',
      companyId: null,
      username: null,
      payload: { a: 'b' },
      status: 'open',
      createTime: user.createTime,
    });
    expect(accessRequestQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10 });
    expect(accessRequestQuerySchema.safeParse({ kind: 'other' }).success).toBe(false);
    expect(errors(resolveAccessRequestSchema, { id: 'x' })).toEqual(['v.id']);
  });
});

describe('companies', () => {
  const ok = { name: 'Acme', suffix: 'acme01', adminEmail: 'it@acme.co' };
  it('name 1–100 without spaces, suffix 1–100 letters and digits, admin e-mail', () => {
    accepts(companyInputSchema, ok);
    accepts(companyInputSchema, { ...ok, name: 'x'.repeat(100), suffix: 'y'.repeat(100) });
    expect(errors(companyInputSchema, { ...ok, name: '' })).toContain('v.company.name');
    expect(errors(companyInputSchema, { ...ok, name: 'x'.repeat(101) })).toEqual(['v.company.name']);
    expect(errors(companyInputSchema, { ...ok, name: 'Ac me' })).toEqual(['v.noSpaces']);
    expect(errors(companyInputSchema, { ...ok, suffix: 'ac-me' })).toEqual(['v.company.suffix']);
    expect(errors(companyInputSchema, { ...ok, suffix: 'y'.repeat(101) })).toContain('v.company.suffix');
    expect(errors(companyInputSchema, { ...ok, adminEmail: '' })).toEqual(['v.email']);
  });
  it('a stored company', () => {
    const company = {
      id: 'c',
      ...ok,
      state: 'normal',
      timezone: 'Asia/Shanghai',
      quietDays: [],
      isProvider: false,
      createdBy: null,
      updatedBy: null,
      createTime: user.createTime,
      updateTime: user.createTime,
      version: 1,
    };
    accepts(companySchema, company);
    expect(companySchema.safeParse({ ...company, state: 'gone' }).success).toBe(false);
  });
});

describe('audit', () => {
  it('entries and the query', () => {
    accepts(auditEntrySchema, {
      id: 'a',
      at: user.createTime,
      actorId: null,
      actorName: null,
      companyId: null,
      action: 'login',
      entity: 'session',
      entityId: null,
      changes: {},
      traceId: null,
    });
    expect(auditQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10 });
    expect(errors(auditQuerySchema, { companyId: 'nope' })).toEqual(['v.id']);
  });
});

describe('envelope', () => {
  it('wraps data and recognises itself', () => {
    const schema = envelopeSchema(pageSchema(selfInfoSchema));
    accepts(schema, { code: 200, message: 'OK', data: { list: [user], total: 1 }, traceId: 't' });
    expect(schema.safeParse({ code: 200, message: 'OK', data: { list: [], total: -1 }, traceId: 't' }).success).toBe(false);
    expect(isEnvelope({ code: 450, message: 'x' })).toBe(true);
    expect(isEnvelope({ code: '450', message: 'x' })).toBe(false);
    expect(isEnvelope(null)).toBe(false);
  });
});

describe('operation list keywords', () => {
  // The model, processor and scenario lists' search field: at most 100 characters, refused with the same
  // "too long" message as every other field (it had none, so the form showed zod's English default).
  it.each([
    ['models', llmQuerySchema],
    ['processors', processorQuerySchema],
    ['scenarios', scenarioQuerySchema],
  ])('the %s keyword takes 100 characters and refuses 101 as too long', (_, schema) => {
    expect(schema.safeParse({ keyword: 'k'.repeat(100) }).success).toBe(true);
    const refused = schema.safeParse({ keyword: 'k'.repeat(101) });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('v.tooLong');
  });
});
