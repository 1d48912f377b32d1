import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatIssue, parseExtraOptions, processorInputSchema, type ProcessorForm } from '../../index.ts';

const LLM = '00000000-0000-4000-8000-0000000000aa';
const valid: ProcessorForm = {
  alias: 'main',
  type: 'stream',
  llmVendor: 'Qwen',
  llmId: LLM,
  systemPrompt: 'You are polite.',
  temperature: 0.7,
};

function problems(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('processor form rules', () => {
  it('accepts the required fields and defaults state valid, not public', () => {
    expect(processorInputSchema.parse(valid)).toMatchObject({ state: 'valid', isPublic: false });
  });
  it('alias: 1–10 characters, no spaces', () => {
    expect(problems(processorInputSchema, { ...valid, alias: 'a' })).toEqual([]);
    expect(problems(processorInputSchema, { ...valid, alias: 'a'.repeat(10) })).toEqual([]);
    expect(problems(processorInputSchema, { ...valid, alias: 'a'.repeat(11) })).toEqual(['alias: v.processor.alias']);
    expect(problems(processorInputSchema, { ...valid, alias: '' })).toEqual(['alias: v.processor.alias']);
    expect(problems(processorInputSchema, { ...valid, alias: 'a b' })).toEqual(['alias: v.noSpaces']);
  });
  it('type, LLM company, model, system prompt and temperature are required', () => {
    const found = problems(processorInputSchema, { alias: 'x' });
    for (const field of ['type', 'llmVendor', 'llmId', 'systemPrompt', 'temperature'])
      expect(
        found.some((p) => p.startsWith(`${field}:`)),
        field,
      ).toBe(true);
    const issue = processorInputSchema.safeParse({ ...valid, systemPrompt: '   ' }).error!.issues[0]!;
    expect(formatIssue(issue, 'en-US')).toBe('System prompt is required');
  });
  it('temperature 0–2 and top P 0–1, bounds included', () => {
    for (const temperature of [0, 2]) expect(problems(processorInputSchema, { ...valid, temperature })).toEqual([]);
    expect(problems(processorInputSchema, { ...valid, temperature: -0.01 })).toEqual(['temperature: v.processor.temperature']);
    expect(problems(processorInputSchema, { ...valid, temperature: 2.01 })).toEqual(['temperature: v.processor.temperature']);
    for (const topP of [0, 1, null]) expect(problems(processorInputSchema, { ...valid, topP })).toEqual([]);
    expect(problems(processorInputSchema, { ...valid, topP: 1.01 })).toEqual(['topP: v.processor.topP']);
    expect(problems(processorInputSchema, { ...valid, topP: -0.1 })).toEqual(['topP: v.processor.topP']);
  });
  it('extra options: blank or a JSON object without reserved keys', () => {
    expect(problems(processorInputSchema, { ...valid, extraOptions: '' })).toEqual([]);
    expect(problems(processorInputSchema, { ...valid, extraOptions: '{"max_tokens": 256}' })).toEqual([]);
    expect(problems(processorInputSchema, { ...valid, extraOptions: '{"max_tokens": }' })).toEqual([
      'extraOptions: v.processor.extraOptionsJson',
    ]);
    expect(problems(processorInputSchema, { ...valid, extraOptions: '[1, 2]' })).toEqual(['extraOptions: v.processor.extraOptionsObject']);
    expect(problems(processorInputSchema, { ...valid, extraOptions: '{"model": "x"}' })).toEqual([
      'extraOptions: v.processor.extraOptionsReserved',
    ]);
  });
  it("parseExtraOptions gives the parser's own words for a syntax error", () => {
    const parsed = parseExtraOptions('{oops}');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.detail).toMatch(/JSON/);
    expect(parseExtraOptions('  ')).toEqual({ ok: true, value: {} });
  });
});
