import { Tooltip } from '@arco-design/web-react';
import { IconQuestionCircle } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardSummary } from '@dialwise/contracts';
import { currentLocale } from '../../locale/index.ts';
import { formatCount, formatRate } from './format.ts';

/** One figure of a board: its name (with what it means on hover) and its value. */
export function StatTile({
  title,
  hint,
  value,
  sub,
  testId,
}: {
  title: string;
  hint?: string;
  value: ReactNode;
  sub?: ReactNode;
  testId: string;
}) {
  return (
    <div className="board-stat">
      <div className="board-stat-title">
        {title}
        {hint && (
          <Tooltip content={hint}>
            <IconQuestionCircle />
          </Tooltip>
        )}
      </div>
      <div className="board-stat-value" data-testid={testId}>
        {value}
      </div>
      {sub !== undefined && <div className="board-stat-sub">{sub}</div>}
    </div>
  );
}

/** The calls in all, with how many were connected under them. */
export function TotalTile({ summary, testId }: { summary: BoardSummary | undefined; testId: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <StatTile
      title={t('boards.total')}
      value={formatCount(summary?.total, locale)}
      sub={`${t('boards.connected')} ${formatCount(summary?.connected, locale)}`}
      testId={testId}
    />
  );
}

/** A rate of the summary as a percentage, named (with its hint) by `boards.<measure>`. */
export function RateTile({
  measure,
  rate,
  sub,
  testId,
}: {
  measure: 'connectRate' | 'machineRate' | 'inboundRate' | 'lossRate';
  rate: number | null | undefined;
  sub?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return <StatTile title={t(`boards.${measure}`)} hint={t(`boards.${measure}.hint`)} value={formatRate(rate)} sub={sub} testId={testId} />;
}
