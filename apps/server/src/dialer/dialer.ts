import { analyzePendingCalls } from '../conversation/analyze-call.ts';
import type { SeatDispatcher } from '../conversation/seat-dispatcher.ts';
import type { SpeechEngines } from '../speech/speech-engines.ts';
import { applySystemTransition } from '../tasks/task-progress.ts';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import type { CallResult, TelephonyLogger, Trunk } from '../telephony/index.ts';
import { CallEvents, type CallbackSink } from './call-events.ts';
import { openZoneKeys } from '../tasks/local-windows.ts';
import { CircuitBreaker, DEFAULT_BREAKER, type BreakerOptions } from './circuit-breaker.ts';
import { claimCalls, type Claim } from './claim-calls.ts';
import { taskBudgets } from './concurrency.ts';
import { loadDiallingTasks, tasksToHangUp, type DiallingTask } from './dialling-tasks.ts';
import { LinePacer } from './line-pacer.ts';
import { CallPlacer } from './place-call.ts';
import { DIALER_STOPPING } from './cut-call.ts';
import { recoverLeases, renewLeases } from './recover-leases.ts';
import { notifyTaskPaused } from '../messages/notify-task.ts';
import type { CutSeat } from '../seat/release-cut-seats.ts';

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
  /** Tells the pages of seats freed from the calls of a dead process (null: nobody to tell, e.g. in benchmarks). */
  seatNotices?: { tellFreedSeats(seats: readonly CutSeat[]): Promise<void> } | null;
  /** Writes a call event to the callback outbox (null: no callbacks, e.g. in benchmarks). */
  callbacks?: CallbackSink | null;
  /** The speech engines of SIP calls (loaded on first use); absent or null: SIP calls use stand-in audio. */
  speech?: () => Promise<SpeechEngines | null>;
}

interface LiveCall {
  claim: Claim;
  abort: AbortController;
}

/** Outcomes that say the line (not the number) is failing: what the circuit breaker counts. */
const LINE_FAILURES = new Set(['failed', 'timeout', 'backpressure']);

/**
 * The scheduler: pacing, leases and budgets. Every tick it gives back the subtasks of dead processes, renews
 * its own leases, hangs up the calls of aborted or deleted tasks, reads the dialling tasks, and for each task
 * whose call window is open claims as many subtasks as the task budget, the lines' free places and the
 * lines' pacers allow (`claimCalls` does the cross-process accounting in the database). Each claim is handed
 * to the call placer (`place-call.ts`), which opens the call and closes its record; the dialer only learns
 * from the result: the line's pacer slows down on back-pressure, and a task whose recent calls mostly fail
 * on the line is paused by its circuit breaker, with the reason stored for the task list. Paused tasks get
 * no new calls and their live calls finish.
 */
export class Dialer {
  readonly node: string;
  private readonly live = new Map<string, LiveCall>();
  private readonly pacers = new Map<string, LinePacer>();
  private readonly breakers = new Map<string, CircuitBreaker>();
  private readonly events: CallEvents;
  private readonly calls: CallPlacer;
  private readonly options: { tickMs: number; leaseMs: number; breaker: BreakerOptions; soleDialer: boolean };
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly deps: DialerDeps,
    options: DialerOptions,
  ) {
    this.node = options.node ?? `dialer-${randomBytes(4).toString('hex')}`;
    this.options = {
      tickMs: options.tickMs ?? 500,
      leaseMs: options.leaseMs ?? 60_000,
      breaker: options.breaker ?? DEFAULT_BREAKER,
      soleDialer: options.soleDialer ?? false,
    };
    this.events = new CallEvents({ callbacks: deps.callbacks ?? null, log: deps.log, leaseMs: this.options.leaseMs });
    this.calls = new CallPlacer(
      {
        db: deps.db,
        secrets: deps.secrets,
        now: deps.now,
        trunks: deps.trunks,
        log: deps.log,
        seats: deps.seats ?? null,
        speech: deps.speech,
        events: this.events,
        track: (work) => this.track(work),
        stopping: () => this.stopped,
      },
      {
        recordingsDir: options.recordingsDir,
        ringTimeoutMs: options.ringTimeoutMs ?? 45_000,
        talkMs: options.talkMs ?? 20_000,
        simulatedTimeScale: options.simulatedTimeScale ?? 1,
      },
    );
  }

  async start(): Promise<void> {
    // The only dialer on the embedded database: whatever was live when the previous process stopped is
    // over, so it is closed as interrupted now rather than after the leases expire.
    if (this.options.soleDialer) await this.recoverAllOpen();
    // Analyses a previous run left pending (the process stopped after the call, before its analysis).
    this.track(
      analyzePendingCalls(this.deps.db, this.deps.secrets, (callId) => this.events.send(callId, 'analysisDone')).then(
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
    for (const call of this.live.values()) call.abort.abort(DIALER_STOPPING);
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
    this.afterRecovery(await recoverLeases(db, now, 'expired'));
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

  /** Hands one claimed call to the call placer, hangs it up when told to, and learns from its result. */
  private async place(claim: Claim, task: DiallingTask, kind: 'sip' | 'simulated'): Promise<void> {
    const abort = new AbortController();
    this.live.set(claim.callId, { claim, abort });
    try {
      await this.calls.place({
        claim,
        task,
        kind,
        signal: abort.signal,
        onResult: (result) => this.afterCall(claim, task, result, this.deps.now()),
      });
    } finally {
      this.live.delete(claim.callId);
    }
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

  /** The sole dialer restarting: every open record is from a process that is gone. */
  private async recoverAllOpen(): Promise<void> {
    this.afterRecovery(await recoverLeases(this.deps.db, this.deps.now(), 'all'));
  }

  /** Closed calls end with their event, like every call; the seats they held hear that they are free. */
  private afterRecovery({ closedCalls, freedSeats }: { closedCalls: string[]; freedSeats: CutSeat[] }): void {
    for (const callId of closedCalls) this.track(this.events.send(callId, 'ended'));
    const notices = this.deps.seatNotices;
    if (notices && freedSeats.length > 0) {
      this.track(notices.tellFreedSeats(freedSeats).catch((error: unknown) => this.deps.log?.warn({ err: error }, 'freed seats not told')));
    }
  }
}
