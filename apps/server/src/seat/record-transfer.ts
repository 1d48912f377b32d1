import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { calls } from '../db/schema.ts';
import type { TransferResult } from './seat-dispatcher.ts';

/**
 * The call record's transfer outcome (boards count it): a seat took the call (success), nobody did or its
 * media failed (failed), or the callee hung up while seats were rung (lost).
 */
export async function recordTransfer(db: Db, callId: string, result: TransferResult): Promise<void> {
  const outcome = result.ok ? 'success' : result.reason === 'aborted' ? 'lost' : 'failed';
  await db.update(calls).set({ transferOutcome: outcome }).where(eq(calls.id, callId));
}
