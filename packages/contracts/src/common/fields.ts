import { z } from 'zod';
import { LIMITS } from './constants.ts';

/**
 * Field rules used by several schemas. Messages are keys of `MESSAGES` (i18n.ts): the server and the
 * console render them in the caller's language.
 */
export const PHONE_PATTERN = /^\+?\d{6,15}$/;
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{2,31}$/;
const SPECIAL = /[^A-Za-z0-9]/;

export const phoneSchema = z.string().trim().regex(PHONE_PATTERN, { error: 'v.phone' });
export const emailSchema = z
  .string()
  .trim()
  .max(254, { error: 'v.email' })
  .pipe(z.email({ error: 'v.email' }));
export const usernameSchema = z.string().trim().regex(USERNAME_PATTERN, { error: 'v.username' });
export const requiredString = (max = 255) => z.string().trim().min(1, { error: 'v.required' }).max(max, { error: 'v.tooLong' });

/** Upper, lower, digit and a special character, within the given length. */
export function strongPasswordSchema(range: { min: number; max: number }, lengthKey: string) {
  return z
    .string()
    .min(range.min, { error: lengthKey })
    .max(range.max, { error: lengthKey })
    .refine((v) => /[a-z]/.test(v), { error: 'v.password.lower' })
    .refine((v) => /[A-Z]/.test(v), { error: 'v.password.upper' })
    .refine((v) => /\d/.test(v), { error: 'v.password.digit' })
    .refine((v) => SPECIAL.test(v), { error: 'v.password.special' });
}

export const accountPasswordSchema = strongPasswordSchema(LIMITS.accountPassword, 'v.password.accountLength');
export const selfPasswordSchema = strongPasswordSchema(LIMITS.selfPassword, 'v.password.selfLength');

export const idSchema = z.uuid({ error: 'v.id' });
/** The body of an endpoint that names one row. */
export const idBodySchema = z.object({ id: idSchema });
/** The body naming one row of a company's own (an account, a SIP line): `companyId` is for the provider's DEV staff acting on another company. */
export const companyRowIdSchema = z.object({ id: idSchema, companyId: idSchema.optional() });
export const isoDateTime = z.string();

/** Who created and last changed a catalogue row (ids and user names) and when: the fields of its answer. */
export const authorshipShape = {
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  updatedBy: z.string().nullable(),
  updatedByName: z.string().nullable(),
  createTime: isoDateTime,
  updateTime: isoDateTime,
};

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A list's search text, trimmed; longer than `max` characters is refused (not cut). */
export function keywordSchema(max: number) {
  return z.string().trim().max(max, { error: 'v.tooLong' }).optional();
}

/** A string field that may be left blank on edit (blank = keep the stored value), else obeys `rule`. */
export function blankOrSchema(rule: z.ZodType<string>) {
  return z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (!value) return;
      const result = rule.safeParse(value);
      for (const issue of result.error?.issues ?? []) ctx.addIssue({ code: 'custom', message: issue.message, input: value });
    });
}
