import { z } from 'zod';
import { idSchema } from './fields.ts';

/**
 * Optimistic concurrency for edit forms. Every editable entity answers its `version`, a
 * whole number that grows by one with each saved change; an edit sends back the version its form opened. When
 * someone else saved in between, the server writes nothing and answers 409 with `staleEditData` (the version
 * now stored), so the form can say so and offer to reload, instead of silently overwriting the newer edit.
 */
export const editVersionSchema = z.number({ error: 'v.editVersion' }).int({ error: 'v.editVersion' }).min(1, { error: 'v.editVersion' });

/** An edit form's body: the create form's fields plus the row's id and the version the form opened. */
export function editSchemaOf<Shape extends z.ZodRawShape>(input: z.ZodObject<Shape>) {
  return input.extend({ id: idSchema, version: editVersionSchema });
}

/** What an entity answers: the version to send back with the next edit. */
export const storedVersionSchema = z.number().int();

/** The 409's `data` when the edit was made on a stale form. */
export const staleEditDataSchema = z.object({ reason: z.literal('staleEdit'), version: z.number().int() });
export type StaleEditData = z.infer<typeof staleEditDataSchema>;

export function staleEditData(version: number): StaleEditData {
  return { reason: 'staleEdit', version };
}

/** Whether a refusal's data says the form was stale (the console shows the reload notice then). */
export function isStaleEdit(data: unknown): data is StaleEditData {
  return staleEditDataSchema.safeParse(data).success;
}
