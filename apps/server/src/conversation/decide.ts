/**
 * What a callee's words lead to, decided before anything is said: the scenario's routers in order (a content,
 * round or interrupt condition is read off the history; a dynamicLlm condition asks its referee yes or no), and
 * for a multi-stream target with a referee, the referee's verdict (answer, hang up, transfer). The conductor
 * asks it once per turn, or ahead of the turn for a speculation (preemptive.ts) on a copy of the history.
 */
import type { CallRuntimeFailure } from '@dialwise/contracts';
import { buildMessages } from './prompt.ts';
import type { History } from './history.ts';
import type { CallContext, ConversationPlan, ProcessorPlan } from './plan.ts';
import type { Decision } from './preemptive.ts';
import { chooseRouter } from './routers.ts';
import { type RefereeVerdict, refereeVerdict, yesNo } from './streams.ts';

/** A failed yes/no question or referee request (recorded on the call; the decision goes on without it). */
export type DecisionFailure = Pick<CallRuntimeFailure, 'failure' | 'detail'> & { stage: 'condition' | 'referee' };

export interface DeciderOptions {
  plan: ConversationPlan;
  call: CallContext;
  /** The call's clock (ms since the answer) and the wall clock the prompt's local time is read from. */
  now: () => number;
  wallClock: () => Date;
  firstTokenTimeoutMs: number;
  failed: (failure: DecisionFailure) => void;
}

export class Decider {
  constructor(private readonly options: DeciderOptions) {}

  /** The router that holds (null: none) and, for a stream with a referee, its verdict. `count` hears of each model request. */
  async decide(history: History, count: () => void = () => undefined): Promise<Decision> {
    const { now, plan } = this.options;
    const started = now();
    const routed = await chooseRouter(plan.scenario.routers, history, (processorId, question) => {
      count();
      return this.askYesNo(processorId, question, history);
    });
    const routerMs = now() - started;
    const target = routed?.router.target;
    if (target?.kind !== 'stream' || !target.refereeId) return { routed, routerMs, verdict: 'answer', refereeMs: null };
    const asked = now();
    count();
    const verdict = await this.askReferee(target.refereeId, history);
    return { routed, routerMs, verdict, refereeMs: now() - asked };
  }

  /** A processor's chat messages: its system prompt with the call's context, then the conversation so far. */
  messages(processor: ProcessorPlan, history: History) {
    return buildMessages(processor, this.options.plan, this.options.call, history, this.options.wallClock());
  }

  private async askYesNo(processorId: string, question: string, history: History): Promise<boolean> {
    const processor = this.options.plan.processors.get(processorId);
    const answer = await yesNo(processor, processor ? this.messages(processor, history) : [], question, this.options.firstTokenTimeoutMs);
    if (answer.failure) this.options.failed({ stage: 'condition', failure: answer.failure, detail: answer.detail });
    return answer.yes;
  }

  private async askReferee(processorId: string, history: History): Promise<RefereeVerdict> {
    const processor = this.options.plan.processors.get(processorId);
    const answer = await refereeVerdict(processor, processor ? this.messages(processor, history) : [], this.options.firstTokenTimeoutMs);
    if (answer.failure) this.options.failed({ stage: 'referee', failure: answer.failure, detail: answer.detail });
    return answer.verdict;
  }
}
