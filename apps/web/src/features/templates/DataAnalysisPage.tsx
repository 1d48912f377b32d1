import { Card, Empty, Grid, Table } from '@arco-design/web-react';
import { OPINION_QUOTAS } from '@dialwise/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePalette } from '../boards/chart-style.ts';
import { EChart } from '../boards/EChart.tsx';
import { templatesApi } from './api.ts';
import { formatNumber } from './format.ts';
import { QuotaCard, seriesOption } from './QuotaCard.tsx';
import './templates.css';

/**
 * Data analysis on the company's calls this week: the four quota cards (calls, connected, transfers,
 * talk minutes), calls per SIP line per day, the task creators whose tasks called most, and calls per
 * hour of the day.
 */
export default function DataAnalysisPage() {
  const { t } = useTranslation();
  const palette = usePalette();
  const quotas = useQueries({
    queries: OPINION_QUOTAS.map((quota) => ({ queryKey: ['analysis', 'opinion', quota], queryFn: () => templatesApi.opinion(quota) })),
  });
  const publish = useQuery({ queryKey: ['analysis', 'publish'], queryFn: templatesApi.publish });
  const period = useQuery({ queryKey: ['analysis', 'period'], queryFn: templatesApi.period });
  const authors = useQuery({ queryKey: ['analysis', 'authors'], queryFn: templatesApi.authors });
  const publishOption = useMemo(() => seriesOption(palette, publish.data, 'bar'), [palette, publish.data]);
  const periodOption = useMemo(() => seriesOption(palette, period.data, 'line'), [palette, period.data]);
  return (
    <div data-testid="data-analysis">
      <Card className="wp-card" title={t('da.quotas')}>
        <Grid.Row gutter={16}>
          {OPINION_QUOTAS.map((quota, i) => (
            <Grid.Col key={quota} xs={24} sm={12} lg={6}>
              <QuotaCard
                title={t(`da.quota.${quota}`)}
                result={quotas[i]!.data}
                kind={i % 2 === 0 ? 'line' : 'bar'}
                testId={`da-quota-${quota}`}
              />
            </Grid.Col>
          ))}
        </Grid.Row>
      </Card>
      <Grid.Row gutter={16}>
        <Grid.Col xs={24} lg={14}>
          <Card className="wp-card" title={t('da.perLine')}>
            {(publish.data?.data ?? []).length === 0 ? (
              <Empty description={t('da.noCalls')} />
            ) : (
              <EChart option={publishOption} height={320} testId="da-per-line" />
            )}
          </Card>
        </Grid.Col>
        <Grid.Col xs={24} lg={10}>
          <Card className="wp-card" title={t('da.authors')}>
            <Table
              rowKey="ranking"
              size="small"
              pagination={false}
              loading={authors.isLoading}
              data={authors.data?.list ?? []}
              data-testid="da-authors"
              noDataElement={<Empty description={t('da.noCalls')} />}
              columns={[
                { title: t('da.col.rank'), dataIndex: 'ranking', width: 70 },
                { title: t('da.col.author'), dataIndex: 'author' },
                {
                  title: t('da.col.tasks'),
                  dataIndex: 'contentCount',
                  render: (v: number) => formatNumber(v),
                  sorter: (a, b) => a.contentCount - b.contentCount,
                },
                {
                  title: t('da.col.calls'),
                  dataIndex: 'clickCount',
                  render: (v: number) => formatNumber(v),
                  sorter: (a, b) => a.clickCount - b.clickCount,
                },
              ]}
            />
          </Card>
        </Grid.Col>
      </Grid.Row>
      <Card className="wp-card" title={t('da.perHour')}>
        <EChart option={periodOption} height={300} testId="da-per-hour" />
      </Card>
    </div>
  );
}
