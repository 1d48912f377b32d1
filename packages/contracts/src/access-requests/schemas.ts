import { z } from 'zod';
import { companyCreateSchema } from '../operation/companies/schemas.ts';
import { accountPasswordSchema, isoDateTime, keywordSchema } from '../common/fields.ts';

/**
 * Requests filed from the login page: "Forgot password" files a `password_reset` that the
 * user's company administrators (ADMIN; DEV for the provider's own staff) act on; "Request an account" files a
 * `register` that the provider's staff (DEV) act on. Acting closes the request with its outcome, audited.
 */
export const ACCESS_REQUEST_KINDS = ['register', 'password_reset'] as const;
export const accessRequestKindSchema = z.enum(ACCESS_REQUEST_KINDS);
export type AccessRequestKind = z.infer<typeof accessRequestKindSchema>;

export const ACCESS_REQUEST_STATUSES = ['open', 'done'] as const;
export const accessRequestStatusSchema = z.enum(ACCESS_REQUEST_STATUSES);

/** How a request was closed: a new password set, a company and its first admin created, or dismissed. */
export const ACCESS_REQUEST_OUTCOMES = ['password_reset', 'company_created', 'dismissed'] as const;
export const accessRequestOutcomeSchema = z.enum(ACCESS_REQUEST_OUTCOMES);
export type AccessRequestOutcome = z.infer<typeof accessRequestOutcomeSchema>;

export const accessRequestSchema = z.object({
  id: z.string(),
  kind: accessRequestKindSchema,
  companyId: z.string().nullable(),
  username: z.string().nullable(),
  payload: z.record(z.string(), z.string()),
  status: accessRequestStatusSchema,
  createTime: isoDateTime,
  outcome: accessRequestOutcomeSchema.nullable().default(null),
  resolvedBy: z.string().nullable().default(null),
  resolvedTime: isoDateTime.nullable().default(null),
  /** What the outcome made or why it was dismissed: `{companyName, adminUsername}`, `{reason}`. */
  resolution: z.record(z.string(), z.string()).default({}),
});
export type AccessRequest = z.infer<typeof accessRequestSchema>;

export const accessRequestQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  kind: accessRequestKindSchema.optional(),
  status: accessRequestStatusSchema.optional(),
  /** Part of the user name, company, contact, e-mail or phone. */
  keyword: keywordSchema(100),
});
export type AccessRequestQuery = z.infer<typeof accessRequestQuerySchema>;

export const resolveAccessRequestSchema = z.object({ id: z.uuid({ error: 'v.id' }) });

/** Dismiss: the reason is optional and kept with the request. */
export const dismissAccessRequestSchema = z.object({
  id: z.uuid({ error: 'v.id' }),
  reason: z.string().trim().max(200, { error: 'v.tooLong' }).optional(),
});
export type DismissAccessRequest = z.infer<typeof dismissAccessRequestSchema>;

/** Reset: the new password follows the account rule; the user's live sessions end. */
export const resetFromRequestSchema = z
  .object({
    id: z.uuid({ error: 'v.id' }),
    password: accountPasswordSchema,
    confirmPassword: z.string().min(1, { error: 'v.required' }),
  })
  .refine((v) => v.password === v.confirmPassword, { error: 'v.password.confirm', path: ['confirmPassword'] });
export type ResetFromRequest = z.infer<typeof resetFromRequestSchema>;

/** Create the company (and its first admin) a register request asked for, with the company form's rules. */
export const companyFromRequestSchema = companyCreateSchema.extend({ id: z.uuid({ error: 'v.id' }) });
export type CompanyFromRequest = z.infer<typeof companyFromRequestSchema>;

/** The navbar's notice: how many open requests the caller may act on, and when the newest came in. */
export const accessRequestNoticeSchema = z.object({ open: z.number().int().min(0), latest: isoDateTime.nullable() });
export type AccessRequestNotice = z.infer<typeof accessRequestNoticeSchema>;
