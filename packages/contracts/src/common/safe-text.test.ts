import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findUnsafeText, isSafeText, rejectUnsafeText } from './safe-text.ts';

describe('safe text', () => {
  it('accepts ordinary text, Chinese and emoji (a surrogate pair)', () => {
    for (const text of ['', 'hello', '你好', 'a😀b', '😀', 'tab\tand\nline']) expect(isSafeText(text)).toBe(true);
  });

  it('refuses NUL, a lone high surrogate and a lone low surrogate, wherever they are', () => {
    for (const text of ['a\0b', '\0', 'x\uD83D', '\uD83Dy', '\uDE00', 'a\uDE00\uD83D']) expect(isSafeText(text)).toBe(false);
  });

  it('finds the path of every unsafe string, nested values and object keys included', () => {
    expect(findUnsafeText({ a: 'ok', b: ['fine', 'bad\0'], c: { 'k\0': 1 }, d: 3, e: null })).toEqual([
      ['b', 1],
      ['c', 'k?'],
    ]);
  });

  it('walks values nested 1M deep without recursing, and names the path of what it finds there', () => {
    // Built from the inside out: a recursive walk would overflow the stack at 20,000.
    let nested: unknown = ['bad\0'];
    for (let i = 1; i < 1_000_000; i++) nested = [nested];
    const found = findUnsafeText(nested);
    expect(found).toHaveLength(1);
    expect(found[0]).toHaveLength(1_000_000);
    expect(found[0]!.every((key) => key === 0)).toBe(true);
    let clean: unknown = 'fine';
    for (let i = 0; i < 1_000_000; i++) clean = { a: clean };
    expect(findUnsafeText(clean)).toEqual([]);
  });

  it('wrapping a schema reports unsafe text first, with the field path and the v.text.unsafe key', () => {
    const schema = rejectUnsafeText(z.object({ name: z.string().max(3) }));
    const result = schema.safeParse({ name: 'too long\0' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['name'], message: 'v.text.unsafe' })]);
    expect(schema.safeParse({ name: 'abc' }).data).toEqual({ name: 'abc' });
  });
});
