import { useEffect, useRef, useState } from 'react';
import { usePalette } from '../boards/chart-style.ts';
import { formatNumber } from '../templates/format.ts';

export interface TrendPoint {
  /** The label under the axis (a day). */
  label: string;
  value: number;
}

const PAD = { left: 40, right: 16, top: 24, bottom: 28 };

/** Up to ~5 round steps from 0 to at least `max`, whole numbers only (counts of calls). */
export function niceTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude);
  const ticks: number[] = [];
  for (let tick = 0; tick < max + step; tick += step) ticks.push(tick);
  return ticks;
}

/** A smooth path through the points (a cardinal spline at tension 0.5, as a cubic Bézier per segment). */
function smoothPath(points: readonly (readonly [number, number])[]): string {
  if (points.length === 0) return '';
  let path = `M${points[0]![0]},${points[0]![1]}`;
  for (let i = 0; i < points.length - 1; i++) {
    const [p0, p1, p2, p3] = [points[Math.max(0, i - 1)]!, points[i]!, points[i + 1]!, points[Math.min(points.length - 1, i + 2)]!];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    path += ` C${c1[0]},${c1[1]} ${c2[0]},${c2[1]} ${p2[0]},${p2[1]}`;
  }
  return path;
}

/**
 * One series over days, drawn in SVG: the workplace's trend. It is the ADMIN's landing page, and ECharts (the boards'
 * charts, 157 kB on the wire) for one line would have been most of what the first page after sign-in loads.
 * Hovering a day shows its value; the figures are also in the chart's accessible name.
 */
export function TrendChart(props: { points: readonly TrendPoint[]; seriesName: string; height: number; testId?: string }) {
  const palette = usePalette();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [hover, setHover] = useState<number | null>(null);
  useEffect(() => {
    const element = box.current!;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const { points, height } = props;
  const ticks = niceTicks(Math.max(0, ...points.map((p) => p.value)));
  const top = ticks[ticks.length - 1]!;
  const plotWidth = Math.max(0, width - PAD.left - PAD.right);
  const plotHeight = height - PAD.top - PAD.bottom;
  const step = points.length > 0 ? plotWidth / points.length : 0;
  const x = (i: number) => PAD.left + step * (i + 0.5);
  const y = (value: number) => PAD.top + plotHeight * (1 - value / top);
  const at = points.map((p, i) => [x(i), y(p.value)] as const);
  const line = smoothPath(at);
  const bottom = PAD.top + plotHeight;
  // A label every `every` days, so labels never overlap (about 48 px each).
  const every = Math.max(1, Math.ceil(48 / Math.max(step, 1)));
  const color = palette.series[0]!;
  const shown = hover === null ? undefined : points[hover];

  return (
    <div ref={box} className="trend-chart" style={{ height }} data-testid={props.testId}>
      {width > 0 && (
        <svg
          width={width}
          height={height}
          role="img"
          aria-label={`${props.seriesName}: ${points.map((p) => `${p.label} ${formatNumber(p.value)}`).join(', ')}`}
          onMouseLeave={() => setHover(null)}
          onMouseMove={(event) => {
            const left = event.currentTarget.getBoundingClientRect().left;
            const index = Math.floor((event.clientX - left - PAD.left) / Math.max(step, 1));
            setHover(index >= 0 && index < points.length ? index : null);
          }}
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} stroke={tick === 0 ? palette.axis : palette.split} />
              <text x={PAD.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" fill={palette.subtext} fontSize={12}>
                {formatNumber(tick)}
              </text>
            </g>
          ))}
          {points.map((p, i) =>
            i % every === 0 ? (
              <text key={p.label} x={x(i)} y={bottom + 18} textAnchor="middle" fill={palette.subtext} fontSize={12}>
                {p.label}
              </text>
            ) : null,
          )}
          {points.length > 0 && (
            <>
              <path d={`${line} L${at[at.length - 1]![0]},${bottom} L${at[0]![0]},${bottom} Z`} fill={color} fillOpacity={0.12} />
              <path d={line} fill="none" stroke={color} strokeWidth={2} />
            </>
          )}
          {hover !== null && (
            <g pointerEvents="none">
              <line x1={x(hover)} x2={x(hover)} y1={PAD.top} y2={bottom} stroke={palette.axis} />
              <circle cx={at[hover]![0]} cy={at[hover]![1]} r={4} fill={color} stroke={palette.tooltip} strokeWidth={2} />
            </g>
          )}
        </svg>
      )}
      {shown && hover !== null && (
        <div
          className="trend-chart-tip"
          role="status"
          style={{
            left: Math.min(x(hover) + 12, Math.max(0, width - 140)),
            top: PAD.top,
            background: palette.tooltip,
            borderColor: palette.axis,
            color: palette.text,
          }}
        >
          <div>{shown.label}</div>
          <div>
            <span className="trend-chart-dot" style={{ background: color }} />
            {props.seriesName} <b>{formatNumber(shown.value)}</b>
          </div>
        </div>
      )}
    </div>
  );
}
