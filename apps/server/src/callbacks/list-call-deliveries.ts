import { asc, eq } from 'drizzle-orm';
import type { CallbackDelivery } from '@dialwise/contracts';
import type { DbOrTx } from '../db/client.ts';
import { callbackDeliveries } from '../db/schema.ts';

/** A call's callback deliveries in the order the events happened (the caller has checked the call is visible). */
export async function listCallDeliveries(db: DbOrTx, callId: string): Promise<CallbackDelivery[]> {
  const rows = await db
    .select()
    .from(callbackDeliveries)
    .where(eq(callbackDeliveries.callId, callId))
    .orderBy(asc(callbackDeliveries.createdAt), asc(callbackDeliveries.url));
  return rows.map((row) => ({
    id: row.id,
    event: row.event,
    url: row.url,
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: row.state === 'pending' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  }));
}
