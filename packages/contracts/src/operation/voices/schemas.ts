import { z } from 'zod';
import { authorshipShape, idBodySchema, keywordSchema, pageQuerySchema } from '../../common/fields.ts';
import { LIMITS } from '../../common/constants.ts';
import { editSchemaOf, storedVersionSchema } from '../../common/edit-version.ts';

/**
 * The TTS vendor a catalogue voice belongs to. The spec lists a voice's "company"; we read it as the
 * vendor that serves the voice (not a customer company, which gets voices through grants).
 */
export const VOICE_VENDORS = ['volcano', 'ali', 'azure', 'minimax', 'elevenlabs'] as const;
export const voiceVendorSchema = z.enum(VOICE_VENDORS);
export type VoiceVendor = z.infer<typeof voiceVendorSchema>;

/** A voice nickname: English letters, digits or Chinese characters only (an empty one is the length rule's to report). */
export const VOICE_NICKNAME_PATTERN = /^[A-Za-z0-9\p{Script=Han}]*$/u;
export const VOICE_FIELD_MAX = { originalVoiceId: 128, clusterKey: 100 } as const;

/**
 * A vendor's voice id as the vendor writes it: letters, digits, `_`, `-`, `.` and `:`, no spaces (not letters
 * and digits only: Volcano's `BV700_streaming` and `zh_female_…_bigtts`, MiniMax's `male-qn-qingse`, Azure's
 * `en-US-JennyNeural` and its HD voices `en-US-Ava:DragonHDLatestNeural` are copied from the vendor's console
 * as they are).
 */
export const VOICE_ID_PATTERN = /^[A-Za-z0-9_.:-]+$/;

/** The voice form: nickname 1–20 letters, digits or Chinese; the original voice id as the vendor writes it. */
export const voiceInputSchema = z.object({
  nickname: z
    .string()
    .trim()
    .min(LIMITS.voiceNickname.min, { error: 'v.voice.nickname' })
    .max(LIMITS.voiceNickname.max, { error: 'v.voice.nickname' })
    .regex(VOICE_NICKNAME_PATTERN, { error: 'v.voice.nicknameChars' }),
  vendor: voiceVendorSchema,
  /** The vendor's cluster / resource key (e.g. Volcano's "volcano_tts"); empty for vendors without one. */
  clusterKey: z
    .string()
    .trim()
    .max(VOICE_FIELD_MAX.clusterKey, { error: 'v.tooLong' })
    .regex(/^[A-Za-z0-9_.-]*$/, { error: 'v.voice.clusterKey' }),
  /** The vendor's own id of the voice, 1–128 characters of VOICE_ID_PATTERN. */
  originalVoiceId: z
    .string()
    .trim()
    .min(1, { error: 'v.required' })
    .max(VOICE_FIELD_MAX.originalVoiceId, { error: 'v.tooLong' })
    .regex(VOICE_ID_PATTERN, { error: 'v.voice.originalVoiceId' }),
});
export type VoiceInput = z.infer<typeof voiceInputSchema>;

export const voiceUpdateSchema = editSchemaOf(voiceInputSchema);
export type VoiceUpdateInput = z.infer<typeof voiceUpdateSchema>;
export const voiceIdSchema = idBodySchema;

export const voiceQuerySchema = pageQuerySchema.extend({
  /** Matches the nickname or the original voice id. */
  keyword: keywordSchema(100),
  vendor: voiceVendorSchema.optional(),
});
export type VoiceQuery = z.infer<typeof voiceQuerySchema>;

export const voiceSchema = z.object({
  id: z.string(),
  version: storedVersionSchema,
  /** Stable public reference of the voice (scenario exports, the TTS mapping); set once at creation. */
  uuid: z.string(),
  nickname: z.string(),
  vendor: voiceVendorSchema,
  clusterKey: z.string(),
  originalVoiceId: z.string(),
  /** How many companies the voice is granted to. */
  grantedCompanies: z.number().int().nonnegative(),
  ...authorshipShape,
});
export type Voice = z.infer<typeof voiceSchema>;
