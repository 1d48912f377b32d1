import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  accountPasswordSchema,
  authLevelSchema,
  emailSchema,
  envelopeSchema,
  isEnvelope,
  llmQuerySchema,
  loginRoleAdmits,
  pageQuerySchema,
  pageSchema,
  phoneSchema,
  processorQuerySchema,
  scenarioQuerySchema,
  selfPasswordSchema,
  switchRole,
  usernameSchema,
} from '../index.ts';

/** The message keys a failed parse produced, for asserting which rule refused the value. */
function errors(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}
const accepts = (schema: z.ZodType, value: unknown) => expect(errors(schema, value)).toEqual([]);

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
  it('a role switch keeps ADMIN and makes anyone else OPR', () => {
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

describe('envelope', () => {
  it('wraps data and recognises itself', () => {
    const schema = envelopeSchema(pageSchema(z.object({ id: z.string() })));
    accepts(schema, { code: 200, message: 'OK', data: { list: [{ id: 'a' }], total: 1 }, traceId: 't' });
    expect(schema.safeParse({ code: 200, message: 'OK', data: { list: [], total: -1 }, traceId: 't' }).success).toBe(false);
    expect(isEnvelope({ code: 450, message: 'x' })).toBe(true);
    expect(isEnvelope({ code: '450', message: 'x' })).toBe(false);
    expect(isEnvelope(null)).toBe(false);
  });
});

describe('operation list keywords', () => {
  // The model, processor and scenario lists' search field: at most 100 characters, refused with the same
  // "too long" message as every other field (without one the form would show zod's English default).
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
