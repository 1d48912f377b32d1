import { LOGIN_THROTTLE } from '@dialwise/contracts';

/**
 * The per-account key of the lock: the account itself when the identifier typed names one, so its user
 * name and its phone number share one lock; otherwise the identifier as typed (lower-cased), so guessing
 * at unknown names is throttled alike and the answer does not tell whether the account exists.
 */
export function accountKey(userId: string | null | undefined, typed: string): string {
  return userId ? `user:${userId}` : `typed:${typed.trim().toLowerCase()}`;
}

/**
 * Counts failed sign-ins per account (see accountKey) and per client address in a sliding window. Kept in memory:
 * each server process throttles on its own, which bounds guessing to (processes × limit) per window.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly now: () => number,
    private readonly limits = {
      perName: LOGIN_THROTTLE.maxFailures,
      perAddress: LOGIN_THROTTLE.maxFailures * 4,
      windowMs: LOGIN_THROTTLE.windowMs,
    },
  ) {}

  /** Seconds until the caller may try again, or 0 when allowed. */
  retryAfter(account: string, address: string): number {
    return Math.max(this.wait(`n:${account}`, this.limits.perName), this.wait(`a:${address}`, this.limits.perAddress));
  }

  recordFailure(account: string, address: string): void {
    for (const key of [`n:${account}`, `a:${address}`]) {
      this.failures.set(key, [...this.recent(key), this.now()]);
    }
  }

  recordSuccess(account: string): void {
    this.failures.delete(`n:${account}`);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    const list = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (list.length === 0) this.failures.delete(key);
    return list;
  }

  private wait(key: string, limit: number): number {
    const list = this.recent(key);
    if (list.length < limit) return 0;
    const oldestCounted = list[list.length - limit]!;
    return Math.max(1, Math.ceil((oldestCounted + this.limits.windowMs - this.now()) / 1000));
  }
}
