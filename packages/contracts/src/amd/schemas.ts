import { z } from 'zod';

/**
 * Answering-machine detection (AMD): who answered a call, judged from the callee's first seconds of audio
 * (early media included). The detector lives in `apps/server/src/amd/`; here are its outcomes, the
 * per-task settings (task form → advanced settings) and what a call record keeps of a decision.
 * See docs/amd.md for how each stage works and how the defaults were chosen.
 */

/** What the classifier can decide. */
export const AMD_OUTCOMES = ['human', 'machine', 'beep', 'announcement', 'fax', 'silence', 'unknown'] as const;
export const amdOutcomeSchema = z.enum(AMD_OUTCOMES);
export type AmdOutcome = z.infer<typeof amdOutcomeSchema>;

/** What a task does when a machine answers: hang up, leave the task's message after the beep, or talk as to a person. */
export const AMD_MACHINE_ACTIONS = ['hangup', 'leave_message', 'continue'] as const;
export type AmdMachineAction = (typeof AMD_MACHINE_ACTIONS)[number];

/**
 * The staged detector's thresholds, in milliseconds (Asterisk app_amd's stages, with defaults tuned on the
 * tuning half of our corpus — see docs/amd.md):
 * - initialSilenceMs: nothing heard this long after the answer → `silence`;
 * - greetingMs: a greeting (first voice to now, pauses included) longer than this → `machine`;
 * - afterGreetingSilenceMs: this much silence after a short greeting → `human`;
 * - minWordMs / betweenWordsSilenceMs: a word is a burst of voice at least minWordMs long, words are apart by
 *   at least betweenWordsSilenceMs of silence; maxWords words before the pause → `machine`;
 * - totalAnalysisMs: no decision by then → `unknown` (the call goes on as with a person).
 */
export const AMD_DEFAULTS = {
  initialSilenceMs: 2500,
  greetingMs: 2000,
  afterGreetingSilenceMs: 700,
  minWordMs: 100,
  betweenWordsSilenceMs: 120,
  maxWords: 12,
  totalAnalysisMs: 5000,
} as const;

export const AMD_LIMITS = {
  initialSilenceMs: { min: 500, max: 10_000 },
  greetingMs: { min: 500, max: 10_000 },
  afterGreetingSilenceMs: { min: 200, max: 5000 },
  minWordMs: { min: 20, max: 1000 },
  betweenWordsSilenceMs: { min: 20, max: 1000 },
  maxWords: { min: 2, max: 20 },
  totalAnalysisMs: { min: 1000, max: 30_000 },
  message: 500,
} as const;

const ms = (key: keyof typeof AMD_DEFAULTS) =>
  z.coerce
    .number({ error: 'v.integer' })
    .int({ error: 'v.integer' })
    .min(AMD_LIMITS[key].min, { error: 'v.min' })
    .max(AMD_LIMITS[key].max, { error: 'v.max' })
    .default(AMD_DEFAULTS[key]);

/** The detector's thresholds (every one defaulted). */
export const amdThresholdsSchema = z.object({
  initialSilenceMs: ms('initialSilenceMs'),
  greetingMs: ms('greetingMs'),
  afterGreetingSilenceMs: ms('afterGreetingSilenceMs'),
  minWordMs: ms('minWordMs'),
  betweenWordsSilenceMs: ms('betweenWordsSilenceMs'),
  maxWords: ms('maxWords'),
  totalAnalysisMs: ms('totalAnalysisMs'),
});
export type AmdThresholds = z.infer<typeof amdThresholdsSchema>;

/**
 * A task's AMD settings (task form → advanced). Off by default: the call goes straight to the conversation.
 * On: machines get `onMachine`; a carrier announcement or special information tones mark the number invalid
 * (never redialled). `message` is required when the action is to leave one.
 */
export const taskAmdSchema = z
  .object({
    enabled: z.boolean().default(false),
    onMachine: z.enum(AMD_MACHINE_ACTIONS).default('hangup'),
    message: z.preprocess(
      (v) => (v === null ? undefined : v),
      z.string().trim().max(AMD_LIMITS.message, { error: 'v.tooLong' }).optional(),
    ),
    thresholds: amdThresholdsSchema.default(amdThresholdsSchema.parse({})),
  })
  .superRefine((value, ctx) => {
    if (value.enabled && value.onMachine === 'leave_message' && !value.message) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'v.amd.messageRequired' });
    }
    const t = value.thresholds;
    if (t.afterGreetingSilenceMs >= t.totalAnalysisMs || t.greetingMs >= t.totalAnalysisMs) {
      ctx.addIssue({ code: 'custom', path: ['thresholds', 'totalAnalysisMs'], message: 'v.amd.totalTooShort' });
    }
  });
export type TaskAmd = z.infer<typeof taskAmdSchema>;

/** As stored and answered (no preprocessing, so the response schema encodes it). */
export const taskAmdValueSchema = z.object({
  enabled: z.boolean(),
  onMachine: z.enum(AMD_MACHINE_ACTIONS),
  message: z.string().optional(),
  thresholds: z.object({
    initialSilenceMs: z.number().int(),
    greetingMs: z.number().int(),
    afterGreetingSilenceMs: z.number().int(),
    minWordMs: z.number().int(),
    betweenWordsSilenceMs: z.number().int(),
    maxWords: z.number().int(),
    totalAnalysisMs: z.number().int(),
  }),
});

/** The measurements behind a decision (ms unless named otherwise). */
export const amdFeaturesSchema = z.object({
  initialSilenceMs: z.number().int(),
  greetingMs: z.number().int(),
  voiceMs: z.number().int(),
  words: z.number().int(),
  longestWordMs: z.number().int(),
  trailingSilenceMs: z.number().int(),
  /** Voice heard before the answer (a carrier speaks in early media; a person cannot). */
  earlyMediaVoiceMs: z.number().int(),
  /** The tone that decided (beep or the first special information tone), in Hz. */
  toneHz: z.number().nullable(),
  toneMs: z.number().int().nullable(),
  sit: z.boolean(),
  /** A machine's or a carrier's phrases the recogniser heard in the greeting (absent: it was not asked). */
  phrases: z.array(z.string()).optional(),
});
export type AmdFeatures = z.infer<typeof amdFeaturesSchema>;

/** One decision, as the call record keeps it. */
export const amdResultSchema = z.object({
  outcome: amdOutcomeSchema,
  /**
   * Why, in a word: long-greeting, max-words, short-greeting, initial-silence, sit, early-media-voice, beep,
   * total-time, sentences, no-beep, music, fax-answer-tone, fax-calling-tone, no-machine-words, spoke-again,
   * repeated-recording; announcement-words and machine-words on earlier records (no longer decided).
   */
  reason: z.string(),
  /** When it was decided, in ms since the answer (negative: during early media). */
  decisionMs: z.number().int(),
  features: amdFeaturesSchema,
  /** Leaving a message: when the beep came (ms since the answer; null when none did) and whether the message played. */
  beepAtMs: z.number().int().nullable().optional(),
  messageLeft: z.boolean().optional(),
});
export type AmdResult = z.infer<typeof amdResultSchema>;
