import { RequestFailure } from '../api/client.ts';

interface RefusalData {
  /** A 409 names the one field it refused (e.g. a taken user name). */
  field?: string;
  /** A 400 lists every field it refused: the schema's issues, or a rule of the server's own (a URL it will not call). */
  fields?: { path: string; message?: string }[];
}

interface MarkableForm {
  setFields(fields: Record<string, { error: { message: string } }>): void;
  scrollToField?(field: string): void;
}

/**
 * The form field a refused path lands on: the path up to its first list index, so a nested field keeps its
 * name (`fields.apiKey`, `advanced.pauseSeconds`) and an entry of a list marks the list's own field
 * (`phones.3` → `phones`, `items.0.name` → `items`).
 */
export function fieldOfPath(path: string): string {
  const parts = path.split('.');
  const index = parts.findIndex((part) => /^\d+$/.test(part));
  return (index === -1 ? parts : parts.slice(0, index)).join('.');
}

/**
 * Puts a server refusal beside the field it names, in addition to the request layer's toast (which fades), and
 * scrolls to it: a taken user name, a wrong current password, a URL the server will not call show where the
 * user will fix them. Answers whether any field was marked.
 */
export function markServerErrors(form: object, error: unknown): boolean {
  if (!(error instanceof RequestFailure)) return false;
  const data = (error.data ?? {}) as RefusalData;
  const marks: Record<string, { error: { message: string } }> = {};
  if (data.field) marks[data.field] = { error: { message: error.message } };
  for (const field of data.fields ?? []) {
    const name = fieldOfPath(field.path);
    if (name && !marks[name]) marks[name] = { error: { message: field.message ?? error.message } };
  }
  const first = Object.keys(marks)[0];
  if (first === undefined) return false;
  // Arco types a form's methods by its own field names: these are the server's, by path.
  const markable = form as MarkableForm;
  markable.setFields(marks);
  markable.scrollToField?.(first);
  return true;
}
