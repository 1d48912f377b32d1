import { Button, Card, Input, Radio, Space, Table, Tag, Tooltip, Typography, type TableColumnProps } from '@arco-design/web-react';
import { IconLeft, IconPlus, IconRefresh } from '@arco-design/web-react/icon';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PAGINATION, TASK_FILTERS, type TaskFilter, type TaskListItem, type TaskQuery } from '@dialwise/contracts';
import { currentLocale } from '../../locale/index.ts';
import { TimeZoneNote, useCompanyTime } from '../../locale/company-time.tsx';
import { usePageRoute } from '../shell/route-params.ts';
import { getProject, projectKeys } from '../projects/api.ts';
import { EncryptionTag } from '../projects/EncryptionTag.tsx';
import { PendingSubtasksModal } from '../subtasks/PendingSubtasksModal.tsx';
import { UploadModal } from '../subtasks/UploadModal.tsx';
import { listTasks, taskKeys } from './api.ts';
import { TaskActions } from './TaskActions.tsx';
import { TaskStatusTag } from './TaskStatusTag.tsx';
import { TaskDialState } from './TaskDialState.tsx';
import { concurrencyLabel, weekdaysLabel } from './task-display.ts';
import { RealtimeDashboardButton } from '../boards/RealtimeDashboardButton.tsx';

const FILTERS = Object.keys(TASK_FILTERS) as TaskFilter[];

/** Spec §2 "Task list": status filter, upload and pending-number modals, the task actions. */
export default function TaskListPage() {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const navigate = useNavigate();
  const locale = currentLocale();
  const projectId = usePageRoute().params.projectID ?? '';
  const [filters, setFilters] = useState<Omit<TaskQuery, 'projectId'>>({
    filter: 'all',
    page: PAGINATION.defaultPage,
    pageSize: PAGINATION.defaultPageSize,
  });
  const [search, setSearch] = useState('');
  const [uploading, setUploading] = useState<TaskListItem | null>(null);
  const [pendingOf, setPendingOf] = useState<TaskListItem | null>(null);
  const query: TaskQuery = { ...filters, projectId };

  const project = useQuery({ queryKey: projectKeys.one(projectId), queryFn: () => getProject(projectId), enabled: Boolean(projectId) });
  const tasks = useQuery({
    queryKey: taskKeys.list(query),
    queryFn: () => listTasks(query),
    enabled: Boolean(projectId),
    placeholderData: keepPreviousData,
    // A running task's counters move as the dialer works through it.
    refetchInterval: (q) => (q.state.data?.list.some((task) => task.status === 'in_progress') ? 3_000 : false),
  });
  // Modals show the freshest row of the task they were opened for.
  const fresh = (task: TaskListItem | null) => (task ? (tasks.data?.list.find((row) => row.id === task.id) ?? task) : null);

  const columns: TableColumnProps<TaskListItem>[] = [
    {
      title: t('tasks.col.name'),
      dataIndex: 'name',
      width: 170,
      ellipsis: true,
      render: (name: string) => <Typography.Text bold>{name}</Typography.Text>,
    },
    {
      title: t('tasks.col.status'),
      dataIndex: 'status',
      width: 170,
      render: (_, task) => (
        <div className="cell-stack">
          <span>
            <TaskStatusTag status={task.status} />
          </span>
          <TaskDialState task={task} />
        </div>
      ),
    },
    {
      title: t('tasks.col.numbers'),
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
      title: t('tasks.col.scenario'),
      dataIndex: 'scenarioName',
      width: 150,
      // The version a started task runs (pinned at start; later edits of the scenario do not reach it).
      render: (name: string, task: TaskListItem) => (
        <div className="cell-stack">
          <span className="cell-ellipsis" title={name}>
            {name}
          </span>
          {task.scenarioVersion !== null && (
            <Typography.Text type="secondary" className="cell-sub">
              {t('tasks.scenarioVersion', { version: task.scenarioVersion })}
            </Typography.Text>
          )}
        </div>
      ),
    },
    { title: t('tasks.col.voice'), dataIndex: 'voiceName', width: 110, ellipsis: true },
    {
      title: t('tasks.col.lines'),
      dataIndex: 'sipLines',
      width: 160,
      render: (_, task) =>
        task.sipLines.length === 0 ? (
          <Typography.Text type="secondary">{t('tasks.noLines')}</Typography.Text>
        ) : (
          <Space size={4} wrap>
            {task.sipLines.map((line) => (
              <Tag key={line.id} size="small">
                {line.alias}
              </Tag>
            ))}
          </Space>
        ),
    },
    {
      title: t('tasks.col.window'),
      dataIndex: 'callStart',
      width: 150,
      render: (_, task) => (
        <div className="cell-stack">
          <span>
            {task.callStart}–{task.callEnd}
          </span>
          <Typography.Text type="secondary" className="cell-sub">
            {weekdaysLabel(task.weekdays, t)}
          </Typography.Text>
        </div>
      ),
    },
    { title: t('tasks.col.concurrency'), dataIndex: 'concurrency', width: 110, render: (_, task) => concurrencyLabel(task.concurrency, t) },
    { title: t('tasks.col.creator'), dataIndex: 'creator', width: 120, ellipsis: true },
    {
      title: t('tasks.col.createTime'),
      dataIndex: 'createTime',
      width: 180,
      render: (value: string) => time.format(value),
    },
    {
      title: t('realtime.column'),
      dataIndex: 'realtime',
      fixed: 'right',
      width: 90,
      render: (_, task) => <RealtimeDashboardButton task={task} />,
    },
    {
      title: t('tasks.col.actions'),
      dataIndex: 'actions',
      fixed: 'right',
      width: 350,
      render: (_, task) => <TaskActions task={task} onUpload={() => setUploading(task)} onPending={() => setPendingOf(task)} />,
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
      <span data-testid="task-list-title">{t('tasks.title', { project: project.data?.name ?? '' })}</span>
      {project.data && <EncryptionTag type={project.data.encryptionType} />}
    </Space>
  );

  return (
    <Card title={title} extra={<TimeZoneNote />} className="list-card" data-testid="task-list">
      <div className="search-form search-form-split">
        <Radio.Group
          type="button"
          value={filters.filter}
          data-testid="task-filter"
          onChange={(filter: TaskFilter) => setFilters((f) => ({ ...f, filter, page: 1 }))}
        >
          {FILTERS.map((filter) => (
            <Radio key={filter} value={filter} data-testid={`task-filter-${filter}`}>
              {t(`tasks.filter.${filter}`)}
            </Radio>
          ))}
        </Radio.Group>
        <Input.Search
          value={search}
          onChange={setSearch}
          allowClear
          style={{ width: 240 }}
          placeholder={t('tasks.search.placeholder')}
          onSearch={(value) => setFilters((f) => ({ ...f, page: 1, name: value.trim() || undefined }))}
          onClear={() => setFilters((f) => ({ ...f, page: 1, name: undefined }))}
        />
      </div>
      <div className="table-toolbar">
        <Button type="primary" icon={<IconPlus />} onClick={() => navigate(`/project/newTask/${projectId}`)} data-testid="task-new">
          {t('tasks.new')}
        </Button>
        <Button icon={<IconRefresh />} onClick={() => void tasks.refetch()}>
          {t('tasks.refresh')}
        </Button>
      </div>
      <Table
        rowKey="id"
        columns={columns}
        data={tasks.data?.list ?? []}
        loading={tasks.isFetching && !tasks.isRefetching}
        scroll={{ x: 1840 }}
        noDataElement={<div className="table-empty">{t('tasks.empty')}</div>}
        pagination={{
          current: filters.page,
          pageSize: filters.pageSize,
          total: tasks.data?.total ?? 0,
          showTotal: true,
          sizeCanChange: true,
          onChange: (page, pageSize) => setFilters((f) => ({ ...f, page, pageSize })),
        }}
        data-testid="task-table"
      />
      <UploadModal task={fresh(uploading)} encryptionType={project.data?.encryptionType} onClose={() => setUploading(null)} />
      <PendingSubtasksModal task={fresh(pendingOf)} onClose={() => setPendingOf(null)} />
    </Card>
  );
}
