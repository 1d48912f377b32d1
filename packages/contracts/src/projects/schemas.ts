import { z } from 'zod';
import { LIMITS } from '../common/constants.ts';
import { idBodySchema, idSchema, isoDateTime, pageQuerySchema } from '../common/fields.ts';
import { editSchemaOf, storedVersionSchema } from '../common/edit-version.ts';

/**
 * Projects: a company's container of tasks, with the phone-number encryption type every uploaded number
 * must fit. HEX is labelled "MENA" in the console; the stored value stays HEX.
 */
export const ENCRYPTION_TYPES = ['MD5', 'HEX', 'PLAIN_TEXT', 'CUSTOM'] as const;
export const encryptionTypeSchema = z.enum(ENCRYPTION_TYPES);
export type EncryptionType = z.infer<typeof encryptionTypeSchema>;

const blankToUndefined = (value: unknown) => ((typeof value === 'string' && value.trim() === '') || value === null ? undefined : value);

/** A project name: 2–30 characters, no spaces anywhere (leading and trailing blanks are trimmed first). */
export const projectNameSchema = z
  .string()
  .trim()
  .min(LIMITS.projectName.min, { error: 'v.project.name' })
  .max(LIMITS.projectName.max, { error: 'v.project.name' })
  .regex(/^\S+$/, { error: 'v.noSpaces' });

/** The API a CUSTOM project resolves its numbers through: an absolute http(s) URL. */
export const encryptionApiUrlSchema = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(500, { error: 'v.tooLong' })
    .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.hostname, error: 'v.project.apiUrl' }))
    .optional(),
);

/** The add-project form. The API URL is required for CUSTOM only, and ignored (stored empty) otherwise. */
export const projectInputSchema = z
  .object({
    name: projectNameSchema,
    encryptionType: encryptionTypeSchema,
    encryptionApiUrl: encryptionApiUrlSchema,
    /**
     * The agents (OPR accounts of the company) who work on this project: they see its call records and
     * nothing of the other projects. Absent on update = unchanged; the server refuses any other account.
     */
    operatorIds: z.array(idSchema).max(500, { error: 'v.max' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.encryptionType === 'CUSTOM' && !value.encryptionApiUrl) {
      ctx.addIssue({ code: 'custom', path: ['encryptionApiUrl'], message: 'v.project.apiUrlRequired' });
    }
  });
export type ProjectInput = z.infer<typeof projectInputSchema>;

/**
 * The edit-project form: the same fields. The encryption type must equal the stored one (the numbers already
 * uploaded are in it, so it cannot change); the server refuses any other value with 409 `e.project.encryptionLocked`.
 */
export const projectUpdateSchema = editSchemaOf(projectInputSchema);
export type ProjectUpdate = z.infer<typeof projectUpdateSchema>;

export const projectQuerySchema = pageQuerySchema.extend({
  /** Part of the name, case-insensitive. */
  name: z.string().trim().max(LIMITS.projectName.max).optional(),
});
export type ProjectQuery = z.infer<typeof projectQuerySchema>;

export const projectIdSchema = idBodySchema;

export const projectSchema = z.object({
  id: z.string(),
  version: storedVersionSchema,
  name: z.string(),
  encryptionType: encryptionTypeSchema,
  encryptionApiUrl: z.string().nullable(),
  /** The creator's alias (or user name). */
  creator: z.string(),
  createTime: isoDateTime,
  taskCount: z.number().int(),
  /** Tasks in progress: while any is, the project cannot be deleted. */
  runningTaskCount: z.number().int(),
  /** The agents assigned to it, by alias (or user name). */
  operators: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type Project = z.infer<typeof projectSchema>;

/** An agent an ADMIN may assign to a project (the Operators select of the project form). */
export const projectOperatorOptionSchema = z.object({ id: z.string(), username: z.string(), alias: z.string(), disabled: z.boolean() });
export type ProjectOperatorOption = z.infer<typeof projectOperatorOptionSchema>;
