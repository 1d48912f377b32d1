/**
 * The embedded trunk of the demo and of tests: no carrier, no network. Each dial meets an in-process
 * callee whose behaviour is drawn from a seeded mix (answers and talks, lets it ring, is busy, declines,
 * the number is dead, the "carrier" pushes back) and produces the same events, results and stereo WAV
 * recordings as the SIP trunk. Once answered, the callee talks in text: it greets, replies to what we
 * `say` on the text channel, may ask for a person, and hangs up when its talk time is over.
 *
 * `timeScale` speeds the simulated clock up: every duration (ringing, talking, the request's ring
 * timeout, the callee's speech) is multiplied by it, so tests run a 40 s call in 40 ms. The media
 * clock itself stays at 20 ms, so a scaled call's recording is correspondingly short.
 */
import { randomUUID } from 'node:crypto';
import type { CallOutcome } from '@dialwise/contracts';
import { FRAME_SAMPLES, SILENT_FRAME, speakingMs } from '../../audio/pcm.ts';
import { BaseCall, type CallEnd } from '../base-call.ts';
import { SILENT_LOGGER, type TelephonyLogger } from '../telephony-logger.ts';
import { MediaClock } from '../media/media-clock.ts';
import {
  ANNOUNCEMENT_MS,
  ANNOUNCEMENT_TEXT,
  CalleeScript,
  DEFAULT_OUTCOME_MIX,
  drawPlan,
  seededRandom,
  SILENCE_PROMPT,
  SIT_SEQUENCE,
  SyntheticTone,
  VOICEMAIL_BEEP,
  type CalleePlan,
  type OutcomeMix,
} from './simulated-callee.ts';
import { defaultRecordingPath } from '../sip/sip-trunk.ts';
import { SpeechLikeVoice, type SpokenLine } from './speech-like-voice.ts';
import { isDialable, type CallHandle, type CallResult, type DialRequest, type EndReason, type SipLine, type Trunk } from '../trunk.ts';

export interface SimulatedTrunkOptions {
  /** Folder of the recordings: `<recordingsDir>/<yyyy-mm-dd>/<callId>.wav` unless a call names its own path. */
  recordingsDir: string;
  /** Seed of the callees' choices: the same seed and the same order of dials give the same calls. Default: random. */
  seed?: number;
  /** Multiplies every simulated duration (1 = real time). */
  timeScale?: number;
  /** Outcome weights, merged over DEFAULT_OUTCOME_MIX. */
  mix?: Partial<OutcomeMix>;
  /** Overrides the drawn plan of a call (a test that needs a busy callee, a demo number that always answers). */
  plan?: (request: DialRequest, drawn: CalleePlan) => Partial<CalleePlan> | undefined;
  /** Default cap of an answered call, unscaled. Default 2 h. */
  maxCallMs?: number;
  logger?: TelephonyLogger;
  /**
   * The callees' voice for the recordings: their lines as 8 kHz speech (the server passes espeak-ng in
   * a voice other than ours). Null or absent: the speech-like synthetic voice. Used only on recorded
   * calls at real time (time scale 1): a scaled call's recording is too short to hold real speech.
   */
  calleeVoice?: ((text: string) => Promise<Int16Array | null>) | null;
}

/** The final responses a simulated callee or "carrier" sends, per outcome. */
const REFUSALS: Partial<Record<CallOutcome, { status: number; reason: string }>> = {
  busy: { status: 486, reason: 'Busy Here' },
  no_answer: { status: 480, reason: 'Temporarily Unavailable' },
  invalid_number: { status: 404, reason: 'Not Found' },
  rejected: { status: 603, reason: 'Decline' },
  failed: { status: 500, reason: 'Server Internal Error' },
  backpressure: { status: 503, reason: 'Service Unavailable' },
};

/** Unscaled: how long before the first 100 Trying, when 180 Ringing comes, what a silent far end costs (timer B). */
const TRYING_MS = 50;
const RINGING_AFTER_MS = 700;
const NO_RESPONSE_MS = 32_000;
const RETRY_AFTER_MS = 30_000;
const GREETING_AFTER_MS = 500;
const THINKING_MS = 400;
const SILENCE_PROMPT_AFTER_MS = 6000;
/** The share of our replies a callee talks over (to exercise barge-in), and how far into the reply they start. */
const TALK_OVER_SHARE = 0.1;
const TALK_OVER_AFTER_MS = { min: 600, max: 1600 } as const;

/** The simulated carrier's count of one line: its calls through now, and its bucket of new calls. */
interface LineLoad {
  live: number;
  tokens: number;
  at: number;
}

export class SimulatedTrunk implements Trunk {
  readonly kind = 'simulated' as const;
  readonly clock: MediaClock;
  private readonly random: () => number;
  private readonly mix: OutcomeMix;
  private readonly live = new Set<SimulatedCall>();
  private readonly loads = new Map<string, LineLoad>();
  private readonly logger: TelephonyLogger;
  private closing = false;

  constructor(private readonly options: SimulatedTrunkOptions) {
    this.random = seededRandom(options.seed ?? Math.floor(Math.random() * 2 ** 32));
    this.mix = { ...DEFAULT_OUTCOME_MIX, ...options.mix };
    this.logger = options.logger ?? SILENT_LOGGER;
    this.clock = new MediaClock((error) => this.logger.warn({ err: error }, 'simulated media tick failed'));
  }

  get activeCalls(): number {
    return this.live.size;
  }

  dial(request: DialRequest): CallHandle {
    const drawn = drawPlan(this.random, this.mix);
    const callRandom = seededRandom(Math.floor(this.random() * 2 ** 32));
    // Drawn from the call's own sequence, so the trunk's sequence (and every seeded test) stays as it was.
    const announces = drawn.outcome === 'invalid_number' && callRandom() < 0.6 ? (callRandom() < 0.5 ? 'sit' : 'spoken') : null;
    const load = this.lineLoad(request.line);
    const over = load ? this.overCapacity(load, request.line.capacity!) : null;
    const plan: CalleePlan = over
      ? { ...drawn, outcome: 'backpressure', ringMs: drawn.outcome === 'backpressure' ? drawn.ringMs : 50, refusalReason: over }
      : { ...drawn, announces, ...this.options.plan?.(request, drawn) };
    if (load && !over) load.live += 1;
    const id = randomUUID();
    const call = new SimulatedCall(id, request, plan, callRandom, {
      scale: this.options.timeScale ?? 1,
      clock: this.clock,
      recordingPath: request.record === false ? null : (request.recordingPath ?? defaultRecordingPath(this.options.recordingsDir, id)),
      maxCallMs: request.maxDurationMs ?? this.options.maxCallMs ?? 2 * 60 * 60 * 1000,
      logger: request.logger ?? this.logger,
      calleeVoice: this.options.timeScale === undefined || this.options.timeScale === 1 ? (this.options.calleeVoice ?? null) : null,
      onFinished: (c) => {
        this.live.delete(c);
        if (load && !over) load.live -= 1;
      },
    });
    this.live.add(call);
    call.start(this.closing);
    return call;
  }

  /** The carrier's count of a line that has a capacity (null: it takes whatever comes). */
  private lineLoad(line: SipLine): LineLoad | null {
    if (!line.capacity) return null;
    const key = line.id ?? `${line.username}@${line.domain}:${line.port}`;
    let load = this.loads.get(key);
    if (!load) this.loads.set(key, (load = { live: 0, tokens: Number.POSITIVE_INFINITY, at: performance.now() }));
    return load;
  }

  /**
   * Why the carrier refuses a new call on the line now, or null: its calls at once are all taken, or its
   * bucket of new calls a second is empty. The bucket holds two seconds' worth: the dialer paces its setups
   * at the same rate, but a setup waits for its number and line before its INVITE, so INVITEs bunch a little.
   */
  private overCapacity(load: LineLoad, capacity: { calls: number; perSecond: number }): string | null {
    const now = performance.now();
    const burst = Math.max(2, 2 * capacity.perSecond);
    load.tokens = Math.min(burst, load.tokens + ((now - load.at) / 1000) * capacity.perSecond);
    load.at = now;
    if (load.live >= capacity.calls) return `Service Unavailable: the line's ${capacity.calls} calls at once are taken`;
    if (load.tokens < 1) return `Service Unavailable: over the line's ${capacity.perSecond} new calls a second`;
    load.tokens -= 1;
    return null;
  }

  async close(): Promise<void> {
    this.closing = true;
    const calls = [...this.live];
    for (const call of calls) call.end('trunk-closed');
    await Promise.all(calls.map((call) => call.ended));
  }
}

interface SimulatedCallContext {
  scale: number;
  clock: MediaClock;
  recordingPath: string | null;
  maxCallMs: number;
  logger: TelephonyLogger;
  calleeVoice: ((text: string) => Promise<Int16Array | null>) | null;
  onFinished: (call: SimulatedCall) => void;
}

type Phase = 'calling' | 'ringing' | 'answered' | 'over';

class SimulatedCall extends BaseCall {
  private phase: Phase = 'calling';
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly script: CalleeScript;
  private readonly voice: SpeechLikeVoice;
  private speakingUntil = 0;
  /** The callee's current line in the synthetic voice (when there is no calleeVoice). */
  private line: SpokenLine | null = null;
  /** The callee's current line as speech (calleeVoice), played instead of the synthetic voice. */
  private spoken: { samples: Int16Array; offset: number } | null = null;
  /** The frame the spoken line is copied into, tick after tick (receiveFarEnd copies what it keeps). */
  private readonly spokenFrame = new Int16Array(FRAME_SAMPLES);
  /** What the far end plays besides a person's voice (a machine's greeting and beep, a carrier's tones and words), in order. */
  private readonly program: Array<{ until: number; next: () => Int16Array }> = [];
  private silencePrompt: NodeJS.Timeout | null = null;
  private replyTimer: NodeJS.Timeout | null = null;
  /** How the pending reply was timed: after our line ended ('turn'), or talking over it ('over'). */
  private replyKind: 'turn' | 'over' | null = null;
  /** Our lines since the callee last spoke, and all of them. */
  private heardSinceReply: string[] = [];
  /** Of those, the ones that began while the callee was still talking (they talk over them, not listen). */
  private saidOverCallee = new Set<string>();
  private readonly oursSoFar: string[] = [];
  private readonly random: () => number;
  private ringTimer: NodeJS.Timeout | null = null;
  private readonly tick = (skippedFrames: number) => this.onTick(skippedFrames);
  private readonly onAbort = () => this.end('aborted');

  constructor(
    id: string,
    private readonly request: DialRequest,
    readonly plan: CalleePlan,
    random: () => number,
    private readonly ctx: SimulatedCallContext,
  ) {
    super(id, request.to, ctx.recordingPath, ctx.logger);
    this.random = random;
    this.script = new CalleeScript(random, plan.persona);
    // Its own stream (one draw), so how much audio a call makes does not change the script's choices.
    this.voice = new SpeechLikeVoice(seededRandom(Math.floor(random() * 2 ** 32)));
    this.text = { say: (text) => this.say(text) };
  }

  start(closing: boolean): void {
    const { signal } = this.request;
    if (signal?.aborted || closing) {
      void this.finishWith({
        outcome: 'canceled',
        sipStatus: null,
        sipReason: 'aborted before dialling',
        endReason: closing ? 'trunk-closed' : 'aborted',
        hungUpBy: 'us',
      });
      return;
    }
    if (!isDialable(this.request.to)) {
      void this.finishWith({
        outcome: 'invalid_number',
        sipStatus: null,
        sipReason: 'destination is not a dialable number',
        endReason: 'error',
        hungUpBy: 'us',
      });
      return;
    }
    signal?.addEventListener('abort', this.onAbort, { once: true });
    const { outcome, ringMs } = this.plan;
    if (outcome === 'timeout') {
      this.after(
        NO_RESPONSE_MS,
        () =>
          void this.finishWith({
            outcome: 'timeout',
            sipStatus: null,
            sipReason: 'no response to the INVITE (timer B)',
            endReason: 'no-response',
            hungUpBy: 'network',
          }),
      );
      return;
    }
    this.after(Math.min(TRYING_MS, ringMs), () => this.onTrying());
    const rings = outcome === 'answered' || outcome === 'no_answer' || outcome === 'rejected' || (outcome === 'busy' && ringMs > 1500);
    if (rings) {
      this.after(Math.min(RINGING_AFTER_MS, ringMs), () => {
        if (this.phase !== 'calling') return;
        this.phase = 'ringing';
        this.onRinging(180);
      });
    }
    this.ringTimer = this.after(this.request.ringTimeoutMs, () => this.end('ring-timeout'));
    this.after(ringMs, () => {
      if (outcome === 'answered') this.answer();
      else if (outcome === 'invalid_number' && this.plan.announces) this.announce(this.plan.announces);
      else this.refuse(outcome);
    });
  }

  hangup(): Promise<CallResult> {
    this.end('hangup');
    return this.ended;
  }

  /** Ends the call from our side: CANCEL-like before the answer, BYE-like after. */
  end(reason: EndReason): void {
    if (this.phase === 'over') return;
    if (this.phase === 'answered') {
      void this.finishWith({ outcome: 'answered', sipStatus: 200, sipReason: 'OK', endReason: reason, hungUpBy: 'us' });
      return;
    }
    const rang = this.phase === 'ringing' || this.state === 'trying' || this.state === 'early-media';
    void this.finishWith({
      outcome: reason === 'ring-timeout' ? 'no_answer' : 'canceled',
      sipStatus: rang ? 487 : null,
      sipReason: rang ? 'Request Terminated' : 'cancelled before any response',
      endReason: reason,
      hungUpBy: 'us',
    });
  }

  private answer(): void {
    if (this.phase === 'over') return;
    this.phase = 'answered';
    this.clear(this.ringTimer);
    this.onAnswered('PCMU');
    if (this.isOver) return; // an `answered` listener hung up
    this.ctx.clock.add(this.tick);
    if (this.plan.persona === 'voicemail') {
      this.after(GREETING_AFTER_MS, () => this.machineGreets());
      // The machine stops recording (and hangs up) when its time is over.
      this.after(
        this.plan.talkMs,
        () => void this.finishWith({ outcome: 'answered', sipStatus: 200, sipReason: 'OK', endReason: 'remote-bye', hungUpBy: 'callee' }),
      );
      this.after(this.ctx.maxCallMs, () => this.end('max-duration'));
      return;
    }
    // A person says hello on picking up, unless we are already talking (then they listen).
    this.after(GREETING_AFTER_MS, () => {
      if (this.oursSoFar.length === 0 && !this.outgoing.pending) this.calleeSays(this.script.greeting());
    });
    this.after(this.plan.talkMs, () => this.calleeHangsUp(this.script.goodbye()));
    this.after(this.ctx.maxCallMs, () => this.end('max-duration'));
  }

  /**
   * Our audio was cut: a barge-in (or a filler ending). A line of ours that began under the callee's own words
   * and was cut by them is not one they answer: they said their piece and wait for our answer to it. Answering
   * it too put two callee lines against our one, and each of our answers then met the callee's next line.
   */
  override clearAudio(): void {
    super.clearAudio();
    if (this.saidOverCallee.size === 0) return;
    this.heardSinceReply = this.heardSinceReply.filter((line) => !this.saidOverCallee.has(line));
    this.saidOverCallee.clear();
  }

  /** A dead number's carrier: 183 with its announcement as early media, then 404 (unless we hang up first). */
  private announce(style: 'sit' | 'spoken'): void {
    if (this.phase === 'over') return;
    this.onEarlyMedia(183);
    this.ctx.clock.add(this.tick);
    if (style === 'sit') for (const { hz, ms } of SIT_SEQUENCE) this.play(ms, new SyntheticTone(hz));
    this.play(ANNOUNCEMENT_MS, this.voice.line(`${ANNOUNCEMENT_TEXT} ${ANNOUNCEMENT_TEXT}`, ANNOUNCEMENT_MS));
    const total = ANNOUNCEMENT_MS + (style === 'sit' ? SIT_SEQUENCE.reduce((n, t) => n + t.ms, 0) : 0);
    this.after(total + 200, () => this.refuse('invalid_number'));
    this.ctx.logger.debug({ callId: this.id, text: ANNOUNCEMENT_TEXT }, 'simulated carrier announcement');
  }

  /** Queues `ms` (unscaled) of a source after what is already queued. */
  private play(ms: number, source: { nextFrame(): Int16Array }): void {
    const start = Math.max(performance.now(), this.program.at(-1)?.until ?? 0);
    this.program.push({ until: start + ms * this.ctx.scale, next: () => source.nextFrame() });
  }

  private refuse(outcome: CallOutcome): void {
    if (this.phase === 'over') return;
    const refusal = REFUSALS[outcome] ?? REFUSALS.failed!;
    void this.finishWith({
      outcome,
      sipStatus: refusal.status,
      sipReason: this.plan.refusalReason ?? refusal.reason,
      endReason: 'remote-refused',
      hungUpBy: 'callee',
      retryAfterMs: outcome === 'backpressure' ? RETRY_AFTER_MS * this.ctx.scale : null,
    });
  }

  /** An answering machine: its greeting (text and audio), a pause, the beep; then it records in silence. */
  private machineGreets(): void {
    if (this.phase !== 'answered') return;
    const text = this.script.greeting();
    this.emitEvent({ type: 'utterance', at: new Date(), utterance: { speaker: 'customer', text } });
    // Said as speech (sentences, pauses, a moving pitch): what a detector must tell from a person is how a
    // greeting runs on, not a tone that no voice makes.
    const greeting = this.voice.line(text);
    this.play(greeting.durationMs, greeting);
    this.play(VOICEMAIL_BEEP.afterMs, { nextFrame: () => SILENT_FRAME as Int16Array });
    this.play(VOICEMAIL_BEEP.ms, new SyntheticTone(VOICEMAIL_BEEP.hz));
  }

  private say(text: string): void {
    if (this.phase !== 'answered') return;
    this.emitEvent({ type: 'utterance', at: new Date(), utterance: { speaker: 'ai', text } });
    if (this.plan.persona === 'voicemail') return; // a recorder does not answer
    this.clear(this.silencePrompt);
    const first = this.heardSinceReply.length === 0;
    this.heardSinceReply.push(text);
    if (performance.now() < this.speakingUntil) this.saidOverCallee.add(text);
    this.oursSoFar.push(text);
    // A reply timed for the end of our line waits again: we go on speaking.
    if (this.replyKind === 'turn') this.cancelReply();
    // Now and then a callee talks over our reply (barge-in); mostly they let us finish (see onTick). Not over the
    // opening: it is protected from barge-in, and a person lets a caller say who they are.
    const opening = this.oursSoFar.length === 1;
    if (first && !opening && this.replyKind === null && performance.now() >= this.speakingUntil && this.random() < TALK_OVER_SHARE) {
      const at = TALK_OVER_AFTER_MS.min + this.random() * (TALK_OVER_AFTER_MS.max - TALK_OVER_AFTER_MS.min);
      this.scheduleReply(Math.min(at, speakingMs(text) * 0.8), 'over');
    }
  }

  /** The callee answers what we said since they last spoke. */
  private respond(): void {
    this.replyTimer = null;
    this.replyKind = null;
    const said = this.heardSinceReply.join(' ');
    this.heardSinceReply = [];
    this.saidOverCallee.clear();
    const reply = this.script.reply(said, this.oursSoFar.join(' '));
    if (reply.hangUp) this.calleeHangsUp(reply.text);
    else this.calleeSays(reply.text);
  }

  private scheduleReply(ms: number, kind: 'turn' | 'over'): void {
    this.cancelReply();
    this.replyKind = kind;
    this.replyTimer = this.after(ms, () => this.respond());
  }

  private cancelReply(): void {
    this.clear(this.replyTimer);
    this.replyTimer = null;
    this.replyKind = null;
  }

  private calleeSays(text: string): void {
    if (this.phase !== 'answered') return;
    this.emitEvent({ type: 'utterance', at: new Date(), utterance: { speaker: 'customer', text } });
    this.speakingUntil = performance.now() + speakingMs(text) * this.ctx.scale;
    this.spoken = null;
    this.line = this.ctx.calleeVoice === null ? this.voice.line(text, speakingMs(text) * this.ctx.scale) : null;
    if (this.ctx.calleeVoice && this.ctx.recordingPath) {
      const until = this.speakingUntil;
      void this.ctx.calleeVoice(text).then(
        (samples) => {
          // Still the same line (not replaced by a newer one) and the call still up.
          if (samples && this.phase === 'answered' && this.speakingUntil === until) this.spoken = { samples, offset: 0 };
        },
        () => undefined,
      );
    }
    this.clear(this.silencePrompt);
    if (text !== SILENCE_PROMPT) {
      this.silencePrompt = this.after(speakingMs(text) + SILENCE_PROMPT_AFTER_MS, () => {
        // Not while we are answering (our audio plays) or an answer is on its way.
        if (!this.outgoing.pending && this.heardSinceReply.length === 0) this.calleeSays(SILENCE_PROMPT);
      });
    }
  }

  private calleeHangsUp(lastWords: string): void {
    if (this.phase !== 'answered') return;
    this.calleeSays(lastWords);
    this.after(speakingMs(lastWords), () => {
      if (this.phase !== 'answered') return;
      void this.finishWith({ outcome: 'answered', sipStatus: 200, sipReason: 'OK', endReason: 'remote-bye', hungUpBy: 'callee' });
    });
  }

  private onTick(skippedFrames: number): void {
    // The far end always sends frames: what it plays (a machine's greeting and beep, a carrier's tones), else
    // the callee's spoken line, else its synthetic voice while it speaks, else silence.
    const now = performance.now();
    while (this.program.length > 0 && this.program[0]!.until <= now) this.program.shift();
    const playing = this.program[0];
    const spoken = this.spoken;
    if (!this.wantsFarEnd) {
      // Nobody records or listens to the far end (a text conversation without a recording): making its
      // frames would be the busiest work of a call for nothing (a synthetic voice is ~100 sines a frame).
    } else if (playing) {
      this.receiveFarEnd(playing.next());
    } else if (spoken) {
      const frame = this.spokenFrame;
      const part = spoken.samples.subarray(spoken.offset, spoken.offset + FRAME_SAMPLES);
      frame.set(part);
      if (part.length < FRAME_SAMPLES) frame.fill(0, part.length);
      spoken.offset += FRAME_SAMPLES;
      if (spoken.offset >= spoken.samples.length) this.spoken = null;
      this.receiveFarEnd(frame);
    } else {
      const line = now < this.speakingUntil ? this.line : null;
      this.receiveFarEnd(line ? line.nextFrame() : (SILENT_FRAME as Int16Array));
    }
    this.packetsReceived++;
    if (this.phase !== 'answered') return; // early media: we send nothing yet
    this.mediaTick(skippedFrames);
    this.packetsSent++;
    this.takeTurn();
  }

  /**
   * A person waits for our line to end: once our audio has stopped (and they are not speaking), they think a
   * moment and answer; if our audio starts again first (the next sentence of the reply), they wait again.
   */
  private takeTurn(): void {
    if (this.plan.persona === 'voicemail' || this.heardSinceReply.length === 0) return;
    const ourAudio = this.outgoing.pending;
    if (ourAudio && this.replyKind === 'turn') this.cancelReply();
    else if (!ourAudio && this.replyKind === null && performance.now() >= this.speakingUntil) this.scheduleReply(THINKING_MS, 'turn');
  }

  private async finishWith(end: CallEnd): Promise<void> {
    if (this.phase === 'over') return;
    this.phase = 'over';
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.ctx.clock.remove(this.tick);
    this.request.signal?.removeEventListener('abort', this.onAbort);
    await this.finish(end);
    this.ctx.onFinished(this);
  }

  /** A timer on the simulated clock (`ms` unscaled). */
  private after(ms: number, fn: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms * this.ctx.scale);
    this.timers.add(timer);
    return timer;
  }

  private clear(timer: NodeJS.Timeout | null): void {
    if (!timer) return;
    clearTimeout(timer);
    this.timers.delete(timer);
  }
}
