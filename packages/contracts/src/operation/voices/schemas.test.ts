import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { voiceInputSchema } from '../../index.ts';

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
  it('original voice id: as the vendor writes it (letters, digits, _ - .), 1–128 characters, no spaces', () => {
    for (const originalVoiceId of [
      'AbC123',
      'BV700_streaming',
      'zh_female_shuangkuaisisi_moon_bigtts',
      'male-qn-qingse',
      'en-US-JennyNeural',
      'en-US-Ava:DragonHDLatestNeural',
      'speech-02.hd',
      '_',
      '-',
      '.',
      'v',
      'v'.repeat(128),
    ])
      expect(errors(voiceInputSchema, { ...ok, originalVoiceId }), originalVoiceId).toEqual([]);
    for (const bad of ['en US', 'a\tb', 'a/b', 'a@b', '晓晓', 'a+b'])
      expect(errors(voiceInputSchema, { ...ok, originalVoiceId: bad }), bad).toEqual(['v.voice.originalVoiceId']);
    expect(errors(voiceInputSchema, { ...ok, originalVoiceId: 'v'.repeat(129) })).toEqual(['v.tooLong']);
    expect(errors(voiceInputSchema, { ...ok, originalVoiceId: '' })).toContain('v.required');
    // Surrounding spaces are trimmed (a copy from a console often carries one).
    expect(voiceInputSchema.parse({ ...ok, originalVoiceId: ' en-US-JennyNeural ' }).originalVoiceId).toBe('en-US-JennyNeural');
  });
  it('vendor from the list; cluster key may be empty', () => {
    expect(errors(voiceInputSchema, { ...ok, clusterKey: '' })).toEqual([]);
    expect(errors(voiceInputSchema, { ...ok, clusterKey: 'a b' })).toEqual(['v.voice.clusterKey']);
    expect(voiceInputSchema.safeParse({ ...ok, vendor: 'acme' }).success).toBe(false);
  });
});
