import { z } from 'zod';
import { emailSchema, isoDateTime } from './fields.ts';
import { LIMITS } from './constants.ts';

export const COMPANY_STATES = ['normal', 'deleted'] as const;
export const companyStateSchema = z.enum(COMPANY_STATES);

/** Company form rules of spec §5: name 1–100 without spaces, suffix 1–100 letters and digits. */
export const companyInputSchema = z.object({
  name: z.string().trim()
    .min(LIMITS.companyName.min, { error: 'v.company.name' })
    .max(LIMITS.companyName.max, { error: 'v.company.name' })
    .regex(/^\S+$/, { error: 'v.noSpaces' }),
  suffix: z.string().trim()
    .min(LIMITS.companySuffix.min, { error: 'v.company.suffix' })
    .max(LIMITS.companySuffix.max, { error: 'v.company.suffix' })
    .regex(/^[A-Za-z0-9]+$/, { error: 'v.company.suffix' }),
  adminEmail: emailSchema,
  /** IANA time zone the dialer's call windows are read in. */
  timezone: z.string().trim().min(1).max(64).optional(),
});
export type CompanyInput = z.infer<typeof companyInputSchema>;

export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  suffix: z.string(),
  adminEmail: z.string(),
  state: companyStateSchema,
  timezone: z.string(),
  isProvider: z.boolean(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  createTime: isoDateTime,
  updateTime: isoDateTime,
});
export type Company = z.infer<typeof companySchema>;
