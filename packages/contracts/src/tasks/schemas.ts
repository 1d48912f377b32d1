import { z } from 'zod';
import { LIMITS } from '../common/constants.ts';
import { idBodySchema, idSchema, isoDateTime, pageQuerySchema } from '../common/fields.ts';
import { taskAmdSchema, taskAmdValueSchema } from '../amd/schemas.ts';
import { editSchemaOf, storedVersionSchema } from '../common/edit-version.ts';

/**
 * Outbound tasks: the task form with its rules, and the one state machine the console's
 * buttons and the server's endpoints both read.
 *
 * Status meanings:
 * - pending: created, not started yet;           - in_progress: the dialer places its calls;
 * - paused: no new calls, live calls finish;     - completed: nothing pending and no live call left;
 * - aborted: stopped for good, live calls hung up;
 * - template: a saved set-up that is never dialled; "create from template" copies it into a new task;
 * - editing: a draft saved before it was ready; "publish" makes it pending.
 */
export const TASK_STATUSES = ['pending', 'in_progress', 'paused', 'completed', 'aborted', 'template', 'editing'] as const;
export const taskStatusSchema = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

/** The task list's status filter and the statuses each value shows. */
export const TASK_FILTERS = {
  all: TASK_STATUSES,
  notStarted: ['pending', 'editing', 'template'],
  inProgress: ['in_progress', 'paused'],
  completed: ['completed', 'aborted'],
} as const satisfies Record<string, readonly TaskStatus[]>;
export type TaskFilter = keyof typeof TASK_FILTERS;
export const taskFilterSchema = z.enum(Object.keys(TASK_FILTERS) as [TaskFilter, ...TaskFilter[]]);

export const TASK_ACTIONS = ['start', 'continue', 'pause', 'abort', 'publish', 'upload', 'clearPending', 'edit', 'delete'] as const;
export const taskActionSchema = z.enum(TASK_ACTIONS);
export type TaskAction = z.infer<typeof taskActionSchema>;

/**
 * From which statuses each action is allowed, and the status it leads to ('same' keeps the status,
 * 'removed' deletes the task). Anything not listed is an illegal transition: the server refuses it and
 * changes nothing, the console hides or disables the button.
 */
const SAME = 'same' as const;
const REMOVED = 'removed' as const;
type Outcome = TaskStatus | typeof SAME | typeof REMOVED;

/**
 * Status changes the system makes, never a button: the circuit breaker pausing a task whose line keeps
 * failing, and a dialling task completing when nothing is pending and no call is live. They go through
 * the same table as the user's actions.
 */
export const SYSTEM_TASK_ACTIONS = ['breakerPause', 'complete'] as const;
export type SystemTaskAction = (typeof SYSTEM_TASK_ACTIONS)[number];

export const TASK_TRANSITIONS: Record<TaskAction | SystemTaskAction, Partial<Record<TaskStatus, Outcome>>> = {
  start: { pending: 'in_progress' },
  continue: { paused: 'in_progress' },
  pause: { in_progress: 'paused' },
  abort: { pending: 'aborted', in_progress: 'aborted', paused: 'aborted' },
  publish: { editing: 'pending' },
  // New numbers reopen a completed task as paused, so the admin decides when it dials again.
  upload: { pending: SAME, in_progress: SAME, paused: SAME, editing: SAME, completed: 'paused' },
  // Only pending subtasks are removed; a subtask being dialled is never touched.
  clearPending: { pending: SAME, in_progress: SAME, paused: SAME, editing: SAME },
  edit: { pending: SAME, paused: SAME, editing: SAME, template: SAME },
  // A dialling task must be paused or aborted first, so no live call loses its task.
  delete: { pending: REMOVED, paused: REMOVED, completed: REMOVED, aborted: REMOVED, template: REMOVED, editing: REMOVED },
  breakerPause: { in_progress: 'paused' },
  complete: { in_progress: 'completed' },
};

export function canApply(action: TaskAction | SystemTaskAction, status: TaskStatus): boolean {
  return TASK_TRANSITIONS[action][status] !== undefined;
}

/** The status after `action`; throws on an illegal transition (check `canApply` first). */
export function nextStatus(action: TaskAction | SystemTaskAction, status: TaskStatus): TaskStatus | 'removed' {
  const outcome = TASK_TRANSITIONS[action][status];
  if (outcome === undefined) throw new Error(`Task action ${action} is not allowed in status ${status}`);
  return outcome === SAME ? status : outcome;
}

/** The statuses a system action may start from (its guard in a conditional UPDATE). */
export function statusesAllowing(action: SystemTaskAction): TaskStatus[] {
  return Object.keys(TASK_TRANSITIONS[action]) as TaskStatus[];
}

export function allowedActions(status: TaskStatus): TaskAction[] {
  return TASK_ACTIONS.filter((action) => canApply(action, status));
}

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** An empty or all-blank value counts as "not set" (so a group of blanks is an empty group, not a half-set one). */
const blankToUndefined = (value: unknown) => ((typeof value === 'string' && value.trim() === '') || value === null ? undefined : value);
const optionalInt = (min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce.number().int({ error: 'v.integer' }).min(min, { error: 'v.min' }).max(max, { error: 'v.max' }).optional(),
  );
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max, { error: 'v.tooLong' }).optional());

/** Concurrency: a fair share of the lines' capacity ('auto'), a manual count, or unset (the lines' capacity). */
export const taskConcurrencySchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('auto') }),
  z.object({
    mode: z.literal('manual'),
    count: z.coerce.number().int({ error: 'v.integer' }).min(1, { error: 'v.min' }).max(1000, { error: 'v.max' }),
  }),
  z.object({ mode: z.literal('unset') }),
]);
export type TaskConcurrency = z.infer<typeof taskConcurrencySchema>;

/**
 * Redial of numbers that were busy or did not answer: how many more attempts (0 = off, the default) and
 * the wait before each. Other outcomes are never redialled (an answered number is done; an invalid one failed).
 */
export const REDIAL_LIMITS = { count: { min: 0, max: 5 }, gapMinutes: { min: 1, max: 1440, default: 30 } } as const;
export const taskRedialSchema = z.object({
  count: z.coerce
    .number()
    .int({ error: 'v.integer' })
    .min(REDIAL_LIMITS.count.min, { error: 'v.min' })
    .max(REDIAL_LIMITS.count.max, { error: 'v.max' }),
  // Optional: with redial off (count 0) the form does not show the gap, so it may be absent.
  gapMinutes: z.coerce
    .number()
    .int({ error: 'v.integer' })
    .min(REDIAL_LIMITS.gapMinutes.min, { error: 'v.min' })
    .max(REDIAL_LIMITS.gapMinutes.max, { error: 'v.max' })
    .default(REDIAL_LIMITS.gapMinutes.default),
});
export type TaskRedial = z.infer<typeof taskRedialSchema>;

/** Advanced settings: each group is set as a whole or left empty. */
export const taskAdvancedSchema = z
  .object({
    prologues: z
      .array(z.string().trim().min(1, { error: 'v.required' }).max(500, { error: 'v.tooLong' }))
      .max(10)
      .default([]),
    pauseSeconds: optionalInt(LIMITS.pauseSeconds.min, LIMITS.pauseSeconds.max),
    silenceThresholdSeconds: optionalInt(1, 60),
    silenceMaxAttempts: optionalInt(1, 10),
    silenceWords: optionalText(200),
    timeoutHangupSeconds: optionalInt(1, 3600),
    timeoutReply: optionalText(200),
    /** Answering-machine detection (absent: off). */
    amd: taskAmdSchema.optional(),
  })
  .superRefine((value, ctx) => {
    const together = (keys: readonly (keyof typeof value)[], message: string) => {
      const set = keys.filter((key) => {
        const v = value[key];
        return Array.isArray(v) ? v.length > 0 : v !== undefined;
      });
      if (set.length > 0 && set.length < keys.length) {
        for (const key of keys.filter((k) => !set.includes(k))) ctx.addIssue({ code: 'custom', path: [key], message });
      }
    };
    together(['prologues', 'pauseSeconds'], 'v.task.prologueTogether');
    together(['silenceThresholdSeconds', 'silenceMaxAttempts', 'silenceWords'], 'v.task.silenceTogether');
    together(['timeoutHangupSeconds', 'timeoutReply'], 'v.task.timeoutTogether');
  });
export type TaskAdvanced = z.infer<typeof taskAdvancedSchema>;

/** The new-task / edit-task form. */
export const taskInputSchema = z
  .object({
    name: z.string().trim().min(1, { error: 'v.required' }).max(LIMITS.taskName.max, { error: 'v.task.name' }),
    scenarioId: z.uuid({ error: 'v.required' }),
    voiceId: z.uuid({ error: 'v.required' }),
    sipLineIds: z
      .array(z.uuid({ error: 'v.id' }))
      .min(1, { error: 'v.task.lines' })
      .max(50),
    callStart: z.string().regex(TIME_OF_DAY, { error: 'v.task.time' }),
    callEnd: z.string().regex(TIME_OF_DAY, { error: 'v.task.time' }),
    weekdays: z.array(z.union(WEEKDAYS.map((d) => z.literal(d)))).min(1, { error: 'v.task.weekdays' }),
    autoDial: z.boolean().default(false),
    concurrency: taskConcurrencySchema.default({ mode: 'auto' }),
    redial: taskRedialSchema.default({ count: 0, gapMinutes: 30 }),
    ignoreTags: z.array(z.string().trim().min(1).max(64)).max(50).default([]),
    advanced: taskAdvancedSchema.default({ prologues: [] }),
    /**
     * Read the call window and weekdays in each callee's own time zone (from the number plan) instead of
     * the company's; a number that may be in several zones is called only when the window is open in all.
     */
    localTime: z.boolean().default(true),
    /** Save as a draft ('editing') or as a template instead of a startable task. */
    saveAs: z.enum(['task', 'draft', 'template']).default('task'),
  })
  .refine((value) => !TIME_OF_DAY.test(value.callStart) || !TIME_OF_DAY.test(value.callEnd) || value.callStart < value.callEnd, {
    path: ['callEnd'],
    error: 'v.task.timeOrder',
  });
export type TaskInput = z.infer<typeof taskInputSchema>;

/**
 * Advanced settings as stored and answered. The form schema above preprocesses blanks, which a response
 * schema cannot carry (the server encodes answers with their schema, and a preprocess does not run backwards).
 */
export const taskAdvancedValueSchema = z.object({
  prologues: z.array(z.string()),
  pauseSeconds: z.number().int().optional(),
  silenceThresholdSeconds: z.number().int().optional(),
  silenceMaxAttempts: z.number().int().optional(),
  silenceWords: z.string().optional(),
  timeoutHangupSeconds: z.number().int().optional(),
  timeoutReply: z.string().optional(),
  amd: taskAmdValueSchema.optional(),
});

export const taskSchema = z.object({
  id: z.string(),
  version: storedVersionSchema,
  projectId: z.string(),
  name: z.string(),
  status: taskStatusSchema,
  scenarioId: z.string(),
  /** The scenario version the task runs: pinned when it starts; null before. */
  scenarioVersion: z.number().int().nullable(),
  voiceId: z.string(),
  sipLineIds: z.array(z.string()),
  callStart: z.string(),
  callEnd: z.string(),
  weekdays: z.array(z.number().int()),
  autoDial: z.boolean(),
  concurrency: taskConcurrencySchema,
  redial: taskRedialSchema,
  ignoreTags: z.array(z.string()),
  advanced: taskAdvancedValueSchema,
  localTime: z.boolean(),
  creator: z.string(),
  createTime: isoDateTime,
  pendingCount: z.number().int(),
  totalCount: z.number().int(),
});
export type Task = z.infer<typeof taskSchema>;

/** The new-task form of a project. */
export const taskCreateSchema = taskInputSchema.extend({ projectId: idSchema });
export type TaskCreate = z.infer<typeof taskCreateSchema>;

/** The edit-task form: the same rules; `saveAs` is ignored (publishing a draft is the `publish` action). */
export const taskUpdateSchema = editSchemaOf(taskInputSchema);
export type TaskUpdate = z.infer<typeof taskUpdateSchema>;

export const taskQuerySchema = pageQuerySchema.extend({
  projectId: idSchema,
  filter: taskFilterSchema.default('all'),
  /** Part of the name, case-insensitive. */
  name: z.string().trim().max(LIMITS.taskName.max).optional(),
});
export type TaskQuery = z.infer<typeof taskQuerySchema>;

export const taskIdSchema = idBodySchema;

/**
 * Actions taken through `POST /api/tasks/action`: every action of the state machine except `upload`
 * (the upload endpoint) and `edit` (the update endpoint), which apply the same table.
 */
export const TASK_COMMANDS = [
  'start',
  'continue',
  'pause',
  'abort',
  'publish',
  'clearPending',
  'delete',
] as const satisfies readonly TaskAction[];
export type TaskCommand = (typeof TASK_COMMANDS)[number];
export const taskActionInputSchema = z.object({ taskId: idSchema, action: z.enum(TASK_COMMANDS) });
export type TaskActionInput = z.infer<typeof taskActionInputSchema>;

export const taskActionResultSchema = z.object({
  status: z.union([taskStatusSchema, z.literal('removed')]),
  pendingCount: z.number().int(),
  totalCount: z.number().int(),
  /** clearPending: how many pending subtasks were removed. */
  cleared: z.number().int().optional(),
});
export type TaskActionResult = z.infer<typeof taskActionResultSchema>;

/** Why the dialer paused a task by itself: the circuit breaker saw most recent calls fail on the line. */
export const taskStatusReasonSchema = z.object({
  code: z.literal('breaker'),
  failures: z.number().int(),
  calls: z.number().int(),
  lastSipStatus: z.number().int().nullable(),
});
export type TaskStatusReason = z.infer<typeof taskStatusReasonSchema>;

/**
 * Why the call window is shut now: today is not one of the task's weekdays, or it is and the window has not
 * opened yet, or it has closed for the day, or today is one of the company's quiet days; `localHours`: the
 * task calls in its callees' time zones and it is outside the window in every zone its pending numbers are in.
 */
export const WINDOW_CLOSURES = ['notCallingDay', 'beforeHours', 'afterHours', 'quietDay', 'localHours'] as const;
export type WindowClosure = (typeof WINDOW_CLOSURES)[number];

/**
 * Why a started task places no call right now, and when it will, read from the dialer's own rules (null
 * while it dials, and for a task that is not started). Paused by the dialer (`breaker`) is the one reason
 * outside "in progress". `nextAt` instants are read in `timeZone`, the company's, where the dialer reads them.
 * - outsideWindow: the call window is shut (`closure` says how); `nextAt` is when it opens;
 * - noLine: none of the task's SIP lines is enabled, so it cannot dial at all;
 * - nothingToCall: no number is pending (all dialled, or the pending ones cleared): upload more;
 * - finishing: nothing pending, its last `liveCalls` calls are still on the line;
 * - redialWait: every pending number waits for its redial gap; the first is due at `nextAt`;
 * - companyCap: the company's `cap` of calls at once is taken by its other tasks;
 * - linesBusy: every place on its lines (`capacity` in all) is taken by other tasks' calls.
 */
export const taskDialStateSchema = z.discriminatedUnion('code', [
  z.object({
    code: z.literal('outsideWindow'),
    closure: z.enum(WINDOW_CLOSURES),
    nextAt: isoDateTime.nullable(),
    timeZone: z.string(),
    /** The task calls in its callees' local time: no pending number's window is open (`closure` is then 'localHours'). */
    localTime: z.boolean().optional(),
  }),
  z.object({ code: z.literal('noLine') }),
  z.object({ code: z.literal('nothingToCall') }),
  z.object({ code: z.literal('finishing'), liveCalls: z.number().int() }),
  z.object({ code: z.literal('redialWait'), nextAt: isoDateTime, timeZone: z.string() }),
  z.object({ code: z.literal('companyCap'), cap: z.number().int() }),
  z.object({ code: z.literal('linesBusy'), capacity: z.number().int() }),
  taskStatusReasonSchema,
]);
export type TaskDialState = z.infer<typeof taskDialStateSchema>;

/** A task row of the task list (and of `get`, the live drawer's): the task plus the names the list shows. */
export const taskListItemSchema = taskSchema.extend({
  scenarioName: z.string(),
  voiceName: z.string(),
  sipLines: z.array(z.object({ id: z.string(), alias: z.string() })),
  /** Why a started (or dialer-paused) task is not calling now, and when it will; null while it dials. */
  dialState: taskDialStateSchema.nullable(),
  /**
   * A task in progress calling in local time (`get` only, for the live drawer): how many pending numbers
   * wait for their own window, and when the next of those windows opens.
   */
  localWait: z.object({ waiting: z.number().int(), nextAt: isoDateTime.nullable() }).nullable().optional(),
});
export type TaskListItem = z.infer<typeof taskListItemSchema>;

/** What the task form may choose from: only the caller company's grants and lines. */
export const taskOptionsSchema = z.object({
  scenarios: z.array(z.object({ id: z.string(), name: z.string() })),
  voices: z.array(z.object({ id: z.string(), nickname: z.string() })),
  sipLines: z.array(z.object({ id: z.string(), alias: z.string(), concurrency: z.number().int(), status: z.string() })),
});
export type TaskOptions = z.infer<typeof taskOptionsSchema>;
