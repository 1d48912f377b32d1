import { z } from 'zod';
import { idSchema, isoDateTime } from '../../common/fields.ts';
import { SPEECH_PROVIDERS, type SpeechProvider, speechProviderSchema } from '../scenarios/schemas.ts';
import { editVersionSchema, storedVersionSchema } from '../../common/edit-version.ts';

/**
 * A company's credentials for the speech providers its scenarios use (operation area, DEV only). One
 * set per company and provider: `ali` and `ali_sea` are separate Alibaba Cloud accounts and regions,
 * `azure_china` a separate cloud. Settings (ids, regions) are shown; secrets are sealed at rest and
 * only ever answered as "set".
 */
export const SPEECH_VENDORS = ['alibaba', 'volcano', 'azure', 'minimax', 'elevenlabs'] as const;
export type SpeechVendor = (typeof SPEECH_VENDORS)[number];

export const SPEECH_VENDOR_OF: Readonly<Record<SpeechProvider, SpeechVendor>> = {
  ali: 'alibaba',
  ali_sea: 'alibaba',
  seed: 'volcano',
  seed_en: 'volcano',
  seed_cross: 'volcano',
  seed_id: 'volcano',
  azure_id: 'azure',
  azure_china: 'azure',
  azure_en_us: 'azure',
  azure_en_sg: 'azure',
  azure_malaysia: 'azure',
  minimax: 'minimax',
  elevenlabs: 'elevenlabs',
};

export interface SpeechCredentialField {
  name: string;
  /** Sealed at rest, never answered; blank on save keeps the stored value. */
  secret: boolean;
  /** Required to save (for secrets: stored or given). */
  required: boolean;
}

const field = (name: string, secret: boolean, required: boolean): SpeechCredentialField => ({ name, secret, required });

/**
 * The fields each vendor needs. Alibaba takes a token or, better (tokens expire daily), an AccessKey
 * pair the server exchanges for tokens; Volcano's ASR resource id defaults to the hour-billed
 * `volc.bigasr.sauc.duration`; Azure's region defaults to the provider's (the voice's cluster key
 * overrides it for TTS); MiniMax's group id is only needed by older accounts.
 */
export const SPEECH_CREDENTIAL_FIELDS: Readonly<Record<SpeechVendor, readonly SpeechCredentialField[]>> = {
  alibaba: [
    field('appKey', false, true),
    field('accessKeyId', false, false),
    field('accessKeySecret', true, false),
    field('token', true, false),
  ],
  volcano: [field('appId', false, true), field('accessToken', true, true), field('asrResourceId', false, false)],
  azure: [field('subscriptionKey', true, true), field('region', false, false)],
  minimax: [field('apiKey', true, true), field('groupId', false, false)],
  elevenlabs: [field('apiKey', true, true)],
};

export function credentialFieldsOf(provider: SpeechProvider): readonly SpeechCredentialField[] {
  return SPEECH_CREDENTIAL_FIELDS[SPEECH_VENDOR_OF[provider]];
}

/** Saving one provider's credentials: every field is a string; unknown names are refused. */
export const speechCredentialSaveSchema = z
  .object({
    companyId: idSchema,
    provider: speechProviderSchema,
    fields: z.record(z.string(), z.string().trim().max(500, { error: 'v.tooLong' }).regex(/^\S*$/, { error: 'v.noSpaces' })),
    /** The version the form opened; absent when none were configured (then a concurrent first save is refused). */
    version: editVersionSchema.optional(),
  })
  .superRefine((input, ctx) => {
    const known = credentialFieldsOf(input.provider);
    for (const name of Object.keys(input.fields)) {
      if (!known.some((f) => f.name === name)) ctx.addIssue({ code: 'custom', path: ['fields', name], message: 'v.unknownKey' });
    }
    for (const f of known) {
      if (f.required && !f.secret && !input.fields[f.name])
        ctx.addIssue({ code: 'custom', path: ['fields', f.name], message: 'v.required' });
    }
  });
export type SpeechCredentialSaveInput = z.infer<typeof speechCredentialSaveSchema>;

export const speechCredentialRefSchema = z.object({ companyId: idSchema, provider: speechProviderSchema });

export const speechCredentialSchema = z.object({
  provider: speechProviderSchema,
  vendor: z.enum(SPEECH_VENDORS),
  configured: z.boolean(),
  /** The non-secret fields as stored. */
  settings: z.record(z.string(), z.string()),
  /** Names of the secret fields that hold a value (never the values). */
  secretsSet: z.array(z.string()),
  /** Null while not configured. */
  version: storedVersionSchema.nullable(),
  updatedBy: z.string().nullable(),
  updateTime: isoDateTime.nullable(),
});
export type SpeechCredential = z.infer<typeof speechCredentialSchema>;

/** Providers in the scenario editor's order. */
export const SPEECH_CREDENTIAL_PROVIDERS: readonly SpeechProvider[] = SPEECH_PROVIDERS;
