import { describe, expect, it } from 'vitest';
import { niceTicks } from './TrendChart.tsx';

describe('the trend chart’s axis', () => {
  it('steps in round whole numbers from 0 to at least the highest value', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(1)).toEqual([0, 1]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(8)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(9)).toEqual([0, 5, 10]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });

  it('never has more than six lines, whatever the values', () => {
    for (let max = 1; max < 100_000; max = Math.ceil(max * 1.37)) {
      const ticks = niceTicks(max);
      expect(ticks.length, String(max)).toBeLessThanOrEqual(6);
      expect(ticks.at(-1)!, String(max)).toBeGreaterThanOrEqual(max);
      expect(ticks.every(Number.isInteger)).toBe(true);
    }
  });
});
