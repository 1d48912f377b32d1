import { z } from 'zod';
import { idSchema, isoDateTime, keywordSchema, pageQuerySchema } from '../../common/fields.ts';
import { HTTP_PROTOCOLS, urlSchema } from '../../common/url-fields.ts';
import { editVersionSchema, storedVersionSchema } from '../../common/edit-version.ts';

/**
 * Language models of the platform's catalogue (operation area, DEV only). Processors pick one; the
 * conversation runtime calls it through the OpenAI-compatible chat completions API.
 *
 * - `vendor` is the "company" of an LLM in the catalogue's wording: who makes or serves the model (OpenAI, DeepSeek…). It is
 *   called vendor here because "company" means a tenant everywhere else in the product.
 * - `modelName` is the model's own name as its vendor writes it; `calledName` the exact name sent as
 *   `model` in the API call (often different: "DeepSeek-V3" is called "deepseek-chat").
 * - `url` is the API base, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`; the chat
 *   endpoint is `<url>/chat/completions`. A URL that already ends in `/chat/completions` is used as is.
 * - The key travels in the header `keyName`. For `Authorization` the value is `Bearer <key>`; for any other
 *   header (`api-key` of Azure, `x-api-key`…) the value is the bare key.
 */
export const LLM_VENDOR_SUGGESTIONS = [
  'OpenAI',
  'DeepSeek',
  'Volcano',
  'Qwen',
  'Moonshot',
  'Zhipu',
  'MiniMax',
  'Azure OpenAI',
  'Ollama',
] as const;

export const LLM_MODEL_TYPES = ['chat', 'embedding', 'rerank'] as const;
export const llmModelTypeSchema = z.enum(LLM_MODEL_TYPES);
export type LlmModelType = z.infer<typeof llmModelTypeSchema>;

export const DEFAULT_KEY_NAME = 'Authorization';
/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/;

/** What the header carries for a key: `Bearer <key>` in Authorization, the bare key in any other header. */
export function keyHeaderValue(keyName: string, apiKey: string): string {
  if (keyName.toLowerCase() !== 'authorization') return apiKey;
  return /^bearer\s/i.test(apiKey) ? apiKey : `Bearer ${apiKey}`;
}

const llmFields = {
  vendor: z.string({ error: 'v.required' }).trim().min(1, { error: 'v.required' }).max(50, { error: 'v.tooLong' }),
  modelType: llmModelTypeSchema,
  modelName: z.string({ error: 'v.required' }).trim().min(1, { error: 'v.required' }).max(100, { error: 'v.tooLong' }),
  calledName: z
    .string({ error: 'v.required' })
    .trim()
    .min(1, { error: 'v.required' })
    .max(100, { error: 'v.tooLong' })
    .regex(/^\S*$/, { error: 'v.noSpaces' }),
  tag: z.string().trim().max(30, { error: 'v.tooLong' }).optional(),
  url: urlSchema(HTTP_PROTOCOLS, 'v.llm.url'),
  /** Write-only: sealed at rest, never answered. Blank on edit keeps the stored key. */
  apiKey: z.string().trim().max(500, { error: 'v.tooLong' }).optional(),
  keyName: z.string({ error: 'v.required' }).trim().regex(HEADER_NAME, { error: 'v.llm.keyName' }),
};

/** The add form. An empty key is allowed (a local model server often needs none): no header is sent. */
export const llmInputSchema = z.object(llmFields);
export type LlmInput = z.infer<typeof llmInputSchema>;

/** The edit form: a blank key keeps the stored one; `clearApiKey` removes it. */
export const llmUpdateSchema = z.object({
  id: idSchema,
  version: editVersionSchema,
  ...llmFields,
  clearApiKey: z.boolean().optional(),
});
export type LlmUpdate = z.infer<typeof llmUpdateSchema>;

export const llmSchema = z.object({
  id: z.string(),
  version: storedVersionSchema,
  vendor: z.string(),
  modelType: llmModelTypeSchema,
  modelName: z.string(),
  calledName: z.string(),
  tag: z.string(),
  url: z.string(),
  keyName: z.string(),
  /** Whether a key is stored, and how it is shown (never the key itself). */
  hasApiKey: z.boolean(),
  apiKeyMasked: z.string(),
  /** How many processors use this model. */
  processorCount: z.number().int(),
  updatedBy: z.string().nullable(),
  createTime: isoDateTime,
  updateTime: isoDateTime,
});
export type Llm = z.infer<typeof llmSchema>;

export const llmQuerySchema = pageQuerySchema.extend({
  vendor: z.string().trim().max(50).optional(),
  modelType: llmModelTypeSchema.optional(),
  /** Matches the model names, the tag and the URL. */
  keyword: keywordSchema(100),
});
export type LlmQuery = z.infer<typeof llmQuerySchema>;

/** One entry of the processor form's LLM choice (vendor, then model). */
export const llmOptionSchema = z.object({
  id: z.string(),
  vendor: z.string(),
  modelName: z.string(),
  calledName: z.string(),
  modelType: llmModelTypeSchema,
});
export type LlmOption = z.infer<typeof llmOptionSchema>;

export const LLM_TEST_DEFAULT_PROMPT = 'Reply with one short sentence to confirm you are online.';
export const LLM_TEST_TIMEOUT = { defaultMs: 20_000, minMs: 100, maxMs: 60_000 } as const;

/** The "test" action: one chat completion with a short prompt. */
export const llmTestInputSchema = z.object({
  id: idSchema,
  prompt: z.string().trim().max(2000, { error: 'v.tooLong' }).optional(),
  timeoutMs: z.number().int().min(LLM_TEST_TIMEOUT.minMs).max(LLM_TEST_TIMEOUT.maxMs).optional(),
});
export type LlmTestInput = z.infer<typeof llmTestInputSchema>;

/** Why a call failed: the provider answered an error status, took too long, was unreachable, or answered junk. */
export const LLM_FAILURES = ['http', 'timeout', 'network', 'badJson', 'noReply'] as const;
export type LlmFailure = (typeof LLM_FAILURES)[number];

export const llmTestResultSchema = z.object({
  ok: z.boolean(),
  reply: z.string().nullable(),
  latencyMs: z.number().int(),
  /** The provider's HTTP status; null when no answer came (timeout, network). */
  status: z.number().int().nullable(),
  /** The failure in the caller's language, with the provider's own message when it sent one. */
  error: z.string().nullable(),
  failure: z.enum(LLM_FAILURES).nullable(),
  /** The endpoint actually called, so a wrong URL is easy to spot. */
  endpoint: z.string(),
});
export type LlmTestResult = z.infer<typeof llmTestResultSchema>;
