import type { CallbackEvent } from '@dialwise/contracts';
import { retryWhileDatabaseDown } from '../db/retry-while-down.ts';
import type { TelephonyLogger } from '../telephony/index.ts';

/** The dialer's view of the callback outbox (`callbacks/enqueue-callbacks.ts`). */
export type CallbackSink = (callId: string, event: CallbackEvent, patch?: Readonly<Record<string, unknown>>) => Promise<unknown>;

/**
 * The writes a call must not lose — its record when it ends, its callback events — shared by the call
 * (`place-call.ts`) and by the scheduler, which closes the calls of dead processes and sends their `ended`.
 */
export class CallEvents {
  constructor(
    private readonly deps: {
      /** null: no callbacks (benchmarks, some tests). */
      callbacks: CallbackSink | null;
      log: TelephonyLogger | undefined;
      /** How long a write is retried while the database is unreachable: the call's lease. */
      leaseMs: number;
    },
  ) {}

  /**
   * Retried while the database is unreachable, e.g. PostgreSQL restarting, for as long as the call's lease
   * lasts (the call stays live meanwhile, so its lease is renewed once the database is back; after that
   * long, lease recovery closes it).
   */
  durably<T>(work: () => Promise<T>, log?: TelephonyLogger): Promise<T> {
    return retryWhileDatabaseDown(work, {
      forMs: this.deps.leaseMs,
      onRetry: (error, attempt) => {
        if (attempt === 1) (log ?? this.deps.log)?.warn({ err: error }, 'database unreachable: retrying until it is back');
      },
    });
  }

  /** Writes a call event to the callback outbox; a failure there is logged, never fails the call. */
  send(callId: string, event: CallbackEvent, patch?: Readonly<Record<string, unknown>>): Promise<void> {
    const sink = this.deps.callbacks;
    if (!sink) return Promise.resolve();
    return this.durably(() => sink(callId, event, patch)).then(
      () => undefined,
      (error: unknown) => this.deps.log?.warn({ err: error, callId, event }, 'callback event not recorded'),
    );
  }
}
