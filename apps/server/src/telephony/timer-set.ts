/** A call's timers, so that ending or disposing of the call clears every one still pending. */
export class TimerSet {
  private readonly timers = new Set<NodeJS.Timeout>();

  after(ms: number, fn: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  clear(...timers: Array<NodeJS.Timeout | null>): void {
    for (const timer of timers) {
      if (!timer) continue;
      clearTimeout(timer);
      this.timers.delete(timer);
    }
  }

  clearAll(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
