/**
 * The filler stream (the scenario's filler processor, every `intervalMs`): a short line ("One moment, let me
 * check that.") said while the callee waits for an answer — and never in the answer's way:
 *
 * - its words are asked for when the turn starts, so the line is ready when its interval comes;
 * - at the interval it is said only if the answer has no sentence yet and no token either (once tokens flow,
 *   the first sentence is a few hundred ms away: a filler then would only stand in front of it);
 * - the voice cuts a playing filler at its next word boundary as soon as an answer sentence is ready
 *   (CallVoice.speak with kind 'filler'), and drops fillers still queued;
 * - what was heard of it goes in the transcript, marked as a filler, and never in the model's history.
 *
 * The design follows LiveKit Agents' filler scheduler (a part of its own, started with the reply and ended
 * with it), written for our turn-tagged voice.
 */
import type { CallVoice, SpokenSentence } from './call-voice.ts';
import { chatCompletion, type ChatMessage } from './llm-client.ts';
import type { ConversationPlan, ProcessorPlan } from './plan.ts';
import type { Reply } from './reply.ts';

export interface FillerDeps {
  plan: ConversationPlan;
  voice: () => CallVoice;
  messages: (processor: ProcessorPlan) => ChatMessage[];
  after: (ms: number, fn: () => void) => NodeJS.Timeout;
  clear: (timer: NodeJS.Timeout | null) => void;
  /** Multiplies the interval (tests, the simulated time scale). */
  scale: number;
  /** A filler was heard (or cut): the conductor puts it in the transcript. */
  heard: (spoken: SpokenSentence) => void;
  failure: (failure: { turnId: string; failure: string; detail: string }) => void;
  /** The call is over or handed over. */
  done: () => boolean;
}

export interface RunningFiller {
  stop(): void;
  /** How many filler lines were started for this reply. */
  readonly said: number;
}

export function startFiller(reply: Reply, deps: FillerDeps): RunningFiller {
  const filler = deps.plan.scenario.filler;
  const processor = filler ? deps.plan.processors.get(filler.processorId) : undefined;
  if (!filler || !processor?.endpoint) return { stop: () => undefined, said: 0 };
  const endpoint = processor.endpoint;
  let stopped = false;
  let said = 0;
  const answerUnderWay = () => reply.sentences > 0 || reply.timing.llmFirstTokenMs !== null;
  const over = () => stopped || reply.interrupted || deps.done() || answerUnderWay();
  const fetchLine = (): Promise<string | null> =>
    chatCompletion(
      endpoint,
      { messages: deps.messages(processor), temperature: processor.temperature, topP: processor.topP, extra: processor.extra },
      { timeoutMs: Math.max(1000, filler.intervalMs), signal: reply.signal },
    ).then((answer) => {
      if (answer.ok) return answer.reply.trim() || null;
      if (!reply.interrupted && !stopped) deps.failure({ turnId: reply.id, failure: answer.failure, detail: answer.detail });
      return null;
    });
  let line = fetchLine();
  const tick = () => {
    if (over()) return;
    void line.then((text) => {
      if (over() || !text) return;
      said++;
      void deps
        .voice()
        .speak(text, reply.id, 'filler')
        .then((spoken) => deps.heard(spoken));
      line = fetchLine();
      timer = deps.after(filler.intervalMs * deps.scale, tick);
    });
  };
  let timer: NodeJS.Timeout | null = deps.after(filler.intervalMs * deps.scale, tick);
  return {
    stop: () => {
      stopped = true;
      deps.clear(timer);
      timer = null;
    },
    get said() {
      return said;
    },
  };
}
