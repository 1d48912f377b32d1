import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { accountCreateSchema, accountQuerySchema, accountUpdateSchema, formatIssue } from '../index.ts';

function errors(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
}

const id = '9b2c5a53-6a43-4d1f-9c1e-2f1e2c3d4e5f';
const valid = {
  username: 'olga',
  alias: 'Olga',
  email: 'olga@acme.test',
  phoneNumber: '13900000001',
  authLevel: 'OPR',
  password: 'Aa1!aaaa',
};

describe('account create (alias required; password 8–32 with lower, upper, digit, special; valid e-mail and phone)', () => {
  it('accepts a complete account and defaults the status to active', () => {
    expect(accountCreateSchema.parse(valid).status).toBe('active');
  });
  it.each([
    ['7 characters', 'Aa1!aaa', ['password:v.password.accountLength']],
    ['8 characters', 'Aa1!aaaa', []],
    ['32 characters', `Aa1!${'a'.repeat(28)}`, []],
    ['33 characters', `Aa1!${'a'.repeat(29)}`, ['password:v.password.accountLength']],
    ['no lowercase', 'AA1!AAAA', ['password:v.password.lower']],
    ['no uppercase', 'aa1!aaaa', ['password:v.password.upper']],
    ['no digit', 'Aaa!aaaa', ['password:v.password.digit']],
    ['no special character', 'Aa1aaaaa', ['password:v.password.special']],
  ])('password with %s', (_name, password, expected) => {
    expect(errors(accountCreateSchema, { ...valid, password })).toEqual(expected);
  });
  it('alias is required (blank after trimming is refused) and at most 32', () => {
    expect(errors(accountCreateSchema, { ...valid, alias: '   ' })).toEqual(['alias:v.required']);
    expect(errors(accountCreateSchema, { ...valid, alias: 'x' })).toEqual([]);
    expect(errors(accountCreateSchema, { ...valid, alias: 'x'.repeat(32) })).toEqual([]);
    expect(errors(accountCreateSchema, { ...valid, alias: 'x'.repeat(33) })).toEqual(['alias:v.tooLong']);
  });
  it('e-mail, phone and user name must be valid', () => {
    expect(errors(accountCreateSchema, { ...valid, email: 'olga@' })).toEqual(['email:v.email']);
    expect(errors(accountCreateSchema, { ...valid, phoneNumber: '12345' })).toEqual(['phoneNumber:v.phone']);
    expect(errors(accountCreateSchema, { ...valid, phoneNumber: '' })).toEqual(['phoneNumber:v.phone']);
    expect(errors(accountCreateSchema, { ...valid, username: '1olga' })).toEqual(['username:v.username']);
  });
  it('the user level is one of the roles', () => {
    expect(errors(accountCreateSchema, { ...valid, authLevel: 'ROOT' })).toHaveLength(1);
    expect(errors(accountCreateSchema, { ...valid, authLevel: 'ADMIN' })).toEqual([]);
  });
  it('every field is required', () => {
    for (const field of ['username', 'alias', 'email', 'phoneNumber', 'authLevel', 'password'] as const) {
      const { [field]: _dropped, ...rest } = valid;
      expect(errors(accountCreateSchema, rest).map((e) => e.split(':')[0])).toEqual([field]);
    }
  });
  it('a refused rule reads as a sentence naming the field, in both languages', () => {
    const issue = accountCreateSchema.safeParse({ ...valid, email: 'nope' }).error!.issues[0]!;
    expect(formatIssue(issue, 'en-US')).toBe('E-mail must be a valid e-mail address');
    expect(formatIssue(issue, 'zh-CN')).toBe('邮箱须为有效邮箱地址');
  });
});

describe('account update', () => {
  it('a blank or absent password means "unchanged"', () => {
    expect(errors(accountUpdateSchema, { id, version: 1, password: '' })).toEqual([]);
    expect(errors(accountUpdateSchema, { id, version: 1 })).toEqual([]);
  });
  it('a given password obeys the same rules as on create', () => {
    expect(errors(accountUpdateSchema, { id, version: 1, password: 'Aa1!aaa' })).toEqual(['password:v.password.accountLength']);
    expect(errors(accountUpdateSchema, { id, version: 1, password: 'Aa1aaaaa' })).toEqual(['password:v.password.special']);
    expect(errors(accountUpdateSchema, { id, version: 1, password: `Aa1!${'a'.repeat(28)}` })).toEqual([]);
  });
  it('alias, e-mail and phone keep their rules; the user name cannot be changed', () => {
    expect(errors(accountUpdateSchema, { id, version: 1, alias: '' })).toEqual(['alias:v.required']);
    expect(errors(accountUpdateSchema, { id, version: 1, email: 'x' })).toEqual(['email:v.email']);
    expect(errors(accountUpdateSchema, { id, version: 1, phoneNumber: 'abc' })).toEqual(['phoneNumber:v.phone']);
    expect(accountUpdateSchema.parse({ id, version: 1, username: 'other' })).not.toHaveProperty('username');
  });
  it('needs a valid id', () => {
    expect(errors(accountUpdateSchema, { id: 'nope', version: 1 })).toEqual(['id:v.id']);
  });
});

describe('account query', () => {
  it('defaults to page 1 of 10', () => {
    expect(accountQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10 });
  });
  it('filters by keyword, level and status', () => {
    expect(accountQuerySchema.parse({ keyword: ' ol ', authLevel: 'OPR', status: 'disabled' })).toMatchObject({
      keyword: 'ol',
      authLevel: 'OPR',
      status: 'disabled',
    });
    expect(errors(accountQuerySchema, { companyId: 'acme' })).toEqual(['companyId:v.id']);
  });
});
