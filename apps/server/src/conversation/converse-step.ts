/**
 * Step: the conversation. It is the conductor: it keeps the turns and barge-in, and hands the rest to small
 * parts — what the words lead to (decide.ts: routers and referee), streams, speech (a CallVoice), the filler
 * (filler.ts), silence wake-ups (silence.ts), the transfer to a seat (transfer.ts) and the speculation in hand
 * (preemptive.ts) — over the scenario version the task pinned:
 *
 * 1. The opening (opening.ts: the task's or the scenario's prologues, the subtask's prologue info woven in),
 *    with the task's pause between lines; protected from barge-in unless the scenario says otherwise.
 * 2. Each final callee utterance is a turn: the routers are tried in order and the first that holds acts
 *    — a tool (hang up; transfer to a seat) or a multi-stream (referee → main → rewrite) whose answer is
 *    spoken sentence by sentence as the model streams it. A line said over one of ours the callee could not
 *    interrupt waits to see whether they go on (heldTurn).
 * 3. Barge-in (per the interruption policy) interrupts the reply: the LLM request is aborted, queued audio
 *    cleared, the old turn's late output dropped (every sentence carries its turn id), and only what the
 *    callee heard stays in the history.
 * 4. Silence wake-ups, the timeout hang-up and the filler run on timers owned by the step, killed with it;
 *    the silence timer runs only while the line is idle (nobody speaking, no reply or turn under way).
 * 5. A model failure never leaves dead air: a fallback line; two failed turns in a row end the call politely.
 *
 * Every turn's stage timings are kept (`turns`) for the call record; failures too (`failures`).
 */
import type { CallRuntimeFailure, Interruption, RouteTool } from '@dialwise/contracts';
import type { SeatDispatcher } from './seat-dispatcher.ts';
import { TimerSet, type CallSession, type CallStep } from '../telephony/index.ts';
import type { CallVoice, SpokenSentence } from './call-voice.ts';
import { failureGoodbye, fallbackLine, noSeatAgainLine, noSeatLine } from './fallback.ts';
import { startFiller } from './filler.ts';
import { History } from './history.ts';
import type { SeatTranscriber, SeatTranscriptEvents } from './seat-transcript.ts';
import { SilenceWatch, silenceRules } from './silence.ts';
import { SeatTransfer } from './transfer.ts';
import type { CallContext, ConversationPlan, ProcessorPlan } from './plan.ts';
import { openingLines } from './opening.ts';
import { Decider } from './decide.ts';
import { type PreemptionCounts, Speculation, SpeculationSlot } from './preemptive.ts';
import { Reply, type TurnTiming } from './reply.ts';
import { type RefereeVerdict, streamAnswer } from './streams.ts';

/** A failure the runtime records on the call (the record's `runtimeFailures`); the call goes on without that step. */
export type RuntimeFailure = CallRuntimeFailure;

/**
 * What the scenario test bench watches of a conversation (calls leave it unset). Each hook reports one
 * decision as it is taken; none of them may change the conversation.
 */
export interface ConverseObserver {
  routed(event: { user: string; router: string | null; target: 'tool' | 'stream' | 'none'; routerMs: number }): void;
  refereed(event: { verdict: RefereeVerdict; ms: number }): void;
  token(event: { turnId: string; stream: 'main' | 'rewrite'; text: string }): void;
  tool(event: { turnId: string; kind: 'hangup' | 'transfer'; alias: string; seat: boolean | null }): void;
  /** A reply is over (heard, cut or failed): its timings and the failures recorded since the previous one. */
  turnEnded(event: { timing: TurnTiming; failures: RuntimeFailure[] }): void;
}

export interface ConverseOptions {
  plan: ConversationPlan;
  call: CallContext;
  /** Builds the CallVoice for the session's call (text on the simulated trunk, speech on SIP). */
  createVoice: (session: CallSession) => CallVoice;
  /** The seat dispatcher (null: no seat area, transfers speak their failure text). */
  seats: SeatDispatcher | null;
  transfer: { callId: string; companyId: string; projectId: string; taskId: string; subtaskId: string };
  now?: () => Date;
  /** No first token within this → the model failed this turn. */
  firstTokenTimeoutMs?: number;
  /** Multiplies the runtime's own waits (silence, pause) — tests and the simulated time scale. */
  timeScale?: number;
  /** How long the analysis model has to write the transfer's handover note (HANDOVER_SUMMARY_TIMEOUT_MS). */
  summaryTimeoutMs?: number;
  /** Called once a seat took the call (the transferred callback event, the call record's operator). */
  onTransferred?: (operatorId: string) => void;
  /**
   * The scenario's operator ASR, when it has one: opens a transcriber of the seat for a transferred call.
   * Its lines (and the callee's, from then on) go in the conversation; without it the conversation ends at
   * the handover.
   */
  transcribeSeat?: (events: SeatTranscriptEvents) => Promise<SeatTranscriber>;
  observer?: ConverseObserver;
  /** Start the answer when the callee stops, before the final (preemptive.ts); default on. */
  preemptive?: boolean;
}

const DEFAULT_FIRST_TOKEN_MS = 8000;
/**
 * How long after a line the callee could not interrupt we wait for them to answer it before answering what they
 * said over it: a person's pause before answering is 200–700 ms (the simulated callee's is 400 ms).
 */
const HELD_LINE_GRACE_MS = 800;

export class ConverseStep implements CallStep {
  readonly name = 'converse';
  readonly history = new History();
  readonly turns: TurnTiming[] = [];
  readonly failures: RuntimeFailure[] = [];
  /** Whether the scenario's analysis stream reads the call afterwards. */
  get analyzes(): boolean {
    return this.options.plan.scenario.analysis !== null;
  }

  /** The operator who took the call, when a transfer succeeded. */
  operatorId: string | null = null;
  private voice: CallVoice | null = null;
  private session: CallSession | null = null;
  private active: Reply | null = null;
  private chain: Promise<void> = Promise.resolve();
  private readonly timers = new TimerSet();
  private finish: (() => void) | null = null;
  private done = false;
  private calleeSpeaking = false;
  private failedTurns = 0;
  private handedOver = false;
  private reportedFailures = 0;
  private readonly silence: SilenceWatch;
  private readonly seat: SeatTransfer;
  private readonly decider: Decider;
  /** Preemptive generation: what it did on this call (bench:heard prints the extra requests). */
  private readonly speculations = new SpeculationSlot();
  readonly preemption: PreemptionCounts = this.speculations.counts;
  /** The recogniser's latest partial of the callee's current words (since they last began or went on speaking). */
  private partialText = '';
  /** The callee is speaking but the VAD heard a quiet window: they may have stopped (a tentative end). */
  private calleePaused = false;
  /** Turns queued or running on the chain. */
  private pendingTurns = 0;
  /** How many times the callee has begun to speak (a held line waits to see whether they go on). */
  private speechStarts = 0;
  /** When the callee's current speech began (null: they are not speaking). */
  private speechStartedAt: number | null = null;
  /**
   * The reply that was playing when the callee's current speech began: the one they speak over. Cutting it is
   * their barge-in (counted for the `interrupt` condition); a reply of ours begun after they started is ours to
   * yield, not theirs to cut.
   */
  private spokenOver: Reply | null = null;

  constructor(private readonly options: ConverseOptions) {
    this.silence = new SilenceWatch(
      silenceRules(options.plan),
      {
        after: (ms, fn) => this.after(ms, fn),
        clear: (timer) => this.clearTimer(timer),
        scale: this.scale,
        wakeUp: (prompt) =>
          this.enqueue(async () => {
            const reply = this.begin('', 'silence', 'wakeup', true);
            this.speakAll(reply, [prompt]);
            await this.close(reply);
          }),
        giveUp: (text) => this.enqueue(() => this.sayAndHangUp(text, 'wakeup')),
      },
      () => this.now(),
    );
    this.decider = new Decider({
      plan: options.plan,
      call: options.call,
      now: () => this.now(),
      wallClock: () => options.now?.() ?? new Date(),
      firstTokenTimeoutMs: options.firstTokenTimeoutMs ?? DEFAULT_FIRST_TOKEN_MS,
      failed: (failure) => this.failures.push({ atMs: this.now(), turnId: '', ...failure }),
    });
    this.seat = new SeatTransfer(options, {
      history: this.history,
      call: () => this.session!.call,
      now: () => this.now(),
      fail: (failure) => this.failures.push({ atMs: this.now(), ...failure }),
    });
  }

  private get plan(): ConversationPlan {
    return this.options.plan;
  }

  private get scale(): number {
    return this.options.timeScale ?? 1;
  }

  async exec(session: CallSession): Promise<void> {
    this.session = session;
    const voice = this.options.createVoice(session);
    this.voice = voice;
    const finished = new Promise<void>((resolve) => {
      this.finish = resolve;
    });
    voice.on('speech-start', () => this.onSpeechStart());
    voice.on('speech-pause', () => this.onSpeechPause());
    voice.on('speech-resume', () => this.onSpeechResume());
    voice.on('speech-end', () => {
      this.calleeSpeaking = false;
      this.calleePaused = false;
      this.speechStartedAt = null;
      this.silence.busy('callee', false);
      this.speculate();
    });
    voice.on('partial', ({ text }) => this.onPartial(text));
    voice.on('final', (final) => this.onFinal(final.text, final.speechEndMs, final.atMs));
    voice.on('failure', (failure) =>
      this.failures.push({
        atMs: failure.atMs,
        turnId: this.active?.id ?? '',
        stage: 'speech',
        failure: failure.stage,
        detail: failure.detail,
      }),
    );
    void session.call.ended.then(() => this.stop());
    const { advanced } = this.plan;
    if (advanced.timeoutHangupSeconds && advanced.timeoutReply) {
      const reply = advanced.timeoutReply;
      this.after(advanced.timeoutHangupSeconds * 1000, () => this.enqueue(() => this.sayAndHangUp(reply, 'timeout')));
    }
    this.enqueue(() => this.prologues());
    await finished;
    // The reply the end of the call cut short closes on the chain: its heard part goes in the history marked
    // interrupted before the conversation is read (bounded: a seat's handover may still be winding down).
    await Promise.race([this.chain, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
    // The seat's last words may still be with its recogniser: the conversation is read when this returns.
    await this.seat.stop();
  }

  kill(): void {
    this.stop();
  }

  // ——— events from the call ———

  private onSpeechStart(): void {
    const starts = ++this.speechStarts;
    // The callee goes on: a speculation on their earlier words is no longer the turn, nor are those words theirs now.
    this.speculations.take(null);
    this.partialText = '';
    this.calleePaused = false;
    this.calleeSpeaking = true;
    this.speechStartedAt = this.now();
    this.silence.busy('callee', true);
    const reply = this.active;
    this.spokenOver = reply?.interruptible && !reply.interrupted ? reply : null;
    if (this.plan.scenario.interruption.mode !== 'speech') return;
    // Speech longer than minSpeechMs stops the agent (a cough or "mm" does not): the reply they spoke over, or
    // one of ours that began meanwhile — as LiveKit Agents re-checks the current speech on every VAD result.
    this.after(this.plan.scenario.interruption.minSpeechMs, () => {
      if (this.calleeSpeaking && this.speechStarts === starts && this.active) this.bargeIn(this.active);
    });
  }

  /**
   * The VAD's first quiet window: the callee may have stopped, 256 ms before the VAD says so. The speculation starts
   * now on their words so far (a recogniser asked for them answers within milliseconds: onPartial), rather than at
   * the confirmed end; nothing else changes — barge-in, the silence timer and the turn's end wait for `speech-end`.
   */
  private onSpeechPause(): void {
    this.calleePaused = true;
    this.speculate();
  }

  /** The callee went on after a pause: the speculation on their words so far is dropped (aborted, nothing said). */
  private onSpeechResume(): void {
    this.calleePaused = false;
    this.partialText = '';
    this.speculations.take(null);
  }

  /** The callee has been speaking minSpeechMs or more (under the `speech` policy): a reply begun now would talk over them. */
  private talkingLongEnough(): boolean {
    const policy = this.plan.scenario.interruption;
    return (
      policy.mode === 'speech' &&
      this.calleeSpeaking &&
      this.speechStartedAt !== null &&
      this.now() - this.speechStartedAt >= policy.minSpeechMs
    );
  }

  private onPartial(text: string): void {
    this.partialText = text;
    const reply = this.active;
    if (reply?.interruptible && this.matchesKeyword(this.plan.scenario.interruption, text)) this.bargeIn(reply);
    // Words that come after the callee stopped or paused (the offline recogniser peeks at the VAD's first quiet
    // window and settles at its end of speech; a vendor's partial can lag them): the speculation starts on them, or
    // moves to them if it held other words.
    if ((!this.calleeSpeaking || this.calleePaused) && this.speechStarts > 0) {
      if (this.speculations.holdsOther(text)) this.speculations.take(null);
      this.speculate();
    }
  }

  private onFinal(text: string, speechEndMs: number | null, finalAtMs: number): void {
    if (this.done) return;
    if (this.handedOver) {
      // The customer now talks to the seat: nothing to answer; kept when the seat's side is transcribed too.
      if (this.seat.transcribing) this.history.add({ speaker: 'customer', text, atMs: finalAtMs });
      return;
    }
    this.calleeSpeaking = false;
    this.calleePaused = false;
    this.speechStartedAt = null;
    this.silence.busy('callee', false);
    const reply = this.active;
    const policy = this.plan.scenario.interruption;
    if (reply?.interruptible && !reply.interrupted) {
      // A finished utterance while we speak: under `speech` it is a barge-in; under `keywords` only if it holds one.
      // Also a reply that began after the callee did: it answers words before these (the turn answers both), and
      // LiveKit Agents likewise interrupts the current speech at the end of a user turn.
      if (policy.mode === 'speech' || (policy.mode === 'keywords' && this.matchesKeyword(policy, text))) this.bargeIn(reply);
    }
    this.partialText = '';
    if (reply && !reply.interruptible && !reply.interrupted) {
      // Said over a line they could not interrupt (the protected opening, a tool's text): see heldTurn.
      this.speculations.take(null);
      this.enqueue(() => this.heldTurn(text, speechEndMs, finalAtMs));
      return;
    }
    const speculation = this.speculations.take(text);
    this.enqueue(() => this.turn(text, speechEndMs, finalAtMs, speculation));
  }

  /**
   * A line the callee said over one of ours they could not interrupt ("Hello?" over the opening). Our line
   * usually answers it, and the callee answers our line once it ends: answering theirs as well put two answers
   * against each other — ours to their earlier words, theirs to our line — and every next answer then met the
   * callee's next line. So it is kept in the history and answered only if the callee says nothing more within
   * HELD_LINE_GRACE_MS of our line's end; if they speak, their next turn answers both (LiveKit Agents drops such
   * speech outright; keeping it loses no question).
   */
  private async heldTurn(text: string, speechEndMs: number | null, finalAtMs: number): Promise<void> {
    const keep = () => this.history.addInOrder({ speaker: 'customer', text, atMs: finalAtMs });
    // A later line of theirs is already waiting: it is the turn.
    if (this.pendingTurns > 1 || this.calleeSpeaking) return keep();
    const starts = this.speechStarts;
    await this.wait(HELD_LINE_GRACE_MS * this.scale);
    if (this.done) return;
    if (this.pendingTurns > 1 || this.calleeSpeaking || this.speechStarts !== starts) return keep();
    await this.turn(text, speechEndMs, finalAtMs);
  }

  private matchesKeyword(policy: Interruption, text: string): boolean {
    if (policy.mode !== 'keywords') return false;
    const said = text.toLowerCase();
    return policy.keywords.some((keyword) => said.includes(keyword.toLowerCase()));
  }

  private bargeIn(reply: Reply): void {
    if (reply.interrupted || !reply.interruptible) return;
    reply.interrupt();
    this.voice?.interrupt(reply.id);
    if (reply === this.spokenOver) this.history.countInterrupt('customer');
  }

  // ——— turns ———

  /** Runs `work` after what is queued; while it waits or runs the line is not idle (no silence timer). */
  private enqueue(work: () => Promise<void>): void {
    this.silence.busy('turn', true);
    this.pendingTurns++;
    this.chain = this.chain.then(async () => {
      try {
        if (!this.done) await work();
      } catch (error) {
        this.failures.push({ atMs: this.now(), turnId: this.active?.id ?? '', stage: 'main', failure: 'error', detail: String(error) });
      } finally {
        this.pendingTurns--;
        this.silence.busy('turn', false);
      }
    });
  }

  private async prologues(): Promise<void> {
    const { advanced, scenario } = this.plan;
    // Who is calling and why (the task's prologues, else the scenario's), with the subtask's prologue info woven in.
    const lines = openingLines({ task: advanced.prologues, scenario: scenario.prologues }, this.options.call);
    const pauseMs = (advanced.pauseSeconds ?? 1) * 1000 * this.scale;
    for (const [index, line] of lines.entries()) {
      if (this.done) return;
      const interruptible = scenario.interruption.mode !== 'never' && (!scenario.interruption.protectPrologue || line.interruptible);
      const reply = this.begin('', 'prologue', 'prologue', interruptible);
      reply.track(this.voice!.speak(line.text, reply.id), this.now());
      await this.close(reply);
      if (reply.interrupted) break;
      if (index < lines.length - 1) await this.wait(pauseMs);
    }
    // The callee has been asked something: from now on their silence counts.
    this.silence.start();
  }

  private async turn(text: string, speechEndMs: number | null, finalAtMs: number, speculation: Speculation | null = null): Promise<void> {
    this.history.addInOrder({ speaker: 'customer', text, atMs: finalAtMs });
    const { routed, routerMs, verdict, refereeMs } = speculation?.decided
      ? await speculation.decided
      : await this.decider.decide(this.history);
    this.options.observer?.routed({
      user: text,
      router: routed?.router.name ?? null,
      target: routed ? (routed.router.target.kind === 'tool' ? 'tool' : 'stream') : 'none',
      routerMs,
    });
    const callee = { speechEndMs, finalAtMs };
    const target = routed?.router.target;
    // A speculation is adopted only as a streamed answer: anything else (a tool, no router) runs as usual.
    if (speculation && (target?.kind !== 'stream' || verdict !== 'answer')) speculation.cancel();
    if (!routed) {
      const reply = this.begin(text, 'none', 'fallback', true, callee);
      reply.timing.routerMs = routerMs;
      this.speakAll(reply, [fallbackLine(this.plan.language, this.plan.scenario.fallbackText)]);
      await this.close(reply);
      return;
    }
    const { router } = routed;
    if (router.target.kind === 'tool') {
      await this.runTool(this.tool(router.target.toolAlias), text, router.name, routerMs, callee);
      return;
    }
    if (refereeMs !== null) this.options.observer?.refereed({ verdict, ms: refereeMs });
    if (verdict !== 'answer') {
      const tool = this.plan.scenario.tools.find((t) => t.kind === verdict) ?? null;
      await this.runTool(tool, text, `${router.name} (referee: ${verdict})`, routerMs, callee, refereeMs);
      return;
    }
    const adopted = speculation && !speculation.cancelled ? speculation : null;
    const reply = adopted
      ? this.register(adopted.reply)
      : this.begin(text, router.name, 'answer', this.plan.scenario.interruption.mode !== 'never', callee);
    Object.assign(reply.timing, { user: text, route: router.name, speechEndMs, finalAtMs, routerMs, refereeMs });
    const ok = await this.answer(reply, router.target.mainId, router.target.rewriteId, adopted);
    await this.close(reply);
    if (ok) {
      this.failedTurns = 0;
      return;
    }
    this.failedTurns++;
    if (this.failedTurns >= 2) await this.sayAndHangUp(failureGoodbye(this.plan.language), 'fallback');
  }

  // ——— preemptive generation (preemptive.ts) ———

  /**
   * The callee paused or stopped (VAD) with a partial in hand and nothing under way: route it, ask the referee and
   * start the main stream on a copy of the history, holding the sentences back until the final confirms the words.
   */
  private speculate(): void {
    const text = this.partialText.trim();
    if (this.options.preemptive === false || !text || this.done || this.handedOver || this.speculations.holding) return;
    if (this.pendingTurns > 0 || (this.active && !this.active.interrupted)) return;
    const history = this.history.clone();
    history.add({ speaker: 'customer', text, atMs: this.now() });
    const interruptible = this.plan.scenario.interruption.mode !== 'never';
    const speculation = new Speculation(
      text,
      new Reply(text, '', 'answer', this.now(), interruptible, { speechEndMs: this.now(), finalAtMs: null }),
    );
    this.speculations.hold(speculation);
    speculation.decided = this.decider
      .decide(history, () => speculation.requests++)
      .then((decision) => {
        const target = decision.routed?.router.target;
        if (!speculation.cancelled && target?.kind === 'stream' && decision.verdict === 'answer') {
          speculation.requests++;
          speculation.answered = streamAnswer({
            main: this.plan.processors.get(target.mainId),
            rewrite: target.rewriteId ? this.plan.processors.get(target.rewriteId) : undefined,
            messages: (processor) => this.messages(processor, history),
            reply: speculation.reply,
            now: () => this.now(),
            firstTokenTimeoutMs: this.options.firstTokenTimeoutMs ?? DEFAULT_FIRST_TOKEN_MS,
            speak: (sentence) => speculation.speak(sentence),
            onToken: this.options.observer ? (stream, token) => speculation.token(stream, token) : undefined,
          });
        }
        return decision;
      });
  }

  /** Main (and rewrite) stream answer, with the filler while the first sentence is awaited. False: the model failed. */
  private async answer(reply: Reply, mainId: string, rewriteId: string | null, speculation: Speculation | null = null): Promise<boolean> {
    const filler = startFiller(reply, {
      plan: this.plan,
      voice: () => this.voice!,
      messages: (processor) => this.messages(processor),
      after: (ms, fn) => this.after(ms, fn),
      clear: (timer) => this.clearTimer(timer),
      scale: this.scale,
      heard: (spoken) => this.heardFiller(spoken),
      failure: ({ turnId, failure, detail }) => this.failures.push({ atMs: this.now(), turnId, stage: 'filler', failure, detail }),
      done: () => this.done || this.handedOver,
    });
    const speak = (sentence: string) => {
      filler.stop();
      reply.track(this.voice!.speak(sentence, reply.id), this.now());
    };
    const onToken = this.options.observer
      ? (stream: 'main' | 'rewrite', token: string) => this.options.observer?.token({ turnId: reply.id, stream, text: token })
      : undefined;
    try {
      // An adopted speculation's stream is already running: its held sentences are spoken now, the rest as they come.
      speculation?.adopt(speak, onToken);
      const result = await (speculation?.answered ??
        streamAnswer({
          main: this.plan.processors.get(mainId),
          rewrite: rewriteId ? this.plan.processors.get(rewriteId) : undefined,
          messages: (processor) => this.messages(processor),
          reply,
          now: () => this.now(),
          firstTokenTimeoutMs: this.options.firstTokenTimeoutMs ?? DEFAULT_FIRST_TOKEN_MS,
          speak,
          onToken,
        }));
      for (const failure of result.failures) this.failures.push({ ...failure, atMs: this.now(), turnId: reply.id });
      if (result.ok || reply.interrupted) return true;
      filler.stop();
      reply.timing.action = 'fallback';
      this.speakAll(reply, [fallbackLine(this.plan.language, this.plan.scenario.fallbackText)]);
      return false;
    } finally {
      filler.stop();
    }
  }

  /** A filler's heard part goes in the transcript, marked (never in the model's history: History skips it). */
  private heardFiller(spoken: SpokenSentence): void {
    if (!spoken.heardText || spoken.firstAudioAtMs === null) return;
    this.history.add({ speaker: 'ai', text: spoken.heardText, atMs: spoken.firstAudioAtMs, filler: true, turnId: spoken.turnId });
  }

  private async runTool(
    tool: RouteTool | null,
    user: string,
    route: string,
    routerMs: number,
    callee: { speechEndMs: number | null; finalAtMs: number | null },
    refereeMs: number | null = null,
  ): Promise<void> {
    if (!tool) {
      const reply = this.begin(user, route, 'fallback', true, callee);
      this.speakAll(reply, [fallbackLine(this.plan.language, this.plan.scenario.fallbackText)]);
      await this.close(reply);
      return;
    }
    const reply = this.begin(user, route, tool.kind, false, callee);
    reply.timing.routerMs = routerMs;
    reply.timing.refereeMs = refereeMs;
    if (tool.kind === 'hangup') {
      this.options.observer?.tool({ turnId: reply.id, kind: 'hangup', alias: tool.alias, seat: null });
      if (tool.text) this.speakAll(reply, [tool.text]);
      await this.close(reply);
      await this.hangUp();
      return;
    }
    const seat = await this.seat.offer(reply.id, route, tool.alias);
    this.options.observer?.tool({ turnId: reply.id, kind: 'transfer', alias: tool.alias, seat: seat !== null });
    if (!seat) {
      const failure = tool.failureText || noSeatLine(this.plan.language);
      const again = this.history.lastOf('ai') === failure;
      this.speakAll(reply, [again ? noSeatAgainLine(this.plan.language) : failure]);
      await this.close(reply);
      return;
    }
    // The seat already hears the call (pre-voice) while the agent says the success text; then the seat speaks.
    const transcriber = this.seat.openTranscriber(reply.id);
    if (tool.successText) this.speakAll(reply, [tool.successText]);
    await this.close(reply);
    this.handedOver = true;
    this.operatorId = seat.operatorId;
    this.silence.stop();
    await this.seat.takeOver(seat, transcriber, reply.id, () => this.done);
    await this.hangUp();
  }

  private messages(processor: ProcessorPlan, history: History = this.history) {
    return this.decider.messages(processor, history);
  }

  private tool(alias: string): RouteTool | null {
    return this.plan.scenario.tools.find((tool) => tool.alias === alias) ?? null;
  }

  // ——— helpers ———

  /** A new reply: it is the active one (barge-in acts on it) and the line is busy until it closes. */
  private begin(
    user: string,
    route: string,
    action: TurnTiming['action'],
    interruptible: boolean,
    callee?: { speechEndMs: number | null; finalAtMs: number | null },
  ): Reply {
    return this.register(new Reply(user, route, action, callee?.finalAtMs ?? this.now(), interruptible, callee));
  }

  /** The reply is the active one (barge-in acts on it), its timings are the turn's, and the line is busy until it closes. */
  private register(reply: Reply): Reply {
    this.active = reply;
    this.turns.push(reply.timing);
    this.silence.busy('reply', true);
    // The callee is already talking (long enough to stop a reply): we do not start over them.
    if (this.talkingLongEnough()) this.bargeIn(reply);
    return reply;
  }

  private speakAll(reply: Reply, lines: readonly string[]): void {
    for (const line of lines) if (line.trim()) reply.track(this.voice!.speak(line, reply.id), this.now());
  }

  /** Waits until the reply is heard (or cut) and keeps what the callee heard. */
  private async close(reply: Reply): Promise<void> {
    const heard = await reply.heard(() => this.now());
    if (this.active === reply) this.active = null;
    this.history.add({
      speaker: 'ai',
      text: heard.text,
      atMs: heard.startedAtMs,
      // Cut short by the callee, or by the call ending (a hang-up, a shutdown) before it was all heard.
      interrupted: reply.interrupted || !heard.complete || undefined,
      turnId: reply.id,
    });
    this.silence.busy('reply', false);
    if (this.options.observer) {
      this.options.observer.turnEnded({ timing: reply.timing, failures: this.failures.slice(this.reportedFailures) });
      this.reportedFailures = this.failures.length;
    }
  }

  private async sayAndHangUp(text: string, action: TurnTiming['action']): Promise<void> {
    const reply = this.begin('', action, action, false);
    if (text) this.speakAll(reply, [text]);
    await this.close(reply);
    await this.hangUp();
  }

  private async hangUp(): Promise<void> {
    this.stop();
    await this.session?.call.hangup();
  }

  private stop(): void {
    if (this.done) return;
    this.done = true;
    this.speculations.take(null);
    this.silence.stop();
    if (this.active) {
      // The call ended mid-reply: the turn ends here.
      this.active.timing.totalMs ??= this.active.since(this.now());
      this.active.interrupt();
    }
    this.timers.clearAll();
    this.voice?.close();
    this.finish?.();
  }

  private now(): number {
    return this.voice?.now() ?? 0;
  }

  private after(ms: number, fn: () => void): NodeJS.Timeout {
    return this.timers.after(ms, fn);
  }

  private clearTimer(timer: NodeJS.Timeout | null): void {
    this.timers.clear(timer);
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => this.after(ms, resolve));
  }
}
