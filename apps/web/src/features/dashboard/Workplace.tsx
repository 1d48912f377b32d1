import { Button, Card, Empty, Grid, Radio, Skeleton, Table, Typography } from '@arco-design/web-react';
import { IconArrowFall, IconArrowRise } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatTile } from '../boards/StatTile.tsx';
import { useUser } from '../../store/user.ts';
import { templatesApi } from '../templates/api.ts';
import { MessageLines } from '../templates/MessageLines.tsx';
import { frequentPages } from '../templates/frequent-pages.ts';
import { formatNumber, formatPercent } from '../templates/format.ts';
import { TimeZoneNote } from '../../locale/company-time.tsx';
import '../boards/boards.css';
import '../templates/templates.css';
import { axisDay } from '../boards/chart-style.ts';
import { TrendChart } from './TrendChart.tsx';
import './dashboard.css';

function Change({ now, before, percent = false }: { now: number | null; before: number | null; percent?: boolean }) {
  const { t } = useTranslation();
  if (now === null || before === null) return <span>{t('wp.vsYesterday.none')}</span>;
  const diff = now - before;
  const shown = percent ? `${(Math.abs(diff) * 100).toFixed(1)} pt` : formatNumber(Math.abs(diff));
  return (
    <span className={diff >= 0 ? 'change-up' : 'change-down'}>
      {t('wp.vsYesterday')} {diff >= 0 ? <IconArrowRise /> : <IconArrowFall />} {shown}
    </span>
  );
}

function Overview() {
  const { t } = useTranslation();
  const overview = useQuery({ queryKey: ['workplace', 'overview'], queryFn: templatesApi.overview, refetchInterval: 60_000 });
  const trend = useQuery({ queryKey: ['workplace', 'trend'], queryFn: templatesApi.contentData });
  const o = overview.data;
  return (
    <Card className="wp-card" title={t('wp.overview')}>
      {!o ? (
        <Skeleton text={{ rows: 3 }} animation />
      ) : (
        <Grid.Row gutter={16} className="wp-stats">
          <Grid.Col xs={12} md={6}>
            <StatTile
              title={t('wp.todayCalls')}
              value={formatNumber(o.todayCalls)}
              sub={<Change now={o.todayCalls} before={o.yesterdayCalls} />}
              testId="wp-today-calls"
            />
          </Grid.Col>
          <Grid.Col xs={12} md={6}>
            <StatTile
              title={t('wp.connectRate')}
              hint={t('wp.connectRate.hint')}
              value={formatPercent(o.connectRate)}
              sub={<Change now={o.connectRate} before={o.yesterdayConnectRate} percent />}
              testId="wp-connect-rate"
            />
          </Grid.Col>
          <Grid.Col xs={12} md={6}>
            <StatTile title={t('wp.runningTasks')} value={formatNumber(o.runningTasks)} testId="wp-running-tasks" />
          </Grid.Col>
          <Grid.Col xs={12} md={6}>
            <StatTile title={t('wp.pending')} hint={t('wp.pending.hint')} value={formatNumber(o.pendingSubtasks)} testId="wp-pending" />
          </Grid.Col>
        </Grid.Row>
      )}
      <Typography.Title heading={6} className="wp-subtitle">
        {t('wp.trend')}
      </Typography.Title>
      <TrendChart
        points={(trend.data ?? []).map((p) => ({ label: axisDay(p.x), value: p.y }))}
        seriesName={t('wp.trend.calls')}
        height={260}
        testId="wp-trend"
      />
    </Card>
  );
}

function Busiest() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [type, setType] = useState<'text' | 'image' | 'video'>('text');
  const popular = useQuery({ queryKey: ['workplace', 'popular', type], queryFn: () => templatesApi.popular(type) });
  return (
    <Card
      className="wp-card"
      title={t('wp.busiest')}
      extra={
        <Button type="text" size="mini" onClick={() => navigate('/board/projectBoard')}>
          {t('wp.more')}
        </Button>
      }
    >
      <Radio.Group type="button" size="small" value={type} onChange={setType} className="wp-tabs" data-testid="wp-busiest-type">
        <Radio value="text">{t('wp.busiest.tasks')}</Radio>
        <Radio value="image">{t('wp.busiest.lines')}</Radio>
        <Radio value="video">{t('wp.busiest.projects')}</Radio>
      </Radio.Group>
      <Table
        rowKey="key"
        size="small"
        pagination={false}
        loading={popular.isFetching}
        data={(popular.data ?? []).slice(0, 5)}
        data-testid="wp-busiest"
        noDataElement={<Empty description={t('wp.busiest.empty')} />}
        columns={[
          { title: t('wp.col.rank'), render: (_v, _r, i) => i + 1, width: 64 },
          { title: t('common.name'), dataIndex: 'title', ellipsis: true },
          { title: t('wp.col.calls'), dataIndex: 'clickNumber', render: (v: number) => formatNumber(v), width: 90 },
          {
            title: t('wp.col.change'),
            dataIndex: 'increases',
            width: 120,
            render: (v: number | null) =>
              v === null ? (
                <span className="quota-no-growth">—</span>
              ) : (
                <span className={v >= 0 ? 'change-up' : 'change-down'}>{`${v >= 0 ? '+' : ''}${v}%`}</span>
              ),
          },
        ]}
      />
    </Card>
  );
}

function Announcements() {
  const { t } = useTranslation();
  const notices = useQuery({ queryKey: ['messages', 'list', 'notice'], queryFn: () => templatesApi.messages('notice') });
  return (
    <Card className="wp-card" title={t('wp.announcements')} extra={<TimeZoneNote />}>
      <MessageLines messages={notices.data} most={5} empty={t('wp.announcements.empty')} boldUnread listTestId="wp-announcements" />
    </Card>
  );
}

function QuickLinks() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser((s) => s.user);
  const role = useUser((s) => s.role);
  const pages = frequentPages(user?.id, role);
  const fallback = [
    { name: 'projectListAdmin', path: '/project/projectListAdmin', locale: 'menu.projectListAdmin' },
    { name: 'projectBoard', path: '/board/projectBoard', locale: 'menu.projectBoard' },
    { name: 'monitor', path: '/dashboard/monitor', locale: 'menu.monitor' },
    { name: 'sipManage', path: '/system/sip-manage', locale: 'menu.sipManage' },
  ];
  const shown = pages.length > 0 ? pages : fallback;
  return (
    <Card className="wp-card" title={t('wp.quickLinks')}>
      <Typography.Text type="secondary">{pages.length > 0 ? t('wp.quickLinks.frequent') : t('wp.quickLinks.start')}</Typography.Text>
      <div className="wp-links" data-testid="wp-quick-links">
        {shown.map((p) => (
          <Button key={p.name} type="secondary" onClick={() => navigate(p.path)} data-testid={`wp-link-${p.name}`}>
            {t(p.locale)}
          </Button>
        ))}
      </div>
    </Card>
  );
}

/** The ADMIN's landing page: today at a glance from the company's calls, the busiest work, news and shortcuts. */
export default function Workplace() {
  const { t } = useTranslation();
  const user = useUser((s) => s.user);
  return (
    <div className="workplace" data-testid="workplace">
      <Typography.Title heading={5} className="wp-greeting">
        {t('wp.greeting', { name: user?.alias || user?.username })}
      </Typography.Title>
      <Grid.Row gutter={16}>
        <Grid.Col xs={24} lg={16}>
          <Overview />
          <Busiest />
        </Grid.Col>
        <Grid.Col xs={24} lg={8}>
          <QuickLinks />
          <Announcements />
        </Grid.Col>
      </Grid.Row>
    </div>
  );
}
