import { z } from 'zod';
import { authorshipShape, idBodySchema, keywordSchema, pageQuerySchema, requiredString } from '../../common/fields.ts';
import { LIMITS } from '../../common/constants.ts';
import { editSchemaOf, storedVersionSchema } from '../../common/edit-version.ts';

export const TAG_FIELD_MAX = { name: 50, description: 200 } as const;

/** The tag form: name, alias and description required; alias ≤ 30 lowercase letters and underscores. */
export const tagInputSchema = z.object({
  name: requiredString(TAG_FIELD_MAX.name),
  alias: z
    .string()
    .trim()
    .min(1, { error: 'v.required' })
    .max(LIMITS.tagAlias.max, { error: 'v.tag.alias' })
    .regex(/^[a-z_]+$/, { error: 'v.tag.alias' }),
  description: requiredString(TAG_FIELD_MAX.description),
});
export type TagInput = z.infer<typeof tagInputSchema>;

export const tagUpdateSchema = editSchemaOf(tagInputSchema);
export type TagUpdateInput = z.infer<typeof tagUpdateSchema>;
export const tagIdSchema = idBodySchema;

export const tagQuerySchema = pageQuerySchema.extend({
  /** Matches the name, the alias or the description. */
  keyword: keywordSchema(100),
});
export type TagQuery = z.infer<typeof tagQuerySchema>;

export const tagSchema = z.object({
  id: z.string(),
  version: storedVersionSchema,
  /** Stable public reference of the tag; set once at creation. */
  uuid: z.string(),
  name: z.string(),
  alias: z.string(),
  description: z.string(),
  ...authorshipShape,
});
export type Tag = z.infer<typeof tagSchema>;
