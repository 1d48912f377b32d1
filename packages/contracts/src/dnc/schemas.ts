import { z } from 'zod';
import { isoDateTime, keywordSchema, pageQuerySchema, PHONE_PATTERN } from '../common/fields.ts';

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

/** How many refused entries a refusal names (a pasted column of junk would otherwise make a page of it). */
const NAMED_REFUSALS = 10;

/**
 * The numbers to add, normalized. Entries that are not phone numbers are refused together, by what was typed
 * ("Not phone numbers: abc, 12"), on the list's own field: an issue per entry read "phones.0 …; phones.1 …".
 */
const dncPhonesSchema = z
  .array(z.string().trim())
  .min(1, { error: 'v.required' })
  .max(DNC_LIMITS.batch, { error: 'v.dnc.batch' })
  .transform((values, context) => {
    const phones = values.map(normalizeDncPhone);
    const refused = values.filter((_, i) => phones[i] === null);
    if (refused.length > 0) {
      const named = refused.slice(0, NAMED_REFUSALS).map((value) => value || '""');
      const more = refused.length > NAMED_REFUSALS ? ` (+${refused.length - NAMED_REFUSALS})` : '';
      context.addIssue({ code: 'custom', message: 'v.dnc.notPhones', params: { values: `${named.join(', ')}${more}` } });
      return z.NEVER;
    }
    return phones as string[];
  });

const companyIdField = z.uuid({ error: 'v.id' }).optional();

export const dncQuerySchema = pageQuerySchema.extend({
  keyword: keywordSchema(32),
  companyId: companyIdField,
});
export type DncQuery = z.infer<typeof dncQuerySchema>;

export const dncAddSchema = z.object({
  phones: dncPhonesSchema,
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
