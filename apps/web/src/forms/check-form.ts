import { type FormInstance, Message } from '@arco-design/web-react';
import { formatIssue, type Locale } from '@dialwise/contracts';
import type { z } from 'zod';

/** The two form methods these helpers use, by field name: Arco types a form's keys per form. */
interface MarkableForm {
  setFields(fields: Record<string, { error: { message: string } }>): void;
  scrollToField(field: string): void;
}
const markable = (form: object) => form as MarkableForm;

/** Arco's `validate()` rejects with a ValidateError whose `errors` are keyed by field name, in form order. */
function refusedFields(error: unknown): string[] {
  const errors = (error as { errors?: unknown } | null)?.errors;
  return errors && typeof errors === 'object' ? Object.keys(errors) : [];
}

/**
 * Runs the form's own rules. A refusal is not an error of the page: Arco has already put each message under
 * its field, so this scrolls to the first and answers null — it never throws (a rejected `validate()` left to
 * an `onOk` handler surfaced as an uncaught "form validate error" in the console).
 */
export async function checkForm<Values>(form: FormInstance<Values>): Promise<Values | null> {
  try {
    return await form.validate();
  } catch (error) {
    const first = refusedFields(error)[0];
    if (first) markable(form).scrollToField(first);
    return null;
  }
}

/**
 * Puts each schema issue under the field it names (the first one scrolled into view) and says so in a toast,
 * so a rule the fields' own checks did not catch (a combination, a field the form names differently) is
 * never a silent refusal.
 */
export function markIssues(form: object, issues: readonly z.core.$ZodIssue[], locale: Locale): void {
  const marks: Record<string, { error: { message: string } }> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (key && !marks[key]) marks[key] = { error: { message: formatIssue(issue, locale) } };
  }
  markable(form).setFields(marks);
  const first = Object.keys(marks)[0];
  if (first) markable(form).scrollToField(first);
  const firstIssue = issues[0];
  if (firstIssue) Message.error(formatIssue(firstIssue, locale));
}

/**
 * The whole check before a save: the form's rules, then the values (shaped by `toInput`) against the
 * contracts schema the server enforces. Answers the parsed input, or null once every problem is shown.
 */
export async function checkFormInput<Values, Schema extends z.ZodType>(
  form: FormInstance<Values>,
  schema: Schema,
  locale: Locale,
  toInput: (values: Values) => unknown = (values) => values,
): Promise<z.output<Schema> | null> {
  const values = await checkForm(form);
  if (values === null) return null;
  const parsed = schema.safeParse(toInput(values));
  if (parsed.success) return parsed.data;
  markIssues(form, parsed.error.issues, locale);
  return null;
}
