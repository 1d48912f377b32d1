import { describe, expect, it } from 'vitest';
import { maskSubtaskPhone, normalizeSubtaskPhone, parseBusinessInfo } from './schemas.ts';

const hex = (text: string) => Buffer.from(text, 'ascii').toString('hex');

describe('phone values by encryption type', () => {
  it('PLAIN_TEXT: 6–15 digits with an optional +, separators dropped', () => {
    expect(normalizeSubtaskPhone('PLAIN_TEXT', ' 138-0000 0001 ')).toBe('13800000001');
    expect(normalizeSubtaskPhone('PLAIN_TEXT', '+(86)13800000001')).toBe('+8613800000001');
    expect(normalizeSubtaskPhone('PLAIN_TEXT', '12345')).toBeNull();
    expect(normalizeSubtaskPhone('PLAIN_TEXT', '1.38E+10')).toBeNull();
    expect(normalizeSubtaskPhone('PLAIN_TEXT', 'e10adc3949ba59abbe56e057f20f883e')).toBeNull();
  });
  it('HEX: the hex encoding of a phone number, stored in lower case', () => {
    expect(normalizeSubtaskPhone('HEX', hex('13800000001').toUpperCase())).toBe(hex('13800000001'));
    expect(normalizeSubtaskPhone('HEX', hex('abcdefg'))).toBeNull();
    expect(normalizeSubtaskPhone('HEX', '313')).toBeNull();
    expect(normalizeSubtaskPhone('HEX', '13800000001')).toBeNull();
  });
  it('MD5: 32 hex digits, stored in lower case', () => {
    expect(normalizeSubtaskPhone('MD5', 'E10ADC3949BA59ABBE56E057F20F883E')).toBe('e10adc3949ba59abbe56e057f20f883e');
    expect(normalizeSubtaskPhone('MD5', 'e10adc3949ba59abbe56e057f20f883')).toBeNull();
    expect(normalizeSubtaskPhone('MD5', '13800000001')).toBeNull();
  });
  it('CUSTOM: an opaque visible-ASCII token up to 256 characters', () => {
    expect(normalizeSubtaskPhone('CUSTOM', 'tok_AbC/12+=')).toBe('tok_AbC/12+=');
    expect(normalizeSubtaskPhone('CUSTOM', 'has space')).toBeNull();
    expect(normalizeSubtaskPhone('CUSTOM', 'x'.repeat(257))).toBeNull();
  });
  it('masks: clear numbers show the last 4 digits only; hashes and tokens their ends', () => {
    expect(maskSubtaskPhone('PLAIN_TEXT', '13800000001')).toBe('*******0001');
    expect(maskSubtaskPhone('PLAIN_TEXT', '+8613800000001')).toBe('+*********0001');
    expect(maskSubtaskPhone('HEX', hex('13800000001'))).toBe('*******0001');
    expect(maskSubtaskPhone('MD5', 'e10adc3949ba59abbe56e057f20f883e')).toBe('e10a…883e');
    expect(maskSubtaskPhone('CUSTOM', 'short')).toBe('*****');
  });
});

describe('businessInfo in query-string form', () => {
  it('parses pairs, decodes escapes, refuses a pair without a key or "="', () => {
    expect(parseBusinessInfo('plan=gold&due=2026-12-01&name=Li+Lei')).toEqual({ plan: 'gold', due: '2026-12-01', name: 'Li Lei' });
    expect(parseBusinessInfo('')).toEqual({});
    expect(parseBusinessInfo('plan')).toBeNull();
    expect(parseBusinessInfo('=gold')).toBeNull();
    expect(parseBusinessInfo('x=%E4')).toBeNull();
  });
});
