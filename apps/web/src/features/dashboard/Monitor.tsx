import { Badge, Card, Empty, Grid, List, Progress, Space, Table, Tag, Typography } from '@arco-design/web-react';
import { IconPhone } from '@arco-design/web-react/icon';
import type { ChatItem, MonitorSeat } from '@dialwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SEAT_STATE_COLOR } from '../seat/seat-labels.ts';
import { templatesApi } from '../templates/api.ts';
import { formatDuration } from '../templates/format.ts';
import { TimeZoneNote, useCompanyTime } from '../../locale/company-time.tsx';
import '../templates/templates.css';

/** The monitor polls: fresh enough to watch calls finish, light enough for a page left open all day. */
const POLL_MS = 5_000;

function Feed() {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const navigate = useNavigate();
  const feed = useQuery({ queryKey: ['monitor', 'feed'], queryFn: templatesApi.latestCalls, refetchInterval: POLL_MS });
  return (
    <Card
      className="wp-card monitor-feed"
      title={t('mon.feed')}
      extra={
        <Space size={16}>
          <TimeZoneNote />
          <Badge status="processing" text={t('mon.live')} />
        </Space>
      }
    >
      {(feed.data ?? []).length === 0 ? (
        <Empty description={t('mon.feed.empty')} />
      ) : (
        <List
          size="small"
          bordered={false}
          dataSource={feed.data}
          data-testid="monitor-feed"
          render={(item: ChatItem) => (
            <List.Item
              key={item.id}
              className="monitor-feed-item"
              onClick={() => navigate(`/board/callRecordBoard/${item.projectId}/${item.taskId}`)}
            >
              <List.Item.Meta
                avatar={<IconPhone className={item.status === 'connected' ? 'feed-icon-ok' : 'feed-icon-miss'} />}
                title={
                  <Space size={8}>
                    <Typography.Text bold>{item.username}</Typography.Text>
                    <Typography.Text type="secondary">{item.phone}</Typography.Text>
                    <Tag size="small" color={item.status === 'connected' ? 'green' : 'gray'}>
                      {t(item.status === 'connected' ? 'mon.connected' : 'mon.missed')}
                    </Tag>
                  </Space>
                }
                description={
                  <span>
                    <span data-testid="monitor-feed-time">{t('mon.feed.endedAt', { time: time.format(item.time) })}</span>
                    {item.status === 'connected' ? ` · ${formatDuration(item.durationMs)}` : ''}
                    {item.outcome ? ` · ${t(`boards.outcome.${item.outcome}`, { defaultValue: item.outcome })}` : ''}
                    {item.content ? ` · ${item.content}` : ''}
                  </span>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/**
 * A seat neither signed in nor connected is "not signed in" for the company, in the words of the boards' count
 * (which adds the two up): the seat's own page tells the agent which of the two it is.
 */
const OUT_OF_WORK = new Set<MonitorSeat['state']>(['not-connected', 'signed-out']);

/** Every agent of the company and their seat's state, busiest first (the server sorts them). */
function Seats({ seats }: { seats: MonitorSeat[] | undefined }) {
  const { t } = useTranslation();
  const time = useCompanyTime();
  return (
    <Card className="wp-card" title={t('mon.seats')}>
      {seats && seats.length === 0 ? (
        <Empty description={t('mon.seats.empty')} data-testid="monitor-seats-empty" />
      ) : (
        <List
          size="small"
          bordered={false}
          loading={!seats}
          dataSource={seats ?? []}
          data-testid="monitor-seats"
          render={(seat: MonitorSeat) => (
            <List.Item key={seat.id} data-testid={`monitor-seat-${seat.id}`} data-state={seat.state}>
              <Space>
                <Tag color={SEAT_STATE_COLOR[seat.state]} data-testid="monitor-seat-state">
                  {t(OUT_OF_WORK.has(seat.state) ? 'boards.operators.signedOut' : `seat.state.${seat.state}`)}
                </Tag>
                {seat.name}
                {seat.since && <Typography.Text type="secondary">{t('mon.seat.since', { time: time.format(seat.since) })}</Typography.Text>}
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/** Live activity: the running tasks with their calls in flight, the calls as they finish, the seats. */
export default function Monitor() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const monitor = useQuery({ queryKey: ['monitor', 'tasks'], queryFn: templatesApi.monitor, refetchInterval: POLL_MS });
  return (
    <div data-testid="monitor">
      <Grid.Row gutter={16}>
        <Grid.Col xs={24} lg={15}>
          <Card className="wp-card" title={t('mon.tasks')}>
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              loading={monitor.isLoading}
              data={monitor.data?.tasks ?? []}
              data-testid="monitor-tasks"
              noDataElement={<Empty description={t('mon.tasks.empty')} />}
              onRow={(row) => ({ onClick: () => navigate(`/project/taskList/${row.projectId}`), className: 'clickable-row' })}
              columns={[
                { title: t('mon.col.task'), dataIndex: 'name', ellipsis: true },
                { title: t('mon.col.project'), dataIndex: 'projectName', ellipsis: true },
                {
                  title: t('mon.col.live'),
                  dataIndex: 'liveCalls',
                  render: (live: number, row) => (row.concurrency === null ? `${live} / ${t('mon.auto')}` : `${live} / ${row.concurrency}`),
                },
                {
                  title: t('mon.col.progress'),
                  render: (_v, row) => (
                    <Progress size="small" percent={row.total === 0 ? 0 : Math.round(((row.total - row.pending) / row.total) * 100)} />
                  ),
                },
              ]}
            />
          </Card>
          <Seats seats={monitor.data?.seats} />
        </Grid.Col>
        <Grid.Col xs={24} lg={9}>
          <Feed />
        </Grid.Col>
      </Grid.Row>
    </div>
  );
}
