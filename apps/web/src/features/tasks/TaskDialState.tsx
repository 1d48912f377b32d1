import { Tooltip, Typography } from '@arco-design/web-react';
import { IconClockCircle, IconExclamationCircle } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { TaskListItem } from '@dialwise/contracts';
import { useCompanyTime } from '../../locale/company-time.tsx';

/**
 * What the dialer says about a task, under its status: why it paused the task by itself (the circuit
 * breaker), or when an in-progress task outside its call window dials next.
 */
export function TaskDialState({ task }: { task: Pick<TaskListItem, 'statusReason' | 'nextDialAt'> }) {
  const { t } = useTranslation();
  const time = useCompanyTime();
  if (task.statusReason) {
    const { failures, calls, lastSipStatus } = task.statusReason;
    return (
      <Tooltip content={t('tasks.reason.breakerHelp')}>
        <Typography.Text type="warning" className="cell-sub" data-testid="task-reason">
          <IconExclamationCircle /> {t('tasks.reason.breaker', { failures, calls, status: lastSipStatus ?? '—' })}
        </Typography.Text>
      </Tooltip>
    );
  }
  if (task.nextDialAt) {
    return (
      <Typography.Text type="secondary" className="cell-sub" data-testid="task-next-dial">
        <IconClockCircle /> {t('tasks.nextDial', { at: time.format(task.nextDialAt) })}
      </Typography.Text>
    );
  }
  return null;
}
