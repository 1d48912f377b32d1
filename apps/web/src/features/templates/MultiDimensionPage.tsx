import { Card, Grid, Skeleton } from '@arco-design/web-react';
import { CHAIN_QUOTAS } from '@dialwise/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePalette } from '../boards/chart-style.ts';
import { EChart } from '../boards/EChart.tsx';
import { StatTile } from '../boards/StatTile.tsx';
import { templatesApi } from './api.ts';
import { formatNumber } from './format.ts';
import { QuotaCard, seriesOption } from './QuotaCard.tsx';
import '../boards/boards.css';
import './templates.css';

/** Units of the growth cards (message keys: seconds read 秒 in Chinese). */
const SUFFIX: Partial<Record<(typeof CHAIN_QUOTAS)[number], string>> = { connectRate: 'md.unit.percent', talkSeconds: 'md.unit.seconds' };

/** Multi-dimension analysis over 8 days: the overview (placed, connected, missed, transfers) and four growth cards. */
export default function MultiDimensionPage() {
  const { t } = useTranslation();
  const palette = usePalette();
  const overview = useQuery({ queryKey: ['analysis', 'overview'], queryFn: templatesApi.dataOverview });
  const chains = useQueries({
    queries: CHAIN_QUOTAS.map((quota) => ({ queryKey: ['analysis', 'chain', quota], queryFn: () => templatesApi.chain(quota) })),
  });
  const option = useMemo(() => seriesOption(palette, overview.data, 'line'), [palette, overview.data]);
  return (
    <div data-testid="multi-dimension">
      <Card className="wp-card" title={t('md.overview')}>
        {!overview.data ? (
          <Skeleton text={{ rows: 2 }} animation />
        ) : (
          <Grid.Row gutter={16}>
            {overview.data.overview.map((o, i) => (
              <Grid.Col key={o.name} xs={12} md={6}>
                <StatTile title={o.name} value={formatNumber(o.count)} testId={`md-overview-${i}`} />
              </Grid.Col>
            ))}
          </Grid.Row>
        )}
        <div className="md-overview-chart">
          <EChart option={option} height={300} testId="md-overview-chart" />
        </div>
      </Card>
      <Card className="wp-card" title={t('md.growth')}>
        <Grid.Row gutter={16}>
          {CHAIN_QUOTAS.map((quota, i) => (
            <Grid.Col key={quota} xs={24} sm={12} lg={6}>
              <QuotaCard
                title={t(`md.quota.${quota}`)}
                result={chains[i]!.data}
                kind={i % 2 === 0 ? 'bar' : 'line'}
                suffix={SUFFIX[quota] && t(SUFFIX[quota])}
                testId={`md-quota-${quota}`}
              />
            </Grid.Col>
          ))}
        </Grid.Row>
      </Card>
    </div>
  );
}
