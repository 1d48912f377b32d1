import { z } from 'zod';
import { LIMITS } from '../../common/constants.ts';
import { idSchema, isoDateTime, keywordSchema, pageQuerySchema } from '../../common/fields.ts';
import { editVersionSchema, storedVersionSchema } from '../../common/edit-version.ts';

/**
 * Processors of the platform's catalogue (operation area, DEV only): one LLM step a scenario uses.
 * - stream: talks to the callee (a scenario's main stream and rewrite stream);
 * - referee: judges (a multi-stream router's referee, a "dynamic LLM" router condition);
 * - analysis: reads the finished call (summary, tags);
 * - filler: short fillers while the main stream is still thinking.
 * An invalid processor stays in the catalogue but no scenario may newly reference it.
 * A public processor is offered to every company without a grant.
 */
export const PROCESSOR_TYPES = ['stream', 'referee', 'analysis', 'filler'] as const;
export const processorTypeSchema = z.enum(PROCESSOR_TYPES);
export type ProcessorType = z.infer<typeof processorTypeSchema>;

export const PROCESSOR_STATES = ['valid', 'invalid'] as const;
export const processorStateSchema = z.enum(PROCESSOR_STATES);
export type ProcessorState = z.infer<typeof processorStateSchema>;

export const PROCESSOR_LIMITS = {
  temperature: { min: 0, max: 2 },
  topP: { min: 0, max: 1 },
  systemPrompt: { max: 20_000 },
  extraOptions: { max: 10_000 },
} as const;

/** Keys the runtime sets itself: extra options may not override them. */
export const RESERVED_OPTION_KEYS = ['model', 'messages', 'stream', 'temperature', 'top_p'] as const;

/**
 * Reads the extra options text: blank is `{}`; otherwise it must be a JSON object without reserved keys.
 * Answers the object, or why not (the JSON parser's own words for a syntax error).
 */
export function parseExtraOptions(
  text: string | undefined | null,
): { ok: true; value: Record<string, unknown> } | { ok: false; problem: 'syntax' | 'notObject' | 'reserved'; detail: string } {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    return { ok: false, problem: 'syntax', detail: error instanceof Error ? error.message : String(error) };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, problem: 'notObject', detail: '' };
  const reserved = Object.keys(value).filter((key) => (RESERVED_OPTION_KEYS as readonly string[]).includes(key));
  if (reserved.length > 0) return { ok: false, problem: 'reserved', detail: reserved.join(', ') };
  return { ok: true, value: value as Record<string, unknown> };
}

const EXTRA_OPTION_MESSAGES = {
  syntax: 'v.processor.extraOptionsJson',
  notObject: 'v.processor.extraOptionsObject',
  reserved: 'v.processor.extraOptionsReserved',
} as const;

const processorFields = {
  /** 1–10 characters, no spaces. */
  alias: z
    .string({ error: 'v.required' })
    .trim()
    .min(LIMITS.processorAlias.min, { error: 'v.processor.alias' })
    .max(LIMITS.processorAlias.max, { error: 'v.processor.alias' })
    .regex(/^\S*$/, { error: 'v.noSpaces' }),
  state: processorStateSchema.default('valid'),
  type: processorTypeSchema,
  isPublic: z.boolean().default(false),
  /** The LLM's vendor, then the model (an LLM of the catalogue of that vendor). */
  llmVendor: z.string({ error: 'v.required' }).trim().min(1, { error: 'v.required' }).max(50, { error: 'v.tooLong' }),
  llmId: z.uuid({ error: 'v.required' }),
  systemPrompt: z
    .string({ error: 'v.required' })
    .trim()
    .min(1, { error: 'v.required' })
    .max(PROCESSOR_LIMITS.systemPrompt.max, { error: 'v.tooLong' }),
  temperature: z
    .number({ error: 'v.required' })
    .min(PROCESSOR_LIMITS.temperature.min, { error: 'v.processor.temperature' })
    .max(PROCESSOR_LIMITS.temperature.max, { error: 'v.processor.temperature' }),
  /** Unset: the provider's default. */
  topP: z
    .number({ error: 'v.processor.topP' })
    .min(PROCESSOR_LIMITS.topP.min, { error: 'v.processor.topP' })
    .max(PROCESSOR_LIMITS.topP.max, { error: 'v.processor.topP' })
    .nullish(),
  /** JSON object text merged into the request body (e.g. {"max_tokens": 256}); blank = none. */
  extraOptions: z
    .string()
    .max(PROCESSOR_LIMITS.extraOptions.max, { error: 'v.tooLong' })
    .optional()
    .superRefine((text, ctx) => {
      const parsed = parseExtraOptions(text);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: EXTRA_OPTION_MESSAGES[parsed.problem], params: { detail: parsed.detail } });
    }),
};

export const processorInputSchema = z.object(processorFields);
export type ProcessorInput = z.infer<typeof processorInputSchema>;
/** What the form holds before defaults apply. */
export type ProcessorForm = z.input<typeof processorInputSchema>;

export const processorUpdateSchema = z.object({ id: idSchema, version: editVersionSchema, ...processorFields });
export type ProcessorUpdate = z.infer<typeof processorUpdateSchema>;

export const processorSchema = z.object({
  id: z.string(),
  version: storedVersionSchema,
  alias: z.string(),
  state: processorStateSchema,
  type: processorTypeSchema,
  isPublic: z.boolean(),
  /** Null only for a catalogue row created before models were attached to processors. */
  llmId: z.string().nullable(),
  llmVendor: z.string(),
  llmModel: z.string(),
  systemPrompt: z.string(),
  temperature: z.number(),
  topP: z.number().nullable(),
  extraOptions: z.record(z.string(), z.unknown()),
  /** Names of the scenarios whose current version uses it. */
  usedBy: z.array(z.string()),
  updatedBy: z.string().nullable(),
  createTime: isoDateTime,
  updateTime: isoDateTime,
});
export type Processor = z.infer<typeof processorSchema>;

export const processorQuerySchema = pageQuerySchema.extend({
  type: processorTypeSchema.optional(),
  state: processorStateSchema.optional(),
  keyword: keywordSchema(100),
});
export type ProcessorQuery = z.infer<typeof processorQuerySchema>;

/** One entry of the scenario editor's processor choices. */
export const processorOptionSchema = z.object({
  id: z.string(),
  alias: z.string(),
  type: processorTypeSchema,
  state: processorStateSchema,
  llmModel: z.string(),
});
export type ProcessorOption = z.infer<typeof processorOptionSchema>;
