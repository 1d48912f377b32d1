import { Button, Tooltip } from '@arco-design/web-react';
import { IconDashboard } from '@arco-design/web-react/icon';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The drawer brings ECharts: loaded on the first click, so the task list's chunk stays small.
const RealtimeDashboardDrawer = lazy(() => import('./RealtimeDashboardDrawer.tsx'));

/** The task list's per-row button that opens the task's real-time dashboard. */
export function RealtimeDashboardButton({ task }: { task: { id: string; name: string } }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip content={t('realtime.tooltip')}>
        <Button type="text" size="mini" icon={<IconDashboard />} onClick={() => setOpen(true)} data-testid={`task-realtime-${task.name}`}>
          {t('realtime.button')}
        </Button>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <RealtimeDashboardDrawer task={task} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
