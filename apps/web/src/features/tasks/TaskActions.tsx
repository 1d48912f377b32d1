import { Button, Dropdown, Menu, Message, Modal, Space, Tooltip } from '@arco-design/web-react';
import { IconDown, IconPhone } from '@arco-design/web-react/icon';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canApply, type TaskCommand, type TaskListItem } from '@dialwise/contracts';
import { projectKeys } from '../projects/api.ts';
import { applyTaskAction, taskKeys } from './api.ts';
import { quietRefusal } from '../../api/quiet-refusal.ts';

interface Props {
  task: TaskListItem;
  onUpload(): void;
  onPending(): void;
  /** "Call me in the browser": a test call of the task (tasks that have a scenario to run). */
  onTestCall(): void;
}

/** Actions that need a second thought before they happen. */
const CONFIRMED: Partial<Record<TaskCommand, string>> = {
  abort: 'tasks.confirm.abort',
  delete: 'tasks.confirm.delete',
  clearPending: 'tasks.confirm.clearPending',
};

/**
 * The buttons of one task row. Which appear is read from the contracts state machine (`canApply`), the
 * same table the server enforces; the server's refusal (409) still shows if the status moved meanwhile.
 */
export function TaskActions({ task, onUpload, onPending, onTestCall }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const act = useMutation({
    mutationFn: (action: TaskCommand) => applyTaskAction({ taskId: task.id, action }),
    onSuccess: (result, action) => {
      Message.success(t(`tasks.done.${action}`, { count: result.cleared ?? 0 }));
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['subtasks'] });
    },
  });
  const run = (action: TaskCommand) => {
    const confirm = CONFIRMED[action];
    if (!confirm) return act.mutate(action);
    Modal.confirm({
      title: t(`tasks.action.${action}`),
      content: t(confirm, { name: task.name, count: task.pendingCount }),
      okButtonProps: { status: 'danger', 'data-testid': 'task-action-confirm' } as Record<string, unknown>,
      onOk: () => quietRefusal(act.mutateAsync(action)),
    });
  };
  const can = (action: TaskCommand | 'upload' | 'edit') => canApply(action, task.status);
  const testId = (action: string) => `task-${action}-${task.name}`;

  const primary = (['start', 'continue', 'pause'] as const).filter(can).map((action) => {
    const blocked = (action === 'start' || action === 'continue') && task.pendingCount === 0;
    const button = (
      <Button
        key={action}
        type="text"
        size="small"
        disabled={blocked}
        loading={act.isPending && act.variables === action}
        onClick={() => run(action)}
        data-testid={testId(action)}
      >
        {t(`tasks.action.${action}`)}
      </Button>
    );
    return blocked ? (
      <Tooltip key={action} content={t('tasks.startNeedsNumbers')}>
        {button}
      </Tooltip>
    ) : (
      button
    );
  });

  const more = (['publish', 'abort', 'edit', 'clearPending', 'delete'] as const).filter(can);
  return (
    <Space size={0} className="table-actions">
      {primary}
      {can('upload') && (
        <Button type="text" size="small" onClick={onUpload} data-testid={testId('upload')}>
          {t('tasks.action.upload')}
        </Button>
      )}
      {/* An icon with its name as tooltip: the row fits 1440 px. Templates are not run, so not called. */}
      {task.status !== 'template' && (
        <Tooltip content={t('testCall.open')}>
          <Button
            type="text"
            size="small"
            icon={<IconPhone />}
            aria-label={t('testCall.open')}
            onClick={onTestCall}
            data-testid={testId('test-call')}
          />
        </Tooltip>
      )}
      {/* The pending numbers open from the row's count too: here they sit in More, so the row fits 1440 px. */}
      <Dropdown
        trigger="click"
        position="br"
        droplist={
          <Menu
            onClickMenuItem={(key) =>
              key === 'pending'
                ? onPending()
                : key === 'edit'
                  ? navigate(`/project/editTask/${task.projectId}/${task.id}`)
                  : run(key as TaskCommand)
            }
          >
            <Menu.Item key="pending" data-testid={testId('pending')}>
              {t('tasks.action.pending')}
            </Menu.Item>

            {more.map((action) => (
              <Menu.Item
                key={action}
                data-testid={testId(action)}
                className={action === 'delete' || action === 'abort' ? 'menu-danger' : undefined}
              >
                {t(`tasks.action.${action}`)}
              </Menu.Item>
            ))}
          </Menu>
        }
      >
        <Button type="text" size="small" data-testid={testId('more')}>
          {t('tasks.action.more')} <IconDown />
        </Button>
      </Dropdown>
    </Space>
  );
}
