import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { calls } from '../db/schema.ts';
import type { TransferResult } from '../conversation/seat-dispatcher.ts';

/**
 * The call record's transfer outcome (boards count it): a seat took the call (success), nobody did or its
 * media failed (failed), or the callee hung up while seats were rung (lost).
 */
export async function recordTransfer(db: Db, callId: string, result: TransferResult): Promise<void> {
  const outcome = result.ok ? 'success' : result.reason === 'aborted' ? 'lost' : 'failed';
  await db.update(calls).set({ transferOutcome: outcome }).where(eq(calls.id, callId));
}

/**
 * The handover note the seat read, kept on the call record (`transfer_summary`; the call-record drawer and
 * the seat's call info show it). A later transfer of the same call replaces it; the analysis's own `summary`
 * of the whole call is another column, never touched here.
 */
export async function recordTransferSummary(db: Db, callId: string, summary: string): Promise<void> {
  await db.update(calls).set({ transferSummary: summary }).where(eq(calls.id, callId));
}
