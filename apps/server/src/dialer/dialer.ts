import { analyzeCall, analyzePendingCalls } from '../conversation/analyze-call.ts';
import { ConverseStep, type ConverseOptions } from '../conversation/converse-step.ts';
import { openingLines } from '../conversation/opening.ts';
import { conversationOf } from '../conversation/history.ts';
import { loadConversationPlan } from '../conversation/load-plan.ts';
import { PlanCache } from '../conversation/plan-cache.ts';
import type { ConversationPlan } from '../conversation/plan.ts';
import { TextCallVoice } from '../conversation/text-call-voice.ts';
import type { SeatDispatcher } from '../seat/seat-dispatcher.ts';
import type { CallbackEvent } from '@dialwise/contracts';
import { type SpeechEngines, scenarioPhrases, speechPlanOf } from '../speech/speech-engines.ts';
import { offlineVoice, wholeClip } from '../speech/whole-clip.ts';
import { deferredWords } from '../amd/amd-words.ts';
import { applySystemTransition } from '../tasks/task-progress.ts';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { calls } from '../db/schema.ts';
import { loadSipLineCredentials } from '../sip-lines/load-sip-line-credentials.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import {
  CallSession,
  PlayPrologueStep,
  type Prologue,
  SILENT_LOGGER,
  TalkStep,
  type CallHandle,
  type CallResult,
  type SipLine,
  type TelephonyLogger,
  type Trunk,
} from '../telephony/index.ts';
import { openZoneKeys } from './local-windows.ts';
import { CircuitBreaker, DEFAULT_BREAKER, type BreakerOptions } from './circuit-breaker.ts';
import { claimCalls, type Claim } from './claim-calls.ts';
import { taskBudgets } from './concurrency.ts';
import { loadDiallingTasks, tasksToHangUp, type DiallingTask } from './dialling-tasks.ts';
import { isDoNotCall } from './do-not-call.ts';
import { finishCall, statusOf, type CallEnding } from './finish-call.ts';
import { CallScreen } from '../amd/screen-call.ts';
import { LinePacer } from './line-pacer.ts';
import { recoverLeases, renewLeases } from './recover-leases.ts';
import { retryWhileDatabaseDown } from '../db/retry-while-down.ts';
import { resolveNumber, UnresolvedNumber } from './resolve-number.ts';
import { notifyTaskPaused } from '../messages/notify-task.ts';

export interface DialerOptions {
  /** This process's name in leases and records (unique per process). */
  node?: string;
  tickMs?: number;
  /** A claimed subtask's lease; renewed every tick while its call lives. */
  leaseMs?: number;
  ringTimeoutMs?: number;
  /** A task without a conversation plan (no pinned scenario): after the prologue, stay on the line this long at most. */
  talkMs?: number;
  /** The simulated trunk's time scale: the conversation's own waits (pauses, silence) shrink with it. */
  simulatedTimeScale?: number;
  recordingsDir: string;
  breaker?: BreakerOptions;
  /** On the embedded database this is the only dialer: at start it recovers its predecessor's calls at once. */
  soleDialer?: boolean;
}

export interface DialerDeps {
  db: Db;
  secrets: SecretBox;
  now: () => Date;
  trunks: { sip: Trunk; simulated: Trunk };
  /** The server's logger; each call logs through a child of it carrying the call id, task and line. */
  log?: TelephonyLogger;
  /** The operator seats a transfer asks (null: transfers say their failure text). */
  seats?: SeatDispatcher | null;
  /** Writes a call event to the callback outbox (null: no callbacks, e.g. in benchmarks). */
  callbacks?: CallbackSink | null;
  /** The speech engines of SIP calls (loaded on first use); absent or null: SIP calls use stand-in audio. */
  speech?: () => Promise<SpeechEngines | null>;
}

/** The dialer's view of the callback outbox (`callbacks/enqueue-callbacks.ts`). */
export type CallbackSink = (callId: string, event: CallbackEvent, patch?: Readonly<Record<string, unknown>>) => Promise<unknown>;

interface LiveCall {
  claim: Claim;
  abort: AbortController;
}

/** How long a line's unsealed credentials are reused before they are read again. */
const LINE_CACHE_MS = 5_000;

/** Outcomes that say the line (not the number) is failing: what the circuit breaker counts. */
const LINE_FAILURES = new Set(['failed', 'timeout', 'backpressure']);

/**
 * The scheduler: every tick it recovers expired leases, renews its own, reads the dialling tasks, and for
 * each task whose call window is open claims as many subtasks as the task budget, the lines' free places
 * and the lines' pacers allow (`claimCalls` does the cross-process accounting in the database), then
 * places the calls. Calls run on their own; when one ends its record is closed and its subtask moves on
 * (`finishCall`). Paused tasks get no new calls and their live calls finish; aborted tasks (and tasks of
 * deleted companies) have their live calls hung up. A task whose recent calls mostly fail on the line is
 * paused by its circuit breaker, with the reason stored for the task list.
 */
export class Dialer {
  readonly node: string;
  private readonly live = new Map<string, LiveCall>();
  private readonly pacers = new Map<string, LinePacer>();
  private readonly breakers = new Map<string, CircuitBreaker>();
  private readonly plans: PlanCache;
  private readonly lines = new Map<string, { line: ReturnType<typeof loadSipLineCredentials>; until: number }>();
  private readonly options: Required<Omit<DialerOptions, 'node' | 'soleDialer'>> & { soleDialer: boolean };
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly deps: DialerDeps,
    options: DialerOptions,
  ) {
    this.node = options.node ?? `dialer-${randomBytes(4).toString('hex')}`;
    this.plans = new PlanCache((taskId) => loadConversationPlan(deps.db, deps.secrets, taskId));
    this.options = {
      tickMs: options.tickMs ?? 500,
      leaseMs: options.leaseMs ?? 60_000,
      ringTimeoutMs: options.ringTimeoutMs ?? 45_000,
      talkMs: options.talkMs ?? 20_000,
      recordingsDir: options.recordingsDir,
      breaker: options.breaker ?? DEFAULT_BREAKER,
      soleDialer: options.soleDialer ?? false,
      simulatedTimeScale: options.simulatedTimeScale ?? 1,
    };
  }

  async start(): Promise<void> {
    // The only dialer on the embedded database: whatever was live when the previous process stopped is
    // over, so it is closed as interrupted now rather than after the leases expire.
    if (this.options.soleDialer) await this.recoverAllOpen();
    // Analyses a previous run left pending (the process stopped after the call, before its analysis).
    this.track(
      analyzePendingCalls(this.deps.db, this.deps.secrets, (callId) => this.callback(callId, 'analysisDone')).then(
        () => undefined,
        (error: unknown) => this.deps.log?.warn({ err: error }, 'pending call analyses failed'),
      ),
    );
    this.timer = setInterval(() => {
      void this.tick();
    }, this.options.tickMs);
  }

  /** Stops claiming, hangs up live calls and waits for their records to be closed. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.ticking;
    for (const call of this.live.values()) call.abort.abort();
    await Promise.allSettled([...this.running]);
  }

  get liveCalls(): number {
    return this.live.size;
  }

  /** One scheduling round; rounds never overlap. Public so tests drive it step by step. */
  tick(): Promise<void> {
    if (this.ticking || this.stopped) return this.ticking ?? Promise.resolve();
    this.ticking = this.round()
      .catch((error) => this.deps.log?.error({ err: error }, 'dialer round failed'))
      .finally(() => {
        this.ticking = null;
      });
    return this.ticking;
  }

  private async round(): Promise<void> {
    const { db } = this.deps;
    const now = this.deps.now();
    // Calls of a process that died: closed as interrupted, and like every call they end with the event.
    const { closedCalls } = await recoverLeases(db, now);
    for (const callId of closedCalls) this.track(this.callback(callId, 'ended'));
    await renewLeases(
      db,
      this.node,
      [...this.live.values()].map((c) => c.claim.subtaskId),
      new Date(now.getTime() + this.options.leaseMs),
    );
    await this.hangUpStopped();

    const { tasks: dialling, lines } = await loadDiallingTasks(db);
    const budgets = taskBudgets(dialling, lines);
    for (const line of lines) {
      const pacer = this.pacers.get(line.id);
      if (pacer) pacer.setCps(line.cps);
      else this.pacers.set(line.id, new LinePacer(line.cps, now.getTime()));
    }
    const kinds = new Map(lines.map((line) => [line.id, line.trunk]));
    for (const task of dialling) {
      if (this.stopped) return;
      const zoneKeys = this.openZones(task, now);
      if (zoneKeys?.length === 0) continue;
      const allowance = new Map(task.lineIds.map((id) => [id, this.pacers.get(id)!.available(now.getTime())]));
      const { claims } = await claimCalls(db, {
        taskId: task.id,
        node: this.node,
        budget: budgets.get(task.id) ?? 0,
        lineAllowance: allowance,
        leaseMs: this.options.leaseMs,
        now,
        zoneKeys,
      });
      for (const claim of claims) {
        this.pacers.get(claim.lineId)!.tryTake(now.getTime());
        this.track(this.place(claim, task, kinds.get(claim.lineId) ?? 'sip'));
      }
    }
  }

  /** Null: the window is open for all the task's numbers; otherwise the zone keys it is open for (maybe none). */
  private openZones(task: DiallingTask, now: Date): string[] | null {
    const window = {
      start: task.callStart,
      end: task.callEnd,
      weekdays: task.weekdays,
      timeZone: task.timeZone,
      quietDays: task.quietDays,
    };
    return openZoneKeys({ window, localTime: task.localTime, zoneKeys: task.zoneKeys }, now);
  }

  private track(work: Promise<void>): void {
    this.running.add(work);
    void work.finally(() => this.running.delete(work));
  }

  /** Hangs up the live calls of tasks that were aborted or deleted, or whose company was deleted. */
  private async hangUpStopped(): Promise<void> {
    const taskIds = [...new Set([...this.live.values()].map((c) => c.claim.taskId))];
    const stop = await tasksToHangUp(this.deps.db, taskIds);
    for (const call of this.live.values()) if (stop.has(call.claim.taskId)) call.abort.abort();
  }

  /** Places one claimed call, runs its session, and closes its record whatever happens. */
  private async place(claim: Claim, task: DiallingTask, kind: 'sip' | 'simulated'): Promise<void> {
    const abort = new AbortController();
    this.live.set(claim.callId, { claim, abort });
    const log = (this.deps.log ?? SILENT_LOGGER).child({ callId: claim.callId, taskId: claim.taskId, lineId: claim.lineId });
    try {
      let to: string;
      try {
        to = await resolveNumber(claim.phone, claim.encryptionType, claim.encryptionApiUrl);
      } catch (error) {
        if (!(error instanceof UnresolvedNumber)) throw error;
        await this.durably(() => finishCall(this.deps.db, unresolvedEnding(claim.callId, error.message, this.deps.now())), log);
        return;
      }
      if (claim.encryptionType === 'CUSTOM' && (await isDoNotCall(this.deps.db, claim.companyId, to))) {
        const ending = { ...unresolvedEnding(claim.callId, 'on the do-not-call list', this.deps.now()), outcome: 'blocked' as const };
        await this.durably(() => finishCall(this.deps.db, ending), log);
        return;
      }
      const line = await this.lineCredentials(claim.lineId, claim.companyId);
      const call = this.deps.trunks[kind].dial({
        to,
        callerId: line.username,
        line,
        ringTimeoutMs: this.options.ringTimeoutMs,
        signal: abort.signal,
        // The company's "call recording" service off (card list): the call is not recorded.
        ...(task.switches.recording
          ? { recordingPath: join(this.options.recordingsDir, claim.companyId, `${claim.callId}.wav`) }
          : { record: false }),
        headers: { 'X-Dialwise-Call': claim.callId },
        logger: log,
      });
      this.track(
        call.answered.then((answer) =>
          answer ? this.callback(claim.callId, 'answered', { answeredAt: answer.at.toISOString() }) : undefined,
        ),
      );
      const screen = this.screenCall(call, task, kind, log);
      const converse = await this.converseStep(claim, kind);
      const steps = converse
        ? [converse]
        : [
            new PlayPrologueStep({
              prologues: await this.spokenPrologues(claim, task, kind),
              pauseMs: (task.advanced.pauseSeconds ?? 1) * 1000,
            }),
            new TalkStep({ talkMs: this.options.talkMs }),
          ];
      const session = new CallSession(call, screen ? [screen.step(), ...steps] : steps, { logger: log });
      const { result, conversation } = await session.run();
      log.debug({ outcome: result.outcome, endReason: result.endReason, durationMs: result.durationMs }, 'call ended');
      this.afterCall(claim, task, result, this.deps.now());
      const answeredAt = result.answeredAt?.getTime() ?? result.placedAt.getTime();
      const amd = screen?.result ?? null;
      const person = statusOf({ answeredAt: result.answeredAt, amd }) === 'connected';
      const ending: CallEnding = {
        amd,
        ...endingOf(claim.callId, result),
        conversation: converse
          ? conversationOf(converse.history)
          : conversation.map((line) => ({
              speaker: line.speaker,
              text: line.text,
              atMs: Math.max(0, line.at.getTime() - answeredAt),
            })),
        turns: converse?.turns,
        runtimeFailures: converse?.failures,
        analyze: converse !== null && person && converse.analyzes,
      };
      await this.durably(() => finishCall(this.deps.db, ending), log);
      // A call cut by a shutdown stays pending: the next start analyses it (the model may be going down with us).
      if (converse?.analyzes && person && !this.stopped) {
        this.track(
          analyzeCall(this.deps.db, this.deps.secrets, claim.callId, { stopping: () => this.stopped }).then(
            (analyzed) => (analyzed ? this.callback(claim.callId, 'analysisDone') : undefined),
            (error: unknown) => log.warn({ err: error }, 'call analysis failed'),
          ),
        );
      }
    } catch (error) {
      log.error({ err: error }, 'call failed locally');
      await finishCall(this.deps.db, { ...unresolvedEnding(claim.callId, 'dialer error', this.deps.now()), outcome: 'failed' }).catch(
        () => undefined,
      );
    } finally {
      this.live.delete(claim.callId);
      // Every call that got a record ends with this event, also one that never rang (unresolved, blocked, failed).
      await this.callback(claim.callId, 'ended');
    }
  }

  /**
   * The conversation of a call whose task pinned a scenario version: the runtime over the simulated
   * trunk's text channel, or on SIP over speech (VAD + ASR + TTS on the call's audio; stand-in audio only
   * if the speech engines could not load). Null: the task has no plan, the call plays its prologue and
   * stays on the line (the pre-runtime behaviour).
   */
  private async converseStep(claim: Claim, kind: 'sip' | 'simulated'): Promise<ConverseStep | null> {
    const plan = await this.plans.get(claim.taskId);
    if (!plan) return null;
    const scale = kind === 'simulated' ? this.options.simulatedTimeScale : 1;
    const speech = kind === 'sip' ? await this.deps.speech?.() : null;
    return new ConverseStep({
      plan,
      call: { prologueInfo: claim.prologueInfo, businessInfo: claim.businessInfo },
      createVoice: (session) =>
        speech
          ? speech.createCallVoice(session.call, { ...speechPlanOf(plan), companyId: claim.companyId })
          : new TextCallVoice(session.call, scale, kind === 'simulated' && scale === 1 ? this.recordedVoice(plan.language) : null),
      seats: this.deps.seats ?? null,
      transfer: {
        callId: claim.callId,
        companyId: claim.companyId,
        projectId: claim.projectId,
        taskId: claim.taskId,
        subtaskId: String(claim.subtaskId),
      },
      timeScale: scale,
      onTransferred: (operatorId) => void this.callback(claim.callId, 'transferred', { operatorId }),
      transcribeSeat: this.seatTranscription(plan, claim.companyId),
    });
  }

  /**
   * The seat's transcriber when the scenario has an operator ASR: on SIP and simulated calls alike (the
   * seat's audio is real either way), from the speech engines (loaded on first use).
   */
  private seatTranscription(plan: ConversationPlan, companyId: string): ConverseOptions['transcribeSeat'] {
    const operatorAsr = plan.scenario.operatorAsr;
    if (!operatorAsr) return undefined;
    return async (events) => {
      const engines = await this.deps.speech?.();
      if (!engines) throw new Error('the speech engines are unavailable: the seat is not transcribed');
      return engines.openSeatTranscriber(
        { language: plan.language, operatorAsr, phrases: scenarioPhrases(plan.scenario), companyId },
        events,
      );
    };
  }

  /**
   * A write a call must not lose (its record when it ends, its callback events): retried while the database
   * is unreachable, e.g. PostgreSQL restarting, for as long as the call's lease lasts (the call stays live
   * meanwhile, so its lease is renewed once the database is back; after that long, lease recovery closes it).
   */
  private durably<T>(work: () => Promise<T>, log?: TelephonyLogger): Promise<T> {
    return retryWhileDatabaseDown(work, {
      forMs: this.options.leaseMs,
      onRetry: (error, attempt) => {
        if (attempt === 1) (log ?? this.deps.log)?.warn({ err: error }, 'database unreachable: retrying until it is back');
      },
    });
  }

  /** Writes a call event to the callback outbox; a failure there is logged, never fails the call. */
  private callback(callId: string, event: CallbackEvent, patch?: Readonly<Record<string, unknown>>): Promise<void> {
    const sink = this.deps.callbacks;
    if (!sink) return Promise.resolve();
    return this.durably(() => sink(callId, event, patch)).then(
      () => undefined,
      (error: unknown) => this.deps.log?.warn({ err: error, callId, event }, 'callback event not recorded'),
    );
  }

  /** Our lines as offline speech for a simulated call's recording (null: the engines are unavailable: stand-in audio). */
  private recordedVoice(language: string): (text: string) => Promise<Int16Array | null> {
    return async (text) => {
      const engines = await this.deps.speech?.();
      return engines ? wholeClip(engines.offlineTts, text, offlineVoice(language)) : null;
    };
  }

  /**
   * Answering-machine detection when the task asks for it: attached before the answer (it hears early
   * media). Its message is spoken by the offline voice on SIP; on the simulated trunk it is said as text.
   */
  private screenCall(call: CallHandle, task: DiallingTask, kind: 'sip' | 'simulated', log: TelephonyLogger): CallScreen | null {
    const settings = task.advanced.amd;
    if (!settings?.enabled) return null;
    return new CallScreen(call, {
      settings,
      logger: log,
      // On SIP the offline recogniser listens to the greeting; the simulated trunk's voices are not words.
      words:
        kind === 'sip'
          ? deferredWords(this.deps.speech?.().then((speech) => speech?.greetingWords() ?? null) ?? Promise.resolve(null))
          : null,
      speak: async (text, signal) => {
        const speech = kind === 'sip' ? await this.deps.speech?.() : null;
        if (!speech) return undefined;
        const language = /[\u4e00-\u9fff]/.test(text) ? 'zh-CN' : 'en-US';
        return wholeClip(speech.offlineTts, text, offlineVoice(language), signal);
      },
    });
  }

  /** A plan-less call's prologues, spoken by the offline voice on SIP (stand-in audio when speech is unavailable). */
  private async spokenPrologues(claim: Claim, task: DiallingTask, kind: 'sip' | 'simulated'): Promise<Prologue[]> {
    const texts = prologuesOf(claim, task);
    const speech = kind === 'sip' ? await this.deps.speech?.() : null;
    if (!speech) return texts.map((text) => ({ text }));
    const language = texts.some((text) => /[\u4e00-\u9fff]/.test(text)) ? 'zh-CN' : 'en-US';
    return Promise.all(
      texts.map(async (text) => ({
        text,
        audio: await wholeClip(speech.offlineTts, text, offlineVoice(language)).catch(() => undefined),
      })),
    );
  }

  /** Feeds the line's pacer and the task's circuit breaker; pauses the task when the breaker trips. */
  private afterCall(claim: Claim, task: DiallingTask, result: CallResult, now: Date): void {
    const pacer = this.pacers.get(claim.lineId);
    if (result.outcome === 'backpressure') pacer?.backPressure(now.getTime());
    else pacer?.accepted();
    // The company turned the "pause on line failures" rule off (card list): its tasks dial on.
    if (!task.switches.circuitBreaker) return;
    let breaker = this.breakers.get(claim.taskId);
    if (!breaker) this.breakers.set(claim.taskId, (breaker = new CircuitBreaker(this.options.breaker)));
    const verdict = breaker.record(LINE_FAILURES.has(result.outcome));
    if (!verdict.tripped) return;
    breaker.reset();
    const statusReason = { code: 'breaker' as const, failures: verdict.failures, calls: verdict.calls, lastSipStatus: result.sipStatus };
    this.track(
      applySystemTransition(this.deps.db, claim.taskId, 'breakerPause', { set: { statusReason }, now }).then(async (paused) => {
        if (!paused) return;
        this.deps.log?.warn({ taskId: claim.taskId, ...verdict }, 'circuit breaker paused the task');
        await notifyTaskPaused(this.deps.db, claim.taskId, verdict);
      }),
    );
  }

  /**
   * A line's credentials, read and unsealed at most once per LINE_CACHE_MS: at 100 calls a second a read
   * per call was a query and a decryption each. An edited line is used from the next read on.
   */
  private async lineCredentials(lineId: string, companyId: string): Promise<SipLine> {
    const now = Date.now();
    let cached = this.lines.get(lineId);
    if (!cached || cached.until <= now) {
      cached = { line: loadSipLineCredentials(this.deps.db, this.deps.secrets, lineId), until: now + LINE_CACHE_MS };
      this.lines.set(lineId, cached);
      cached.line.catch(() => this.lines.delete(lineId));
    }
    const line = await cached.line;
    // The task's own company must own the line it dials through (a task never borrows another tenant's trunk).
    if (line.companyId !== companyId) throw new Error(`SIP line ${lineId} is not the task's company's`);
    return {
      id: lineId,
      username: line.sipUsername,
      password: line.password,
      domain: line.domain,
      port: line.port,
      capacity: { calls: line.concurrency, perSecond: line.cps },
    };
  }

  /** The sole dialer restarting: every open record is from a process that is gone. */
  private async recoverAllOpen(): Promise<void> {
    const now = this.deps.now();
    // Every lease is stale: pass a moment after any lease could end (the largest timestamp PostgreSQL reads back).
    const { closedCalls } = await recoverLeases(this.deps.db, new Date('9999-12-31T00:00:00Z'));
    const others = await this.deps.db
      .update(calls)
      .set({ endedAt: now, outcome: 'interrupted', hungUpBy: 'network', sipReason: 'dialer process stopped mid-call', status: 'missed' })
      .where(isNull(calls.endedAt))
      .returning({ id: calls.id });
    for (const callId of [...closedCalls, ...others.map((call) => call.id)]) this.track(this.callback(callId, 'ended'));
  }
}

/** What the callee hears first: the task's prologues with the subtask's prologue info woven in (opening.ts). */
export function prologuesOf(claim: Pick<Claim, 'prologueInfo' | 'businessInfo'>, task: Pick<DiallingTask, 'advanced'>): string[] {
  return openingLines({ task: task.advanced.prologues ?? [], scenario: [] }, claim).map((line) => line.text);
}

function endingOf(callId: string, result: CallResult): Omit<CallEnding, 'conversation'> {
  return {
    callId,
    outcome: result.outcome,
    sipStatus: result.sipStatus,
    sipReason: result.sipReason,
    hungUpBy: result.hungUpBy,
    ringingAt: result.ringingAt,
    answeredAt: result.answeredAt,
    endedAt: result.endedAt,
    durationMs: result.durationMs,
    recordingPath: result.recording?.path ?? null,
    recordingMs: result.recording?.durationMs ?? null,
    retryAfterMs: result.retryAfterMs,
  };
}

function unresolvedEnding(callId: string, reason: string, now: Date): CallEnding {
  return {
    callId,
    outcome: 'unresolved',
    sipStatus: null,
    sipReason: reason,
    hungUpBy: null,
    ringingAt: null,
    answeredAt: null,
    endedAt: now,
    durationMs: 0,
    recordingPath: null,
    recordingMs: null,
    conversation: [],
    retryAfterMs: null,
  };
}
