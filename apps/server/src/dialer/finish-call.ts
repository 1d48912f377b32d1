import { addPending, completeIfDone } from '../tasks/task-progress.ts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AmdResult, CallOutcome, CallRecordStatus, CallRuntimeFailure, CallTurn, ConversationLine } from '@dialwise/contracts';
import type { Db } from '../db/client.ts';
import { calls, subtasks, tasks } from '../db/schema.ts';
import { switchOn } from '../entitlements/company-switches.ts';
import { judgeCutCall } from './cut-call.ts';

/** What ended one call, as the dialer stores it. */
export interface CallEnding {
  callId: string;
  /**
   * `blocked`: a CUSTOM number found on the do-not-call list once resolved; the INVITE never left.
   * `interrupted`: hung up because the dialer was stopping (the cut-call rule decides the rest).
   */
  outcome: CallOutcome | 'unresolved' | 'blocked' | 'interrupted';
  sipStatus: number | null;
  sipReason: string;
  hungUpBy: string | null;
  ringingAt: Date | null;
  answeredAt: Date | null;
  endedAt: Date;
  durationMs: number;
  recordingPath: string | null;
  recordingMs: number | null;
  conversation: ConversationLine[];
  retryAfterMs: number | null;
  /** The conversation runtime's turns and failures (none when the call did not converse). */
  turns?: CallTurn[];
  runtimeFailures?: CallRuntimeFailure[];
  /** The scenario analyses connected calls: the record waits for it (analysis_state pending). */
  analyze?: boolean;
  /** Answering-machine detection's verdict (absent or null: the task does not detect, or nothing was decided). */
  amd?: AmdResult | null;
  /** A seat of ours took the call over (what the cut-call rule asks of an interrupted call). */
  transferred?: boolean;
}

/** A call that ended before any line came up (nothing rang, nothing was said): why, and when. */
export function endingBeforeLine(callId: string, outcome: CallEnding['outcome'], reason: string, now: Date): CallEnding {
  return {
    callId,
    outcome,
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

/**
 * The record's status: a carrier announcement or SIT marks the number invalid (answered or not); a
 * machine or a bare beep answering is voicemail, not a connection; a fax machine is fax; otherwise
 * connected when answered.
 */
export function statusOf(ending: Pick<CallEnding, 'answeredAt' | 'amd'>): CallRecordStatus {
  const amd = ending.amd?.outcome;
  if (amd === 'announcement') return 'invalid';
  if (!ending.answeredAt) return 'missed';
  if (amd === 'fax') return 'fax';
  return amd === 'machine' || amd === 'beep' ? 'voicemail' : 'connected';
}

export interface RedialPolicy {
  count: number;
  gapMinutes: number;
}

/** The default wait before a number refused by back-pressure is tried again. */
export const BACKPRESSURE_RETRY_MS = 30_000;

type Next = { state: 'done' | 'failed' | 'pending' | 'blocked'; at?: Date; refund?: boolean };

/**
 * Where a subtask goes after an attempt. A dead number (found by answering-machine detection too) is
 * failed and never redialled, as is a fax machine; a voicemail is redialled like busy and no answer (a person may pick up
 * next time) while the task's redial count allows. Otherwise: an answered call is done; a number that does not exist, or that
 * could not be resolved, failed; busy and no answer are redialled after the gap while the task's redial
 * count allows (attempt 1 is the first call, so `count` redials make `count + 1` attempts); back-pressure
 * and our own cancel are not the number's fault, so the subtask goes back to pending and the attempt is
 * refunded. A line failure (5xx, timeout) is done for this number: the circuit breaker judges the line.
 */
export function nextSubtaskState(
  outcome: CallEnding['outcome'],
  attempt: number,
  redial: RedialPolicy,
  ending: Pick<CallEnding, 'endedAt' | 'retryAfterMs'>,
  status: CallRecordStatus = 'connected',
): Next {
  // A fax machine will answer with its tone again: no person to reach on this number.
  if (status === 'invalid' || status === 'fax') return { state: 'failed' };
  if (status === 'voicemail') return redialLater(attempt, redial, ending);
  switch (outcome) {
    case 'answered':
      return { state: 'done' };
    case 'invalid_number':
    case 'unresolved':
      return { state: 'failed' };
    case 'blocked':
      return { state: 'blocked' };
    case 'busy':
    case 'no_answer':
      return redialLater(attempt, redial, ending);
    case 'backpressure':
      return { state: 'pending', at: new Date(ending.endedAt.getTime() + (ending.retryAfterMs ?? BACKPRESSURE_RETRY_MS)), refund: true };
    case 'canceled':
      return { state: 'pending', refund: true };
    default:
      return { state: 'done' };
  }
}

function redialLater(attempt: number, redial: RedialPolicy, ending: Pick<CallEnding, 'endedAt'>): Next {
  return attempt <= redial.count
    ? { state: 'pending', at: new Date(ending.endedAt.getTime() + redial.gapMinutes * 60_000) }
    : { state: 'done' };
}

/**
 * Closes one call record and moves its subtask on, in one transaction; then completes the task when
 * nothing is pending and no call is live. A record already closed (by lease recovery) is left alone.
 */
export async function finishCall(db: Db, ending: CallEnding): Promise<void> {
  // A call the stopping dialer cut is recorded as every cut call is (recover-leases.ts closes the others).
  const cut =
    ending.outcome === 'interrupted'
      ? judgeCutCall({ answeredAt: ending.answeredAt, transferred: ending.transferred ?? false, cutAt: ending.endedAt })
      : null;
  const status = cut?.status ?? statusOf(ending);
  // A dead number found in the audio is an invalid number whatever SIP said (we hung up on it ourselves).
  const outcome = status === 'invalid' ? 'invalid_number' : ending.outcome;
  await db.transaction(async (tx) => {
    const [call] = await tx
      .update(calls)
      .set({
        endedAt: ending.endedAt,
        outcome,
        status,
        amd: ending.amd ?? null,
        sipStatus: ending.sipStatus,
        sipReason: ending.sipReason,
        hungUpBy: ending.hungUpBy,
        ringingAt: ending.ringingAt,
        answeredAt: ending.answeredAt,
        durationMs: cut?.durationMs ?? ending.durationMs,
        ...(cut?.transferOutcome ? { transferOutcome: cut.transferOutcome } : {}),
        recordingPath: ending.recordingPath,
        recordingMs: ending.recordingMs,
        turns: ending.turns ?? [],
        runtimeFailures: ending.runtimeFailures ?? [],
        // The company's "call analysis" service (card list) off: the call ends without analysis.
        analysisState: ending.analyze
          ? sql`case when ${switchOn(calls.companyId, { kind: 'service', key: 'callAnalysis' })} then 'pending' else 'none' end`
          : 'none',
        conversation: ending.conversation,
      })
      .where(and(eq(calls.id, ending.callId), isNull(calls.endedAt)))
      .returning({ subtaskId: calls.subtaskId, taskId: calls.taskId, attempt: calls.attempt, test: calls.test });
    // A test call was no dial attempt: its subtask (if it borrowed one's prologue) and the task stay as they are.
    if (!call || call.test || call.subtaskId === null) return;
    const subtaskId = call.subtaskId;

    const [task] = await tx
      .select({
        redialCount: tasks.redialCount,
        redialGapMinutes: tasks.redialGapMinutes,
        redialOn: switchOn(tasks.companyId, { kind: 'service', key: 'redial' }),
      })
      .from(tasks)
      .where(eq(tasks.id, call.taskId))
      .for('update');
    const next: Next = cut
      ? { state: cut.subtask, refund: cut.subtask === 'pending' }
      : nextSubtaskState(
          outcome,
          call.attempt,
          // The company's "automatic redial" service off: no task redials, whatever its own count says.
          { count: task?.redialOn === false ? 0 : (task?.redialCount ?? 0), gapMinutes: task?.redialGapMinutes ?? 30 },
          ending,
          status,
        );
    const [subtask] = await tx
      .update(subtasks)
      .set({
        state: next.state,
        leaseOwner: null,
        leaseUntil: null,
        nextAttemptAt: next.at ?? null,
        lastOutcome: outcome,
        ...(next.refund ? { attempts: sql`greatest(${subtasks.attempts} - 1, 0)` } : {}),
      })
      .where(and(eq(subtasks.id, subtaskId), eq(subtasks.state, 'dialing')))
      .returning({ id: subtasks.id });
    if (subtask && next.state === 'pending') await addPending(tx, call.taskId, 1);
    await completeIfDone(tx, call.taskId);
  });
}
