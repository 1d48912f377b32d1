import { describe, expect, it } from 'vitest';
import { axisDay, axisStyle } from './chart-style.ts';

describe('chart axes', () => {
  it('write a day one way on every chart, 11-23, and leave other labels as they are', () => {
    expect(axisDay('2026-11-23')).toBe('11-23');
    expect(axisDay('09:00')).toBe('09:00');
    expect(axisDay(120)).toBe('120');
    // Every chart's axes come from axisStyle, so none writes the day its own way.
    const style = axisStyle({ axis: '#000', subtext: '#111', split: '#222' } as Parameters<typeof axisStyle>[0]);
    expect(style.axisLabel.formatter('2026-11-23')).toBe('11-23');
  });
});
