import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { BOARD_OUTCOMES, DURATION_CLASSES, type BoardSummary } from '@dialwise/contracts';
import { formatDuration, formatRate, stepLabel } from './format.ts';
import { durationOption, outcomeOption, volumeOption } from './board-charts.ts';
import boardsMessages from './locale/en-US.json' with { type: 'json' };

const t = ((key: string, params?: Record<string, unknown>) => `${key}${params ? JSON.stringify(params) : ''}`) as unknown as TFunction;
const palette = { text: '#000', subtext: '#111', axis: '#222', split: '#333', tooltip: '#fff', series: ['#a', '#b', '#c', '#d'] };

describe('board formatting', () => {
  it('a rate with nothing to divide by shows —, never NaN', () => {
    expect(formatRate(null)).toBe('—');
    expect(formatRate(undefined)).toBe('—');
    expect(formatRate(Number.NaN)).toBe('—');
    expect(formatRate(0)).toBe('0.0%');
    expect(formatRate(0.4567)).toBe('45.7%');
    expect(formatRate(1)).toBe('100.0%');
  });
  it('talk time in seconds under a minute, else minutes and seconds', () => {
    expect(formatDuration(null, t)).toBe('—');
    expect(formatDuration(12_400, t)).toBe('boards.seconds{"value":12}');
    expect(formatDuration(135_000, t)).toBe('boards.minutes{"m":2,"s":15}');
  });
  it('step labels', () => {
    expect(stepLabel('2026-03-02T13:00', true)).toBe('13:00');
    expect(stepLabel('2026-03-02T00:00', false)).toBe('03-02');
  });
});

describe('board charts', () => {
  const summary = {
    total: 3,
    connected: 2,
    missed: 1,
    voicemail: 0,
    transferSuccess: 1,
    transferFailed: 0,
    lost: 0,
    durationMs: 10,
    connectRate: 2 / 3,
    inboundRate: 0.5,
    lossRate: 0,
    averageDurationMs: 5,
    outcomes: Object.fromEntries(BOARD_OUTCOMES.map((o) => [o, o === 'answered' ? 2 : o === 'busy' ? 1 : 0])),
    durations: Object.fromEntries(DURATION_CLASSES.map((c, i) => [c.key, i])),
  } as BoardSummary;
  it('outcomes leave out what did not happen and are labelled', () => {
    const series = (outcomeOption(summary, t, palette).series as { data: { name: string; value: number }[] }[])[0]!;
    expect(series.data.map((d) => [d.name, d.value])).toEqual([
      ['boards.outcome.answered', 2],
      ['boards.outcome.busy', 1],
    ]);
  });
  it('answered calls are split into a person and an answering machine (voicemail is never counted as answered)', () => {
    const machines = { ...summary, total: 6, voicemail: 3, outcomes: { ...summary.outcomes, answered: 5 } } as BoardSummary;
    const series = (outcomeOption(machines, t, palette).series as { data: { name: string; value: number }[] }[])[0]!;
    expect(series.data.map((d) => [d.name, d.value])).toEqual([
      ['boards.outcome.answered', 2],
      ['boards.outcome.machine', 3],
      ['boards.outcome.busy', 1],
    ]);
    expect(series.data.reduce((sum, d) => sum + d.value, 0)).toBe(machines.total);
  });
  it('durations keep every class in order; volume carries the four series', () => {
    const bars = (durationOption(summary, t, palette).series as { data: number[] }[])[0]!;
    expect(bars.data).toEqual([0, 1, 2, 3, 4, 5]);
    const volume = volumeOption([{ at: '2026-03-02T09:00', total: 4, connected: 2, transferSuccess: 1, lost: 0 }], true, t, palette);
    expect((volume.series as { data: number[] }[]).map((s) => s.data)).toEqual([[4], [2], [1], [0]]);
  });
  it('every outcome and duration class has a label in both languages', () => {
    for (const o of BOARD_OUTCOMES) expect(boardsMessages).toHaveProperty([`boards.outcome.${o}`]);
    for (const c of DURATION_CLASSES) expect(boardsMessages).toHaveProperty([`boards.duration.${c.key}`]);
  });
});
