import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  forgotPasswordInputSchema,
  loginInputSchema,
  loginResultSchema,
  registerInputSchema,
  selfInfoSchema,
  sessionSchema,
  signedInElsewhereSchema,
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

describe('users and sessions', () => {
  it('self info carries the user fields and refuses an unknown role or a missing alias', () => {
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
  it('forgot password and register', () => {
    accepts(forgotPasswordInputSchema, { username: 'admin' });
    expect(errors(forgotPasswordInputSchema, { username: '' })).toEqual(['v.required']);
    const register = { companyName: 'Acme', contactName: 'Li Lei', email: 'li@acme.co', phoneNumber: '13800000009' };
    accepts(registerInputSchema, register);
    expect(errors(registerInputSchema, { ...register, email: 'nope' })).toEqual(['v.email']);
    expect(errors(registerInputSchema, { ...register, message: 'x'.repeat(501) })).toEqual(['v.tooLong']);
  });
});
