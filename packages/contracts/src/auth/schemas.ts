import { z } from 'zod';
import { loginRoleSchema, roleSchema } from '../common/roles.ts';
import { emailSchema, isoDateTime, phoneSchema, requiredString } from '../common/fields.ts';
import { companyFeatureSchema } from '../common/company-features.ts';
import { storedVersionSchema } from '../common/edit-version.ts';

/** The signed-in user, as getSelfInfo answers it. */
export const selfInfoSchema = z.object({
  id: z.string(),
  userID: z.number().int(),
  username: z.string(),
  customerID: z.string(),
  authLevel: roleSchema,
  email: z.string(),
  phoneNumber: z.string(),
  createTime: isoDateTime,
  alias: z.string(),
  /** The company's IANA time zone: the console shows every time in it (the boards and exports count days in it). */
  timeZone: z.string(),
  /** The operation features the provider enabled for the user's company (menus hide the others). */
  features: z.array(companyFeatureSchema),
  /** The account's edit version: the self-info form sends it back. */
  version: storedVersionSchema,
});
export type SelfInfo = z.infer<typeof selfInfoSchema>;

export const loginInputSchema = z.object({
  /** A user name or the account's phone number. */
  username: requiredString(64),
  password: z.string().min(1, { error: 'v.required' }).max(128, { error: 'v.tooLong' }),
  role: loginRoleSchema,
  /** Revoke the session open elsewhere and sign in here. */
  force: z.boolean().optional(),
  /** Keep the session for a month instead of a working day. */
  remember: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const loginResultSchema = z.object({
  token: z.string(),
  expiresAt: isoDateTime,
  user: selfInfoSchema,
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** Data of the 451 answer when the account already has a live session. */
export const signedInElsewhereSchema = z.object({
  signedInElsewhere: z.literal(true),
  since: isoDateTime,
  userAgent: z.string().nullable(),
  /** The account's company time zone, so the login page shows `since` as the console would. */
  timeZone: z.string(),
});
export type SignedInElsewhere = z.infer<typeof signedInElsewhereSchema>;

export const sessionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  createdAt: isoDateTime,
  lastSeenAt: isoDateTime,
  expiresAt: isoDateTime,
  remember: z.boolean(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

/** "Forgot password": a request the company's administrators act on (no e-mail server is assumed). */
export const forgotPasswordInputSchema = z.object({
  username: requiredString(64),
  note: z.string().trim().max(500, { error: 'v.tooLong' }).optional(),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

/** "Register": a B2B console does not self-serve accounts; this files an access request for provider staff. */
export const registerInputSchema = z.object({
  companyName: requiredString(100),
  contactName: requiredString(64),
  email: emailSchema,
  phoneNumber: phoneSchema,
  message: z.string().trim().max(500, { error: 'v.tooLong' }).optional(),
});
export type RegisterInput = z.infer<typeof registerInputSchema>;
