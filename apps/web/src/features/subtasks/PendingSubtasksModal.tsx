import { Button, Modal, Popconfirm, Space, Table, Tag, Typography, Message } from '@arco-design/web-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGINATION, canApply, type Subtask, type TaskListItem } from '@dialwise/contracts';
import { TimeZoneNote, useCompanyTime } from '../../locale/company-time.tsx';
import { projectKeys } from '../projects/api.ts';
import { applyTaskAction, taskKeys } from '../tasks/api.ts';
import { listPendingSubtasks, subtaskKeys } from './api.ts';
import { quietRefusal } from '../../api/quiet-refusal.ts';
import { usePageTotal } from '../../list-page/page-total.ts';
import { NumberTimeZones } from './NumberTimeZones.tsx';

function KeyValues({ values }: { values: Record<string, string> }) {
  const entries = Object.entries(values);
  if (entries.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space size={4} wrap>
      {entries.map(([key, value]) => (
        <Tag key={key} size="small">
          {key}={value}
        </Tag>
      ))}
    </Space>
  );
}

/** A task's pending numbers, page by page (numbers masked), with "clear pending". */
export function PendingSubtasksModal({ task, onClose }: { task: TaskListItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const pageTotal = usePageTotal();
  const time = useCompanyTime();
  const queryClient = useQueryClient();
  const [page, setPage] = useState<{ page: number; pageSize: number }>({
    page: PAGINATION.defaultPage,
    pageSize: PAGINATION.defaultPageSize,
  });
  const taskId = task?.id;
  useEffect(() => {
    setPage({ page: 1, pageSize: PAGINATION.defaultPageSize });
  }, [taskId]);

  const query = { taskId: task?.id ?? '', ...page };
  const pending = useQuery({
    queryKey: subtaskKeys.pending(query),
    queryFn: () => listPendingSubtasks(query),
    enabled: Boolean(task),
    placeholderData: keepPreviousData,
  });
  const clear = useMutation({
    mutationFn: () => applyTaskAction({ taskId: task!.id, action: 'clearPending' }),
    onSuccess: (result) => {
      Message.success(t('tasks.done.clearPending', { count: result.cleared ?? 0 }));
      void queryClient.invalidateQueries({ queryKey: ['subtasks'] });
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
  const total = pending.data?.total ?? 0;

  return (
    <Modal
      title={task ? t('pending.title', { task: task.name }) : ''}
      visible={Boolean(task)}
      onCancel={onClose}
      footer={null}
      style={{ width: 1040, top: 60 }}
      unmountOnExit
    >
      <div className="table-toolbar" data-testid="pending-modal">
        <Space>
          <Typography.Text data-testid="pending-total">{t('pending.total', { count: total })}</Typography.Text>
          <Tag size="small">{t('pending.masked')}</Tag>
          <TimeZoneNote />
        </Space>
        <Popconfirm
          title={t('tasks.confirm.clearPending', { name: task?.name ?? '', count: total })}
          onOk={() => quietRefusal(clear.mutateAsync())}
          okButtonProps={{ status: 'danger' }}
          disabled={!task || !canApply('clearPending', task.status) || total === 0}
        >
          <Button
            status="danger"
            disabled={!task || !canApply('clearPending', task.status) || total === 0}
            loading={clear.isPending}
            data-testid="pending-clear"
          >
            {t('pending.clear')}
          </Button>
        </Popconfirm>
      </div>
      <Table<Subtask>
        rowKey="id"
        size="small"
        data={pending.data?.list ?? []}
        loading={pending.isFetching}
        scroll={{ x: 1170, y: 460 }}
        noDataElement={<div className="table-empty">{t('pending.empty')}</div>}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total,
          showTotal: pageTotal,
          onChange: (p, size) => setPage({ page: p, pageSize: size }),
        }}
        columns={[
          {
            title: t('pending.col.phone'),
            dataIndex: 'phoneNumber',
            width: 140,
            render: (value: string) => <span className="mono">{value}</span>,
          },
          {
            title: t('common.timeZone'),
            dataIndex: 'timeZones',
            width: 170,
            render: (_, row) => <NumberTimeZones zones={row.timeZones} />,
          },
          { title: t('pending.col.prologue'), dataIndex: 'prologueInfo', width: 150, ellipsis: true },
          {
            title: t('pending.col.business'),
            dataIndex: 'businessInfo',
            width: 300,
            render: (_, row) => <KeyValues values={row.businessInfo} />,
          },
          { title: t('pending.col.remark'), dataIndex: 'remark', width: 140, ellipsis: true },
          { title: t('pending.col.extra'), dataIndex: 'extra', width: 160, render: (_, row) => <KeyValues values={row.extra} /> },
          {
            title: t('pending.col.created'),
            dataIndex: 'createTime',
            width: 170,
            render: (value: string) => time.format(value),
          },
        ]}
      />
    </Modal>
  );
}
