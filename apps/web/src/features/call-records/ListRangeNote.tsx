import { Tooltip, Typography } from '@arco-design/web-react';
import { IconInfoCircle } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { BOARD_MAX_DAYS, daysBetween, type CallRecordFilterInput } from '@dialwise/contracts';
import { useCompanyTime } from '../../locale/company-time.tsx';
import { addDays, dayIn, isoToWallTime } from '../../locale/date-time.ts';

export interface BoardDays {
  from: string;
  to: string;
}

/**
 * The whole days (company time) the board above the list adds up: the days the list's range touches, the
 * last `defaultDays` when it has none, at most the longest range a board takes (ending on the range's end).
 */
export function boardDays(filter: CallRecordFilterInput, timeZone: string, defaultDays: number, now: Date = new Date()): BoardDays {
  const today = dayIn(now, timeZone);
  const to = filter.endTime ? dayIn(filter.endTime, timeZone) : today;
  const from = filter.startTime ? dayIn(filter.startTime, timeZone) : addDays(to, -(defaultDays - 1));
  if (from > to) return { from: to, to };
  return daysBetween(from, to) + 1 > BOARD_MAX_DAYS ? { from: addDays(to, -(BOARD_MAX_DAYS - 1)), to } : { from, to };
}

/** The list's filters the board does not apply (it reads rollups by project, task and day). */
const LIST_ONLY: (keyof CallRecordFilterInput)[] = ['phone', 'status', 'minDuration', 'maxDuration', 'tags', 'transferOutcome', 'kind'];

/**
 * Says which calls the list shows (its time range, or "any time"), and, where the board above counts other
 * calls, why: whole days rather than the list's hours, the default days when the list has no range, or
 * filters that narrow the list alone. `board` is null where no board is shown (agents).
 */
export function ListRangeNote({ filter, board }: { filter: CallRecordFilterInput; board: BoardDays | null }) {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const start = filter.startTime ? time.format(filter.startTime) : null;
  const end = filter.endTime ? time.format(filter.endTime) : null;
  const range =
    start && end
      ? t('callRecords.range', { from: start, to: end })
      : start
        ? t('callRecords.range.from', { from: start })
        : end
          ? t('callRecords.range.until', { to: end })
          : t('callRecords.range.all');
  const wholeDays =
    board !== null &&
    filter.startTime !== undefined &&
    filter.endTime !== undefined &&
    isoToWallTime(filter.startTime, time.zone) === `${board.from} 00:00:00` &&
    isoToWallTime(filter.endTime, time.zone) === `${board.to} 23:59:59`;
  const listOnly = LIST_ONLY.some((key) => {
    const value = filter[key];
    return value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);
  });
  return (
    <div className="call-records-range" data-testid="call-records-range">
      <Typography.Text type="secondary">
        {range}
        {board && !wholeDays && <> · {t('callRecords.range.boardDays', { from: board.from, to: board.to })}</>}
        {board && listOnly && <> · {t('callRecords.range.listOnly')}</>}
      </Typography.Text>
      {board && (
        <Tooltip content={t('callRecords.range.finished')}>
          <IconInfoCircle className="call-records-range-hint" data-testid="call-records-range-hint" />
        </Tooltip>
      )}
    </div>
  );
}
