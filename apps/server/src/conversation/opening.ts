/**
 * The opening a callee hears (our reading, written up in docs/conversation.md): the prologues
 * say who is calling and why; the subtask's prologue info is the personal part, data for the prologue,
 * never a replacement for it.
 *
 * - The prologues are the task's (advanced settings) when it has any, else the scenario's.
 * - A prologue may name the prologue info as `{prologueInfo}` and any business-info field as `{field}`
 *   (`Hello {name}, this is Lin from Acme`): the values are woven in where they are named.
 * - When no prologue names `{prologueInfo}`, the prologue info is said first, in the same line as the first
 *   prologue ("Hello Li A. This is Lin from Acme …"): one utterance, no pause between the greeting and who we are.
 * - A placeholder with no value is dropped with the space before it ("Hello {name}," → "Hello,").
 */
import type { CallContext } from './plan.ts';

export interface OpeningLine {
  text: string;
  /** The scenario may let the callee cut a prologue line short; the task's lines are protected. */
  interruptible: boolean;
}

export function openingLines(prologues: { task: readonly string[]; scenario: readonly OpeningLine[] }, call: CallContext): OpeningLine[] {
  const base: OpeningLine[] =
    prologues.task.length > 0 ? prologues.task.map((text) => ({ text, interruptible: false })) : [...prologues.scenario];
  const personal = call.prologueInfo.trim();
  const values: Record<string, string> = { ...call.businessInfo, prologueInfo: personal };
  const woven = base.some((line) => line.text.includes('{prologueInfo}'));
  const lines = base.map((line) => ({ ...line, text: fill(line.text, values) })).filter((line) => line.text);
  if (!personal || woven) return lines;
  const [first, ...rest] = lines;
  if (!first) return [{ text: personal, interruptible: false }];
  const gap = /[\u4e00-\u9fff]/.test(personal) ? '' : ' ';
  return [{ text: `${withStop(personal)}${gap}${first.text}`, interruptible: first.interruptible }, ...rest];
}

function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template
    .replace(/\s*\{(\w+)\}/g, (whole, key: string) => {
      const value = values[key]?.trim();
      if (value === undefined) return whole;
      return value ? whole.replace(`{${key}}`, value) : '';
    })
    .trim();
}

/** "Hello Li A" → "Hello Li A." so the next sentence starts clean (CJK gets "。"; given punctuation is kept). */
function withStop(text: string): string {
  if (/[.!?。！？,，]$/.test(text)) return text;
  return /[\u4e00-\u9fff]$/.test(text) ? `${text}。` : `${text}.`;
}
