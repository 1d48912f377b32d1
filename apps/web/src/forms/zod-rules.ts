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

/** 'advanced.prologues[0]' (an Arco field name) → 'advanced.prologues.0' (a zod issue path). */
function issueKey(path: readonly PropertyKey[] | string): string {
  return typeof path === 'string' ? path.replace(/\[(\d+)\]/g, '.$1') : path.map(String).join('.');
}

/**
 * An Arco rule for one field of a form whose schema also checks fields together (the task form's
 * "set together" groups, the call window's order, a CUSTOM project's URL): it validates the whole form's
 * values with the contracts schema and shows the issues that land on this field (with `nested`, also on
 * its items: a list edited as one field).
 */
export function formFieldRule(
  schema: z.ZodType,
  field: string,
  locale: Locale,
  values: () => unknown,
  options: { nested?: boolean } = {},
): RulesProps {
  const key = issueKey(field);
  const mine = (path: string) => path === key || (options.nested === true && path.startsWith(`${key}.`));
  return {
    validator(_value: unknown, callback: (error?: string) => void) {
      const result = schema.safeParse(values());
      if (result.success) return callback();
      const issue = result.error.issues.find((candidate) => mine(issueKey(candidate.path)));
      callback(issue ? formatIssue(issue, locale) : undefined);
    },
  };
}
