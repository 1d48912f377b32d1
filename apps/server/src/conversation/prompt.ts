import { type ChatMessage, chatMessagesOf } from './llm-client.ts';
import type { History } from './history.ts';
import type { CallContext, ConversationPlan, ProcessorPlan } from './plan.ts';

/**
 * The messages a stream processor sees: its system prompt, then what the platform knows of this call
 * (scenario, the subtask's prologue info and business fields — the spec's "additional injected prompt
 * info" —, the local date and time), then the conversation so far (only what the callee heard).
 */
export function buildMessages(
  processor: ProcessorPlan,
  plan: ConversationPlan,
  call: CallContext,
  history: History,
  now: Date,
  extraSystem?: string,
): ChatMessage[] {
  const local = localFormat(plan.language, plan.timeZone).format(now);
  const facts = [
    `Scenario: ${plan.scenario.name}.`,
    `Local date and time (${plan.timeZone}): ${local}.`,
    call.prologueInfo ? `About this callee: ${call.prologueInfo}` : '',
    ...Object.entries(call.businessInfo).map(([key, value]) => `${key}: ${value}`),
    `Reply in ${plan.language === 'zh-CN' ? 'Chinese' : 'English'}, briefly, as spoken words (no lists, no markdown).`,
  ].filter(Boolean);
  const system = [processor.systemPrompt.trim(), `Call information:\n${facts.join('\n')}`, extraSystem ?? ''].filter(Boolean).join('\n\n');
  return [{ role: 'system', content: system }, ...chatMessagesOf(history.lines)];
}

/**
 * Building an Intl.DateTimeFormat loads its locale and time-zone data: a few hundred microseconds, once per
 * turn of every call before this cache (the largest single item of a turn's own work in bench:conversation's
 * profile). A server sees a handful of language × time-zone pairs.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function localFormat(language: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { timeZone, dateStyle: 'full', timeStyle: 'short' });
    formats.set(key, format);
  }
  return format;
}
