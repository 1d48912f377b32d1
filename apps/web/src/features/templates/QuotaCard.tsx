import { Card, Skeleton, Statistic, Typography } from '@arco-design/web-react';
import { IconArrowFall, IconArrowRise } from '@arco-design/web-react/icon';
import type { QuotaResult, SeriesChart } from '@dialwise/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { axisStyle, baseOption, usePalette, type ChartOption } from '../boards/chart-style.ts';
import { EChart } from '../boards/EChart.tsx';

/** A figure with its change on the period before and a small chart of its days (data analysis cards). */
export function QuotaCard({
  title,
  result,
  kind,
  suffix,
  testId,
}: {
  title: string;
  result: QuotaResult | undefined;
  kind: 'line' | 'bar';
  suffix?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const palette = usePalette();
  const option = useMemo<ChartOption>(
    () => ({
      ...baseOption(palette),
      grid: { left: 0, right: 0, top: 4, bottom: 0 },
      tooltip: { ...baseOption(palette).tooltip, trigger: 'axis' },
      xAxis: { type: 'category', show: false, data: (result?.chartData ?? []).map((p) => p.x) },
      yAxis: { type: 'value', show: false },
      series: [
        {
          type: kind,
          smooth: true,
          showSymbol: false,
          data: (result?.chartData ?? []).map((p) => p.y),
          areaStyle: kind === 'line' ? { opacity: 0.15 } : undefined,
        },
      ],
    }),
    [palette, result, kind],
  );
  return (
    <Card className="quota-card" data-testid={testId}>
      <Typography.Text type="secondary">{title}</Typography.Text>
      {!result ? (
        <Skeleton text={{ rows: 2 }} animation />
      ) : (
        <>
          <div className="quota-head">
            <Statistic value={result.count} groupSeparator suffix={suffix} />
            {result.growth === null ? (
              <span className="quota-no-growth" title={t('da.growth.none')}>
                —
              </span>
            ) : (
              <span className={result.growth >= 0 ? 'change-up' : 'change-down'} title={t('da.growth.hint')}>
                {result.growth >= 0 ? <IconArrowRise /> : <IconArrowFall />} {Math.abs(result.growth)}%
              </span>
            )}
          </div>
          <EChart option={option} height={60} />
        </>
      )}
    </Card>
  );
}

/** Several named series over one axis, as lines or stacked bars. */
export function seriesOption(palette: ReturnType<typeof usePalette>, chart: SeriesChart | undefined, kind: 'line' | 'bar'): ChartOption {
  const base = baseOption(palette);
  return {
    ...base,
    grid: { left: 40, right: 16, top: 36, bottom: 28 },
    tooltip: { ...base.tooltip, trigger: 'axis' },
    xAxis: { type: 'category', data: chart?.xAxis ?? [], ...axisStyle(palette) },
    yAxis: { type: 'value', minInterval: 1, ...axisStyle(palette) },
    series: (chart?.data ?? []).map((s) =>
      kind === 'bar'
        ? { type: 'bar' as const, name: s.name, stack: 'all', barMaxWidth: 28, data: s.value }
        : { type: 'line' as const, name: s.name, smooth: true, data: s.value },
    ),
  };
}
