import { z } from 'zod';
import { roleSchema } from '../common/roles.ts';
import { companyFeatureSchema } from '../common/company-features.ts';
import { editVersionSchema, storedVersionSchema } from '../common/edit-version.ts';
import {
  accountPasswordSchema,
  blankOrSchema,
  companyRowIdSchema,
  emailSchema,
  idSchema,
  isoDateTime,
  keywordSchema,
  pageQuerySchema,
  phoneSchema,
  requiredString,
  usernameSchema,
} from '../common/fields.ts';

/**
 * Account management. A customer company's accounts are ADMIN ("Administrator")
 * or OPR ("Agent"); DEV accounts exist only in the provider's company and only a DEV creates them.
 * `companyId` on every request is for DEV (provider staff) managing another company; ADMIN always acts on
 * their own company.
 */
export const ACCOUNT_STATUSES = ['active', 'disabled'] as const;
export const accountStatusSchema = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

export const ACCOUNT_ALIAS_MAX = 32;

export const accountSchema = z.object({
  id: z.string(),
  version: storedVersionSchema,
  userID: z.number().int(),
  companyId: z.string(),
  username: z.string(),
  alias: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  authLevel: roleSchema,
  status: accountStatusSchema,
  createTime: isoDateTime,
});
export type Account = z.infer<typeof accountSchema>;

export const accountQuerySchema = pageQuerySchema.extend({
  /** Matches user name, alias or phone number (case-insensitive, anywhere in the value). */
  keyword: keywordSchema(64),
  authLevel: roleSchema.optional(),
  status: accountStatusSchema.optional(),
  companyId: idSchema.optional(),
});
export type AccountQuery = z.infer<typeof accountQuerySchema>;

export const accountIdSchema = companyRowIdSchema;
export type AccountId = z.infer<typeof accountIdSchema>;

export const accountCreateSchema = z.object({
  companyId: idSchema.optional(),
  username: usernameSchema,
  alias: requiredString(ACCOUNT_ALIAS_MAX),
  email: emailSchema,
  phoneNumber: phoneSchema,
  authLevel: roleSchema,
  status: accountStatusSchema.default('active'),
  password: accountPasswordSchema,
});
export type AccountCreate = z.infer<typeof accountCreateSchema>;

/** Edit: the user name is the sign-in identity and stays; a blank password keeps the current one. */
export const accountUpdateSchema = z.object({
  id: idSchema,
  version: editVersionSchema,
  companyId: idSchema.optional(),
  alias: requiredString(ACCOUNT_ALIAS_MAX).optional(),
  email: emailSchema.optional(),
  phoneNumber: phoneSchema.optional(),
  authLevel: roleSchema.optional(),
  status: accountStatusSchema.optional(),
  password: blankOrSchema(accountPasswordSchema),
});
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;

/** A company DEV may pick in the account and SIP line screens. */
export const companyOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  isProvider: z.boolean(),
  state: z.enum(['normal', 'deleted']),
  /** The operation features enabled for it: a page a feature gates (do-not-call) says so before asking. */
  features: z.array(companyFeatureSchema),
});
export type CompanyOption = z.infer<typeof companyOptionSchema>;
