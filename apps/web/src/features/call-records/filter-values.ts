import {
  callRecordFilterSchema,
  formatIssue,
  type CallRecordFilterInput,
  type CallRecordStatus,
  type Locale,
  type TransferOutcome,
} from '@dialwise/contracts';

/** The filter form as the console holds it: the time range is the picker's two local "YYYY-MM-DD HH:mm:ss" texts. */
export interface FilterValues {
  projectId?: string | undefined;
  taskId?: string | undefined;
  phone?: string | undefined;
  timeRange?: string[] | undefined;
  status?: CallRecordStatus | undefined;
  minDuration?: number | undefined;
  maxDuration?: number | undefined;
  tags?: string[] | undefined;
  transferOutcome?: TransferOutcome | undefined;
}

/** "2026-03-02 16:00:00" in the browser's zone → the ISO instant the server compares; unreadable text passes through (the schema names it). */
export function localToIso(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return text;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  return new Date(y, mo - 1, d, h, mi, s).toISOString();
}

/** The form's values as the API's filter (blank values dropped). */
export function toFilter(values: FilterValues): CallRecordFilterInput {
  const filter: CallRecordFilterInput = {
    projectId: values.projectId || undefined,
    taskId: values.taskId || undefined,
    phone: values.phone?.trim() || undefined,
    startTime: localToIso(values.timeRange?.[0]),
    endTime: localToIso(values.timeRange?.[1]),
    status: values.status || undefined,
    minDuration: values.minDuration ?? undefined,
    maxDuration: values.maxDuration ?? undefined,
    tags: values.tags && values.tags.length > 0 ? values.tags : undefined,
    transferOutcome: values.transferOutcome || undefined,
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as CallRecordFilterInput;
}

/** Which form field shows a schema issue: the two ends of the time range share the picker. */
const FORM_FIELD: Record<string, keyof FilterValues> = { startTime: 'timeRange', endTime: 'timeRange' };

/**
 * Checks the form with the same schema the server applies; answers form field → message (first issue of
 * each field) in the given language, empty when the filter is valid.
 */
export function filterErrors(values: FilterValues, locale: Locale): Partial<Record<keyof FilterValues, string>> {
  const result = callRecordFilterSchema.safeParse(toFilter(values));
  if (result.success) return {};
  const errors: Partial<Record<keyof FilterValues, string>> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    const field = FORM_FIELD[key] ?? (key as keyof FilterValues);
    errors[field] ??= formatIssue(issue, locale);
  }
  return errors;
}
