import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  CALLBACK_DELIVERY_HEADER,
  CALLBACK_EVENT_HEADER,
  CALLBACK_LIMITS,
  CALLBACK_SIGNATURE_HEADER,
  type CallbackAttempt,
} from '@dialwise/contracts';
import type { Db } from '../db/client.ts';
import { callbackDeliveries } from '../db/schema.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import type { TelephonyLogger } from '../telephony/index.ts';
import { outboundFetch } from '../net/outbound-guard.ts';
import { callbackSecretOf } from './callback-secret.ts';
import { signCallback } from './callback-signature.ts';

/** Sends one POST; resolves with the receiver's status, rejects on no answer (timeout, refused, network). */
export type CallbackPost = (url: string, init: { body: string; headers: Record<string, string>; signal: AbortSignal }) => Promise<number>;

export interface DeliveryOptions {
  /** How often the outbox is read. */
  pollMs?: number;
  /** Rows taken per read. */
  batch?: number;
  timeoutMs?: number;
  maxAttempts?: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/** A claimed row is leased this long past its timeout: a process that dies mid-post leaves it due again soon after. */
const LEASE_MARGIN_MS = 5_000;

/**
 * The callback outbox's delivery loop. Each poll claims the due rows (`FOR UPDATE SKIP LOCKED`, the lease
 * pushed into `next_attempt_at`), posts each one signed with its company's secret, and writes the attempt:
 * a 2xx delivers it; anything else waits `firstDelayMs · 2^(n-1)` (capped) and tries again, until
 * `maxAttempts` gives it up as failed. Everything lives in the database, so a restart loses nothing and
 * several processes share the work.
 */
export class CallbackDelivery {
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private stopped = false;
  private readonly inFlight = new Set<AbortController>();
  private readonly options: Required<DeliveryOptions>;

  constructor(
    private readonly deps: { db: Db; secrets: SecretBox; now: () => Date; post: CallbackPost; log?: TelephonyLogger },
    options: DeliveryOptions = {},
  ) {
    this.options = {
      pollMs: options.pollMs ?? 1_000,
      batch: options.batch ?? 20,
      timeoutMs: options.timeoutMs ?? CALLBACK_LIMITS.timeoutMs,
      maxAttempts: options.maxAttempts ?? CALLBACK_LIMITS.maxAttempts,
      firstDelayMs: options.firstDelayMs ?? CALLBACK_LIMITS.firstDelayMs,
      maxDelayMs: options.maxDelayMs ?? CALLBACK_LIMITS.maxDelayMs,
    };
  }

  start(): void {
    this.timer = setInterval(() => void this.poll(), this.options.pollMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    for (const abort of this.inFlight) abort.abort();
    await this.polling;
  }

  /** One read of the outbox; reads never overlap. Public so tests drive it. */
  poll(): Promise<void> {
    if (this.polling || this.stopped) return this.polling ?? Promise.resolve();
    this.polling = this.round()
      .catch((error: unknown) => this.deps.log?.error({ err: error }, 'callback delivery round failed'))
      .finally(() => {
        this.polling = null;
      });
    return this.polling;
  }

  private async round(): Promise<void> {
    const { db } = this.deps;
    const now = this.deps.now();
    const leaseUntil = new Date(now.getTime() + this.options.timeoutMs + LEASE_MARGIN_MS);
    const due = db
      .select({ id: callbackDeliveries.id })
      .from(callbackDeliveries)
      .where(and(eq(callbackDeliveries.state, 'pending'), lte(callbackDeliveries.nextAttemptAt, now)))
      .orderBy(asc(callbackDeliveries.nextAttemptAt))
      .limit(this.options.batch)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(callbackDeliveries)
      .set({ nextAttemptAt: leaseUntil })
      .where(inArray(callbackDeliveries.id, due))
      .returning();
    await Promise.all(claimed.map((row) => this.deliver(row)));
  }

  private async deliver(row: typeof callbackDeliveries.$inferSelect): Promise<void> {
    const started = this.deps.now();
    const body = JSON.stringify({ id: row.id, ...row.payload });
    let attempt: CallbackAttempt;
    const abort = new AbortController();
    this.inFlight.add(abort);
    const timer = setTimeout(() => abort.abort(), this.options.timeoutMs);
    try {
      const secret = await callbackSecretOf(this.deps.db, this.deps.secrets, row.companyId, started);
      const status = await this.deps.post(row.url, {
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Dialwise-Callbacks/1',
          [CALLBACK_EVENT_HEADER]: row.event,
          [CALLBACK_DELIVERY_HEADER]: row.id,
          [CALLBACK_SIGNATURE_HEADER]: signCallback(secret, Math.floor(started.getTime() / 1000), body),
        },
        signal: abort.signal,
      });
      const ok = status >= 200 && status < 300;
      attempt = { at: started.toISOString(), status, error: ok ? null : `HTTP ${status}`, ms: elapsed(started, this.deps.now()) };
    } catch (error) {
      const reason = abort.signal.aborted ? `no answer within ${this.options.timeoutMs} ms` : messageOf(error);
      attempt = { at: started.toISOString(), status: null, error: reason.slice(0, 300), ms: elapsed(started, this.deps.now()) };
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(abort);
    }
    await this.record(row, attempt);
  }

  private async record(row: typeof callbackDeliveries.$inferSelect, attempt: CallbackAttempt): Promise<void> {
    const count = row.attemptCount + 1;
    const delivered = attempt.error === null;
    const givenUp = !delivered && count >= this.options.maxAttempts;
    const delay = Math.min(this.options.firstDelayMs * 2 ** (count - 1), this.options.maxDelayMs);
    const now = this.deps.now();
    await this.deps.db
      .update(callbackDeliveries)
      .set({
        attemptCount: count,
        attempts: sql`${callbackDeliveries.attempts} || ${JSON.stringify([attempt])}::jsonb`,
        state: delivered ? 'delivered' : givenUp ? 'failed' : 'pending',
        deliveredAt: delivered ? now : null,
        nextAttemptAt: new Date(now.getTime() + (delivered || givenUp ? 0 : delay)),
      })
      .where(eq(callbackDeliveries.id, row.id));
    if (!delivered)
      this.deps.log?.warn({ deliveryId: row.id, url: row.url, attempt: count, error: attempt.error }, 'callback not delivered');
  }
}

function elapsed(from: Date, to: Date): number {
  return Math.max(0, to.getTime() - from.getTime());
}

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}

/**
 * The default POST: through the outbound guard (no loopback, private or metadata address unless the
 * operator allows the host), redirects not followed (a receiver answers where it was configured).
 */
export const fetchPost: CallbackPost = async (url, init) => {
  const response = await outboundFetch(url, {
    method: 'POST',
    body: init.body,
    headers: init.headers,
    signal: init.signal,
    redirect: 'manual',
  });
  await response.body?.cancel();
  return response.status;
};
