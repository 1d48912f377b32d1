import { describe, expect, it } from 'vitest';
import { LinePacer } from './line-pacer.ts';

/** How many setups the pacer lets through over `ms`, polling every 10 ms. */
function admitted(pacer: LinePacer, from: number, ms: number): number {
  let n = 0;
  for (let t = from; t < from + ms; t += 10) while (pacer.tryTake(t)) n += 1;
  return n;
}

describe('line pacer (calls per second with back-pressure)', () => {
  it('lets through a burst of one second, then the configured rate', () => {
    const pacer = new LinePacer(5, 0);
    expect(admitted(pacer, 0, 10)).toBe(5);
    // Over the next ten seconds: about 5 per second, never more.
    const next = admitted(pacer, 10, 10_000);
    expect(next).toBeGreaterThanOrEqual(49);
    expect(next).toBeLessThanOrEqual(51);
  });

  it('says how long to wait for the next token', () => {
    const pacer = new LinePacer(2, 0);
    pacer.tryTake(0);
    pacer.tryTake(0);
    expect(pacer.waitMs(0)).toBe(500);
    expect(pacer.waitMs(500)).toBe(0);
  });

  it('holds after back-pressure, halves the rate, and doubles the hold while it repeats', () => {
    const pacer = new LinePacer(4, 0, { coolDownMs: 1000 });
    pacer.backPressure(0);
    expect(pacer.tryTake(999)).toBe(false);
    expect(pacer.effectiveCps).toBe(2);
    expect(pacer.waitMs(500)).toBe(500);
    pacer.backPressure(1000);
    expect(pacer.heldUntil).toBe(3000);
    expect(pacer.effectiveCps).toBe(1);
  });

  it('never drops below its minimum share, and recovers as calls get through', () => {
    const pacer = new LinePacer(10, 0, { minShare: 0.2 });
    for (let i = 0; i < 10; i += 1) pacer.backPressure(i);
    expect(pacer.effectiveCps).toBe(2);
    for (let i = 0; i < 20; i += 1) pacer.accepted();
    expect(pacer.effectiveCps).toBe(10);
  });
});
