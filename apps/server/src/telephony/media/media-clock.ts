/**
 * One 20 ms clock per trunk drives the media of every call: each tick sends one RTP packet per answered
 * call and writes 20 ms to each recording. One timer for hundreds of calls costs far less than one timer
 * per call, and keeps every call on the same cadence.
 *
 * Ticks are scheduled against the monotonic clock, not chained setTimeouts, so lateness does not add up:
 * when the event loop was blocked, the missed ticks run back to back (at most `maxCatchUp`, the newest), and
 * after a longer stall the older ones are skipped instead of flooding the network. A skip is not silent: the
 * first tick after it is told how many frames were skipped, so a recording can keep real time (it fell
 * behind the far end's audio by every skipped frame, and what we said after a stall landed earlier in the
 * recording than what we answered).
 *
 * Time is read from the global `performance` (not node:perf_hooks' binding of it) and timers from the global
 * setTimeout: the media path (this clock, the calls, the text voice) then runs on a test's fake timers, which
 * replace both, so a test of its timing holds however busy the machine is.
 */
import { FRAME_MS } from '../../audio/pcm.ts';

/** One member's tick; `skippedFrames` (> 0 only right after a long stall) frames before it were not run. */
export type Tick = (skippedFrames: number) => void;

export class MediaClock {
  private readonly members = new Set<Tick>();
  private timer: NodeJS.Timeout | null = null;
  private nextAt = 0;
  /** Ticks that ran later than one frame, since start (a health figure for the benchmark). */
  lateTicks = 0;

  constructor(
    private readonly onError: (error: unknown) => void = () => undefined,
    private readonly maxCatchUp = 5,
  ) {}

  get size(): number {
    return this.members.size;
  }

  add(tick: Tick): void {
    this.members.add(tick);
    if (!this.timer) {
      this.nextAt = performance.now() + FRAME_MS;
      this.schedule();
    }
  }

  remove(tick: Tick): void {
    this.members.delete(tick);
    if (this.members.size === 0 && this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private schedule(): void {
    this.timer = setTimeout(() => this.run(), Math.max(0, this.nextAt - performance.now()));
  }

  private run(): void {
    const now = performance.now();
    if (now - this.nextAt > FRAME_MS) this.lateTicks++;
    // Ticks due: at nextAt, nextAt + 20, … ≤ now. Beyond maxCatchUp the oldest are skipped (the grid is kept).
    const due = Math.floor((now - this.nextAt) / FRAME_MS) + 1;
    const skipped = Math.max(0, due - this.maxCatchUp);
    this.nextAt += skipped * FRAME_MS;
    let ran = 0;
    while (this.nextAt <= now) {
      for (const tick of this.members) {
        try {
          tick(ran === 0 ? skipped : 0);
        } catch (error) {
          this.onError(error);
        }
      }
      this.nextAt += FRAME_MS;
      ran++;
    }
    if (this.members.size > 0) this.schedule();
    else this.timer = null;
  }
}
