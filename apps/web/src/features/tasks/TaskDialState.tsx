import { Alert, Tooltip, Typography } from '@arco-design/web-react';
import { IconClockCircle, IconExclamationCircle } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { wallClock, type TaskListItem } from '@dialwise/contracts';
import { nextCallLabel, weekdaysLabel } from './task-display.ts';

type DialTask = Pick<TaskListItem, 'dialState' | 'callStart' | 'callEnd' | 'weekdays'>;
type WaitingTask = Pick<TaskListItem, 'localWait' | 'dialState'>;

interface DialNote {
  text: string;
  help: string;
  /** Waiting for time to pass (info), or waiting for a person to act (warning). */
  tone: 'info' | 'warning';
  icon: ReactNode;
}

/**
 * What the dialer says about a started task that is not calling (the server's `dialState`): why, and when it
 * calls next, on the company's wall clock with the zone named ("Waiting for the calling window: Monday 11-30
 * 09:00 (Asia/Shanghai)"); the help says what happens next or what to do. Null while it dials.
 */
function useDialNote(task: DialTask): DialNote | null {
  const { t } = useTranslation();
  const state = task.dialState;
  if (!state) return null;
  const waiting = (text: string, help: string): DialNote => ({ text, help, tone: 'info', icon: <IconClockCircle /> });
  const blocked = (text: string, help: string): DialNote => ({ text, help, tone: 'warning', icon: <IconExclamationCircle /> });
  const at = (iso: string | null, zone: string) => (iso ? `${nextCallLabel(iso, zone, t)} (${zone})` : '—');
  const hours = { start: task.callStart, end: task.callEnd };
  switch (state.code) {
    case 'outsideWindow': {
      const today = t(`tasks.weekdayLong.${wallClock(new Date(), state.timeZone).weekday}`);
      const why = t(`tasks.dial.${state.closure}`, { ...hours, day: today, days: weekdaysLabel(task.weekdays, t) });
      return waiting(
        t('tasks.dial.outsideWindow', { at: at(state.nextAt, state.timeZone) }),
        `${why} ${t('tasks.dial.zoneHelp', { zone: state.timeZone })}`,
      );
    }
    case 'redialWait':
      return waiting(t('tasks.dial.redialWait', { at: at(state.nextAt, state.timeZone) }), t('tasks.dial.redialWaitHelp'));
    case 'finishing':
      return waiting(t('tasks.dial.finishing', { count: state.liveCalls }), t('tasks.dial.finishingHelp'));
    case 'companyCap':
      return waiting(t('tasks.dial.companyCap', { count: state.cap }), t('tasks.dial.companyCapHelp'));
    case 'linesBusy':
      return waiting(t('tasks.dial.linesBusy', { count: state.capacity }), t('tasks.dial.linesBusyHelp'));
    case 'noLine':
      return blocked(t('tasks.dial.noLine'), t('tasks.dial.noLineHelp'));
    case 'nothingToCall':
      return blocked(t('tasks.dial.nothingToCall'), t('tasks.dial.nothingToCallHelp'));
    case 'breaker':
      return blocked(
        t('tasks.reason.breaker', { failures: state.failures, calls: state.calls, status: state.lastSipStatus ?? '—' }),
        t('tasks.reason.breakerHelp'),
      );
  }
}

/** The note under a task's status in the task list, its help in a tooltip. */
export function TaskDialState({ task }: { task: DialTask }) {
  const note = useDialNote(task);
  if (!note) return null;
  return (
    <Tooltip content={note.help}>
      <Typography.Text
        type={note.tone === 'warning' ? 'warning' : 'secondary'}
        className="cell-sub"
        data-testid="task-dial-state"
        data-code={task.dialState?.code}
      >
        {note.icon} {note.text}
      </Typography.Text>
    </Tooltip>
  );
}

/**
 * In the live drawer of a task calling in local time: how many numbers wait for their own window, and when
 * the first of those opens (company time, zone named). Hidden while none waits.
 */
export function TaskLocalWait({ task, zone }: { task: WaitingTask; zone: string }) {
  const { t } = useTranslation();
  const wait = task.localWait;
  if (!wait || wait.waiting === 0) return null;
  const at = wait.nextAt ? `${nextCallLabel(wait.nextAt, zone, t)} (${zone})` : '—';
  return (
    <Alert
      type="info"
      icon={<IconClockCircle />}
      title={t('tasks.localWait', { count: wait.waiting, at })}
      content={t('tasks.localWaitHelp', { zone })}
      className="realtime-dial-state"
      data-testid="realtime-local-wait"
    />
  );
}

/** The same note at the top of the task's live drawer, with its help spelled out. */
export function TaskDialAlert({ task }: { task: DialTask }) {
  const note = useDialNote(task);
  if (!note) return null;
  return (
    <Alert
      type={note.tone}
      icon={note.icon}
      title={note.text}
      content={note.help}
      className="realtime-dial-state"
      data-testid="realtime-dial-state"
      data-code={task.dialState?.code}
    />
  );
}
