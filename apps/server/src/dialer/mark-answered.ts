import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { calls } from '../db/schema.ts';

/**
 * Writes the answer time on the live call's record the moment the callee answers, not only when the call
 * ends: a process that dies mid-call leaves this behind, and whoever closes the call then knows a person
 * was reached (`judgeCutCall`). The live record shows it too.
 */
export async function markAnswered(db: Db, callId: string, at: Date): Promise<void> {
  await db
    .update(calls)
    .set({ answeredAt: at })
    .where(and(eq(calls.id, callId), isNull(calls.endedAt)));
}
