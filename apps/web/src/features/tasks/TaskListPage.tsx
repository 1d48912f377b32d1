import { Button, Input, Radio, Space, Tag, Tooltip, Typography, type TableColumnProps } from '@arco-design/web-react';
import { IconLeft, IconRefresh } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TASK_FILTERS, type TaskFilter, type TaskListItem, type TaskQuery } from '@dialwise/contracts';
import { currentLocale } from '../../locale/index.ts';
import { useCompanyTime } from '../../locale/company-time.tsx';
import { AddButton, ListPage, ListTable } from '../../list-page/ListPage.tsx';
import { useListQuery } from '../../list-page/use-list-query.ts';
import { StackCell } from '../../list-page/columns.tsx';
import { usePageRoute } from '../shell/route-params.ts';
import { getProjectOfPage, projectKeys } from '../projects/api.ts';
import { ProjectNotFound } from '../projects/ProjectNotFound.tsx';
import { EncryptionTag } from '../projects/EncryptionTag.tsx';
import { PendingSubtasksModal } from '../subtasks/PendingSubtasksModal.tsx';
import { UploadModal } from '../subtasks/UploadModal.tsx';
import { listTasks, taskKeys } from './api.ts';
import { TaskActions } from './TaskActions.tsx';
import { TestCallDialog } from '../webcall/TestCallDialog.tsx';
import { TaskStatusTag } from './TaskStatusTag.tsx';
import { TaskDialState } from './TaskDialState.tsx';
import { concurrencyLabel, weekdaysLabel } from './task-display.ts';
import { RealtimeDashboardButton } from '../boards/RealtimeDashboardButton.tsx';

const FILTERS = Object.keys(TASK_FILTERS) as TaskFilter[];
/** The columns' widths added up: the table scrolls sideways only below it (1440 px with the menu open fits). */
const TABLE_WIDTH = 1140;

type TaskFilters = Pick<TaskQuery, 'filter' | 'name'>;

/** A project's tasks: a status filter and a name search, the upload and pending-number modals, the task actions. */
export default function TaskListPage() {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const navigate = useNavigate();
  const locale = currentLocale();
  const projectId = usePageRoute().params.projectID ?? '';
  const [typed, setTyped] = useState('');
  const [uploading, setUploading] = useState<TaskListItem | null>(null);
  const [pendingOf, setPendingOf] = useState<TaskListItem | null>(null);
  const [testCallOf, setTestCallOf] = useState<TaskListItem | null>(null);

  // The project first: another company's (or a deleted) project gets one not-found state, and no task request.
  const project = useQuery({
    queryKey: projectKeys.one(projectId),
    queryFn: () => getProjectOfPage(projectId),
    enabled: Boolean(projectId),
    retry: false,
  });
  const list = useListQuery<TaskFilters, TaskListItem>({
    key: [...taskKeys.all, 'list'],
    fetch: (query) => listTasks({ ...query, projectId }),
    extra: { projectId },
    initialFilters: { filter: 'all' },
    enabled: project.isSuccess,
    // A running task's counters move as the dialer works through it.
    refetchInterval: (answer) => (answer?.list.some((task) => task.status === 'in_progress') ? 3_000 : false),
  });
  const tasks = list.result;
  const searchName = (name: string | undefined) => list.search({ ...list.filters, name });
  // Modals show the freshest row of the task they were opened for.
  const fresh = (task: TaskListItem | null) => (task ? (tasks.data?.list.find((row) => row.id === task.id) ?? task) : null);

  // Sized to fit 1440 px with the side menu open (no horizontal scroll): the scenario and voice ride under the
  // name, the concurrency under the lines, the creator under the time.
  const columns: TableColumnProps<TaskListItem>[] = [
    {
      title: t('tasks.col.name'),
      dataIndex: 'name',
      width: 150,
      render: (name: string, task) => (
        <div className="cell-stack">
          <Typography.Text bold className="cell-ellipsis" title={name}>
            {name}
          </Typography.Text>
          <Tooltip
            content={`${t('tasks.scenarioOf', { scenario: task.scenarioName })}${
              task.scenarioVersion !== null ? ` · ${t('tasks.scenarioVersion', { version: task.scenarioVersion })}` : ''
            } · ${t('tasks.voiceOf', { voice: task.voiceName })}`}
          >
            <div className="cell-stack" data-testid={`task-scenario-${task.name}`}>
              <Typography.Text type="secondary" className="cell-sub cell-ellipsis">
                {task.scenarioName}
                {task.scenarioVersion !== null && ` v${task.scenarioVersion}`}
              </Typography.Text>
              <Typography.Text type="secondary" className="cell-sub cell-ellipsis">
                {task.voiceName}
              </Typography.Text>
            </div>
          </Tooltip>
        </div>
      ),
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      width: 125,
      render: (_, task) => (
        <StackCell>
          <span>
            <TaskStatusTag status={task.status} />
          </span>
          <TaskDialState task={task} />
        </StackCell>
      ),
    },
    {
      title: <span className="nowrap">{t('tasks.col.numbers')}</span>,
      dataIndex: 'pendingCount',
      width: 130,
      render: (_, task) => (
        <Tooltip content={t('tasks.action.pending')}>
          <Button type="text" size="mini" onClick={() => setPendingOf(task)} data-testid={`task-counts-${task.name}`}>
            {task.pendingCount.toLocaleString(locale)} / {task.totalCount.toLocaleString(locale)}
          </Button>
        </Tooltip>
      ),
    },
    {
      title: t('tasks.col.lines'),
      dataIndex: 'sipLines',
      width: 145,
      render: (_, task) => (
        <StackCell sub={t('tasks.concurrencyOf', { value: concurrencyLabel(task.concurrency, t) })}>
          {task.sipLines.length === 0 ? (
            <Typography.Text type="secondary">{t('tasks.noLines')}</Typography.Text>
          ) : (
            <Space size={4} wrap>
              {task.sipLines.map((line) => (
                <Tag key={line.id} size="small">
                  {line.alias}
                </Tag>
              ))}
            </Space>
          )}
        </StackCell>
      ),
    },
    {
      title: t('tasks.col.window'),
      dataIndex: 'callStart',
      width: 125,
      render: (_, task) => (
        <StackCell sub={weekdaysLabel(task.weekdays, t)}>
          <span>
            {task.callStart}–{task.callEnd}
          </span>
        </StackCell>
      ),
    },
    {
      title: t('common.created'),
      dataIndex: 'createTime',
      width: 150,
      render: (value: string, task) => (
        <StackCell sub={task.creator} subClassName="cell-ellipsis" subTitle={task.creator}>
          <span className="nowrap">{time.format(value)}</span>
        </StackCell>
      ),
    },
    {
      title: <span className="nowrap">{t('realtime.column')}</span>,
      dataIndex: 'realtime',
      fixed: 'right',
      width: 95,
      render: (_, task) => <RealtimeDashboardButton task={task} />,
    },
    {
      title: t('common.actions'),
      dataIndex: 'actions',
      fixed: 'right',
      width: 220,
      render: (_, task) => (
        <TaskActions
          task={task}
          onUpload={() => setUploading(task)}
          onPending={() => setPendingOf(task)}
          onTestCall={() => setTestCallOf(task)}
        />
      ),
    },
  ];

  const title = (
    <Space size={12}>
      <Button
        icon={<IconLeft />}
        size="small"
        shape="circle"
        onClick={() => navigate('/project/projectListAdmin')}
        aria-label={t('tasks.back')}
      />
      <span data-testid="task-list-title">{project.data ? t('tasks.title', { project: project.data.name }) : t('menu.taskList')}</span>
      {project.data && <EncryptionTag type={project.data.encryptionType} />}
    </Space>
  );

  if (project.isError) {
    return (
      <ListPage title={title} testId="task-list" list={list}>
        <ProjectNotFound error={project.error} />
      </ListPage>
    );
  }

  return (
    <ListPage
      title={title}
      testId="task-list"
      list={list}
      timeZoneNote
      toolbar={
        <>
          <Space>
            <AddButton disabled={!project.isSuccess} onClick={() => navigate(`/project/newTask/${projectId}`)} testId="task-new">
              {t('tasks.new')}
            </AddButton>
            <Button icon={<IconRefresh />} onClick={() => void tasks.refetch()}>
              {t('tasks.refresh')}
            </Button>
          </Space>
          <Space size={12} wrap>
            <Radio.Group
              type="button"
              value={list.filters.filter}
              data-testid="task-filter"
              onChange={(filter: TaskFilter) => list.search({ ...list.filters, filter })}
            >
              {FILTERS.map((filter) => (
                <Radio key={filter} value={filter} data-testid={`task-filter-${filter}`}>
                  {t(`tasks.filter.${filter}`)}
                </Radio>
              ))}
            </Radio.Group>
            <Input.Search
              value={typed}
              onChange={setTyped}
              allowClear
              style={{ width: 240 }}
              placeholder={t('tasks.search.placeholder')}
              onSearch={searchName}
              onClear={() => searchName(undefined)}
            />
          </Space>
        </>
      }
    >
      <ListTable
        list={list}
        columns={columns}
        empty={t('tasks.empty')}
        scrollX={TABLE_WIDTH}
        loading={tasks.isFetching && !tasks.isRefetching}
        testId="task-table"
      />
      <UploadModal task={fresh(uploading)} encryptionType={project.data?.encryptionType} onClose={() => setUploading(null)} />
      <PendingSubtasksModal task={fresh(pendingOf)} onClose={() => setPendingOf(null)} />
      <TestCallDialog task={testCallOf} onClose={() => setTestCallOf(null)} />
    </ListPage>
  );
}
