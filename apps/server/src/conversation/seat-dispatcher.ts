import type { Speaker } from '@dialwise/contracts';
import type { CallHandle } from '../telephony/index.ts';

/**
 * The conversation runtime's view of the operator seats: its `transfer` tool asks the dispatcher for a
 * seat and, on success, hands the call over. The seat area implements it (offers to the longest-idle
 * signed-in seat of the task's project, state in the database so several processes agree).
 *
 *   const result = await seats.transfer({ … });
 *   if (!result.ok) { speak(failureText); continue; }      // no seat free / nobody accepted
 *   speak(successText);                                       // the seat already hears it (pre-voice)
 *   await result.seat.connect();                              // the seat may speak; the AI stops
 *   await result.seat.ended;                                  // the seat or the callee hung up
 */
export interface TransferRequest {
  callId: string;
  companyId: string;
  projectId: string;
  taskId: string;
  subtaskId: string;
  /** The live call: the seat's audio is bridged to it. */
  call: CallHandle;
  /** The conversation so far (warm transfer: the seat reads why before speaking). */
  conversation: ReadonlyArray<{ speaker: Speaker; text: string; at: Date }>;
  /**
   * Why the customer asked for a person (one to three sentences): ready now, or still being written by the
   * scenario's analysis model — then the offer goes out without it and the note follows when it resolves
   * (it never rejects: a model that fails or is too slow resolves to the conversation's own note).
   */
  summary: string | Promise<string>;
  /** Aborted when the callee hangs up while we wait for a seat. */
  signal: AbortSignal;
}

export type TransferResult =
  | { ok: true; seat: SeatHandle }
  | { ok: false; reason: 'no-seat' | 'not-accepted' | 'media-failed' | 'aborted' };

export interface SeatHandle {
  operatorId: string;
  /** Ends pre-voice: the seat's audio goes to the callee from now on, the AI's no more. */
  connect(): Promise<void>;
  /** Resolves when the seat leaves the call (hang-up by either side, or its media failing). */
  readonly ended: Promise<{ by: 'seat' | 'callee' | 'media-failed' }>;
}

export interface SeatDispatcher {
  transfer(request: TransferRequest): Promise<TransferResult>;
}
