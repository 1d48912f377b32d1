import type { TFunction } from 'i18next';
import { BOARD_OUTCOMES, DURATION_CLASSES, type BoardSummary, type SeriesPoint } from '@dialwise/contracts';
import { axisStyle, baseOption, type ChartOption, type ChartPalette } from './chart-style.ts';
import { stepLabel } from './format.ts';

/** Calls per step: outbound and connected as bars, transferred and lost as lines. */
export function volumeOption(points: SeriesPoint[], withinDay: boolean, t: TFunction, p: ChartPalette): ChartOption {
  const axis = axisStyle(p);
  return {
    ...baseOption(p),
    tooltip: { ...baseOption(p).tooltip, trigger: 'axis' },
    grid: { left: 8, right: 16, top: 36, bottom: 4, containLabel: true },
    xAxis: {
      type: 'category',
      data: points.map((pt) => (withinDay ? stepLabel(pt.at, true) : pt.at.slice(0, 10))),
      ...axis,
      splitLine: { show: false },
    },
    yAxis: { type: 'value', minInterval: 1, ...axis },
    series: [
      { name: t('boards.volume.total'), type: 'bar', barMaxWidth: 18, data: points.map((pt) => pt.total) },
      { name: t('boards.volume.connected'), type: 'bar', barMaxWidth: 18, data: points.map((pt) => pt.connected) },
      { name: t('boards.volume.transferSuccess'), type: 'line', smooth: true, symbolSize: 4, data: points.map((pt) => pt.transferSuccess) },
      { name: t('boards.volume.lost'), type: 'line', smooth: true, symbolSize: 4, data: points.map((pt) => pt.lost), color: p.series[3] },
    ],
  };
}

/** Connected calls by talk-time class. */
export function durationOption(summary: BoardSummary, t: TFunction, p: ChartPalette): ChartOption {
  const axis = axisStyle(p);
  return {
    ...baseOption(p),
    legend: { show: false },
    tooltip: { ...baseOption(p).tooltip, trigger: 'axis' },
    grid: { left: 8, right: 16, top: 16, bottom: 4, containLabel: true },
    xAxis: { type: 'category', data: DURATION_CLASSES.map((c) => t(`boards.duration.${c.key}`)), ...axis, splitLine: { show: false } },
    yAxis: { type: 'value', minInterval: 1, ...axis },
    series: [
      {
        name: t('boards.calls'),
        type: 'bar',
        barMaxWidth: 36,
        itemStyle: { borderRadius: [3, 3, 0, 0] },
        data: DURATION_CLASSES.map((c) => summary.durations[c.key] ?? 0),
      },
    ],
  };
}

/** Finished calls by outcome (outcomes that did not occur are left out). */
/**
 * The outcome donut's slices: the call's outcome on the line, except that an answered call is split into
 * the ones a person answered and the ones an answering machine did (a voicemail record is always an answered
 * call: `statusOf` on the server). Counted together, a campaign calling voicemail boxes looked answered.
 */
const OUTCOME_SLICES = ['answered', 'machine', ...BOARD_OUTCOMES.filter((o) => o !== 'answered')] as const;

function sliceValue(summary: BoardSummary, slice: (typeof OUTCOME_SLICES)[number]): number {
  const answered = summary.outcomes.answered ?? 0;
  if (slice === 'machine') return Math.min(summary.voicemail, answered);
  if (slice === 'answered') return Math.max(0, answered - summary.voicemail);
  return summary.outcomes[slice] ?? 0;
}

export function outcomeOption(summary: BoardSummary, t: TFunction, p: ChartPalette): ChartOption {
  const data = OUTCOME_SLICES.map((o, i) => ({
    name: t(`boards.outcome.${o}`),
    value: sliceValue(summary, o),
    itemStyle: { color: p.series[i % p.series.length] },
  })).filter((d) => d.value > 0);
  return {
    ...baseOption(p),
    tooltip: { ...baseOption(p).tooltip, trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { ...baseOption(p).legend, type: 'scroll', orient: 'vertical', right: 0, top: 'middle' },
    series: [
      {
        type: 'pie',
        radius: ['42%', '68%'],
        center: ['32%', '50%'],
        avoidLabelOverlap: true,
        label: { show: false },
        itemStyle: { borderColor: p.tooltip, borderWidth: 2 },
        data,
      },
    ],
  };
}
