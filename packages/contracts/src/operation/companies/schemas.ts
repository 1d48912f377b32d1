import { z } from 'zod';
import { idBodySchema, emailSchema, idSchema, isoDateTime, keywordSchema, pageQuerySchema, USERNAME_PATTERN } from '../../common/fields.ts';
import { LIMITS } from '../../common/constants.ts';
import { COMPANY_FEATURES, companyFeatureSchema } from '../../common/company-features.ts';
import { editSchemaOf, editVersionSchema, storedVersionSchema } from '../../common/edit-version.ts';

export const COMPANY_STATES = ['normal', 'deleted'] as const;
export const companyStateSchema = z.enum(COMPANY_STATES);
export type CompanyState = z.infer<typeof companyStateSchema>;

/**
 * An IANA time zone name this runtime knows ("Asia/Shanghai", "UTC"). Offsets such as "+08:00" are
 * refused even where Intl accepts them: the dialer reads call windows in a zone with its DST rules.
 */
export function isIanaTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The company form: name 1–100 characters without spaces, suffix 1–100 letters and digits, the admin's e-mail. */
/** How many quiet days a company may list (a few years of public holidays). */
export const QUIET_DAYS_MAX = 100;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is refused). */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const companyInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(LIMITS.companyName.min, { error: 'v.company.name' })
    .max(LIMITS.companyName.max, { error: 'v.company.name' })
    .regex(/^\S+$/, { error: 'v.noSpaces' }),
  suffix: z
    .string()
    .trim()
    .min(LIMITS.companySuffix.min, { error: 'v.company.suffix' })
    .max(LIMITS.companySuffix.max, { error: 'v.company.suffix' })
    .regex(/^[A-Za-z0-9]+$/, { error: 'v.company.suffix' }),
  adminEmail: emailSchema,
  /** IANA time zone the dialer's call windows are read in; the server's own zone when left out. */
  timezone: z.string().trim().max(64, { error: 'v.company.timezone' }).refine(isIanaTimeZone, { error: 'v.company.timezone' }).optional(),
  /**
   * Quiet days (holidays): local dates on which none of the company's tasks calls, read in the zone each
   * task reads its window in. Left out: unchanged on edit, none on create.
   */
  quietDays: z
    .array(z.string().trim().refine(isCalendarDate, { error: 'v.company.quietDay' }))
    .max(QUIET_DAYS_MAX, { error: 'v.company.quietDays' })
    .optional(),
});
export type CompanyInput = z.infer<typeof companyInputSchema>;

/**
 * The first ADMIN account's user name: `admin_<suffix in lower case>` (so `admin_acme` for suffix
 * "Acme"). It must still be a valid user name (3–32 characters), so a suffix longer than 26 characters,
 * or a name already taken, needs `adminUsername` given in the form.
 */
export function defaultAdminUsername(suffix: string): string {
  return `admin_${suffix.trim().toLowerCase()}`;
}

/** Adding a company also creates its first ADMIN; the server generates that account's password. */
export const companyCreateSchema = companyInputSchema.extend({
  /** Empty or absent: `defaultAdminUsername(suffix)`. */
  adminUsername: z
    .string()
    .trim()
    .refine((v) => v === '' || USERNAME_PATTERN.test(v), { error: 'v.username' })
    .optional(),
});
export type CompanyCreateInput = z.infer<typeof companyCreateSchema>;

export const companyUpdateSchema = editSchemaOf(companyInputSchema);
export type CompanyUpdateInput = z.infer<typeof companyUpdateSchema>;

export const companyIdSchema = idBodySchema;

export const companyQuerySchema = pageQuerySchema.extend({
  /** Matches the name, the suffix or the admin e-mail, case-insensitively. */
  keyword: keywordSchema(100),
  state: companyStateSchema.optional(),
});
export type CompanyQuery = z.infer<typeof companyQuerySchema>;

export const companySchema = z.object({
  id: z.string(),
  /** Grows with each saved change of the company, its permissions or its grants: all three forms send it. */
  version: storedVersionSchema,
  name: z.string(),
  suffix: z.string(),
  adminEmail: z.string(),
  state: companyStateSchema,
  timezone: z.string(),
  quietDays: z.array(z.string()),
  isProvider: z.boolean(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  createTime: isoDateTime,
  updateTime: isoDateTime,
});
export type Company = z.infer<typeof companySchema>;

/** A row of the operation area's company list: who created and last changed it, by user name. */
export const companyListItemSchema = companySchema.extend({
  createdByName: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type CompanyListItem = z.infer<typeof companyListItemSchema>;

/** The create answer. `initialPassword` is shown this once and never stored in clear or logged. */
export const companyCreatedSchema = z.object({
  company: companyListItemSchema,
  admin: z.object({ id: z.string(), username: z.string(), email: z.string(), initialPassword: z.string() }),
});
export type CompanyCreated = z.infer<typeof companyCreatedSchema>;

// ---- Permissions: what a company may do, set by the provider's staff ---------------------------------

export const COMPANY_CONCURRENCY = { min: 1, max: 10_000 } as const;

export const companyPermissionsSchema = z.object({
  /** May the company's users reveal full phone numbers in call records (each reveal is logged). */
  numberReveal: z.boolean(),
  /** Cap on the calls all of the company's tasks may have up at once, whatever the tasks ask for. */
  maxConcurrency: z.number().int({ error: 'v.integer' }).min(COMPANY_CONCURRENCY.min).max(COMPANY_CONCURRENCY.max),
  features: z.array(companyFeatureSchema).max(COMPANY_FEATURES.length),
});
export type CompanyPermissions = z.infer<typeof companyPermissionsSchema>;

/**
 * A new company's permissions: the common features on, number reveal off (privacy by default), and a
 * concurrency cap a small trunk can carry. The provider raises them per company.
 */
export const DEFAULT_COMPANY_PERMISSIONS: CompanyPermissions = {
  numberReveal: false,
  maxConcurrency: 20,
  features: ['realtimeDashboard', 'csvExport'],
};

export const companyRefSchema = z.object({ companyId: idSchema });
export const setCompanyPermissionsSchema = companyPermissionsSchema.extend({ companyId: idSchema, version: editVersionSchema });
export type SetCompanyPermissionsInput = z.infer<typeof setCompanyPermissionsSchema>;

// ---- Grants: which catalogue voices, processors and scenarios a company may use -----------------------

export const GRANT_KINDS = ['voice', 'processor', 'scenario'] as const;
export const grantKindSchema = z.enum(GRANT_KINDS);
export type GrantKind = z.infer<typeof grantKindSchema>;

export const grantQuerySchema = z.object({ companyId: idSchema, kind: grantKindSchema });
export type GrantQuery = z.infer<typeof grantQuerySchema>;

/**
 * One catalogue item as the grant editor shows it. `extra` carries what helps choose (a voice's vendor,
 * a processor's type and state); `selectable` is false for an item that may not be newly granted
 * (an invalid processor), which may still be taken away.
 */
export const grantItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  granted: z.boolean(),
  selectable: z.boolean(),
  extra: z.record(z.string(), z.string()),
});
export type GrantItem = z.infer<typeof grantItemSchema>;

export const MAX_GRANTS_PER_KIND = 1000;

/** Replaces the company's grants of one kind with exactly `refIds`. */
export const setGrantsSchema = grantQuerySchema.extend({
  /** The company's version (grants are part of the company). */
  version: editVersionSchema,
  refIds: z.array(idSchema).max(MAX_GRANTS_PER_KIND),
});
export type SetGrantsInput = z.infer<typeof setGrantsSchema>;

export const setGrantsResultSchema = z.object({
  granted: z.number().int().nonnegative(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
});
export type SetGrantsResult = z.infer<typeof setGrantsResultSchema>;
