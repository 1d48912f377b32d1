import type { Locale } from '@dialwise/contracts';
import { BOOT_MESSAGES, dictionaryOf } from './shell-messages.ts';
import { companiesMessages } from '../features/operation/companies/locale.ts';
import { speechCredentialMessages } from '../features/operation/speech-credentials/locale.ts';
import { voicesMessages } from '../features/operation/voices/locale.ts';
import { tagsMessages } from '../features/operation/tags/locale.ts';
import { accountsMessages } from '../features/accounts/locale.ts';
import { sipLinesMessages } from '../features/sip-lines/locale.ts';
import { profileMessages } from '../features/profile/locale.ts';
import { dncMessages } from '../features/dnc/locale.ts';
import { accessRequestsMessages } from '../features/access-requests/locale.ts';
import { apiKeysMessages } from '../features/api-keys/locale.ts';
import { llmMessages } from '../features/operation/llms/locale.ts';
import { processorMessages } from '../features/operation/processors/locale.ts';
import { scenarioMessages } from '../features/operation/scenarios/locale.ts';
import { benchMessages } from '../features/operation/scenarios/bench/locale.ts';
import { webCallMessages } from '../features/webcall/locale.ts';
import { projectsMessages } from '../features/projects/locale.ts';
import { tasksMessages } from '../features/tasks/locale.ts';
import { subtasksMessages } from '../features/subtasks/locale.ts';
import { callRecordsMessages } from '../features/call-records/locale.ts';
import { boardsMessages } from '../features/boards/locale.ts';
import { seatMessages } from '../features/seat/locale.ts';
import { templatesMessages } from '../features/templates/locale.ts';

/**
 * Each feature keeps its strings in `features/<area>/locale.ts` ([en-US, zh-CN] pairs, the same shape as
 * above) and is spread in here.
 */
export const CONSOLE_MESSAGES = {
  ...BOOT_MESSAGES,
  ...companiesMessages,
  ...speechCredentialMessages,
  ...voicesMessages,
  ...tagsMessages,
  ...accountsMessages,
  ...sipLinesMessages,
  ...profileMessages,
  ...dncMessages,
  ...accessRequestsMessages,
  ...apiKeysMessages,
  ...templatesMessages,
  ...llmMessages,
  ...processorMessages,
  ...scenarioMessages,
  ...benchMessages,
  ...webCallMessages,
  ...projectsMessages,
  ...tasksMessages,
  ...subtasksMessages,
  ...callRecordsMessages,
  ...boardsMessages,
  ...seatMessages,
} as const satisfies Record<string, readonly [string, string]>;

/** The flat dictionary of one language, as i18next resources. */
export function dictionary(locale: Locale): Record<string, string> {
  return dictionaryOf(CONSOLE_MESSAGES, locale);
}
