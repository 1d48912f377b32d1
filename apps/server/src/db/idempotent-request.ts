import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { ErrorCode } from '@dialwise/contracts';
import type { Tx } from './client.ts';
import { idempotentRequests } from './schema.ts';
import { AppError } from '../http/app-error.ts';

/** How long an answer is kept for retries: a client retries within minutes; a day leaves room for an outage. */
const KEEP_MS = 24 * 60 * 60 * 1000;

export interface IdempotentCall {
  companyId: string;
  /** The endpoint's name: one key may be used once per endpoint. */
  endpoint: string;
  key: string;
  /** The parsed request, hashed: a retry must send the same one. */
  request: unknown;
}

/**
 * Runs `effect` once per (company, endpoint, key), inside the caller's transaction. The key is claimed first
 * with an insert: a second request with the same key waits on the unique index until the first commits, then
 * finds its answer; if the first rolled back (a refusal, a crash), the key is free again and the retry runs.
 * Same key with another request: 409, nothing done. Only answers of effects that committed are ever replayed.
 */
export async function onceForKey<T>(tx: Tx, call: IdempotentCall, now: Date, effect: () => Promise<T>): Promise<T> {
  const requestHash = createHash('sha256').update(JSON.stringify(call.request)).digest('hex');
  await tx
    .delete(idempotentRequests)
    .where(and(eq(idempotentRequests.companyId, call.companyId), lt(idempotentRequests.createdAt, new Date(now.getTime() - KEEP_MS))));
  const claimed = await tx
    .insert(idempotentRequests)
    .values({ companyId: call.companyId, endpoint: call.endpoint, key: call.key, requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotentRequests.key });
  if (claimed.length === 0) {
    const [stored] = await tx
      .select()
      .from(idempotentRequests)
      .where(
        and(
          eq(idempotentRequests.companyId, call.companyId),
          eq(idempotentRequests.endpoint, call.endpoint),
          eq(idempotentRequests.key, call.key),
        ),
      );
    if (!stored || stored.requestHash !== requestHash) throw new AppError(ErrorCode.CONFLICT, 'e.idempotency.mismatch');
    return stored.answer as T;
  }
  const answer = await effect();
  await tx
    .update(idempotentRequests)
    .set({ answer: sql`${JSON.stringify(answer)}::jsonb` })
    .where(
      and(
        eq(idempotentRequests.companyId, call.companyId),
        eq(idempotentRequests.endpoint, call.endpoint),
        eq(idempotentRequests.key, call.key),
      ),
    );
  return answer;
}
