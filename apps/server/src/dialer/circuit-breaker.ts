/**
 * Stops a task from burning its list when the line keeps failing: over the last `window` finished calls
 * of the task, if at least `minCalls` are in and the share of line failures (5xx/6xx, 403 and other
 * back-pressure, transport failures) reaches `threshold`, the breaker trips and the dialer pauses the task
 * with the reason. Outcomes that say something about the number (busy, no answer, invalid) are not line
 * failures and never trip it.
 */
export interface BreakerOptions {
  window: number;
  minCalls: number;
  threshold: number;
}
export const DEFAULT_BREAKER: BreakerOptions = { window: 20, minCalls: 10, threshold: 0.8 };

export type BreakerVerdict = { tripped: false } | { tripped: true; failures: number; calls: number; share: number };

export class CircuitBreaker {
  private readonly recent: boolean[] = [];

  constructor(private readonly options: BreakerOptions = DEFAULT_BREAKER) {}

  /** Records one finished call (true = a line failure) and says whether the task should pause. */
  record(lineFailure: boolean): BreakerVerdict {
    this.recent.push(lineFailure);
    if (this.recent.length > this.options.window) this.recent.shift();
    const calls = this.recent.length;
    const failures = this.recent.filter(Boolean).length;
    const share = calls === 0 ? 0 : failures / calls;
    if (calls >= this.options.minCalls && share >= this.options.threshold) return { tripped: true, failures, calls, share };
    return { tripped: false };
  }

  /** After the task is continued by a person, it starts with a clean slate. */
  reset(): void {
    this.recent.length = 0;
  }
}
