import { join } from 'node:path';
import { analyzeCall } from '../conversation/analyze-call.ts';
import { conversationOf } from '../conversation/history.ts';
import type { Db } from '../db/client.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import type { SeatDispatcher } from '../conversation/seat-dispatcher.ts';
import type { SpeechEngines } from '../speech/speech-engines.ts';
import { CallSession, SILENT_LOGGER, type CallHandle, type CallResult, type TelephonyLogger, type Trunk } from '../telephony/index.ts';
import type { CallEvents } from './call-events.ts';
import { CallSteps, type CallSubject, type TestCallExtras } from './call-steps.ts';
import type { Claim } from './claim-calls.ts';
import type { DiallingTask } from './dialling-tasks.ts';
import { isDoNotCall } from './do-not-call.ts';
import { endingBeforeLine, finishCall, statusOf, type CallEnding } from './finish-call.ts';
import { LineCredentials } from './line-credentials.ts';
import { markAnswered } from './mark-answered.ts';
import { DIALER_STOPPING } from './cut-call.ts';
import { resolveNumber, UnresolvedNumber } from '../projects/resolve-number.ts';

export interface PlaceCallDeps {
  db: Db;
  secrets: SecretBox;
  now: () => Date;
  /** Null for a placer that only runs calls already open (a browser's test calls). */
  trunks: { sip: Trunk; simulated: Trunk } | null;
  log: TelephonyLogger | undefined;
  seats: SeatDispatcher | null;
  speech: (() => Promise<SpeechEngines | null>) | undefined;
  events: CallEvents;
  /** Work a call leaves running after its record is closed (its events, its analysis): the dialer waits for it when it stops. */
  track: (work: Promise<void>) => void;
  /** True once the dialer is stopping: a call's analysis is left for the next start. */
  stopping: () => boolean;
}

export interface PlaceCallOptions {
  recordingsDir: string;
  ringTimeoutMs: number;
  talkMs: number;
  simulatedTimeScale: number;
}

/** One claimed call as the dialer hands it over. */
export interface CallOrder {
  claim: Claim;
  task: DiallingTask;
  kind: 'sip' | 'simulated';
  /** Aborted when the task is aborted or deleted, or the dialer stops: the call is hung up. */
  signal: AbortSignal;
  /** The call's result as soon as its session ends (before its record is written): the line's pacer and the task's breaker learn from it. */
  onResult: (result: CallResult) => void;
}

/** A call already dialled (or a browser's leg already open), as `CallPlacer.run` sees it to its record. */
export interface CallRun {
  call: CallHandle;
  subject: CallSubject;
  task: Pick<DiallingTask, 'advanced'>;
  kind: 'sip' | 'simulated';
  /** Aborted when the call must be hung up; `DIALER_STOPPING` as its reason records it as a cut call. */
  signal: AbortSignal;
  onResult: (result: CallResult) => void;
  log: TelephonyLogger;
  /** A browser's test call: its plan and its live view (`CallSteps`), and who hears of its transfer. */
  test?: TestCallExtras & { onTransferred: () => void };
}

/**
 * Opens one claimed call and sees it to its closed record: the number resolved (and, for a CUSTOM token,
 * checked against the do-not-call list), the line's credentials, the dial on the line's trunk, the call's
 * session with its steps (`call-steps.ts`), then the record closed and the subtask moved on
 * (`finish-call.ts`), the call's analysis started, and its `ended` event sent whatever happened. The
 * scheduler (`dialer.ts`) decides which calls to open and when; this decides nothing about pacing.
 */
export class CallPlacer {
  private readonly steps: CallSteps;
  private readonly lines: LineCredentials;

  constructor(
    private readonly deps: PlaceCallDeps,
    private readonly options: PlaceCallOptions,
  ) {
    this.steps = new CallSteps({
      db: deps.db,
      secrets: deps.secrets,
      seats: deps.seats,
      speech: deps.speech,
      talkMs: options.talkMs,
      simulatedTimeScale: options.simulatedTimeScale,
    });
    this.lines = new LineCredentials(deps);
  }

  async place(order: CallOrder): Promise<void> {
    const { claim, task, kind } = order;
    const { db, events } = this.deps;
    const log = (this.deps.log ?? SILENT_LOGGER).child({ callId: claim.callId, taskId: claim.taskId, lineId: claim.lineId });
    try {
      let to: string;
      try {
        to = await resolveNumber(claim.phone, claim.encryptionType, claim.encryptionApiUrl);
      } catch (error) {
        if (!(error instanceof UnresolvedNumber)) throw error;
        await events.durably(() => finishCall(db, endingBeforeLine(claim.callId, 'unresolved', error.message, this.deps.now())), log);
        return;
      }
      if (claim.encryptionType === 'CUSTOM' && (await isDoNotCall(db, claim.companyId, to))) {
        const ending = endingBeforeLine(claim.callId, 'blocked', 'on the do-not-call list', this.deps.now());
        await events.durably(() => finishCall(db, ending), log);
        return;
      }
      const line = await this.lines.get(claim.lineId, claim.companyId);
      const trunk = this.deps.trunks?.[kind];
      if (!trunk) throw new Error('this call placer has no trunks');
      const call = trunk.dial({
        to,
        callerId: line.username,
        line,
        ringTimeoutMs: this.options.ringTimeoutMs,
        signal: order.signal,
        // The company's "call recording" service off (card list): the call is not recorded.
        ...(task.switches.recording
          ? { recordingPath: join(this.options.recordingsDir, claim.companyId, `${claim.callId}.wav`) }
          : { record: false }),
        headers: { 'X-Dialwise-Call': claim.callId },
        logger: log,
      });
      await this.run({ call, subject: claim, task, kind, signal: order.signal, onResult: order.onResult, log });
    } catch (error) {
      log.error({ err: error }, 'call failed locally');
      await finishCall(db, endingBeforeLine(claim.callId, 'failed', 'dialer error', this.deps.now())).catch(() => undefined);
    } finally {
      // Every call that got a record ends with this event, also one that never rang (unresolved, blocked, failed).
      await events.send(claim.callId, 'ended');
    }
  }

  /**
   * A dialled call from its ringing to its closed record: the answer time, the steps (`call-steps.ts`), the
   * session, the record closed (`finish-call.ts`), the analysis started. The far end may be a carrier's
   * (`place`) or a browser's (a test call from a task, whose `kind` is `sip`: the speech path). Throws what the
   * session throws; the caller closes the record as failed then and sends `ended` in every case.
   */
  async run(run: CallRun): Promise<void> {
    const { call, subject: claim, task, kind, log } = run;
    const { db, events } = this.deps;
    this.deps.track(
      call.answered.then(async (answer) => {
        if (!answer) return;
        await events
          .durably(() => markAnswered(db, claim.callId, answer.at), log)
          .catch((error: unknown) => log.warn({ err: error }, 'answer time not written on the live record'));
        await events.send(claim.callId, 'answered', { answeredAt: answer.at.toISOString() });
      }),
    );
    let transferred = false;
    const { steps, screen, converse } = await this.steps.assemble(
      call,
      claim,
      task,
      kind,
      log,
      (operatorId) => {
        transferred = true;
        run.test?.onTransferred();
        void events.send(claim.callId, 'transferred', { operatorId });
      },
      run.test,
    );
    const session = new CallSession(call, steps, { logger: log });
    const { result, conversation } = await session.run();
    log.debug({ outcome: result.outcome, endReason: result.endReason, durationMs: result.durationMs }, 'call ended');
    run.onResult(result);
    const answeredAt = result.answeredAt?.getTime() ?? result.placedAt.getTime();
    const amd = screen?.result ?? null;
    const person = statusOf({ answeredAt: result.answeredAt, amd }) === 'connected';
    // Hung up because the dialer stops: recorded as every cut call is (judgeCutCall), not as our own cancel.
    const cut = run.signal.aborted && run.signal.reason === DIALER_STOPPING;
    const ending: CallEnding = {
      amd,
      ...endingOf(claim.callId, result),
      ...(cut ? { outcome: 'interrupted' as const, transferred } : {}),
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
    await events.durably(() => finishCall(db, ending), log);
    // A call cut by a shutdown stays pending: the next start analyses it (the model may be going down with us).
    if (converse?.analyzes && person && !this.deps.stopping()) {
      this.deps.track(
        analyzeCall(db, this.deps.secrets, claim.callId, { stopping: this.deps.stopping }).then(
          (analyzed) => (analyzed ? events.send(claim.callId, 'analysisDone') : undefined),
          (error: unknown) => log.warn({ err: error }, 'call analysis failed'),
        ),
      );
    }
  }
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
