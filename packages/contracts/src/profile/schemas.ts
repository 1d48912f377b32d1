import { z } from 'zod';
import { LIMITS } from '../common/constants.ts';
import { editVersionSchema } from '../common/edit-version.ts';
import { emailSchema, phoneSchema, selfPasswordSchema } from '../common/fields.ts';

/** The self-info form: an alias of 5–10 characters, a valid phone number and e-mail address. */
export const profileInputSchema = z.object({
  alias: z
    .string()
    .trim()
    .min(LIMITS.profileAlias.min, { error: 'v.alias.profile' })
    .max(LIMITS.profileAlias.max, { error: 'v.alias.profile' }),
  phoneNumber: phoneSchema,
  email: emailSchema,
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

/** What the self-info form sends: the fields and the account version it opened. */
export const profileUpdateSchema = profileInputSchema.extend({ version: editVersionSchema });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const changePasswordInputSchema = z
  .object({
    currentPassword: z.string().min(1, { error: 'v.required' }),
    newPassword: selfPasswordSchema,
    confirmPassword: z.string().min(1, { error: 'v.required' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { error: 'v.password.confirm', path: ['confirmPassword'] });
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;
