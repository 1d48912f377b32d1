import { z } from 'zod';
import { isoDateTime, keywordSchema, pageQuerySchema, PHONE_PATTERN } from './fields.ts';

/**
 * A company's do-not-call list (system menu, ADMIN and DEV). Numbers are kept normalized — digits with
 * an optional leading +, spaces, dashes and brackets dropped — so "138 0000 0001" and "13800000001" are
 * one entry and match what the dialer dials. The dialer checks the list right before each dial.
 */
export const DNC_LIMITS = { batch: 1000, note: 200, importBytes: 20 * 1024 * 1024 } as const;

/** The stored form of a number, or null when it is not a phone number. */
export function normalizeDncPhone(raw: string): string | null {
  const compact = raw.trim().replace(/[\s()-]/g, '');
  return PHONE_PATTERN.test(compact) ? compact : null;
}

const dncPhoneSchema = z
  .string()
  .trim()
  .transform((value, context) => {
    const phone = normalizeDncPhone(value);
    if (phone === null) {
      context.addIssue({ code: 'custom', message: 'v.phone' });
      return z.NEVER;
    }
    return phone;
  });

const companyIdField = z.uuid({ error: 'v.id' }).optional();

export const dncQuerySchema = pageQuerySchema.extend({
  keyword: keywordSchema(32),
  companyId: companyIdField,
});
export type DncQuery = z.infer<typeof dncQuerySchema>;

export const dncAddSchema = z.object({
  phones: z.array(dncPhoneSchema).min(1, { error: 'v.required' }).max(DNC_LIMITS.batch, { error: 'v.dnc.batch' }),
  note: z.string().trim().max(DNC_LIMITS.note, { error: 'v.tooLong' }).default(''),
  companyId: companyIdField,
});
export type DncAdd = z.input<typeof dncAddSchema>;

export const dncRemoveSchema = z.object({
  phones: z.array(z.string().trim().min(1)).min(1, { error: 'v.required' }).max(DNC_LIMITS.batch, { error: 'v.dnc.batch' }),
  companyId: companyIdField,
});
export type DncRemove = z.infer<typeof dncRemoveSchema>;

export const dncEntrySchema = z.object({
  phone: z.string(),
  note: z.string(),
  createdBy: z.string().nullable(),
  createTime: isoDateTime,
});
export type DncEntry = z.infer<typeof dncEntrySchema>;

export const dncChangeSchema = z.object({ added: z.number().int(), alreadyListed: z.number().int(), removed: z.number().int() });
export type DncChange = z.infer<typeof dncChangeSchema>;

/** A CSV import: one number per row (a `phone` / `phoneNumber` column, else the first one). */
export const dncImportResultSchema = dncChangeSchema.extend({
  rejected: z.array(z.object({ line: z.number().int(), value: z.string(), reason: z.string() })),
});
export type DncImportResult = z.infer<typeof dncImportResultSchema>;
