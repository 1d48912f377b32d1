import {
  callRecordFilterSchema,
  formatIssue,
  type CallRecordFilterInput,
  type CallKind,
  type CallRecordStatus,
  type Locale,
  type TransferOutcome,
} from '@dialwise/contracts';
import { addDays, dayIn, wallTimeToIso } from '../../locale/date-time.ts';

/** The filter form as the console holds it: the time range is the picker's two "YYYY-MM-DD HH:mm:ss" texts in company time. */
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
  kind?: CallKind | undefined;
}

/**
 * The list's range when nothing else is asked for: the last `days` whole days in the company's zone, today
 * included, the same days the boards default to, so the board above the list and the list count the same calls.
 */
export function lastDaysRange(days: number, timeZone: string, now: Date = new Date()): { startTime: string; endTime: string } {
  const today = dayIn(now, timeZone);
  const start = wallTimeToIso(`${addDays(today, -(days - 1))} 00:00:00`, timeZone)!;
  const nextMidnight = wallTimeToIso(`${addDays(today, 1)} 00:00:00`, timeZone)!;
  return { startTime: start, endTime: new Date(Date.parse(nextMidnight) - 1).toISOString() };
}

/** The picker's end second, read in the company's zone, covers that whole second ("until 23:59:59" takes 23:59:59.5). */
function endOfSecond(text: string | undefined, timeZone: string): string | undefined {
  const iso = wallTimeToIso(text, timeZone);
  const at = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(at) ? iso : new Date(at + 999).toISOString();
}

/** The form's values as the API's filter (blank values dropped); the picker's wall times are the company's. */
export function toFilter(values: FilterValues, timeZone: string): CallRecordFilterInput {
  const filter: CallRecordFilterInput = {
    projectId: values.projectId || undefined,
    taskId: values.taskId || undefined,
    phone: values.phone?.trim() || undefined,
    startTime: wallTimeToIso(values.timeRange?.[0], timeZone),
    endTime: endOfSecond(values.timeRange?.[1], timeZone),
    status: values.status || undefined,
    minDuration: values.minDuration ?? undefined,
    maxDuration: values.maxDuration ?? undefined,
    tags: values.tags && values.tags.length > 0 ? values.tags : undefined,
    transferOutcome: values.transferOutcome || undefined,
    kind: values.kind || undefined,
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as CallRecordFilterInput;
}

/** Which form field shows a schema issue: the two ends of the time range share the picker. */
const FORM_FIELD: Record<string, keyof FilterValues> = { startTime: 'timeRange', endTime: 'timeRange' };

/**
 * Checks the form with the same schema the server applies; answers form field → message (first issue of
 * each field) in the given language, empty when the filter is valid.
 */
export function filterErrors(values: FilterValues, locale: Locale, timeZone: string): Partial<Record<keyof FilterValues, string>> {
  const result = callRecordFilterSchema.safeParse(toFilter(values, timeZone));
  if (result.success) return {};
  const errors: Partial<Record<keyof FilterValues, string>> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    const field = FORM_FIELD[key] ?? (key as keyof FilterValues);
    errors[field] ??= formatIssue(issue, locale);
  }
  return errors;
}
