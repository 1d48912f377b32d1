import { LOCALES, type Locale } from './common/locale.ts';
import commonEnUS from './common/messages/en-US.json' with { type: 'json' };
import commonZhCN from './common/messages/zh-CN.json' with { type: 'json' };
import dncEnUS from './dnc/messages/en-US.json' with { type: 'json' };
import dncZhCN from './dnc/messages/zh-CN.json' with { type: 'json' };
import accessRequestsEnUS from './access-requests/messages/en-US.json' with { type: 'json' };
import accessRequestsZhCN from './access-requests/messages/zh-CN.json' with { type: 'json' };
import companiesEnUS from './operation/companies/messages/en-US.json' with { type: 'json' };
import companiesZhCN from './operation/companies/messages/zh-CN.json' with { type: 'json' };
import voicesEnUS from './operation/voices/messages/en-US.json' with { type: 'json' };
import voicesZhCN from './operation/voices/messages/zh-CN.json' with { type: 'json' };
import tagsEnUS from './operation/tags/messages/en-US.json' with { type: 'json' };
import tagsZhCN from './operation/tags/messages/zh-CN.json' with { type: 'json' };
import accountsEnUS from './accounts/messages/en-US.json' with { type: 'json' };
import accountsZhCN from './accounts/messages/zh-CN.json' with { type: 'json' };
import sipLinesEnUS from './sip-lines/messages/en-US.json' with { type: 'json' };
import sipLinesZhCN from './sip-lines/messages/zh-CN.json' with { type: 'json' };
import llmsEnUS from './operation/llms/messages/en-US.json' with { type: 'json' };
import llmsZhCN from './operation/llms/messages/zh-CN.json' with { type: 'json' };
import processorsEnUS from './operation/processors/messages/en-US.json' with { type: 'json' };
import processorsZhCN from './operation/processors/messages/zh-CN.json' with { type: 'json' };
import scenariosEnUS from './operation/scenarios/messages/en-US.json' with { type: 'json' };
import scenariosZhCN from './operation/scenarios/messages/zh-CN.json' with { type: 'json' };
import projectsEnUS from './projects/messages/en-US.json' with { type: 'json' };
import projectsZhCN from './projects/messages/zh-CN.json' with { type: 'json' };
import tasksEnUS from './tasks/messages/en-US.json' with { type: 'json' };
import tasksZhCN from './tasks/messages/zh-CN.json' with { type: 'json' };
import callRecordsEnUS from './call-records/messages/en-US.json' with { type: 'json' };
import callRecordsZhCN from './call-records/messages/zh-CN.json' with { type: 'json' };
import boardsEnUS from './boards/messages/en-US.json' with { type: 'json' };
import boardsZhCN from './boards/messages/zh-CN.json' with { type: 'json' };
import seatEnUS from './seat/messages/en-US.json' with { type: 'json' };
import seatZhCN from './seat/messages/zh-CN.json' with { type: 'json' };
import webcallEnUS from './webcall/messages/en-US.json' with { type: 'json' };
import webcallZhCN from './webcall/messages/zh-CN.json' with { type: 'json' };
import speechCredentialsEnUS from './operation/speech-credentials/messages/en-US.json' with { type: 'json' };
import speechCredentialsZhCN from './operation/speech-credentials/messages/zh-CN.json' with { type: 'json' };
import templatesEnUS from './templates/messages/en-US.json' with { type: 'json' };
import templatesZhCN from './templates/messages/zh-CN.json' with { type: 'json' };
import apiKeysEnUS from './api-keys/messages/en-US.json' with { type: 'json' };
import apiKeysZhCN from './api-keys/messages/zh-CN.json' with { type: 'json' };
import authEnUS from './auth/messages/en-US.json' with { type: 'json' };
import authZhCN from './auth/messages/zh-CN.json' with { type: 'json' };
import profileEnUS from './profile/messages/en-US.json' with { type: 'json' };
import profileZhCN from './profile/messages/zh-CN.json' with { type: 'json' };
import amdEnUS from './amd/messages/en-US.json' with { type: 'json' };
import amdZhCN from './amd/messages/zh-CN.json' with { type: 'json' };

/** One area's messages: a JSON resource per language, the Chinese one holding every key of the English one. */
type AreaMessages<K extends string> = Readonly<Record<Locale, Readonly<Record<K, string>>>>;
const area = <K extends string>(enUS: Record<K, string>, zhCN: Record<NoInfer<K>, string>): AreaMessages<K> => ({
  'en-US': enUS,
  'zh-CN': zhCN,
});

/**
 * Every message of the product: the common ones (`common/messages/`) and each area's own (`<area>/messages/`),
 * one JSON file per language (`en-US.json`, `zh-CN.json`) that translators and their tools work on directly.
 * Listed here so areas grow without touching each other's files; no two areas define one key (i18n.test.ts).
 */
const AREAS = [
  area(commonEnUS, commonZhCN),
  area(dncEnUS, dncZhCN),
  area(accessRequestsEnUS, accessRequestsZhCN),
  area(companiesEnUS, companiesZhCN),
  area(voicesEnUS, voicesZhCN),
  area(tagsEnUS, tagsZhCN),
  area(accountsEnUS, accountsZhCN),
  area(sipLinesEnUS, sipLinesZhCN),
  area(llmsEnUS, llmsZhCN),
  area(processorsEnUS, processorsZhCN),
  area(scenariosEnUS, scenariosZhCN),
  area(projectsEnUS, projectsZhCN),
  area(tasksEnUS, tasksZhCN),
  area(callRecordsEnUS, callRecordsZhCN),
  area(boardsEnUS, boardsZhCN),
  area(seatEnUS, seatZhCN),
  area(webcallEnUS, webcallZhCN),
  area(speechCredentialsEnUS, speechCredentialsZhCN),
  area(templatesEnUS, templatesZhCN),
  area(apiKeysEnUS, apiKeysZhCN),
  area(authEnUS, authZhCN),
  area(profileEnUS, profileZhCN),
  area(amdEnUS, amdZhCN),
] as const;

type KeyOf<T> = T extends AreaMessages<infer K> ? K : never;
export type MessageKey = KeyOf<(typeof AREAS)[number]>;

const catalogue = (locale: Locale) => Object.assign({}, ...AREAS.map((messages) => messages[locale])) as Record<MessageKey, string>;

/** Each language's messages by key. */
export const MESSAGES: Readonly<Record<Locale, Readonly<Record<MessageKey, string>>>> = Object.fromEntries(
  LOCALES.map((locale) => [locale, catalogue(locale)]),
) as Record<Locale, Record<MessageKey, string>>;

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES['en-US'], key);
}

export function translate(key: string, locale: Locale, params: Record<string, string | number> = {}): string {
  const template = isMessageKey(key) ? MESSAGES[locale][key] : key;
  // A parameter that is itself a message key (a reason inside a message) is shown translated too.
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in params)) return whole;
    const value = String(params[name]);
    return isMessageKey(value) ? MESSAGES[locale][value] : value;
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
