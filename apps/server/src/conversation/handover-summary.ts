/**
 * The warm transfer's note: when the transfer tool fires, the agent about to take the call gets one to three
 * sentences — who the customer is, what they want, why they asked for a person — before speaking.
 *
 * With an analysis processor in the scenario, its model writes the note (streamed through the runtime's own
 * client, `streamChat`); the offer is not held back for it, and a model that fails or takes longer than
 * `timeoutMs` gives way to the conversation's own note. Without one, the conversation's own note is ready at
 * once. That note is built from what was said: the customer's last words, what they said before, and the
 * router and tool that acted.
 *
 * The processor's model, sampling and extra options are used, not its system prompt: that prompt is written
 * for the post-call analysis (a JSON answer with tags), while this is a short note in plain words.
 */
import type { HistoryLine } from './history.ts';
import { LlmStreamError, streamChat } from './llm-stream.ts';
import { promptTranscript } from './prompt-transcript.ts';
import type { CallLanguage, ProcessorPlan } from './plan.ts';

export interface HandoverFacts {
  /** The conversation so far (the callee's last words are the request for a person). */
  lines: readonly HistoryLine[];
  language: CallLanguage;
  /** The router that sent the turn to the transfer tool (with "(referee: transfer)" when the referee did). */
  route: string;
  toolAlias: string;
  scenarioName: string;
  /** The subtask's business fields (a customer's name among them, often). */
  businessInfo: Readonly<Record<string, string>>;
}

/** How long the model has to write the note before the conversation's own note is sent instead. */
export const HANDOVER_SUMMARY_TIMEOUT_MS = 6000;
/** The longest note kept (a model that rambles is cut at a sentence end within this). */
const MAX_CHARS = 600;
/** Quoted customer lines are cut to this length in the conversation's own note. */
const QUOTE_CHARS = 120;
/** Marks the request, so a scripted model (the demo's) can tell it from the conversation's own turns. */
export const HANDOVER_MARKER = 'Handover note for the agent:';

/** A business field that names the customer, if the upload has one. */
function customerName(info: Readonly<Record<string, string>>): string | null {
  for (const [key, value] of Object.entries(info)) {
    if (/^(name|customer[_ ]?name|full[_ ]?name|姓名|客户姓名|客户名称|称呼)$/i.test(key.trim()) && value.trim()) return value.trim();
  }
  return null;
}

function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > QUOTE_CHARS ? `${flat.slice(0, QUOTE_CHARS - 1)}…` : flat;
}

/** A sentence that ends in a quotation: its full stop only when the quoted words have none of their own. */
export function endQuoted(sentence: string, quoted: string, stop: '.' | '。'): string {
  return /[.!?。！？…]$/.test(quoted) ? sentence : `${sentence}${stop}`;
}

/**
 * The note built from the conversation alone (no model): the customer's request for a person in their own
 * words, up to two things they said before it, and what acted on it. Always available, in the call's language.
 */
export function conversationSummary(facts: HandoverFacts): string {
  const said = facts.lines.filter((line) => line.speaker === 'customer').map((line) => quote(line.text));
  const last = said.at(-1);
  const before = said.slice(-3, -1);
  const name = customerName(facts.businessInfo);
  if (facts.language === 'zh-CN') {
    const who = name ? `客户（${name}）` : '客户';
    return [
      last ? endQuoted(`${who}要求转人工：“${last}”`, last, '。') : `${who}被转接到人工。`,
      before.length > 0 ? endQuoted(`此前客户说：${before.map((text) => `“${text}”`).join('')}`, before.at(-1)!, '。') : '',
      `由路由“${facts.route}”触发转接工具“${facts.toolAlias}”。`,
    ].join('');
  }
  const who = name ? `The customer (${name})` : 'The customer';
  return [
    last ? endQuoted(`${who} asked for a person: "${last}"`, last, '.') : `${who} was handed over to a person.`,
    before.length > 0 ? endQuoted(`Before that they said: ${before.map((text) => `"${text}"`).join(', ')}`, before.at(-1)!, '.') : '',
    `Router "${facts.route}" fired the transfer tool "${facts.toolAlias}".`,
  ]
    .filter(Boolean)
    .join(' ');
}

/** The request to the analysis model: the instruction and the call's facts, then the transcript. */
export function handoverMessages(facts: HandoverFacts) {
  const zh = facts.language === 'zh-CN';
  const fields = Object.entries(facts.businessInfo).map(([key, value]) => `${key}: ${value}`);
  const system = [
    'You brief a human agent who is about to take over a phone call from an AI assistant.',
    'In one to three short sentences say who the customer is, what they want, and why they asked for a person.',
    `Plain text only: no list, no greeting, no preamble. Write in ${zh ? 'Chinese' : 'English'}.`,
    `Scenario: ${facts.scenarioName}.`,
    fields.length > 0 ? `About the customer:\n${fields.join('\n')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const transcript = promptTranscript(facts.lines);
  return [
    { role: 'system' as const, content: system },
    { role: 'user' as const, content: `The conversation so far:\n${transcript}\n\n${HANDOVER_MARKER}` },
  ];
}

/** Quotation marks a model may wrap its whole answer in, opening → closing. */
const WRAPPERS: Record<string, string> = { '"': '"', '“': '”', "'": "'", '「': '」' };

/**
 * The answer without the quotation marks wrapped around all of it. Only a pair goes, and only when what is
 * inside opens and closes its own quotes: a note that ends by quoting the customer ('…: "Please transfer
 * me."') keeps its closing mark, which stripping every trailing mark left open.
 */
function unwrap(note: string): string {
  const open = note[0] ?? '';
  const close = WRAPPERS[open];
  if (!close || note.length < 2 || !note.endsWith(close)) return note;
  const inner = note.slice(1, -1);
  const count = (mark: string) => inner.split(mark).length - 1;
  const balanced = open === close ? count(open) % 2 === 0 : count(open) === count(close);
  return balanced ? unwrap(inner.trim()) : note;
}

/** The model's note, tidied: one paragraph, no surrounding quotes, at most MAX_CHARS (cut at a sentence end). */
function tidy(text: string): string {
  let note = unwrap(text.replace(/\s+/g, ' ').trim());
  if (note.length > MAX_CHARS) {
    const cut = note.slice(0, MAX_CHARS);
    const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('。'), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
    note = end > MAX_CHARS / 3 ? cut.slice(0, end + 1) : `${cut.slice(0, MAX_CHARS - 1)}…`;
  }
  return note;
}

export type HandoverFailure = { failure: string; detail: string };

/**
 * The model's note, or null with why (no model, a failure, an empty answer, the time ran out, the call ended):
 * the caller then sends the conversation's own note.
 */
export async function modelSummary(
  processor: ProcessorPlan,
  facts: HandoverFacts,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<{ text: string } | HandoverFailure> {
  if (!processor.endpoint) return { failure: 'noModel', detail: `processor ${processor.alias} has no usable model` };
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  let text = '';
  try {
    for await (const token of streamChat(
      processor.endpoint,
      { messages: handoverMessages(facts), temperature: processor.temperature, topP: processor.topP, extra: processor.extra },
      { signal, firstTokenTimeoutMs: options.timeoutMs, idleTimeoutMs: options.timeoutMs },
    ))
      text += token;
  } catch (error) {
    if (!(error instanceof LlmStreamError)) throw error;
    return { failure: error.failure, detail: error.detail };
  }
  // The stream stops quietly when our signal aborts: what came until then is a cut-off note, not used.
  if (deadline.aborted) return { failure: 'timeout', detail: `no whole note in ${options.timeoutMs} ms` };
  if (options.signal?.aborted) return { failure: 'aborted', detail: 'the call ended' };
  const note = tidy(text);
  return note ? { text: note } : { failure: 'noReply', detail: 'the model wrote nothing' };
}

/**
 * The note for the seat: ready at once (no analysis processor: the conversation's own), or coming (the model
 * writes it; never rejects — a failure or the timeout resolves to the conversation's own note and is reported
 * through `onFailure`).
 */
export function handoverSummary(
  facts: HandoverFacts,
  processor: ProcessorPlan | undefined,
  options: { timeoutMs?: number; signal?: AbortSignal; onFailure?: (failure: HandoverFailure) => void },
): string | Promise<string> {
  if (!processor) return conversationSummary(facts);
  return modelSummary(processor, facts, { timeoutMs: options.timeoutMs ?? HANDOVER_SUMMARY_TIMEOUT_MS, signal: options.signal }).then(
    (answer) => {
      if ('text' in answer) return answer.text;
      options.onFailure?.(answer);
      return conversationSummary(facts);
    },
    (error: unknown) => {
      options.onFailure?.({ failure: 'error', detail: String(error) });
      return conversationSummary(facts);
    },
  );
}
