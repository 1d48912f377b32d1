/**
 * Requests per key per minute, counted in this process (fixed one-minute windows). With several server
 * processes behind one address a key gets up to the limit from each: the limit protects a process from one
 * runaway client, it is not a quota.
 */
export class KeyRateLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly perMinute: number) {}

  /** Counts one request; answers the seconds to wait when the key is over its limit, else 0. */
  take(keyId: string, nowMs: number): number {
    let window = this.windows.get(keyId);
    if (!window || nowMs - window.start >= 60_000) {
      // Forget the windows that ended, so a process that saw many keys does not keep them all.
      if (this.windows.size > 10_000) for (const [id, w] of this.windows) if (nowMs - w.start >= 60_000) this.windows.delete(id);
      window = { start: nowMs, count: 0 };
      this.windows.set(keyId, window);
    }
    window.count += 1;
    return window.count > this.perMinute ? Math.max(1, Math.ceil((window.start + 60_000 - nowMs) / 1000)) : 0;
  }
}
