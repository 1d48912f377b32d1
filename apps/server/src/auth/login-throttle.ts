import { LOGIN_THROTTLE } from '@dialwise/contracts';

/**
 * Counts failed sign-ins per user name and per client address in a sliding window. Kept in memory:
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
  retryAfter(username: string, address: string): number {
    return Math.max(this.wait(`n:${username.toLowerCase()}`, this.limits.perName), this.wait(`a:${address}`, this.limits.perAddress));
  }

  recordFailure(username: string, address: string): void {
    for (const key of [`n:${username.toLowerCase()}`, `a:${address}`]) {
      this.failures.set(key, [...this.recent(key), this.now()]);
    }
  }

  recordSuccess(username: string): void {
    this.failures.delete(`n:${username.toLowerCase()}`);
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
