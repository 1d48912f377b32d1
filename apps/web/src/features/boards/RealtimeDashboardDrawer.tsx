import { Alert, Drawer, Radio, Result, Spin } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode, REALTIME_WINDOWS, type RealtimeWindow } from '@dialwise/contracts';
import { RequestFailure } from '../../api/client.ts';
import { useEscapeCloses } from '../shell/use-escape-closes.ts';
import { currentLocale } from '../../locale/index.ts';
import { TimeZoneNote, useTimeZone } from '../../locale/company-time.tsx';
import { formatClock } from '../../locale/date-time.ts';
import { getTask, taskKeys } from '../tasks/api.ts';
import { TaskDialAlert, TaskLocalWait } from '../tasks/TaskDialState.tsx';
import { boardKeys, getRealtimeBoard } from './api.ts';
import { volumeOption } from './board-charts.ts';
import { usePalette } from './chart-style.ts';
import { EChart } from './EChart.tsx';
import { formatCount } from './format.ts';
import { RateTile, StatTile, TotalTile } from './StatTile.tsx';
import './boards.css';

const WINDOWS = Object.keys(REALTIME_WINDOWS) as RealtimeWindow[];
/** The drawer polls; the rollups move as calls finish. */
export const REALTIME_REFRESH_MS = 5_000;

/**
 * The task list's real-time dashboard drawer: one task over the last 10 min, 30 min, hour or today,
 * refreshed every 5 s; the live-call figure is real-time concurrency, which exists for today only.
 * Above the figures, why a started task is not calling and when it will (the task's own `dialState`, read
 * at the same pace, also when the company has no real-time dashboard), and when the carrier pushed back in
 * the window: how many calls, the latest one's time, line and answer, and what the dialer did about it.
 */
export default function RealtimeDashboardDrawer({ task, onClose }: { task: { id: string; name: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const palette = usePalette();
  const locale = currentLocale();
  const zone = useTimeZone();
  const [window, setWindow] = useState<RealtimeWindow>('1d');
  const query = { taskId: task.id, window };
  const board = useQuery({
    queryKey: boardKeys.realtime(query),
    queryFn: () => getRealtimeBoard(query),
    // A refusal (the feature is off for the company) is not retried every few seconds.
    refetchInterval: (q) => (q.state.error ? false : REALTIME_REFRESH_MS),
  });
  const detail = useQuery({
    queryKey: taskKeys.live(task.id),
    queryFn: () => getTask(task.id),
    refetchInterval: (q) => (q.state.error ? false : REALTIME_REFRESH_MS),
  });
  // View-only: Escape closes it wherever the focus is (the list refreshing under it takes the focus).
  useEscapeCloses(true, onClose);
  const refused = board.error instanceof RequestFailure && board.error.code === ErrorCode.FORBIDDEN ? board.error.message : null;
  const data = board.data;
  const option = useMemo(() => volumeOption(data?.points ?? [], true, t, palette), [data, t, palette]);
  const n = (value: number | undefined) => formatCount(value, locale);

  return (
    <Drawer
      visible
      width={720}
      title={
        <span className="drawer-title-with-zone">
          {t('realtime.title', { task: task.name })}
          <TimeZoneNote zone={board.data?.timeZone} />
        </span>
      }
      footer={null}
      onCancel={onClose}
      unmountOnExit
      data-testid="realtime-drawer"
    >
      <div className="realtime-head">
        <Radio.Group type="button" value={window} onChange={setWindow} data-testid="realtime-window">
          {WINDOWS.map((w) => (
            <Radio key={w} value={w} data-testid={`realtime-window-${w}`}>
              {t(`realtime.window.${w}`)}
            </Radio>
          ))}
        </Radio.Group>
        <span className="board-zone" data-testid="realtime-updated">
          {board.dataUpdatedAt > 0 && t('realtime.refresh', { time: formatClock(board.dataUpdatedAt, board.data?.timeZone ?? zone) })}
        </span>
      </div>
      {detail.data && <TaskDialAlert task={detail.data} />}
      {detail.data && <TaskLocalWait task={detail.data} zone={board.data?.timeZone ?? zone} />}
      {refused ? (
        <Result status="403" subTitle={refused} data-testid="realtime-refused" />
      ) : (
        <Spin loading={board.isLoading} style={{ display: 'block' }}>
          {data && data.backPressure.calls > 0 && (
            <Alert
              type="warning"
              className="realtime-backpressure"
              data-testid="realtime-backpressure"
              title={t('realtime.backPressure.title', { count: data.backPressure.calls })}
              content={
                <>
                  {data.backPressure.last &&
                    t('realtime.backPressure.last', {
                      time: formatClock(data.backPressure.last.at, data.timeZone),
                      line: data.backPressure.last.line,
                      answer: [data.backPressure.last.sipStatus, data.backPressure.last.reason].filter(Boolean).join(' '),
                    })}{' '}
                  {t('realtime.backPressure.what')}
                </>
              }
            />
          )}
          <div className="board-stats realtime-stats">
            <StatTile
              title={t('realtime.liveCalls')}
              hint={t('realtime.liveCalls.hint')}
              value={n(data?.liveCalls)}
              testId="realtime-live"
            />
            <TotalTile summary={data?.summary} testId="realtime-total" />
            <RateTile measure="connectRate" rate={data?.summary.connectRate} testId="realtime-connect-rate" />
            <RateTile measure="inboundRate" rate={data?.summary.inboundRate} testId="realtime-inbound-rate" />
            <RateTile measure="lossRate" rate={data?.summary.lossRate} testId="realtime-loss-rate" />
            <StatTile
              title={t('boards.volume.transferSuccess')}
              value={n(data?.summary.transferSuccess)}
              sub={`${t('boards.volume.lost')} ${n(data?.summary.lost)}`}
              testId="realtime-transferred"
            />
          </div>
          <div className="board-panel-title">{t('boards.volume')}</div>
          <EChart option={option} height={300} testId="realtime-chart" />
        </Spin>
      )}
    </Drawer>
  );
}
