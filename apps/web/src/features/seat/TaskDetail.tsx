import { Descriptions, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { SeatTask } from '@dialwise/contracts';
import { useCompanyTime } from '../../locale/company-time.tsx';

/** The call's task, read-only (agents do not edit tasks). */
export function TaskDetail({ task }: { task: SeatTask }) {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const days = [...task.weekdays]
    .sort()
    .map((day) => t(`tasks.weekday.${day}`))
    .join(' ');
  return (
    <Descriptions
      column={1}
      size="small"
      className="seat-task"
      data-testid="seat-task"
      data={[
        { label: t('seat.info.project'), value: task.projectName },
        { label: t('seat.task.name'), value: <span data-testid="seat-task-name">{task.name}</span> },
        { label: t('common.status'), value: <Tag size="small">{t(`tasks.status.${task.status}`)}</Tag> },
        { label: t('seat.task.scenario'), value: task.scenarioName },
        { label: t('seat.task.window'), value: `${task.callStart} – ${task.callEnd}` },
        { label: t('seat.task.weekdays'), value: days || '—' },
        { label: t('seat.task.progress'), value: t('seat.task.progressValue', { pending: task.pendingCount, total: task.totalCount }) },
        { label: t('seat.task.creator'), value: task.creator },
        { label: t('common.created'), value: time.format(task.createTime) },
      ]}
    />
  );
}
