import { Alert, Button, Radio, Result, Tag, Tooltip, type TableColumnProps } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CALL_RECORD_LIMITS,
  CALL_RECORD_SORTS,
  type CallRecord,
  type CallRecordFilterInput,
  type CallRecordPage,
} from '@dialwise/contracts';
import { useNavigate } from 'react-router';
import { currentLocale } from '../../locale/index.ts';
import { useCompanyTime } from '../../locale/company-time.tsx';
import { ListPage, ListTable } from '../../list-page/ListPage.tsx';
import { cleanFilters, useListQuery } from '../../list-page/use-list-query.ts';
import { StackCell } from '../../list-page/columns.tsx';
import { useUser } from '../../store/user.ts';
import { usePageRoute } from '../shell/route-params.ts';
import { CallBoardSummary } from '../boards/CallBoardSummary.tsx';
import { ProjectNotFound } from '../projects/ProjectNotFound.tsx';
import { useRouteScope } from '../projects/route-scope.ts';
import { callRecordOptions, callRecordKeys, exportUrl, listCallRecords } from './api.ts';
import { CallRecordDrawer } from './CallRecordDrawer.tsx';
import { CallRecordFilters } from './CallRecordFilters.tsx';
import { CallStateTag, CallTagList, OutcomeText, TransferTag } from './CallTags.tsx';
import { formatDuration } from './format.ts';
import { lastDaysRange } from './filter-values.ts';
import { ListRangeNote, boardDays } from './ListRangeNote.tsx';
import './call-records.css';
import { RadioChoices } from '../../forms/RadioChoices.tsx';
import { NumberTimeZones } from '../subtasks/NumberTimeZones.tsx';

/** The days the list and its board start on: the boards' default range. */
const DEFAULT_DAYS = 7;
/** The columns' widths added up: at 1440 px with the menu open the table fits, and the sticky Actions column covers nothing. */
const TABLE_WIDTH = 1110;

/**
 * The call-record board: `/board/callRecordBoard/{projectID?}/{taskID?}` (ADMIN, DEV: the company's calls) and
 * `/projectOp/callRecordBoardOp/{projectID?}` (OPR: the calls of the projects an ADMIN assigned them to — the
 * server scopes every answer). Filters, server-side pages, sort by time, CSV export, and the detail drawer with
 * the recording, the conversation, the customer and the number reveal.
 *
 * The list starts on the boards' default days (the last seven, company time), so the board above it and the
 * list count the same calls; the chosen project and task live in the URL (`pathFor`), Reset included.
 */
export default function CallRecordsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const route = usePageRoute();
  const time = useCompanyTime();
  const isOperator = useUser((state) => state.user?.authLevel === 'OPR');
  // The agents' route carries a project only; the task filter then lives in the page alone.
  const routeHasTask = route.name !== 'callRecordBoardOp';
  const fromRoute = useMemo<CallRecordFilterInput>(
    () => ({
      projectId: route.params.projectID || undefined,
      taskId: route.params.taskID || undefined,
    }),
    [route.params.projectID, route.params.taskID],
  );
  const defaults = (): CallRecordFilterInput => ({ ...lastDaysRange(DEFAULT_DAYS, time.zone) });
  const [sort, setSort] = useState<'desc' | 'asc'>('desc');
  const [openId, setOpenId] = useState<string | null>(null);

  // The project and task the URL names are checked first: another company's (or a made-up) id shows the one
  // not-found state, with no list, board or filter asked for it.
  const scope = useRouteScope(fromRoute.projectId, routeHasTask ? fromRoute.taskId : undefined);
  const options = useQuery({ queryKey: callRecordKeys.options(undefined), queryFn: () => callRecordOptions(undefined) });
  const list = useListQuery<CallRecordFilterInput, CallRecord, CallRecordPage>({
    key: ['call-records', 'list'],
    fetch: listCallRecords,
    initialFilters: { ...defaults(), ...fromRoute },
    extra: { sort },
    enabled: scope.status === 'ready',
  });
  const filter = list.filters;
  const tagNames = useMemo(() => new Map((options.data?.tags ?? []).map((tag) => [tag.alias, tag.name])), [options.data]);

  // The page stays mounted in its tab: a link to another project's records replaces the filter; the URL this
  // page wrote itself (search, reset) already matches it.
  useEffect(() => {
    if (filter.projectId === fromRoute.projectId && (!routeHasTask || filter.taskId === fromRoute.taskId)) return;
    list.search({ ...defaults(), ...fromRoute });
  }, [fromRoute]);

  const base = routeHasTask ? '/board/callRecordBoard' : '/projectOp/callRecordBoardOp';
  const pathFor = (next: CallRecordFilterInput) =>
    next.projectId ? `${base}/${next.projectId}${routeHasTask && next.taskId ? `/${next.taskId}` : ''}` : base;
  const search = (next: CallRecordFilterInput) => {
    // Searching again with the same filter asks the server again (calls keep ending while the page is open).
    if (list.page.page === 1 && JSON.stringify(cleanFilters(next)) === JSON.stringify(filter)) void list.result.refetch();
    list.search(next);
    if (pathFor(next) !== pathFor(fromRoute)) void navigate(pathFor(next), { replace: true });
  };
  const board = boardDays(filter, time.zone, DEFAULT_DAYS);
  const download = () => {
    const link = document.createElement('a');
    link.href = exportUrl({ ...filter, sort }, currentLocale());
    link.download = '';
    document.body.appendChild(link);
    link.click();
    link.remove();
  };

  const columns: TableColumnProps<CallRecord>[] = [
    {
      title: t('callRecords.col.placedAt'),
      dataIndex: 'placedAt',
      width: 150,
      render: (value: string, row) => (
        <StackCell sub={row.attempt > 1 && t('callRecords.attempt', { n: row.attempt })}>
          <span>{time.format(value)}</span>
        </StackCell>
      ),
    },
    {
      title: t('common.phoneNumber'),
      dataIndex: 'phone',
      width: 130,
      render: (value: string, row) => (
        <StackCell sub={<NumberTimeZones zones={row.timeZones} />}>
          {row.test ? (
            <Tag color="purple" size="small" data-testid="call-record-test">
              {t('callRecords.testCall')}
            </Tag>
          ) : (
            <span className="call-phone" data-testid="call-record-phone">
              {value}
            </span>
          )}
        </StackCell>
      ),
    },
    {
      title: t('callRecords.col.project'),
      dataIndex: 'projectName',
      width: 150,
      ellipsis: true,
      render: (_, row) => (
        <StackCell sub={row.taskName}>
          <span>{row.projectName}</span>
        </StackCell>
      ),
    },
    {
      title: t('callRecords.col.stateOutcome'),
      dataIndex: 'state',
      width: 140,
      render: (_, row) => (
        <StackCell sub={<OutcomeText outcome={row.outcome} />} subClassName="call-nowrap">
          <span>
            <CallStateTag state={row.state} />
          </span>
        </StackCell>
      ),
    },
    {
      title: t('callRecords.col.duration'),
      dataIndex: 'durationMs',
      width: 90,
      align: 'right',
      render: (value: number) => <span className="call-mono">{formatDuration(value)}</span>,
    },
    {
      title: t('callRecords.col.transfer'),
      dataIndex: 'transferOutcome',
      width: 200,
      render: (_, row) => <TransferTag outcome={row.transferOutcome} />,
    },
    {
      title: t('callRecords.col.tags'),
      dataIndex: 'tags',
      width: 140,
      render: (_, row) => <CallTagList tags={row.tags} names={tagNames} />,
    },
    {
      title: t('common.actions'),
      dataIndex: 'actions',
      fixed: 'right',
      width: 110,
      render: (_, row) => (
        <Button
          type="text"
          size="small"
          onClick={(event) => {
            event.stopPropagation();
            setOpenId(row.id);
          }}
          data-testid={`call-record-open-${row.id}`}
        >
          {t('callRecords.details')}
        </Button>
      ),
    },
  ];

  if (scope.status === 'missing') {
    return (
      <ListPage title={t('callRecords.title')} testId="call-records-page" list={list}>
        <ProjectNotFound error={scope.error} what={scope.missing ?? 'project'} />
      </ListPage>
    );
  }

  return (
    <ListPage
      title={t('callRecords.title')}
      testId="call-records-page"
      list={list}
      timeZoneNote
      search={<CallRecordFilters value={filter} options={options.data} onSearch={search} onReset={() => search(defaults())} />}
      summary={
        <>
          {/* The board over the same project, task and days as the list (whole days around its time range).
              Boards read the company-wide rollups, so agents, who see only their projects, get the list alone. */}
          {!isOperator && scope.status === 'ready' && (
            <div className="call-records-board" data-testid="call-records-board">
              <CallBoardSummary projectId={filter.projectId} taskId={filter.taskId} from={board.from} to={board.to} />
            </div>
          )}
          <ListRangeNote filter={filter} board={isOperator ? null : board} />
        </>
      }
      toolbar={
        <>
          <Tooltip content={options.data?.canExport === false ? t('callRecords.exportDisabled') : undefined}>
            <Button
              icon={<IconDownload />}
              onClick={download}
              disabled={options.data?.canExport === false}
              data-testid="call-records-export"
            >
              {t('callRecords.export')}
            </Button>
          </Tooltip>
          <Radio.Group
            type="button"
            value={sort}
            onChange={(value: 'desc' | 'asc') => {
              setSort(value);
              list.firstPage();
            }}
            data-testid="call-records-sort"
          >
            <RadioChoices
              values={CALL_RECORD_SORTS}
              label={(order) => t(`callRecords.sort.${order}`)}
              testId={(order) => `call-records-sort-${order}`}
            />
          </Radio.Group>
        </>
      }
    >
      {list.result.data?.totalCapped && (
        <Alert type="info" className="call-records-capped" content={t('callRecords.totalCapped', { count: CALL_RECORD_LIMITS.window })} />
      )}
      <ListTable
        list={list}
        columns={columns}
        scrollX={TABLE_WIDTH}
        testId="call-records-table"
        empty={t(isOperator ? 'callRecords.emptyOpr' : 'callRecords.empty')}
        failed={
          <Result
            status="error"
            title={t('callRecords.listFailed')}
            subTitle={list.result.error?.message}
            data-testid="call-records-list-error"
            extra={
              <Button type="primary" onClick={() => void list.result.refetch()}>
                {t('callRecords.retry')}
              </Button>
            }
          />
        }
        onRowClick={(row) => setOpenId(row.id)}
        rowClassName="call-row"
        rowAttributes={(row) => ({ 'data-call-id': row.id })}
      />
      <CallRecordDrawer callId={openId} canReveal={options.data?.canReveal ?? false} tagNames={tagNames} onClose={() => setOpenId(null)} />
    </ListPage>
  );
}
