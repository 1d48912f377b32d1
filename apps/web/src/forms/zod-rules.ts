import type { RulesProps } from '@arco-design/web-react';
import { formatIssue, type Locale } from '@dialwise/contracts';
import type { z } from 'zod';

/**
 * An Arco form rule that checks one field with the field's schema from contracts (the same one the
 * server enforces), and shows the contracts message in the current language.
 */
export function fieldRule(schema: z.ZodObject, field: string, locale: Locale): RulesProps {
  const fieldSchema = schema.shape[field] as z.ZodType | undefined;
  return {
    validator(value: unknown, callback: (error?: string) => void) {
      if (!fieldSchema) return callback();
      const result = fieldSchema.safeParse(value ?? '');
      if (result.success) return callback();
      const issue = result.error.issues[0]!;
      callback(formatIssue({ ...issue, path: [field, ...issue.path] }, locale));
    },
  };
}

/** Checks a whole form's values; answers field → message for the first problem of each field. */
export function formErrors(schema: z.ZodType, values: unknown, locale: Locale): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= formatIssue(issue, locale);
  }
  return errors;
}
