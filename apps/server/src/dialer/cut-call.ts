/** What is known of a call that ended because we could not carry it on: the process died or stopped. */
export interface CutCall {
  /** When the callee answered (written on the record at the answer), null when they never did. */
  answeredAt: Date | null;
  /** A seat of ours had taken the call over (the record names its operator). */
  transferred: boolean;
  /** When the call was cut: exact on a shutdown; after a crash, the latest moment it can have lasted to. */
  cutAt: Date;
}

/** How a cut call is recorded, and where its number goes. */
export interface CutCallVerdict {
  outcome: 'interrupted';
  status: 'connected' | 'missed';
  /** Talk time: answer to cut (0 when never answered). */
  durationMs: number;
  /** The transfer outcome to record: `success` when a seat had taken the call, otherwise left as it is. */
  transferOutcome: 'success' | null;
  /**
   * The subtask: back to `pending` with its attempt refunded, or `done`. `pending` puts the number in the
   * next claim at once (no redial gap: the call was cut by us, not refused by the callee).
   */
  subtask: 'pending' | 'done';
}

/**
 * The one rule for a call that a crash, a lost lease, a restart or a shutdown cut (every path that closes
 * such a call asks it: `recover-leases.ts` for the calls of a dead or predecessor process, `finish-call.ts`
 * for a call the stopping dialer hung up).
 * - Never answered: `missed`, and the number goes back to pending with its attempt refunded — nobody knows
 *   whether it even rang, and it is not the number's fault.
 * - Answered: `connected` — a person was reached, and the boards count the connection they had. The
 *   conversation did not end, so the number is called again (attempt refunded), like a dropped line
 *   redialled...
 * - ...unless a seat had taken the call over: a person of ours was already talking with the callee, the
 *   transfer counts as a success and the number is done (an automatic redial would put the AI back on a
 *   customer an agent was handling; the agent follows up from the seat's own list).
 */
export function judgeCutCall(call: CutCall): CutCallVerdict {
  if (!call.answeredAt) return { outcome: 'interrupted', status: 'missed', durationMs: 0, transferOutcome: null, subtask: 'pending' };
  const durationMs = Math.max(0, call.cutAt.getTime() - call.answeredAt.getTime());
  return call.transferred
    ? { outcome: 'interrupted', status: 'connected', durationMs, transferOutcome: 'success', subtask: 'done' }
    : { outcome: 'interrupted', status: 'connected', durationMs, transferOutcome: null, subtask: 'pending' };
}

/** The abort reason of the calls a stopping dialer hangs up (a task's abort hangs up with another). */
export const DIALER_STOPPING = new Error('the dialer is stopping');
