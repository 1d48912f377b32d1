import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import {
  ErrorCode,
  type IceServer,
  type TestCallEvent,
  type TestCallEvents,
  type TestCallStart,
  type TestCallStarted,
  WEB_CALL_LIMITS,
  parseBusinessInfo,
  testCallStartSchema,
} from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { loadVersionPlan } from '../conversation/load-plan.ts';
import type { SeatDispatcher } from '../conversation/seat-dispatcher.ts';
import type { Db } from '../db/client.ts';
import { calls, companies, scenarios, subtasks, tasks, voices } from '../db/schema.ts';
import { CallEvents, type CallbackSink } from '../dialer/call-events.ts';
import { DIALER_STOPPING } from '../dialer/cut-call.ts';
import { endingBeforeLine, finishCall } from '../dialer/finish-call.ts';
import { CallPlacer } from '../dialer/place-call.ts';
import { switchOn } from '../entitlements/company-switches.ts';
import { AppError } from '../http/app-error.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import type { SpeechEngines } from '../speech/speech-engines.ts';
import { type CallResult, SILENT_LOGGER, type TelephonyLogger } from '../telephony/index.ts';
import { openBrowserLeg } from './open-browser-leg.ts';

type EndReason = Extract<TestCallEvent, { type: 'ended' }>['reason'];

/** The bench's open voice and typed conversations, counted with the test calls against the same limits. */
export interface OtherWebCalls {
  openOf(userId: string): number;
  voiceOf(companyId: string): number;
}

export interface TestCallsDeps {
  db: Db;
  secrets: SecretBox;
  now: () => Date;
  log?: TelephonyLogger;
  /** The company's signed-in seats, which a test call's transfer asks as a phone call's does. */
  seats: SeatDispatcher | null;
  speech: () => Promise<SpeechEngines | null>;
  /** The callback outbox (null: no callbacks on this server); test calls' events say `test: true`. */
  callbacks: CallbackSink | null;
  ice: { servers: readonly IceServer[]; addresses?: string[] };
  recordingsDir: string;
  /** The name this process writes in `calls.node` (the dialer's, so a restart's recovery closes what it left open). */
  node: string;
  bench: OtherWebCalls;
  /** How long the browser has to connect; the limit's own value unless a test shortens it. */
  connectMs?: number;
}

interface OpenTestCall {
  callId: string;
  ownerId: string;
  companyId: string;
  openedAt: number;
  events: TestCallEvent[];
  ended: boolean;
  /** Why it is being hung up from our side, when it is. */
  hangUpReason: EndReason | null;
  abort: AbortController;
}

/**
 * This process's test calls from tasks ("Call me in the browser"): the browser's microphone and speaker are the
 * callee's end of an ordinary call of the task, over a WebRTC leg. The call has a `calls` row marked `test` and
 * goes the dialer's way from the answer on (`CallPlacer.run`: the task's plan, the speech path of a SIP call,
 * recording, the transfer to the company's seats, the record closed, analysis, callbacks), so what the tester
 * hears is what a callee would. A call belongs to the user who opened it: anyone else is answered "not found".
 */
export class TestCalls {
  private readonly open = new Map<string, OpenTestCall>();
  private readonly running = new Set<Promise<void>>();
  private readonly placer: CallPlacer;
  private readonly events: CallEvents;
  private stopped = false;

  constructor(private readonly deps: TestCallsDeps) {
    this.events = new CallEvents({ callbacks: deps.callbacks, log: deps.log, leaseMs: 60_000 });
    this.placer = new CallPlacer(
      {
        db: deps.db,
        secrets: deps.secrets,
        now: deps.now,
        trunks: null,
        log: deps.log,
        seats: deps.seats,
        speech: deps.speech,
        events: this.events,
        track: (work) => this.track(work),
        stopping: () => this.stopped,
      },
      { recordingsDir: deps.recordingsDir, ringTimeoutMs: 0, talkMs: 0, simulatedTimeScale: 1 },
    );
  }

  /** Open test calls of a user (the bench counts them with its conversations). */
  openOf(userId: string): number {
    return [...this.open.values()].filter((c) => !c.ended && c.ownerId === userId).length;
  }

  /** Open test calls of a company (the bench counts them with its voice conversations). */
  voiceOf(companyId: string): number {
    return [...this.open.values()].filter((c) => !c.ended && c.companyId === companyId).length;
  }

  async start(ctx: ActionContext, input: TestCallStart): Promise<TestCallStarted> {
    const body = testCallStartSchema.parse(input);
    if (this.stopped) throw new AppError(ErrorCode.CONFLICT, 'e.testCall.stopping');
    const { userId, companyId } = ctx.actor;
    this.refuseOverLimit(userId, companyId);
    const [task] = await ctx.db
      .select({
        id: tasks.id,
        projectId: tasks.projectId,
        status: tasks.status,
        scenarioId: tasks.scenarioId,
        pinned: tasks.scenarioVersion,
        current: scenarios.currentVersion,
        advanced: tasks.advanced,
        timeZone: companies.timezone,
        voice: { vendor: voices.vendor, originalVoiceId: voices.originalVoiceId, clusterKey: voices.clusterKey },
        recording: switchOn(tasks.companyId, { kind: 'service', key: 'recording' }),
      })
      .from(tasks)
      .innerJoin(companies, eq(companies.id, tasks.companyId))
      .leftJoin(scenarios, eq(scenarios.id, tasks.scenarioId))
      .leftJoin(voices, eq(voices.id, tasks.voiceId))
      .where(and(eq(tasks.id, body.taskId), eq(tasks.companyId, companyId), isNull(tasks.deletedAt)));
    if (!task) throw AppError.notFound();
    if (task.status === 'template') throw new AppError(ErrorCode.CONFLICT, 'e.testCall.refused');
    let prologueInfo = body.prologueInfo;
    let businessInfo = parseBusinessInfo(body.businessInfo) ?? {};
    let subtaskId: number | null = null;
    if (body.subtaskId !== undefined) {
      const [subtask] = await ctx.db
        .select({ id: subtasks.id, prologueInfo: subtasks.prologueInfo, businessInfo: subtasks.businessInfo })
        .from(subtasks)
        .where(and(eq(subtasks.id, Number(body.subtaskId)), eq(subtasks.taskId, task.id)));
      if (!subtask) throw new AppError(ErrorCode.NOT_FOUND, 'e.testCall.subtaskNotFound');
      ({ prologueInfo, businessInfo } = subtask);
      subtaskId = subtask.id;
    }
    // The version a running task pinned; before its first start, the one it would pin (the scenario's current).
    const version = task.pinned ?? task.current;
    const plan =
      task.scenarioId && version !== null
        ? await loadVersionPlan(ctx.db, this.deps.secrets, {
            scenarioId: task.scenarioId,
            version,
            advanced: task.advanced,
            timeZone: task.timeZone,
            voice: task.voice,
          })
        : null;
    if (!plan) throw new AppError(ErrorCode.CONFLICT, 'e.testCall.noScenario');
    const engines = await this.deps.speech();
    if (!engines) throw new AppError(ErrorCode.CONFLICT, 'e.webcall.noSpeech');
    // Checked again: another start of the same user may have passed while the task and the engines loaded.
    this.refuseOverLimit(userId, companyId);

    const callId = randomUUID();
    const log = (this.deps.log ?? SILENT_LOGGER).child({ callId, taskId: task.id, test: true });
    const leg = await openBrowserLeg({
      offerSdp: body.sdp,
      iceServers: this.deps.ice.servers,
      iceAddresses: this.deps.ice.addresses,
      recordingPath: task.recording ? join(this.deps.recordingsDir, companyId, `${callId}.wav`) : null,
      maxDurationMs: WEB_CALL_LIMITS.maxMs,
      connectMs: this.deps.connectMs,
      logger: log,
    });
    const entry: OpenTestCall = {
      callId,
      ownerId: userId,
      companyId,
      openedAt: Date.now(),
      events: [],
      ended: false,
      hangUpReason: null,
      abort: new AbortController(),
    };
    this.open.set(callId, entry);
    try {
      await ctx.db.insert(calls).values({
        id: callId,
        companyId,
        projectId: task.projectId,
        taskId: task.id,
        subtaskId,
        sipLineId: null,
        phone: '',
        attempt: 1,
        scenarioVersion: version,
        prologueInfo,
        businessInfo,
        node: this.deps.node,
        test: true,
      });
    } catch (error) {
      this.open.delete(callId);
      await leg.call.hangup();
      throw error;
    }
    entry.abort.signal.addEventListener('abort', () => void leg.call.hangup(), { once: true });
    const push = (event: TestCallEvent) => entry.events.push(event);
    const at = () => Date.now() - entry.openedAt;
    void leg.call.answered.then((answer) => answer && push({ type: 'answered', atMs: at() }));
    let result: CallResult | null = null;
    this.track(
      this.placer
        .run({
          call: leg.call,
          subject: { callId, taskId: task.id, projectId: task.projectId, companyId, prologueInfo, businessInfo, subtaskId },
          task: { advanced: task.advanced },
          kind: 'sip',
          signal: entry.abort.signal,
          onResult: (r) => {
            result = r;
          },
          log,
          test: {
            plan,
            report: {
              partial: (text) => push({ type: 'partial', text, atMs: at() }),
              said: (speaker, text) => push({ type: 'said', speaker, text, atMs: at() }),
            },
            onTransferred: () => push({ type: 'transferred', atMs: at() }),
          },
        })
        .catch(async (error: unknown) => {
          log.error({ err: error }, 'test call failed locally');
          entry.hangUpReason ??= 'failed';
          await leg.call.hangup().catch(() => undefined);
          await finishCall(this.deps.db, endingBeforeLine(callId, 'failed', 'test call error', this.deps.now())).catch(() => undefined);
        })
        .finally(async () => {
          entry.ended = true;
          push({ type: 'ended', reason: entry.hangUpReason ?? endReasonOf(result), atMs: at() });
          await this.events.send(callId, 'ended');
          // Kept a while for the page's last poll, then forgotten.
          setTimeout(() => this.open.delete(callId), 60_000).unref();
        }),
    );
    return { callId, sdp: leg.answerSdp };
  }

  async hangUp(ctx: ActionContext, callId: string): Promise<void> {
    const entry = this.get(ctx, callId);
    if (entry.ended) return;
    entry.hangUpReason ??= 'hangup';
    entry.abort.abort();
  }

  eventsOf(ctx: ActionContext, callId: string, after: number): TestCallEvents {
    const entry = this.get(ctx, callId);
    return { events: entry.events.slice(after), ended: entry.ended };
  }

  /** Hangs up every open test call (the server is closing; recorded as every cut call is) and waits for their records. */
  async close(): Promise<void> {
    this.stopped = true;
    for (const entry of this.open.values()) {
      if (entry.ended) continue;
      entry.hangUpReason ??= 'closed';
      entry.abort.abort(DIALER_STOPPING);
    }
    await Promise.allSettled([...this.running]);
  }

  private get(ctx: ActionContext, callId: string): OpenTestCall {
    const entry = this.open.get(callId);
    if (!entry || entry.ownerId !== ctx.actor.userId || entry.companyId !== ctx.actor.companyId) {
      throw new AppError(ErrorCode.NOT_FOUND, 'e.testCall.notFound');
    }
    return entry;
  }

  /** At most `perUser` open per user and `perCompany` per company, the bench's conversations counted too. */
  private refuseOverLimit(userId: string, companyId: string): void {
    if (this.openOf(userId) + this.deps.bench.openOf(userId) >= WEB_CALL_LIMITS.perUser) {
      throw new AppError(ErrorCode.CONFLICT, 'e.webcall.tooManyForUser');
    }
    if (this.voiceOf(companyId) + this.deps.bench.voiceOf(companyId) >= WEB_CALL_LIMITS.perCompany) {
      throw new AppError(ErrorCode.CONFLICT, 'e.webcall.tooManyForCompany');
    }
  }

  private track(work: Promise<void>): void {
    this.running.add(work);
    void work.finally(() => this.running.delete(work));
  }
}

/** Why a test call ended, from its result: the page went, the browser never connected, the cap, or the agent hung up. */
function endReasonOf(result: CallResult | null): EndReason {
  if (!result || result.outcome === 'failed') return 'media-failed';
  if (result.endReason === 'max-duration') return 'timeout';
  return result.hungUpBy === 'callee' ? 'callee' : 'agent';
}

/** A name for `calls.node` when this process runs no dialer. */
export function testCallNode(): string {
  return `webcall-${randomBytes(4).toString('hex')}`;
}
