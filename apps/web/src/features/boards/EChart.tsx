import { Spin } from '@arco-design/web-react';
import { Suspense, lazy } from 'react';
import type { ChartOption } from './chart-style.ts';

export interface ChartProps {
  option: ChartOption;
  height?: number;
  testId?: string;
}

// ECharts is most of a chart page's weight: it is fetched after the page has painted, in a chunk of its own.
const EChartCanvas = lazy(() => import('./EChartCanvas.tsx'));

/** A chart: a box of its height with a spinner at once, the chart as soon as ECharts has arrived. */
export function EChart(props: ChartProps) {
  const height = props.height ?? 280;
  return (
    <Suspense
      fallback={
        <div className="chart-loading" style={{ height }}>
          <Spin />
        </div>
      }
    >
      <EChartCanvas {...props} height={height} />
    </Suspense>
  );
}
