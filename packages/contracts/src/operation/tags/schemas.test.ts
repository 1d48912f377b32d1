import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { tagInputSchema } from '../../index.ts';

function errors(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const ok = { name: 'High intent', alias: 'high_intent', description: 'Asked about prices' };

describe('tag form', () => {
  it('alias: at most 30 lowercase letters and underscores', () => {
    expect(errors(tagInputSchema, { ...ok, alias: 'a'.repeat(30) })).toEqual([]);
    expect(errors(tagInputSchema, { ...ok, alias: 'a'.repeat(31) })).toEqual(['v.tag.alias']);
    expect(errors(tagInputSchema, { ...ok, alias: 'High_intent' })).toEqual(['v.tag.alias']);
    expect(errors(tagInputSchema, { ...ok, alias: 'intent2' })).toEqual(['v.tag.alias']);
    expect(errors(tagInputSchema, { ...ok, alias: '' })).toContain('v.required');
  });
  it('name and description are required', () => {
    expect(errors(tagInputSchema, { ...ok, name: '' })).toEqual(['v.required']);
    expect(errors(tagInputSchema, { ...ok, description: '  ' })).toEqual(['v.required']);
    expect(errors(tagInputSchema, { ...ok, description: 'd'.repeat(201) })).toEqual(['v.tooLong']);
  });
});
