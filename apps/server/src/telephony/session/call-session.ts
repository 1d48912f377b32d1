/**
 * A call = a CallSession over a CallHandle: once the callee answers, the session runs a list of killable
 * steps one after the other — a conversation (`ConverseStep`: ASR → routers/LLM → TTS, a seat transfer
 * inside it) or, for a task without a conversation, "play the prologue" then "talk"; an answering-machine
 * screen may run first. When the far end hangs up, the running step is killed and no further step starts.
 * When the steps are done, the session hangs up (unless told not to). It also keeps the conversation:
 * every line said on the call, by whom and when.
 *
 * A step's exec() listens to `session.call.on('audio')` (the far end's 20 ms frames, to feed ASR) — or, on
 * the simulated trunk, `session.call.on('utterance')` — and answers with `session.say(text, audio)` (TTS
 * audio to play). Its kill() stops listening and clears queued audio; exec() then resolves.
 */
import { SILENT_LOGGER, type TelephonyLogger } from '../telephony-logger.ts';
import type { CallEventMap, CallHandle, CallResult, Utterance } from '../trunk.ts';

export interface CallStep {
  /** Shown in logs and in `SessionResult.steps`. */
  readonly name: string;
  /** Runs the step on an answered call; resolves when it is done (or, after kill(), soon). */
  exec(session: CallSession): Promise<void>;
  /** Stops the step early: the call ended or the session was killed. */
  kill(): void;
}

/** A line said on the call as the session saw it (wall time); stored as contracts' ConversationLine. */
export interface SpokenLine extends Utterance {
  at: Date;
}

export interface SessionResult {
  result: CallResult;
  conversation: SpokenLine[];
  /** Steps that started, in order, and how each ended. */
  steps: Array<{ name: string; status: 'done' | 'killed' | 'failed' }>;
}

export interface CallSessionOptions {
  /** Hang up when the last step is done (default true); false leaves the call to the caller. */
  hangUpWhenDone?: boolean;
  logger?: TelephonyLogger;
}

export class CallSession {
  readonly conversation: SpokenLine[] = [];
  private current: CallStep | null = null;
  private killed = false;
  private readonly steps: SessionResult['steps'] = [];
  private readonly logger: TelephonyLogger;

  constructor(
    readonly call: CallHandle,
    private readonly plan: readonly CallStep[],
    private readonly options: CallSessionOptions = {},
  ) {
    this.logger = options.logger ?? SILENT_LOGGER;
  }

  /** Whether the steps should stop: the call is over or the session was killed. */
  get isOver(): boolean {
    return this.killed || this.call.state === 'ending' || this.call.state === 'ended';
  }

  /** Waits for the answer, runs the steps, hangs up; resolves with the call's result and conversation. */
  async run(): Promise<SessionResult> {
    const onUtterance = (event: CallEventMap['utterance'][0]) => {
      if (event.utterance.speaker === 'customer') this.conversation.push({ at: event.at, speaker: 'customer', text: event.utterance.text });
    };
    const onEnded = () => this.current?.kill();
    this.call.on('utterance', onUtterance);
    this.call.on('ended', onEnded);
    try {
      if (await this.call.answered) {
        for (const step of this.plan) {
          if (this.isOver) break;
          await this.runStep(step);
        }
      }
      if (this.options.hangUpWhenDone !== false && this.call.state !== 'ended') await this.call.hangup();
      const result = await this.call.ended;
      return { result, conversation: this.conversation, steps: this.steps };
    } finally {
      this.call.off('utterance', onUtterance);
      this.call.off('ended', onEnded);
    }
  }

  /** Stops the running step and hangs up. */
  kill(): void {
    this.killed = true;
    this.current?.kill();
    void this.call.hangup();
  }

  /**
   * Says a line: recorded in the conversation, sent on the text channel when the trunk has one, and
   * `audio` (PCM 8 kHz) played to the callee. Resolves when the audio has played (false if cut short).
   */
  say(text: string, audio?: Int16Array): Promise<boolean> {
    if (this.isOver) return Promise.resolve(false);
    this.conversation.push({ at: new Date(), speaker: 'ai', text });
    this.call.text?.say(text);
    return audio ? this.call.sendAudio(audio) : Promise.resolve(true);
  }

  private async runStep(step: CallStep): Promise<void> {
    this.current = step;
    const entry: SessionResult['steps'][number] = { name: step.name, status: 'done' };
    this.steps.push(entry);
    try {
      await step.exec(this);
      if (this.isOver) entry.status = 'killed';
    } catch (error) {
      entry.status = 'failed';
      this.logger.warn({ err: error, callId: this.call.id, step: step.name }, 'call step failed');
      this.killed = true;
    } finally {
      this.current = null;
    }
  }
}

/** A wait that kill() cuts short: resolves true when the time ran out, false when killed. */
export class KillableDelay {
  private cancel: (() => void) | null = null;

  wait(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.cancel = null;
        resolve(true);
      }, ms);
      this.cancel = () => {
        clearTimeout(timer);
        this.cancel = null;
        resolve(false);
      };
    });
  }

  kill(): void {
    this.cancel?.();
  }
}
