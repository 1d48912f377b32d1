import type { TaskInput, TaskListItem } from '@dialwise/contracts';

/** The task form's values: the contracts input without `saveAs` (chosen by the button pressed). */
export type TaskFormValues = Omit<TaskInput, 'saveAs'>;

/** A new task's starting values; scenario and voice start unchosen so their placeholders show. */
export const NEW_TASK_VALUES: Partial<TaskFormValues> = {
  name: '',
  sipLineIds: [],
  callStart: '09:00',
  callEnd: '18:00',
  weekdays: [1, 2, 3, 4, 5],
  autoDial: false,
  localTime: true,
  concurrency: { mode: 'auto' },
  redial: { count: 0, gapMinutes: 30 },
  ignoreTags: [],
  advanced: { prologues: [] },
};

export function formValuesOf(task: TaskListItem): TaskFormValues {
  return {
    name: task.name,
    scenarioId: task.scenarioId,
    voiceId: task.voiceId,
    sipLineIds: task.sipLineIds,
    callStart: task.callStart,
    callEnd: task.callEnd,
    weekdays: task.weekdays as TaskFormValues['weekdays'],
    autoDial: task.autoDial,
    localTime: task.localTime,
    concurrency: task.concurrency,
    redial: task.redial,
    ignoreTags: task.ignoreTags,
    advanced: task.advanced,
  };
}

/**
 * What the form holds → what the schema reads. Arco keeps the count of a manual concurrency after the mode
 * moves away from manual, and empty selects hold undefined; both are tidied here, nothing else changes.
 */
export function inputOf(values: Partial<TaskFormValues>, saveAs: TaskInput['saveAs'] = 'task'): Record<string, unknown> {
  const concurrency = values.concurrency ?? { mode: 'auto' };
  return {
    ...values,
    scenarioId: values.scenarioId || undefined,
    voiceId: values.voiceId || undefined,
    sipLineIds: values.sipLineIds ?? [],
    weekdays: values.weekdays ?? [],
    ignoreTags: values.ignoreTags ?? [],
    concurrency:
      concurrency.mode === 'manual' ? { mode: 'manual', count: (concurrency as { count?: number }).count } : { mode: concurrency.mode },
    advanced: { ...values.advanced, prologues: values.advanced?.prologues ?? [] },
    // At count 0 the gap field is not on the form: keep the stored (or default) gap.
    redial: { count: values.redial?.count ?? 0, gapMinutes: values.redial?.gapMinutes ?? 30 },
    saveAs,
  };
}
