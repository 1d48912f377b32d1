/**
 * The model calls of a turn. The main stream's tokens become sentences as they arrive; with a rewrite
 * stream, each sentence is rewritten as soon as it is cut and the rewritten sentences are spoken in order
 * (the first sentence waits for one rewrite, not for the whole main answer).
 *
 * The referee decides what the turn is: it answers ANSWER (the main stream replies), HANGUP (the
 * scenario's hang-up tool acts) or TRANSFER (its transfer tool acts); anything else, or a failure,
 * counts as ANSWER so the callee is never left without a reply. A dynamicLlm condition asks its
 * referee a yes/no question; a failure counts as "no".
 */
import type { CallRuntimeFailure } from '@dialwise/contracts';
import { chatCompletion, type ChatMessage } from './llm-client.ts';
import { LlmStreamError, streamChat } from './llm-stream.ts';
import type { ProcessorPlan } from './plan.ts';
import type { Reply } from './reply.ts';
import { SentenceSplitter } from './sentences.ts';

export type RefereeVerdict = 'answer' | 'hangup' | 'transfer';

/** A failed main or rewrite stream, recorded on the call as a runtime failure (the call adds when and which turn). */
export type StreamFailure = Pick<CallRuntimeFailure, 'failure' | 'detail'> & { stage: 'main' | 'rewrite' };

export interface StreamAnswerInput {
  main: ProcessorPlan | undefined;
  rewrite: ProcessorPlan | undefined;
  messages: (processor: ProcessorPlan) => ChatMessage[];
  reply: Reply;
  now: () => number;
  firstTokenTimeoutMs: number;
  speak: (sentence: string) => void;
  /** Every token as it arrives, per stream (the scenario test bench shows them). */
  onToken?: (stream: 'main' | 'rewrite', token: string) => void;
}

/** Streams the answer into `speak`; ok false when nothing could be said (the caller speaks the fallback). */
export async function streamAnswer(input: StreamAnswerInput): Promise<{ ok: boolean; failures: StreamFailure[] }> {
  const { main, rewrite, reply } = input;
  const failures: StreamFailure[] = [];
  if (!main?.endpoint) {
    failures.push({
      stage: 'main',
      failure: 'noModel',
      detail: main ? `processor ${main.alias} has no usable model` : 'no main processor',
    });
    return { ok: false, failures };
  }
  // With a rewrite stream each main sentence is rewritten as soon as it is cut, and spoken in order.
  const rewriter = rewrite?.endpoint ? new SentenceRewriter(rewrite, input, failures) : null;
  const emit = (sentence: string) => {
    if (reply.interrupted) return;
    if (rewriter) rewriter.push(sentence);
    else input.speak(sentence);
  };
  let emitted = 0;
  // Retry once, only while nothing has been said: a second try mid-answer would repeat words.
  for (let attempt = 0; attempt < 2; attempt++) {
    // Without a rewrite the first clause is spoken as soon as it is written (a rewrite takes whole sentences).
    const splitter = new SentenceSplitter(2, rewriter === null);
    try {
      for await (const token of stream(main, input.messages(main), reply, input.firstTokenTimeoutMs)) {
        if (reply.timing.llmFirstTokenMs === null) reply.timing.llmFirstTokenMs = reply.since(input.now());
        input.onToken?.('main', token);
        for (const sentence of splitter.push(token)) {
          emitted++;
          emit(sentence);
        }
      }
      const rest = splitter.flush();
      if (rest) {
        emitted++;
        emit(rest);
      }
      break;
    } catch (error) {
      if (!(error instanceof LlmStreamError)) throw error;
      failures.push({ stage: 'main', failure: error.failure, detail: error.detail });
      if (emitted > 0 || reply.interrupted) {
        await rewriter?.finished();
        return { ok: reply.sentences > 0 || emitted > 0, failures };
      }
      if (attempt === 1) return { ok: false, failures };
    }
  }
  await rewriter?.finished();
  return { ok: true, failures };
}

/**
 * The rewrite stream, sentence by sentence: each main sentence goes to the rewrite processor as soon as the
 * main stream has cut it (the requests overlap), and the rewritten sentences are spoken in the main order —
 * the first sentence is heard one rewrite after it was cut, not one whole answer later. A sentence whose
 * rewrite fails is spoken as the main stream wrote it.
 */
class SentenceRewriter {
  private spoken: Promise<void> = Promise.resolve();

  constructor(
    private readonly rewrite: ProcessorPlan,
    private readonly input: StreamAnswerInput,
    private readonly failures: StreamFailure[],
  ) {}

  push(sentence: string): void {
    const rewritten = this.rewriteOne(sentence);
    this.spoken = this.spoken.then(async () => {
      const text = await rewritten;
      if (!this.input.reply.interrupted && text) this.input.speak(text);
    });
  }

  finished(): Promise<void> {
    return this.spoken;
  }

  private async rewriteOne(sentence: string): Promise<string> {
    const { reply } = this.input;
    const messages: ChatMessage[] = [
      { role: 'system', content: this.rewrite.systemPrompt },
      { role: 'user', content: sentence },
    ];
    let text = '';
    try {
      for await (const token of stream(this.rewrite, messages, reply, this.input.firstTokenTimeoutMs)) {
        this.input.onToken?.('rewrite', token);
        text += token;
      }
      return text.trim() || sentence;
    } catch (error) {
      if (!(error instanceof LlmStreamError)) throw error;
      if (!reply.interrupted) this.failures.push({ stage: 'rewrite', failure: error.failure, detail: error.detail });
      return sentence;
    }
  }
}

function stream(processor: ProcessorPlan, messages: ChatMessage[], reply: Reply, firstTokenTimeoutMs: number) {
  return streamChat(
    processor.endpoint!,
    { messages, temperature: processor.temperature, topP: processor.topP, extra: processor.extra },
    { signal: reply.signal, firstTokenTimeoutMs, idleTimeoutMs: firstTokenTimeoutMs },
  );
}

/** A dynamicLlm condition: the referee answers the question with yes or no. */
export async function yesNo(
  processor: ProcessorPlan | undefined,
  messages: ChatMessage[],
  question: string,
  timeoutMs: number,
): Promise<{ yes: boolean; failure: string | null; detail: string }> {
  if (!processor?.endpoint) return { yes: false, failure: 'noModel', detail: 'the condition has no usable referee' };
  const asked: ChatMessage[] = [
    ...messages,
    { role: 'user', content: `Question about the conversation above: ${question}\nAnswer with one word: yes or no.` },
  ];
  const answer = await chatCompletion(
    processor.endpoint,
    { messages: asked, temperature: 0, topP: processor.topP, extra: processor.extra },
    { timeoutMs },
  );
  if (!answer.ok) return { yes: false, failure: answer.failure, detail: answer.detail };
  return { yes: /^\s*(yes|y|true|是|对|有)/i.test(answer.reply), failure: null, detail: '' };
}

/** The referee's verdict on the turn. */
export async function refereeVerdict(
  processor: ProcessorPlan | undefined,
  messages: ChatMessage[],
  timeoutMs: number,
): Promise<{ verdict: RefereeVerdict; failure: string | null; detail: string }> {
  if (!processor?.endpoint) return { verdict: 'answer', failure: 'noModel', detail: 'the router has no usable referee' };
  const asked: ChatMessage[] = [
    ...messages,
    {
      role: 'user',
      content:
        'Decide what to do with the last thing the callee said. Answer with one word: ANSWER (reply normally), HANGUP (end the call politely) or TRANSFER (hand over to a human agent).',
    },
  ];
  const answer = await chatCompletion(
    processor.endpoint,
    { messages: asked, temperature: 0, topP: processor.topP, extra: processor.extra },
    { timeoutMs },
  );
  if (!answer.ok) return { verdict: 'answer', failure: answer.failure, detail: answer.detail };
  const word = answer.reply.trim().toUpperCase();
  return { verdict: word.startsWith('HANGUP') ? 'hangup' : word.startsWith('TRANSFER') ? 'transfer' : 'answer', failure: null, detail: '' };
}
