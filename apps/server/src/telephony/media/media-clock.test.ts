import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { FRAME_MS } from '../../audio/pcm.ts';
import { MediaClock } from './media-clock.ts';

const block = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('the media clock', () => {
  it('after a stall longer than its catch-up, runs the newest ticks back to back and tells the first how many frames it skipped', async () => {
    const clock = new MediaClock(undefined, 5);
    const ticks: Array<{ at: number; skipped: number }> = [];
    const startedAt = performance.now();
    const tick = (skipped: number) => {
      ticks.push({ at: performance.now(), skipped });
      if (ticks.length === 3) block(500);
    };
    clock.add(tick);
    await new Promise((resolve) => setTimeout(resolve, 900));
    clock.remove(tick);
    const elapsed = performance.now() - startedAt;

    // The 500 ms stall held ~25 ticks: the newest 5 ran, the ~20 before them were skipped and reported (a busy
    // machine may add stalls of its own, reported the same way).
    const stall = ticks[3]!;
    expect(stall.skipped).toBeGreaterThanOrEqual(18);
    expect(ticks[7]!.at - stall.at).toBeLessThan(FRAME_MS);
    // Ticks run plus frames skipped account for the time that passed (within a few frames of timer slack).
    const accounted = ticks.length + ticks.reduce((n, t) => n + t.skipped, 0);
    expect(accounted).toBeGreaterThanOrEqual(Math.floor(elapsed / FRAME_MS) - 3);
    expect(accounted).toBeLessThanOrEqual(Math.ceil(elapsed / FRAME_MS) + 1);
  });
});
