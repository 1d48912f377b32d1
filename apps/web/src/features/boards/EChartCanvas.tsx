import { useEffect, useRef } from 'react';
import { init, use, type ECharts } from 'echarts/core';
import type { ChartProps } from './EChart.tsx';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the boards draw, so the chunk carries no more of ECharts than that.
use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/**
 * A small React wrapper around one ECharts instance: created on mount, resized with its box, given each
 * new option whole (`notMerge`), disposed on unmount.
 */
export default function EChartCanvas({ option, height = 280, testId }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  useEffect(() => {
    const instance = init(box.current!, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(box.current!);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);
  return <div ref={box} style={{ width: '100%', height }} data-testid={testId} />;
}
