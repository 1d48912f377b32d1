import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { voiceInputSchema } from './index.ts';

function errors(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const ok = { nickname: 'Xiaomei', vendor: 'volcano', clusterKey: 'volcano_tts', originalVoiceId: 'xiaomei01' };

describe('voice form', () => {
  it('nickname: 1–20 English letters, digits or Chinese characters', () => {
    for (const nickname of ['X', 'n'.repeat(20), '晓晓', '晓'.repeat(20), 'Emma2'])
      expect(errors(voiceInputSchema, { ...ok, nickname }), nickname).toEqual([]);
    expect(errors(voiceInputSchema, { ...ok, nickname: '' })).toEqual(['v.voice.nickname']);
    expect(errors(voiceInputSchema, { ...ok, nickname: 'n'.repeat(21) })).toEqual(['v.voice.nickname']);
    expect(errors(voiceInputSchema, { ...ok, nickname: 'Xiao-mei' })).toEqual(['v.voice.nicknameChars']);
    expect(errors(voiceInputSchema, { ...ok, nickname: 'Xiao mei' })).toEqual(['v.voice.nicknameChars']);
    expect(errors(voiceInputSchema, { ...ok, nickname: '晓晓。' })).toEqual(['v.voice.nicknameChars']);
    expect(errors(voiceInputSchema, { ...ok, nickname: 'こんにちは' })).toEqual(['v.voice.nicknameChars']);
  });
  it('original voice id: English letters and digits only, required', () => {
    expect(errors(voiceInputSchema, { ...ok, originalVoiceId: 'AbC123' })).toEqual([]);
    expect(errors(voiceInputSchema, { ...ok, originalVoiceId: 'abc_123' })).toEqual(['v.voice.originalVoiceId']);
    expect(errors(voiceInputSchema, { ...ok, originalVoiceId: '' })).toContain('v.required');
  });
  it('vendor from the list; cluster key may be empty', () => {
    expect(errors(voiceInputSchema, { ...ok, clusterKey: '' })).toEqual([]);
    expect(errors(voiceInputSchema, { ...ok, clusterKey: 'a b' })).toEqual(['v.voice.clusterKey']);
    expect(voiceInputSchema.safeParse({ ...ok, vendor: 'acme' }).success).toBe(false);
  });
});
