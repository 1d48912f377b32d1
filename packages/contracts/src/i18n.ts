import type { Locale } from './common/locale.ts';
import { COMMON_MESSAGES } from './common/messages.ts';
import { COMPANIES_MESSAGES } from './operation/companies/messages.ts';
import { VOICES_MESSAGES } from './operation/voices/messages.ts';
import { TAGS_MESSAGES } from './operation/tags/messages.ts';
import { ACCOUNTS_MESSAGES } from './accounts/messages.ts';
import { SIP_LINES_MESSAGES } from './sip-lines/messages.ts';
import { LLMS_MESSAGES } from './operation/llms/messages.ts';
import { PROCESSORS_MESSAGES } from './operation/processors/messages.ts';
import { SCENARIOS_MESSAGES } from './operation/scenarios/messages.ts';
import { DNC_MESSAGES } from './dnc/messages.ts';
import { ACCESS_REQUESTS_MESSAGES } from './access-requests/messages.ts';
import { PROJECTS_MESSAGES } from './projects/messages.ts';
import { TASKS_MESSAGES } from './tasks/messages.ts';
import { CALL_RECORDS_MESSAGES } from './call-records/messages.ts';
import { BOARDS_MESSAGES } from './boards/messages.ts';
import { SEAT_CALLS_MESSAGES, SEAT_MESSAGES } from './seat/messages.ts';
import { WEBCALL_MESSAGES } from './webcall/messages.ts';
import { SPEECH_CREDENTIALS_MESSAGES } from './operation/speech-credentials/messages.ts';
import { TEMPLATES_MESSAGES } from './templates/messages.ts';
import { API_KEYS_MESSAGES } from './api-keys/messages.ts';
import { AUTH_MESSAGES } from './auth/messages.ts';
import { PROFILE_MESSAGES } from './profile/messages.ts';
import { AMD_MESSAGES } from './amd/messages.ts';

/**
 * Every message of the product: the common ones and each area's own `<area>/messages.ts` (data only, both
 * languages side by side), spread in here so areas grow without touching each other's lines.
 */
export const MESSAGES = {
  ...COMMON_MESSAGES,
  ...DNC_MESSAGES,
  ...ACCESS_REQUESTS_MESSAGES,
  ...COMPANIES_MESSAGES,
  ...VOICES_MESSAGES,
  ...TAGS_MESSAGES,
  ...ACCOUNTS_MESSAGES,
  ...SIP_LINES_MESSAGES,
  ...LLMS_MESSAGES,
  ...PROCESSORS_MESSAGES,
  ...SCENARIOS_MESSAGES,
  ...PROJECTS_MESSAGES,
  ...TASKS_MESSAGES,
  ...CALL_RECORDS_MESSAGES,
  ...BOARDS_MESSAGES,
  ...SEAT_CALLS_MESSAGES,
  ...SEAT_MESSAGES,
  ...WEBCALL_MESSAGES,
  ...SPEECH_CREDENTIALS_MESSAGES,
  ...TEMPLATES_MESSAGES,
  ...API_KEYS_MESSAGES,
  ...AUTH_MESSAGES,
  ...PROFILE_MESSAGES,
  ...AMD_MESSAGES,
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES, key);
}

export function translate(key: string, locale: Locale, params: Record<string, string | number> = {}): string {
  const template = isMessageKey(key) ? MESSAGES[key][locale] : key;
  // A parameter that is itself a message key (a reason inside a message) is shown translated too.
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in params)) return whole;
    const value = String(params[name]);
    return isMessageKey(value) ? MESSAGES[value][locale] : value;
  });
}

/** An array index in a path: a number from zod, a digit string from the server's validation error. */
const isIndex = (part: PropertyKey): boolean => typeof part === 'number' || (typeof part === 'string' && /^\d+$/.test(part));

/**
 * Label of a field path, e.g. ['profile','email'] → "E-mail"; an entry of a list names the list and its place
 * (['keywords', 1] → "Keywords, item 2"); unknown fields show their path.
 */
export function fieldLabel(path: readonly PropertyKey[], locale: Locale): string {
  const names = path.filter((part): part is string => typeof part === 'string' && !isIndex(part));
  const entry = path.length > 0 && isIndex(path[path.length - 1]!) ? Number(String(path[path.length - 1])) + 1 : null;
  const named = (label: string) => (entry === null ? label : translate('f.item', locale, { field: label, n: entry }));
  // A nested field may have a label of its own ('f.redial.count'); else its last named part's ('f.count').
  const dotted = `f.${names.join('.')}`;
  if (names.length > 1 && isMessageKey(dotted)) return named(translate(dotted, locale));
  const last = names.at(-1);
  if (last !== undefined && isMessageKey(`f.${last}`)) return named(translate(`f.${last}`, locale));
  return path.length > 0 ? path.map(String).join('.') : translate('f.body', locale);
}

/** The shape of a zod issue this module reads (kept structural so contracts need no zod internals). */
export interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  expected?: unknown;
  values?: readonly unknown[];
  minimum?: unknown;
  maximum?: unknown;
  keys?: readonly string[];
  /** A custom issue's own values for its message (`{ values: 'abc, 12' }`). */
  params?: Readonly<Record<string, unknown>>;
}

/** One human sentence per issue, in the caller's language, naming the field. */
export function formatIssue(issue: IssueLike, locale: Locale): string {
  const field = fieldLabel(issue.path, locale);
  if (isMessageKey(issue.message)) {
    // A rule's own message (e.g. 'v.max' on a bounded number) may name the bound as well as the field.
    const bounds = Object.fromEntries(
      (['minimum', 'maximum'] as const).filter((key) => issue[key] !== undefined).map((key) => [key, String(issue[key])]),
    );
    const own = Object.fromEntries(Object.entries(issue.params ?? {}).map(([key, value]) => [key, String(value)]));
    return translate(issue.message, locale, { ...own, field, ...bounds });
  }
  switch (issue.code) {
    case 'invalid_type':
      return issue.message.includes('received undefined')
        ? translate('v.required', locale, { field })
        : translate('v.type', locale, { field, expected: String(issue.expected) });
    case 'invalid_value':
      return translate('v.enum', locale, { field, options: (issue.values ?? []).map(String).join(', ') });
    case 'too_small':
      return translate('v.min', locale, { field, minimum: String(issue.minimum) });
    case 'too_big':
      return translate('v.max', locale, { field, maximum: String(issue.maximum) });
    case 'unrecognized_keys':
      return translate('v.unknownKey', locale, { field: (issue.keys ?? []).join(', ') });
    default:
      return translate('v.invalid', locale, { field });
  }
}
