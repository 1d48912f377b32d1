import { Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { TaskStatus } from '@dialwise/contracts';

/** Arco tag colours per status: running green, waiting blue, paused orange, stopped red, finished grey. */
export const STATUS_COLORS: Record<TaskStatus, string> = {
  pending: 'arcoblue',
  in_progress: 'green',
  paused: 'orange',
  completed: 'gray',
  aborted: 'red',
  template: 'purple',
  editing: 'cyan',
};

export function TaskStatusTag({ status }: { status: TaskStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid={`task-status-${status}`} bordered>
      {t(`tasks.status.${status}`)}
    </Tag>
  );
}
