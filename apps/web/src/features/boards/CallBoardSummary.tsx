import { Card, Empty, Spin } from '@arco-design/web-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardQuery } from '@dialwise/contracts';
import { currentLocale } from '../../locale/index.ts';
import { boardKeys, getBoardSeries, getBoardSummary, getOperatorStatus } from './api.ts';
import { durationOption, outcomeOption, volumeOption } from './board-charts.ts';
import { usePalette } from './chart-style.ts';
import { EChart } from './EChart.tsx';
import { formatCount, formatDuration } from './format.ts';
import { RateTile, StatTile, TotalTile } from './StatTile.tsx';
import './boards.css';

/** The board's scope (a project, a task or the company) and its days. */
export type CallBoardSummaryProps = BoardQuery;

/**
 * The charts of a board: connect, inbound and loss rates, volume over time, talk-time distribution,
 * outcomes and the operators' state, for a project and/or task (or the whole company) over whole days
 * in the company's time zone. Shared by the project board and the call record board.
 */
export function CallBoardSummary({ projectId, taskId, from, to }: CallBoardSummaryProps) {
  const { t } = useTranslation();
  const palette = usePalette();
  const locale = currentLocale();
  const query: BoardQuery = { projectId, taskId, from, to };
  const summary = useQuery({
    queryKey: boardKeys.summary(query),
    queryFn: () => getBoardSummary(query),
    placeholderData: keepPreviousData,
  });
  const series = useQuery({ queryKey: boardKeys.series(query), queryFn: () => getBoardSeries(query), placeholderData: keepPreviousData });
  const operators = useQuery({ queryKey: boardKeys.operators, queryFn: getOperatorStatus, refetchInterval: 15_000 });
  const s = summary.data;
  const withinDay = series.data?.step === 'hour';

  const volume = useMemo(() => volumeOption(series.data?.points ?? [], withinDay, t, palette), [series.data, withinDay, t, palette]);
  const durations = useMemo(() => (s ? durationOption(s, t, palette) : null), [s, t, palette]);
  const outcomes = useMemo(() => (s ? outcomeOption(s, t, palette) : null), [s, t, palette]);
  const n = (value: number | undefined) => formatCount(value, locale);
  const o = operators.data;

  return (
    <Spin loading={summary.isFetching || series.isFetching} style={{ display: 'block' }}>
      <div data-testid="board-summary" data-zone={series.data?.timeZone}>
        <div className="board-range-note" data-testid="board-range-note" data-from={from} data-to={to}>
          {t('boards.rangeNote', { from, to })}
        </div>
        <div className="board-stats">
          <TotalTile summary={s} testId="board-total" />
          <RateTile measure="connectRate" rate={s?.connectRate} testId="board-connect-rate" />
          <RateTile
            measure="machineRate"
            rate={s?.machineRate}
            sub={`${t('boards.voicemail')} ${n(s?.voicemail)} · ${t('boards.invalid')} ${n(s?.invalid)} · ${t('boards.fax')} ${n(s?.fax)}`}
            testId="board-machine-rate"
          />
          <RateTile
            measure="inboundRate"
            rate={s?.inboundRate}
            sub={`${t('boards.volume.transferSuccess')} ${n(s?.transferSuccess)}`}
            testId="board-inbound-rate"
          />
          <RateTile measure="lossRate" rate={s?.lossRate} sub={`${t('boards.volume.lost')} ${n(s?.lost)}`} testId="board-loss-rate" />
          <StatTile title={t('boards.averageDuration')} value={formatDuration(s?.averageDurationMs, t)} testId="board-average-duration" />
        </div>
        <div className="board-grid">
          <Card className="board-panel" title={t('boards.volume')}>
            <EChart option={volume} height={300} testId="board-volume-chart" />
          </Card>
          <Card className="board-panel" title={t('boards.outcomes')}>
            {outcomes && s && s.total > 0 ? (
              <EChart option={outcomes} height={300} testId="board-outcome-chart" />
            ) : (
              <div className="board-empty">
                <Empty description={t('boards.empty')} />
              </div>
            )}
          </Card>
        </div>
        <div className="board-grid board-grid-even">
          <Card className="board-panel" title={t('boards.durations')}>
            {durations && <EChart option={durations} height={260} testId="board-duration-chart" />}
          </Card>
          <Card className="board-panel" title={t('boards.operators')}>
            <div className="board-operators" data-testid="board-operators">
              {(['signedIn', 'waiting', 'inCall', 'signedOut'] as const).map((key, i) => (
                <div className="board-operator" key={key}>
                  <div className="board-operator-label">
                    <span
                      className="board-dot"
                      style={{ background: [palette.series[0], palette.series[1], palette.series[2], palette.series[10]][i] }}
                    />
                    {t(`boards.operators.${key}`)}
                  </div>
                  <div className="board-operator-value" data-testid={`board-operators-${key}`}>
                    {n(o?.[key])}
                  </div>
                </div>
              ))}
            </div>
            <div className="board-hint">{t('boards.operators.hint')}</div>
          </Card>
        </div>
      </div>
    </Spin>
  );
}
