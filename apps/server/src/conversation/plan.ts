import type { ScenarioDocument, TaskAdvanced } from '@dialwise/contracts';
import type { LlmEndpoint } from './llm-client.ts';

/** One processor as a call uses it: its prompt and sampling, and the model it calls (null: no model set). */
export interface ProcessorPlan {
  id: string;
  alias: string;
  type: 'stream' | 'referee' | 'analysis' | 'filler';
  systemPrompt: string;
  temperature: number;
  topP: number | null;
  extra: Record<string, unknown>;
  endpoint: LlmEndpoint | null;
}

export type CallLanguage = 'zh-CN' | 'en-US';

/** Everything a call's conversation runs on, read once per task (the scenario version the task pinned). */
export interface ConversationPlan {
  scenario: ScenarioDocument;
  processors: ReadonlyMap<string, ProcessorPlan>;
  /** The company's time zone: the prompt's date and time are local to the callee's market. */
  timeZone: string;
  language: CallLanguage;
  advanced: TaskAdvanced;
  /** The task's TTS voice (its vendor's voice id and cluster key); absent or null: the offline voice of the language. */
  voice?: TaskVoice | null;
}

export interface TaskVoice {
  vendor: string;
  originalVoiceId: string;
  clusterKey: string;
}

/** What one call adds to the plan: the subtask's own information. */
export interface CallContext {
  prologueInfo: string;
  /** The subtask's businessInfo, query-string parsed into named fields. */
  businessInfo: Readonly<Record<string, string>>;
}

/** zh-CN when the scenario speaks Chinese (its prologues or tool texts hold CJK), else en-US. */
export function languageOf(scenario: ScenarioDocument, advanced: TaskAdvanced): CallLanguage {
  const texts = [
    ...advanced.prologues,
    ...scenario.prologues.map((p) => p.text),
    ...scenario.tools.map((t) => (t.kind === 'hangup' ? t.text : t.successText)),
  ];
  return texts.some((text) => /[\u4e00-\u9fff]/.test(text)) ? 'zh-CN' : 'en-US';
}
