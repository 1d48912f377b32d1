import { z } from 'zod';
import {
  blankOrSchema,
  companyRowIdSchema,
  idSchema,
  isoDateTime,
  keywordSchema,
  pageQuerySchema,
  requiredString,
} from '../common/fields.ts';
import { editVersionSchema, storedVersionSchema } from '../common/edit-version.ts';

/**
 * SIP lines: a new line needs its alias, concurrency, username, password, domain and port. The password is
 * write-only: answers carry `hasPassword`, never the value.
 */
export const SIP_LIMITS = {
  alias: { max: 32 },
  concurrency: { min: 1, max: 1000 },
  cps: { min: 1, max: 100, default: 5 },
  port: { min: 1, max: 65535, default: 5060 },
  sipUsername: { max: 64 },
  password: { max: 128 },
} as const;

export const SIP_LINE_STATUSES = ['enabled', 'disabled'] as const;
export const sipLineStatusSchema = z.enum(SIP_LINE_STATUSES);
export type SipLineStatus = z.infer<typeof sipLineStatusSchema>;

/** `sip`: a real carrier over UDP; `simulated`: the built-in demo callees (no carrier needed). */
export const SIP_TRUNKS = ['sip', 'simulated'] as const;
export const sipTrunkSchema = z.enum(SIP_TRUNKS);
export type SipTrunk = z.infer<typeof sipTrunkSchema>;

const HOST_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;

/** A host name (RFC 1123 labels) or an IPv4/IPv6 address. An all-digit last label is a bad IPv4, not a name. */
export function isHost(value: string): boolean {
  if (z.ipv4().safeParse(value).success || z.ipv6().safeParse(value).success) return true;
  if (value.length === 0 || value.length > 253) return false;
  const labels = value.replace(/\.$/, '').split('.');
  if (!labels.every((label) => HOST_LABEL.test(label))) return false;
  return !/^\d+$/.test(labels[labels.length - 1]!);
}

/** A whole number in a range; a missing value says "required", a fraction "whole number". */
function wholeNumber(range: { min: number; max: number }, key: string) {
  return z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? 'v.required' : 'v.integer') })
    .int({ error: 'v.integer' })
    .min(range.min, { error: key })
    .max(range.max, { error: key });
}

export const sipAliasSchema = requiredString(SIP_LIMITS.alias.max);
export const sipConcurrencySchema = wholeNumber(SIP_LIMITS.concurrency, 'v.sip.concurrency');
export const sipCpsSchema = wholeNumber(SIP_LIMITS.cps, 'v.sip.cps');
export const sipPortSchema = wholeNumber(SIP_LIMITS.port, 'v.sip.port');
export const sipUsernameSchema = z
  .string()
  .trim()
  .min(1, { error: 'v.required', abort: true })
  .max(SIP_LIMITS.sipUsername.max, { error: 'v.tooLong' })
  .regex(/^\S+$/, { error: 'v.noSpaces' });
export const sipDomainSchema = z.string().trim().min(1, { error: 'v.required', abort: true }).refine(isHost, { error: 'v.sip.domain' });
/** Not trimmed: a carrier's password is taken exactly as given. */
export const sipPasswordSchema = z
  .string({ error: 'v.required' })
  .min(1, { error: 'v.required' })
  .max(SIP_LIMITS.password.max, { error: 'v.tooLong' });

export const sipLineSchema = z.object({
  id: z.string(),
  version: storedVersionSchema,
  companyId: z.string(),
  alias: z.string(),
  concurrency: z.number().int(),
  cps: z.number().int(),
  status: sipLineStatusSchema,
  trunk: sipTrunkSchema,
  sipUsername: z.string(),
  /** Always true: a line cannot exist without a password, and the value never leaves the server. */
  hasPassword: z.boolean(),
  domain: z.string(),
  port: z.number().int(),
  createUser: z.string().nullable(),
  createTime: isoDateTime,
  updateTime: isoDateTime,
});
export type SipLine = z.infer<typeof sipLineSchema>;

export const sipLineQuerySchema = pageQuerySchema.extend({
  /** Matches alias, SIP user name or domain. */
  keyword: keywordSchema(64),
  status: sipLineStatusSchema.optional(),
  trunk: sipTrunkSchema.optional(),
  companyId: idSchema.optional(),
});
export type SipLineQuery = z.infer<typeof sipLineQuerySchema>;

export const sipLineIdSchema = companyRowIdSchema;
export type SipLineId = z.infer<typeof sipLineIdSchema>;

export const sipLineCreateSchema = z.object({
  companyId: idSchema.optional(),
  alias: sipAliasSchema,
  concurrency: sipConcurrencySchema,
  cps: sipCpsSchema.default(SIP_LIMITS.cps.default),
  status: sipLineStatusSchema.default('enabled'),
  trunk: sipTrunkSchema.default('sip'),
  sipUsername: sipUsernameSchema,
  password: sipPasswordSchema,
  domain: sipDomainSchema,
  port: sipPortSchema,
});
export type SipLineCreate = z.infer<typeof sipLineCreateSchema>;

/** Edit: any field may be sent; a blank or absent password keeps the stored one. */
export const sipLineUpdateSchema = z.object({
  id: idSchema,
  version: editVersionSchema,
  companyId: idSchema.optional(),
  alias: sipAliasSchema.optional(),
  concurrency: sipConcurrencySchema.optional(),
  cps: sipCpsSchema.optional(),
  status: sipLineStatusSchema.optional(),
  trunk: sipTrunkSchema.optional(),
  sipUsername: sipUsernameSchema.optional(),
  password: blankOrSchema(sipPasswordSchema),
  domain: sipDomainSchema.optional(),
  port: sipPortSchema.optional(),
});
export type SipLineUpdate = z.infer<typeof sipLineUpdateSchema>;
