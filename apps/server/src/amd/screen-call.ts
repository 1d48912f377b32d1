/**
 * Answering-machine detection on one call, as the dialer uses it: attached right after `dial()` so it hears
 * early media, it runs the detector on the callee's frames and
 * - hangs up at once on a carrier announcement (even before the answer: a dead number rings no one) and on
 *   a fax machine;
 * - gives the session a first step (`step`) that waits for the decision and applies the task's action on a
 *   machine: hang up, leave the message after the beep, or go on as with a person.
 * People, silence and undecided calls go on to the conversation. `result` is what the call record keeps.
 */
import type { AmdResult, AmdThresholds, TaskAmd } from '@dialwise/contracts';
import {
  SILENT_LOGGER,
  type AudioFrame,
  type CallHandle,
  type CallSession,
  type CallStep,
  type TelephonyLogger,
} from '../telephony/index.ts';
import { FRAME_MS } from '../audio/pcm.ts';
import { AmdDetector } from './amd-detector.ts';
import type { GreetingWords } from './amd-words.ts';

/** Waiting for the beep after a machine's greeting: the greeting is over after this much silence, and we give up after the cap. */
export const GREETING_OVER_SILENCE_MS = 2000;
export const BEEP_WAIT_CAP_MS = 30_000;

export interface ScreenCallOptions {
  settings: Pick<TaskAmd, 'onMachine' | 'message'> & { thresholds: AmdThresholds };
  /** The message as audio (TTS); undefined: text only (the simulated trunk's text channel, or no TTS). */
  speak: (text: string, signal: AbortSignal) => Promise<Int16Array | undefined>;
  /** A recogniser listening to the greeting (SIP calls: amd-words.ts); absent: the timing alone decides. */
  words?: GreetingWords | null;
  logger?: TelephonyLogger;
}

export class CallScreen {
  readonly detector: AmdDetector;
  private beepAtMs: number | null = null;
  private messageLeft: boolean | undefined;
  /** The media clock after the answer: frames counted × 20 ms (see `clock`). */
  private lastFrameAtMs = 0;
  private answeredFrames = 0;
  private readonly logger: TelephonyLogger;
  private readonly onAudio = (frame: AudioFrame) => {
    this.lastFrameAtMs = this.clock(frame);
    this.detector.push(frame.samples, this.lastFrameAtMs);
  };

  constructor(
    private readonly call: CallHandle,
    private readonly options: ScreenCallOptions,
  ) {
    this.logger = options.logger ?? SILENT_LOGGER;
    this.detector = new AmdDetector(options.settings.thresholds, { words: options.words ?? null });
    this.detector.on('decision', (decision) => {
      this.logger.debug({ amd: decision }, 'answering-machine detection decided');
      if (decision.outcome === 'announcement') void call.hangup();
    });
    this.detector.on('beep', (beep) => {
      this.beepAtMs ??= beep.atMs;
    });
    call.on('audio', this.onAudio);
    void call.ended.then(() => {
      call.off('audio', this.onAudio);
      this.detector.dispose();
    });
  }

  /**
   * When a frame was spoken, on the callee's media clock: after the answer, 20 ms per frame received. The
   * trunk's `atMs` is when the frame *arrived*: on a busy machine frames arrive late and in bursts, so a
   * stall of the event loop looked like seconds of silence (the greeting "over", the message played before
   * the beep) and put the beep's time off the recording's clock. Early media keeps the trunk's sign (< 0).
   */
  private clock(frame: AudioFrame): number {
    if (frame.atMs < 0) return frame.atMs;
    return this.answeredFrames++ * FRAME_MS;
  }

  /** The decision with what followed (null: the call ended before any). */
  get result(): AmdResult | null {
    const decision = this.detector.decision;
    if (!decision) return null;
    return {
      ...decision,
      ...(this.beepAtMs !== null || this.messageLeft !== undefined
        ? { beepAtMs: this.beepAtMs, messageLeft: this.messageLeft ?? false }
        : {}),
    };
  }

  /** The session's first step. */
  step(): CallStep {
    const abort = new AbortController();
    return {
      name: 'amd',
      exec: (session) => this.run(session, abort.signal),
      kill: () => abort.abort(),
    };
  }

  private async run(session: CallSession, signal: AbortSignal): Promise<void> {
    const decision = await this.decided(signal);
    if (!decision || signal.aborted) return;
    // A dead number or a fax machine: nobody to talk to.
    if (decision.outcome === 'announcement' || decision.outcome === 'fax') {
      await session.call.hangup();
      return;
    }
    if (decision.outcome !== 'machine' && decision.outcome !== 'beep') return;
    const { onMachine, message } = this.options.settings;
    if (onMachine === 'continue') return;
    if (onMachine === 'leave_message' && message) {
      this.messageLeft = false;
      if (await this.greetingOver(signal)) {
        const audio = await this.options.speak(message, signal).catch((error: unknown) => {
          this.logger.warn({ err: error }, 'voicemail message synthesis failed');
          return undefined;
        });
        if (!signal.aborted) this.messageLeft = await session.say(message, audio);
      }
    }
    if (!signal.aborted) await session.call.hangup();
  }

  private decided(signal: AbortSignal): Promise<AmdResult | null> {
    if (this.detector.decision) return Promise.resolve(this.detector.decision);
    return new Promise((resolve) => {
      const done = (result: AmdResult | null) => {
        this.detector.off('decision', done);
        signal.removeEventListener('abort', stop);
        resolve(result);
      };
      const stop = () => done(null);
      this.detector.on('decision', done);
      signal.addEventListener('abort', stop, { once: true });
    });
  }

  /**
   * Resolves true when the recorder listens: the beep came (now or already), or the greeting ended in
   * silence without one (some voicemails have no beep); false when the call ended or the cap passed.
   */
  private greetingOver(signal: AbortSignal): Promise<boolean> {
    if (this.beepAtMs !== null) return Promise.resolve(true);
    const startedAt = this.lastFrameAtMs;
    return new Promise((resolve) => {
      const finish = (over: boolean) => {
        this.detector.off('beep', onBeep);
        this.call.off('audio', onFrame);
        signal.removeEventListener('abort', onAbort);
        resolve(over);
      };
      const onBeep = () => finish(true);
      // Runs after onAudio (registered first): lastFrameAtMs is this frame's time on the media clock.
      const onFrame = () => {
        const atMs = this.lastFrameAtMs;
        if (this.detector.silentFor(atMs + FRAME_MS) >= GREETING_OVER_SILENCE_MS) finish(true);
        else if (atMs - startedAt >= BEEP_WAIT_CAP_MS) finish(false);
      };
      const onAbort = () => finish(false);
      this.detector.on('beep', onBeep);
      this.call.on('audio', onFrame);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}
