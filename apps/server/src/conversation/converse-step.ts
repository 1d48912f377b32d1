/**
 * Step: the conversation. It conducts small parts — routers, streams, speech (a CallVoice), timers —
 * over the scenario version the task pinned:
 *
 * 1. The opening (opening.ts: the task's or the scenario's prologues, the subtask's prologue info woven in),
 *    with the task's pause between lines; protected from barge-in unless the scenario says otherwise.
 * 2. Each final callee utterance is a turn: the routers are tried in order and the first that holds acts
 *    — a tool (hang up; transfer to a seat) or a multi-stream (referee → main → rewrite) whose answer is
 *    spoken sentence by sentence as the model streams it.
 * 3. Barge-in (per the interruption policy) interrupts the reply: the LLM request is aborted, queued audio
 *    cleared, the old turn's late output dropped (every sentence carries its turn id), and only what the
 *    callee heard stays in the history.
 * 4. Silence wake-ups, the timeout hang-up and the filler run on timers owned by the step, killed with it.
 * 5. A model failure never leaves dead air: a fallback line; two failed turns in a row end the call politely.
 *
 * Every turn's stage timings are kept (`turns`) for the call record; failures too (`failures`).
 */
import type { Interruption, RouteTool } from '@dialwise/contracts';
import type { SeatDispatcher, SeatHandle } from '../seat/seat-dispatcher.ts';
import { TimerSet, type CallSession, type CallStep } from '../telephony/index.ts';
import type { CallVoice } from './call-voice.ts';
import { failureGoodbye, fallbackLine, noSeatLine } from './fallback.ts';
import { handoverSummary } from './handover-summary.ts';
import { History } from './history.ts';
import { feedSeatAudio, type SeatTranscriber, type SeatTranscriptEvents } from './seat-transcript.ts';
import { chatCompletion } from './llm-client.ts';
import type { CallContext, ConversationPlan, ProcessorPlan } from './plan.ts';
import { openingLines } from './opening.ts';
import { buildMessages } from './prompt.ts';
import { Reply, type TurnTiming } from './reply.ts';
import { chooseRouter } from './routers.ts';
import { type RefereeVerdict, refereeVerdict, streamAnswer, yesNo } from './streams.ts';

export interface RuntimeFailure {
  atMs: number;
  turnId: string;
  stage: 'main' | 'rewrite' | 'referee' | 'filler' | 'condition' | 'speech' | 'transfer';
  failure: string;
  detail: string;
}

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
}

const DEFAULT_FIRST_TOKEN_MS = 8000;

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
  private silenceTimer: NodeJS.Timeout | null = null;
  private wakeups = 0;
  private failedTurns = 0;
  private handedOver = false;
  private reportedFailures = 0;
  /** While the seat is transcribed: stops feeding it and resolves once its last line is in. */
  private seatTranscript: { stop(): Promise<void> } | null = null;

  constructor(private readonly options: ConverseOptions) {}

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
    voice.on('speech-end', () => {
      this.calleeSpeaking = false;
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
    // The seat's last words may still be with its recogniser: the conversation is read when this returns.
    await this.seatTranscript?.stop();
  }

  kill(): void {
    this.stop();
  }

  // ——— events from the call ———

  private onSpeechStart(): void {
    this.calleeSpeaking = true;
    this.clearSilence();
    const reply = this.active;
    if (!reply?.interruptible || reply.interrupted) return;
    const policy = this.plan.scenario.interruption;
    if (policy.mode !== 'speech') return;
    // Speech longer than minSpeechMs stops the agent (a cough or "mm" does not).
    this.after(policy.minSpeechMs, () => {
      if (this.calleeSpeaking && this.active === reply) this.bargeIn(reply);
    });
  }

  private onPartial(text: string): void {
    const reply = this.active;
    if (reply?.interruptible && this.matchesKeyword(this.plan.scenario.interruption, text)) this.bargeIn(reply);
  }

  private onFinal(text: string, speechEndMs: number | null, finalAtMs: number): void {
    if (this.done) return;
    if (this.handedOver) {
      // The customer now talks to the seat: nothing to answer; kept when the seat's side is transcribed too.
      if (this.seatTranscript) this.history.add({ role: 'user', text, atMs: finalAtMs });
      return;
    }
    this.calleeSpeaking = false;
    const reply = this.active;
    const policy = this.plan.scenario.interruption;
    if (reply?.interruptible && !reply.interrupted) {
      // A finished utterance while we speak: under `speech` it is a barge-in; under `keywords` only if it holds one.
      if (policy.mode === 'speech' || (policy.mode === 'keywords' && this.matchesKeyword(policy, text))) this.bargeIn(reply);
    }
    this.enqueue(() => this.turn(text, speechEndMs, finalAtMs));
  }

  private matchesKeyword(policy: Interruption, text: string): boolean {
    if (policy.mode !== 'keywords') return false;
    const said = text.toLowerCase();
    return policy.keywords.some((keyword) => said.includes(keyword.toLowerCase()));
  }

  private bargeIn(reply: Reply): void {
    if (reply.interrupted) return;
    reply.interrupt();
    this.voice?.interrupt(reply.id);
    this.history.countInterrupt('user');
  }

  // ——— turns ———

  private enqueue(work: () => Promise<void>): void {
    this.chain = this.chain.then(async () => {
      if (this.done) return;
      try {
        await work();
      } catch (error) {
        this.failures.push({ atMs: this.now(), turnId: this.active?.id ?? '', stage: 'main', failure: 'error', detail: String(error) });
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
      if (reply.interrupted) return;
      if (index < lines.length - 1) await this.wait(pauseMs);
    }
    this.armSilence();
  }

  private async turn(text: string, speechEndMs: number | null, finalAtMs: number): Promise<void> {
    this.history.add({ role: 'user', text, atMs: finalAtMs });
    const started = this.now();
    const routed = await chooseRouter(this.plan.scenario.routers, this.history, (processorId, question) =>
      this.askYesNo(processorId, question),
    );
    const routerMs = this.now() - started;
    this.options.observer?.routed({
      user: text,
      router: routed?.router.name ?? null,
      target: routed ? (routed.router.target.kind === 'tool' ? 'tool' : 'stream') : 'none',
      routerMs,
    });
    if (!routed) {
      const reply = this.begin(text, 'none', 'fallback', true, { speechEndMs, finalAtMs });
      reply.timing.routerMs = routerMs;
      await this.speakAll(reply, [fallbackLine(this.plan.language, this.plan.scenario.fallbackText)]);
      await this.close(reply);
      this.armSilence();
      return;
    }
    const { router } = routed;
    if (router.target.kind === 'tool') {
      const tool = this.tool(router.target.toolAlias);
      await this.runTool(tool, text, router.name, routerMs, { speechEndMs, finalAtMs });
      return;
    }
    const target = router.target;
    let verdict: RefereeVerdict = 'answer';
    let refereeMs: number | null = null;
    if (target.refereeId) {
      const asked = this.now();
      verdict = await this.askReferee(target.refereeId);
      refereeMs = this.now() - asked;
      this.options.observer?.refereed({ verdict, ms: refereeMs });
    }
    if (verdict !== 'answer') {
      const tool = this.plan.scenario.tools.find((t) => t.kind === verdict) ?? null;
      await this.runTool(tool, text, `${router.name} (referee: ${verdict})`, routerMs, { speechEndMs, finalAtMs }, refereeMs);
      return;
    }
    const reply = this.begin(text, router.name, 'answer', this.plan.scenario.interruption.mode !== 'never', { speechEndMs, finalAtMs });
    reply.timing.routerMs = routerMs;
    reply.timing.refereeMs = refereeMs;
    const ok = await this.answer(reply, target.mainId, target.rewriteId);
    await this.close(reply);
    if (!ok) {
      this.failedTurns++;
      if (this.failedTurns >= 2) {
        await this.sayAndHangUp(failureGoodbye(this.plan.language), 'fallback');
        return;
      }
    } else this.failedTurns = 0;
    this.armSilence();
  }

  /** Main (and rewrite) stream answer, with the filler while the first sentence is awaited. False: the model failed. */
  private async answer(reply: Reply, mainId: string, rewriteId: string | null): Promise<boolean> {
    const main = this.plan.processors.get(mainId);
    const filler = this.startFiller(reply);
    try {
      const result = await streamAnswer({
        main,
        rewrite: rewriteId ? this.plan.processors.get(rewriteId) : undefined,
        messages: (processor) => this.messages(processor),
        reply,
        now: () => this.now(),
        firstTokenTimeoutMs: this.options.firstTokenTimeoutMs ?? DEFAULT_FIRST_TOKEN_MS,
        speak: (sentence) => {
          filler.stop();
          reply.track(this.voice!.speak(sentence, reply.id), this.now());
        },
        onToken: this.options.observer
          ? (stream, token) => this.options.observer?.token({ turnId: reply.id, stream, text: token })
          : undefined,
      });
      for (const failure of result.failures) this.failures.push({ ...failure, atMs: this.now(), turnId: reply.id });
      if (result.ok || reply.interrupted) return true;
      filler.stop();
      reply.timing.action = 'fallback';
      await this.speakAll(reply, [fallbackLine(this.plan.language, this.plan.scenario.fallbackText)]);
      return false;
    } finally {
      filler.stop();
    }
  }

  /** While the main stream has produced no sentence, a filler line every intervalMs (never over real speech: the voice queues). */
  private startFiller(reply: Reply): { stop: () => void } {
    const filler = this.plan.scenario.filler;
    const processor = filler ? this.plan.processors.get(filler.processorId) : undefined;
    if (!filler || !processor?.endpoint) return { stop: () => undefined };
    let stopped = false;
    const tick = () => {
      if (stopped || reply.sentences > 0 || reply.interrupted || this.done) return;
      void chatCompletion(
        processor.endpoint!,
        { messages: this.messages(processor), temperature: processor.temperature, topP: processor.topP, extra: processor.extra },
        { timeoutMs: filler.intervalMs, signal: reply.signal },
      ).then((answer) => {
        if (stopped || reply.sentences > 0 || reply.interrupted || this.done) return;
        if (!answer.ok) {
          this.failures.push({ atMs: this.now(), turnId: reply.id, stage: 'filler', failure: answer.failure, detail: answer.detail });
          return;
        }
        const line = answer.reply.trim();
        // Fillers are spoken but not part of the answer: they go to the transcript, not to the model's history.
        if (line) void this.voice!.speak(line, reply.id);
        timer = this.after(filler.intervalMs * this.scale, tick);
      });
    };
    let timer = this.after(filler.intervalMs * this.scale, tick);
    return {
      stop: () => {
        stopped = true;
        this.clearTimer(timer);
      },
    };
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
      await this.speakAll(reply, [fallbackLine(this.plan.language, this.plan.scenario.fallbackText)]);
      await this.close(reply);
      this.armSilence();
      return;
    }
    if (tool.kind === 'hangup') {
      const reply = this.begin(user, route, 'hangup', false, callee);
      this.options.observer?.tool({ turnId: reply.id, kind: 'hangup', alias: tool.alias, seat: null });
      reply.timing.routerMs = routerMs;
      reply.timing.refereeMs = refereeMs;
      if (tool.text) await this.speakAll(reply, [tool.text]);
      await this.close(reply);
      await this.hangUp();
      return;
    }
    const reply = this.begin(user, route, 'transfer', false, callee);
    reply.timing.routerMs = routerMs;
    reply.timing.refereeMs = refereeMs;
    const seat = await this.requestSeat(reply, route, tool.alias);
    this.options.observer?.tool({ turnId: reply.id, kind: 'transfer', alias: tool.alias, seat: seat !== null });
    if (!seat) {
      await this.speakAll(reply, [tool.failureText || noSeatLine(this.plan.language)]);
      await this.close(reply);
      this.armSilence();
      return;
    }
    // The seat already hears the call (pre-voice) while the agent says the success text; then the seat speaks.
    const transcriber = this.openSeatTranscriber(reply.id);
    if (tool.successText) await this.speakAll(reply, [tool.successText]);
    await this.close(reply);
    this.handedOver = true;
    this.operatorId = seat.operatorId;
    this.clearSilence();
    try {
      await seat.connect();
      this.options.onTransferred?.(seat.operatorId);
      this.listenToSeat(await transcriber);
      await seat.ended;
    } catch (error) {
      this.failures.push({ atMs: this.now(), turnId: reply.id, stage: 'transfer', failure: 'seat', detail: String(error) });
    }
    await this.seatTranscript?.stop();
    await this.hangUp();
  }

  /** Opens the seat's transcriber while the success text plays (the engines may still be loading). */
  private async openSeatTranscriber(turnId: string): Promise<SeatTranscriber | null> {
    const open = this.options.transcribeSeat;
    if (!open) return null;
    try {
      return await open({
        line: (text) => this.history.add({ role: 'seat', text, atMs: this.now() }),
        failure: (detail) => this.failures.push({ atMs: this.now(), turnId, stage: 'speech', failure: 'operator-asr', detail }),
      });
    } catch (error) {
      this.failures.push({ atMs: this.now(), turnId, stage: 'speech', failure: 'operator-asr', detail: String(error) });
      return null;
    }
  }

  /** From the handover on, the seat's voice goes to its transcriber (until the seat leaves or the call ends). */
  private listenToSeat(transcriber: SeatTranscriber | null): void {
    if (!transcriber || this.done) {
      void transcriber?.finish();
      return;
    }
    this.seatTranscript = feedSeatAudio(this.session!.call, transcriber, () => this.now());
  }

  private async requestSeat(reply: Reply, route: string, toolAlias: string): Promise<SeatHandle | null> {
    const seats = this.options.seats;
    if (!seats) return null;
    const abort = new AbortController();
    void this.session!.call.ended.then(() => abort.abort());
    try {
      const result = await seats.transfer({
        ...this.options.transfer,
        call: this.session!.call,
        conversation: this.history.lines.map((line) => ({
          speaker: line.role === 'assistant' ? ('us' as const) : line.role === 'seat' ? ('seat' as const) : ('callee' as const),
          text: line.text,
          at: new Date(Date.now() - (this.now() - line.atMs)),
        })),
        summary: this.handoverNote(reply.id, route, toolAlias, abort.signal),
        signal: abort.signal,
      });
      if (result.ok) return result.seat;
      this.failures.push({
        atMs: this.now(),
        turnId: reply.id,
        stage: 'transfer',
        failure: result.reason,
        detail: 'no seat took the call',
      });
      return null;
    } catch (error) {
      this.failures.push({ atMs: this.now(), turnId: reply.id, stage: 'transfer', failure: 'error', detail: String(error) });
      return null;
    }
  }

  /**
   * The warm transfer's note for the seat: the scenario's analysis model writes it (the dispatcher sends the
   * offer without waiting, and the note when it comes), else the conversation's own note, at once.
   */
  private handoverNote(turnId: string, route: string, toolAlias: string, signal: AbortSignal): string | Promise<string> {
    const { scenario, processors, language } = this.plan;
    const processor = scenario.analysis ? processors.get(scenario.analysis.processorId) : undefined;
    return handoverSummary(
      {
        lines: [...this.history.lines],
        language,
        route,
        toolAlias,
        scenarioName: scenario.name,
        businessInfo: this.options.call.businessInfo,
      },
      processor,
      {
        timeoutMs: this.options.summaryTimeoutMs,
        signal,
        onFailure: ({ failure, detail }) =>
          this.failures.push({ atMs: this.now(), turnId, stage: 'transfer', failure: `summary-${failure}`, detail }),
      },
    );
  }

  private async askYesNo(processorId: string, question: string): Promise<boolean> {
    const processor = this.plan.processors.get(processorId);
    const answer = await yesNo(
      processor,
      this.messagesFor(processor),
      question,
      this.options.firstTokenTimeoutMs ?? DEFAULT_FIRST_TOKEN_MS,
    );
    if (answer.failure) {
      this.failures.push({ atMs: this.now(), turnId: '', stage: 'condition', failure: answer.failure, detail: answer.detail });
    }
    return answer.yes;
  }

  private async askReferee(processorId: string): Promise<RefereeVerdict> {
    const processor = this.plan.processors.get(processorId);
    const answer = await refereeVerdict(processor, this.messagesFor(processor), this.options.firstTokenTimeoutMs ?? DEFAULT_FIRST_TOKEN_MS);
    if (answer.failure)
      this.failures.push({ atMs: this.now(), turnId: '', stage: 'referee', failure: answer.failure, detail: answer.detail });
    return answer.verdict;
  }

  private messagesFor(processor: ProcessorPlan | undefined) {
    return processor ? this.messages(processor) : [];
  }

  private messages(processor: ProcessorPlan) {
    return buildMessages(processor, this.plan, this.options.call, this.history, this.options.now?.() ?? new Date());
  }

  private tool(alias: string): RouteTool | null {
    return this.plan.scenario.tools.find((tool) => tool.alias === alias) ?? null;
  }

  // ——— silence ———

  /** After the agent finished speaking: wake a silent callee, then give up (the task's settings win over the scenario's). */
  private armSilence(): void {
    this.clearSilence();
    if (this.done || this.handedOver) return;
    const { advanced, scenario } = this.plan;
    const fromTask = advanced.silenceThresholdSeconds !== undefined && !!advanced.silenceWords;
    const rules = fromTask
      ? {
          seconds: advanced.silenceThresholdSeconds!,
          max: advanced.silenceMaxAttempts ?? 1,
          prompts: [advanced.silenceWords!],
          hangupText: advanced.timeoutReply ?? '',
        }
      : scenario.silence.enabled
        ? {
            seconds: scenario.silence.timeoutSeconds,
            max: scenario.silence.maxPrompts,
            prompts: scenario.silence.prompts,
            hangupText: scenario.silence.hangupText,
          }
        : null;
    if (!rules) return;
    this.silenceTimer = this.after(rules.seconds * 1000 * this.scale, () => {
      this.silenceTimer = null;
      if (this.calleeSpeaking) return;
      if (this.wakeups < rules.max && rules.prompts.length > 0) {
        const prompt = rules.prompts[this.wakeups % rules.prompts.length]!;
        this.wakeups++;
        this.enqueue(async () => {
          const reply = this.begin('', 'silence', 'wakeup', true);
          await this.speakAll(reply, [prompt]);
          await this.close(reply);
          this.armSilence();
        });
        return;
      }
      this.enqueue(() => this.sayAndHangUp(rules.hangupText, 'wakeup'));
    });
  }

  private clearSilence(): void {
    this.clearTimer(this.silenceTimer);
    this.silenceTimer = null;
  }

  // ——— helpers ———

  private begin(
    user: string,
    route: string,
    action: TurnTiming['action'],
    interruptible: boolean,
    callee?: { speechEndMs: number | null; finalAtMs: number | null },
  ): Reply {
    const reply = new Reply(user, route, action, callee?.finalAtMs ?? this.now(), interruptible, callee);
    this.active = reply;
    this.turns.push(reply.timing);
    return reply;
  }

  private async speakAll(reply: Reply, lines: readonly string[]): Promise<void> {
    for (const line of lines) if (line.trim()) reply.track(this.voice!.speak(line, reply.id), this.now());
  }

  /** Waits until the reply is heard (or cut) and keeps what the callee heard. */
  private async close(reply: Reply): Promise<void> {
    const heard = await reply.heard(() => this.now());
    if (this.active === reply) this.active = null;
    this.history.add({
      role: 'assistant',
      text: heard.text,
      atMs: heard.startedAtMs,
      interrupted: reply.interrupted || undefined,
      turnId: reply.id,
    });
    if (this.options.observer) {
      this.options.observer.turnEnded({ timing: reply.timing, failures: this.failures.slice(this.reportedFailures) });
      this.reportedFailures = this.failures.length;
    }
  }

  private async sayAndHangUp(text: string, action: TurnTiming['action']): Promise<void> {
    const reply = this.begin('', action, action, false);
    if (text) await this.speakAll(reply, [text]);
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
