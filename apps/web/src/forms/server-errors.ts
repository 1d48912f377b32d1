import { RequestFailure } from '../api/client.ts';

interface RefusalData {
  /** A 409 names the one field it refused (e.g. a taken user name). */
  field?: string;
  /** A 400 lists every field the schema refused. */
  fields?: { path: string; message: string }[];
}

/**
 * Puts a server refusal beside the field it names, in addition to the request layer's toast, so a taken
 * user name or a wrong current password shows where the user will fix it.
 */
export function markServerErrors(form: { setFields(fields: Record<string, { error: { message: string } }>): void }, error: unknown): void {
  if (!(error instanceof RequestFailure)) return;
  const data = (error.data ?? {}) as RefusalData;
  const marks: Record<string, { error: { message: string } }> = {};
  if (data.field) marks[data.field] = { error: { message: error.message } };
  for (const field of data.fields ?? []) {
    const name = field.path.split('.')[0];
    if (name) marks[name] = { error: { message: field.message } };
  }
  if (Object.keys(marks).length > 0) form.setFields(marks);
}
