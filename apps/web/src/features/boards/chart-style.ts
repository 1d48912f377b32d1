import { useEffect, useState } from 'react';
import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';

/**
 * What a page needs to describe a chart (its option type, the theme's colours, the shared axis and legend styles)
 * without ECharts itself: the page paints first and ECharts comes in the chart's own chunk (./EChart.tsx).
 */
export type ChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | PieSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/** Colours of the console's theme, for charts (ECharts cannot read CSS variables). */
export interface ChartPalette {
  text: string;
  subtext: string;
  axis: string;
  split: string;
  tooltip: string;
  series: string[];
}

const LIGHT: ChartPalette = {
  text: '#1d2129',
  subtext: '#86909c',
  axis: '#e5e6eb',
  split: '#f2f3f5',
  tooltip: '#ffffff',
  series: [
    '#165DFF',
    '#00B42A',
    '#FF7D00',
    '#F53F3F',
    '#14C9C9',
    '#722ED1',
    '#F7BA1E',
    '#3491FA',
    '#9FDB1D',
    '#F5319D',
    '#86909C',
    '#0FC6C2',
  ],
};
const DARK: ChartPalette = {
  text: 'rgba(255,255,255,0.9)',
  subtext: 'rgba(255,255,255,0.5)',
  axis: '#484849',
  split: '#2e2e30',
  tooltip: '#2a2a2b',
  series: [
    '#3C7EFF',
    '#27C346',
    '#FF9626',
    '#F76965',
    '#30C9C9',
    '#8D4EDA',
    '#FADC19',
    '#5AAAFB',
    '#B5E241',
    '#F754A8',
    '#929293',
    '#3FD4CF',
  ],
};

/** Whether the console is dark: the shell sets `arco-theme="dark"` on the body. */
export function useDarkTheme(): boolean {
  const read = () => document.body.getAttribute('arco-theme') === 'dark';
  const [dark, setDark] = useState(read);
  useEffect(() => {
    const observer = new MutationObserver(() => setDark(read()));
    observer.observe(document.body, { attributes: true, attributeFilter: ['arco-theme'] });
    return () => observer.disconnect();
  }, []);
  return dark;
}

export function usePalette(): ChartPalette {
  return useDarkTheme() ? DARK : LIGHT;
}

/** Axis, legend and tooltip styles every board chart shares. */
export function baseOption(p: ChartPalette): ChartOption {
  return {
    backgroundColor: 'transparent',
    color: p.series,
    textStyle: { color: p.text, fontFamily: 'inherit' },
    tooltip: { backgroundColor: p.tooltip, borderColor: p.axis, textStyle: { color: p.text } },
    legend: { textStyle: { color: p.subtext }, top: 0, icon: 'roundRect', itemWidth: 12, itemHeight: 8 },
  };
}

/**
 * A day on a chart's axis: every chart writes it `11-23` (the year is in the range the page shows, and the
 * tooltip keeps the whole day); any other label (an hour, a class) is shown as it is.
 */
export function axisDay(label: string | number): string {
  const text = String(label);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? text.slice(5) : text;
}

export function axisStyle(p: ChartPalette) {
  return {
    axisLine: { lineStyle: { color: p.axis } },
    axisTick: { show: false },
    axisLabel: { color: p.subtext, formatter: axisDay },
    splitLine: { lineStyle: { color: p.split } },
  };
}
