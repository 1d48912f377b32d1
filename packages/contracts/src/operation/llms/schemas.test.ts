import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { keyHeaderValue, llmInputSchema, llmTestInputSchema, llmUpdateSchema, type LlmInput } from '../../index.ts';

const valid: LlmInput = {
  vendor: 'OpenAI',
  modelType: 'chat',
  modelName: 'GPT-4o mini',
  calledName: 'gpt-4o-mini',
  url: 'https://api.openai.com/v1',
  keyName: 'Authorization',
  apiKey: 'sk-test',
};

function problems(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('LLM form', () => {
  it('accepts a model with or without a key', () => {
    expect(problems(llmInputSchema, valid)).toEqual([]);
    expect(problems(llmInputSchema, { ...valid, apiKey: undefined })).toEqual([]);
  });
  it('URL must be http or https', () => {
    expect(problems(llmInputSchema, { ...valid, url: 'http://127.0.0.1:11434/v1' })).toEqual([]);
    expect(problems(llmInputSchema, { ...valid, url: 'ftp://x.example' })).toEqual(['url: v.llm.url']);
    expect(problems(llmInputSchema, { ...valid, url: 'api.openai.com' })).toEqual(['url: v.llm.url']);
  });
  it('key name is an HTTP header name', () => {
    for (const keyName of ['Authorization', 'api-key', 'x-api-key']) expect(problems(llmInputSchema, { ...valid, keyName })).toEqual([]);
    expect(problems(llmInputSchema, { ...valid, keyName: 'api key' })).toEqual(['keyName: v.llm.keyName']);
    expect(problems(llmInputSchema, { ...valid, keyName: 'Authorization:' })).toEqual(['keyName: v.llm.keyName']);
  });
  it('the called name has no spaces; the model type is one of the enum', () => {
    expect(problems(llmInputSchema, { ...valid, calledName: 'gpt 4' })).toEqual(['calledName: v.noSpaces']);
    expect(problems(llmInputSchema, { ...valid, modelType: 'vision' })[0]).toMatch(/^modelType: /);
  });
  it('the edit form needs an id and may clear the key', () => {
    expect(problems(llmUpdateSchema, { ...valid, id: 'nope', version: 1 })).toEqual(['id: v.id']);
    expect(
      problems(llmUpdateSchema, { ...valid, id: '00000000-0000-4000-8000-000000000001', version: 1, apiKey: '', clearApiKey: true }),
    ).toEqual([]);
  });
  it('the test timeout stays within 100 ms – 60 s', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(problems(llmTestInputSchema, { id, timeoutMs: 100 })).toEqual([]);
    expect(problems(llmTestInputSchema, { id, timeoutMs: 99 })[0]).toMatch(/^timeoutMs/);
    expect(problems(llmTestInputSchema, { id, timeoutMs: 60_001 })[0]).toMatch(/^timeoutMs/);
  });
});

describe('the key header', () => {
  it('Authorization carries "Bearer <key>"; any other header the bare key', () => {
    expect(keyHeaderValue('Authorization', 'sk-1')).toBe('Bearer sk-1');
    expect(keyHeaderValue('authorization', 'Bearer sk-1')).toBe('Bearer sk-1');
    expect(keyHeaderValue('api-key', 'sk-1')).toBe('sk-1');
  });
});
