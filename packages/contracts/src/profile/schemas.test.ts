import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { changePasswordInputSchema, formatIssue, profileInputSchema } from '../index.ts';

/** The self-info and password-change schemas, at the boundaries of their rules. */
function errors(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
}

const profile = { alias: 'Alice', phoneNumber: '13900000001', email: 'alice@acme.test' };

describe('self-info edit: alias 5–10, valid phone and e-mail', () => {
  it.each([
    ['4', 'Alic', ['alias:v.alias.profile']],
    ['5', 'Alice', []],
    ['10', 'A'.repeat(10), []],
    ['11', 'A'.repeat(11), ['alias:v.alias.profile']],
  ])('alias of %s characters', (_n, alias, expected) => {
    expect(errors(profileInputSchema, { ...profile, alias })).toEqual(expected);
  });
  it('counts characters after trimming, and Chinese characters as one each', () => {
    expect(errors(profileInputSchema, { ...profile, alias: '  Alic  ' })).toEqual(['alias:v.alias.profile']);
    expect(errors(profileInputSchema, { ...profile, alias: '客服小王一号' })).toEqual([]);
  });
  it('phone and e-mail must be valid', () => {
    expect(errors(profileInputSchema, { ...profile, phoneNumber: '12345' })).toEqual(['phoneNumber:v.phone']);
    expect(errors(profileInputSchema, { ...profile, email: 'alice' })).toEqual(['email:v.email']);
  });
});

describe('change password: new 6–16 with upper, lower, digit and symbol; confirm must match', () => {
  const change = (newPassword: string, confirmPassword = newPassword) => ({ currentPassword: 'old', newPassword, confirmPassword });
  it.each([
    ['5', 'Aa1!a', ['newPassword:v.password.selfLength']],
    ['6', 'Aa1!aa', []],
    ['16', `Aa1!${'a'.repeat(12)}`, []],
    ['17', `Aa1!${'a'.repeat(13)}`, ['newPassword:v.password.selfLength']],
  ])('new password of %s characters', (_n, password, expected) => {
    expect(errors(changePasswordInputSchema, change(password))).toEqual(expected);
  });
  it.each([
    ['uppercase', 'aa1!aa', 'v.password.upper'],
    ['lowercase', 'AA1!AA', 'v.password.lower'],
    ['digit', 'Aaa!aa', 'v.password.digit'],
    ['symbol', 'Aa1aaa', 'v.password.special'],
  ])('a new password without a %s is refused', (_name, password, key) => {
    expect(errors(changePasswordInputSchema, change(password))).toEqual([`newPassword:${key}`]);
  });
  it('the confirmation must match, and the message is on the confirmation field', () => {
    const result = changePasswordInputSchema.safeParse(change('Aa1!aa', 'Aa1!ab'));
    expect(result.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`)).toEqual(['confirmPassword:v.password.confirm']);
    expect(formatIssue(result.error!.issues[0]!, 'zh-CN')).toBe('两次输入的密码不一致');
  });
  it('the current password is required', () => {
    expect(errors(changePasswordInputSchema, { ...change('Aa1!aa'), currentPassword: '' })).toEqual(['currentPassword:v.required']);
  });
});
