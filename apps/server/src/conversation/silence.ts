/**
 * Silence wake-ups: when the callee has said nothing for the threshold, a wake-up line; after the last one,
 * the hang-up text and the end of the call. The task's advanced settings win over the scenario's silence
 * rules (the task is the more specific choice).
 *
 * The timer runs **only while the line is idle**: nobody speaking, no reply in flight and no callee turn
 * waiting to be answered. The conductor reports each of those as it starts and ends (`busy`), and the watch
 * arms the timer when the last one ends and clears it when any starts. So a barge-in (the callee speaks), an
 * interrupted reply closing while the next answer is being made, or a filler playing never arm it. (It used
 * to be armed at every reply's close: an interrupted turn's close armed it while the next answer was under
 * way, and wake-ups came 360 ms after the AI's own question.) Pipecat's user-idle processor makes the same
 * choice: it does not count while the bot speaks or a function call runs.
 */
import type { ConversationPlan } from './plan.ts';

export interface SilenceRules {
  seconds: number;
  max: number;
  prompts: readonly string[];
  hangupText: string;
}

/** The rules in force for a call (null: no wake-ups). */
export function silenceRules(plan: Pick<ConversationPlan, 'advanced' | 'scenario'>): SilenceRules | null {
  const { advanced, scenario } = plan;
  if (advanced.silenceThresholdSeconds !== undefined && advanced.silenceWords) {
    return {
      seconds: advanced.silenceThresholdSeconds,
      max: advanced.silenceMaxAttempts ?? 1,
      prompts: [advanced.silenceWords],
      hangupText: advanced.timeoutReply ?? '',
    };
  }
  if (!scenario.silence.enabled) return null;
  return {
    seconds: scenario.silence.timeoutSeconds,
    max: scenario.silence.maxPrompts,
    prompts: scenario.silence.prompts,
    hangupText: scenario.silence.hangupText,
  };
}

/** What keeps the line from being idle. */
export type Activity = 'callee' | 'reply' | 'turn';

export interface SilenceDeps {
  after: (ms: number, fn: () => void) => NodeJS.Timeout;
  clear: (timer: NodeJS.Timeout | null) => void;
  scale: number;
  /** Say the wake-up line (a reply of its own: it reports `reply` busy while it plays). */
  wakeUp: (prompt: string) => void;
  /** The last wake-up went unanswered: say this and hang up. */
  giveUp: (text: string) => void;
}

export class SilenceWatch {
  private readonly counts: Record<Activity, number> = { callee: 0, reply: 0, turn: 0 };
  private timer: NodeJS.Timeout | null = null;
  private wakeups = 0;
  private enabled = false;
  /** When the idle period began (for tests and the record), null while busy. */
  idleSince: number | null = null;

  constructor(
    private readonly rules: SilenceRules | null,
    private readonly deps: SilenceDeps,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** From the end of the opening on: the watch starts counting (before it, the callee has not been asked anything). */
  start(): void {
    this.enabled = true;
    this.update();
  }

  /** For good (the call was handed over or ends). */
  stop(): void {
    this.enabled = false;
    this.disarm();
  }

  /** One more (`on`) or one less activity of this kind; the callee's speech is a flag, not a count. */
  busy(activity: Activity, on: boolean): void {
    if (activity === 'callee') this.counts.callee = on ? 1 : 0;
    else this.counts[activity] = Math.max(0, this.counts[activity] + (on ? 1 : -1));
    this.update();
  }

  get idle(): boolean {
    return this.counts.callee === 0 && this.counts.reply === 0 && this.counts.turn === 0;
  }

  get armed(): boolean {
    return this.timer !== null;
  }

  private update(): void {
    if (!this.enabled || !this.rules || !this.idle) {
      this.disarm();
      return;
    }
    if (this.timer) return;
    this.idleSince = this.now();
    const rules = this.rules;
    this.timer = this.deps.after(rules.seconds * 1000 * this.deps.scale, () => {
      this.timer = null;
      if (!this.enabled || !this.idle) return;
      if (this.wakeups < rules.max && rules.prompts.length > 0) {
        const prompt = rules.prompts[this.wakeups % rules.prompts.length]!;
        this.wakeups++;
        this.deps.wakeUp(prompt);
        // The wake-up is a reply (busy while it plays); if it reported nothing, the next threshold starts now.
        this.update();
        return;
      }
      this.enabled = false;
      this.deps.giveUp(rules.hangupText);
    });
  }

  private disarm(): void {
    this.deps.clear(this.timer);
    this.timer = null;
    this.idleSince = null;
  }
}
