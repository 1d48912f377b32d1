import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FRAME_MS } from '../../audio/pcm.ts';
import { MediaClock } from './media-clock.ts';

// Virtual time: the clock's timers and its monotonic clock are the fakes', so a stall is exactly as long as the
// test says and no stall of a busy machine adds to it.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * The event loop is blocked for `ms`, called from a tick: time passes and no timer runs (the clock's next one
 * is not yet set). The advance the tick runs in then goes on from there: its own span comes on top.
 */
const block = (ms: number) => vi.advanceTimersByTime(ms);

describe('the media clock', () => {
  it('runs one tick per frame on the frame grid', () => {
    const clock = new MediaClock(undefined, 5);
    const ticks: Array<{ at: number; skipped: number }> = [];
    const startedAt = performance.now();
    const tick = (skipped: number) => ticks.push({ at: performance.now() - startedAt, skipped });
    clock.add(tick);
    vi.advanceTimersByTime(10 * FRAME_MS);
    clock.remove(tick);
    expect(ticks).toEqual(Array.from({ length: 10 }, (_, i) => ({ at: (i + 1) * FRAME_MS, skipped: 0 })));
    expect(clock.lateTicks).toBe(0);
  });

  it('after a stall longer than its catch-up, runs the newest ticks back to back and tells the first how many frames it skipped', () => {
    const clock = new MediaClock(undefined, 5);
    const ticks: Array<{ at: number; skipped: number }> = [];
    const startedAt = performance.now();
    const tick = (skipped: number) => {
      ticks.push({ at: performance.now() - startedAt, skipped });
      if (ticks.length === 3) block(500);
    };
    clock.add(tick);
    // 400 ms of timers and the 500 ms stall: 900 ms in all.
    vi.advanceTimersByTime(400);
    clock.remove(tick);
    expect(performance.now() - startedAt).toBe(900);

    // Three ticks at 20, 40, 60 ms; the third blocks to 560 ms. At 560 the frames due are 80 … 560 (25): the
    // newest 5 (480 … 560) run back to back, the 20 before them are skipped and the first of the 5 says so.
    expect(ticks.slice(0, 3)).toEqual([20, 40, 60].map((at) => ({ at, skipped: 0 })));
    expect(ticks.slice(3, 8)).toEqual([{ at: 560, skipped: 20 }, ...Array.from({ length: 4 }, () => ({ at: 560, skipped: 0 }))]);
    // Then on the grid again (580, 600, …, 900), none skipped.
    expect(ticks.slice(8)).toEqual(Array.from({ length: 17 }, (_, i) => ({ at: 580 + i * FRAME_MS, skipped: 0 })));
    // Ticks run plus frames skipped account for every frame of the 900 ms.
    expect(ticks.length + ticks.reduce((n, t) => n + t.skipped, 0)).toBe(900 / FRAME_MS);
    expect(clock.lateTicks).toBe(1);
  });

  it('a stall within its catch-up skips nothing: the missed ticks all run', () => {
    const clock = new MediaClock(undefined, 5);
    const ticks: number[] = [];
    const tick = (skipped: number) => {
      ticks.push(skipped);
      if (ticks.length === 1) block(3 * FRAME_MS);
    };
    clock.add(tick);
    // 7 frames of timers and the 3-frame stall.
    vi.advanceTimersByTime(7 * FRAME_MS);
    clock.remove(tick);
    expect(ticks).toEqual(Array.from({ length: 10 }, () => 0));
  });
});
