import { describe, expect, it } from 'vitest';
import { formatIssue } from '../i18n.ts';
import {
  TASK_ACTIONS,
  TASK_FILTERS,
  TASK_STATUSES,
  allowedActions,
  canApply,
  nextStatus,
  taskActionInputSchema,
  taskAdvancedSchema,
  taskInputSchema,
  taskQuerySchema,
  taskUpdateSchema,
  type TaskAction,
  type TaskStatus,
} from './schemas.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const base = {
  name: 'Renewals',
  scenarioId: uuid(1),
  voiceId: uuid(2),
  sipLineIds: [uuid(3)],
  callStart: '09:00',
  callEnd: '18:00',
  weekdays: [1, 2, 3, 4, 5],
};
const messages = (value: unknown) => {
  const result = taskInputSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

describe('task state machine', () => {
  const legal: Record<TaskAction, Partial<Record<TaskStatus, TaskStatus | 'removed'>>> = {
    start: { pending: 'in_progress' },
    continue: { paused: 'in_progress' },
    pause: { in_progress: 'paused' },
    abort: { pending: 'aborted', in_progress: 'aborted', paused: 'aborted' },
    publish: { editing: 'pending' },
    upload: { pending: 'pending', in_progress: 'in_progress', paused: 'paused', editing: 'editing', completed: 'paused' },
    clearPending: { pending: 'pending', in_progress: 'in_progress', paused: 'paused', editing: 'editing' },
    edit: { pending: 'pending', paused: 'paused', editing: 'editing', template: 'template' },
    delete: { pending: 'removed', paused: 'removed', completed: 'removed', aborted: 'removed', template: 'removed', editing: 'removed' },
  };
  const cases = TASK_ACTIONS.flatMap((action) => TASK_STATUSES.map((status) => ({ action, status, expected: legal[action][status] })));

  it.each(cases)('$action from $status → $expected', ({ action, status, expected }) => {
    expect(canApply(action, status)).toBe(expected !== undefined);
    if (expected === undefined) expect(() => nextStatus(action, status)).toThrow(/not allowed/);
    else expect(nextStatus(action, status)).toBe(expected);
  });

  it('a running task cannot be deleted, and aborted or completed ones cannot be restarted', () => {
    expect(allowedActions('in_progress')).toEqual(['pause', 'abort', 'upload', 'clearPending']);
    expect(allowedActions('aborted')).toEqual(['delete']);
    expect(allowedActions('completed')).toEqual(['upload', 'delete']);
  });

  it('the filters cover every status exactly once apart from "all"', () => {
    const covered = [...TASK_FILTERS.notStarted, ...TASK_FILTERS.inProgress, ...TASK_FILTERS.completed].sort();
    expect(covered).toEqual([...TASK_STATUSES].sort());
  });
});

describe('task form rules', () => {
  it('accepts a minimal task and fills the defaults', () => {
    const parsed = taskInputSchema.parse(base);
    expect(parsed).toMatchObject({
      autoDial: false,
      concurrency: { mode: 'auto' },
      ignoreTags: [],
      saveAs: 'task',
      advanced: { prologues: [] },
    });
  });
  it('name: required, at most 20 characters (19 and 20 pass, 21 fails)', () => {
    expect(messages({ ...base, name: 'x'.repeat(19) })).toEqual([]);
    expect(messages({ ...base, name: 'x'.repeat(20) })).toEqual([]);
    expect(messages({ ...base, name: '任'.repeat(20) })).toEqual([]);
    expect(messages({ ...base, name: 'x'.repeat(21) })).toEqual(['name:v.task.name']);
    expect(messages({ ...base, name: '  ' })).toEqual(['name:v.required']);
  });
  it('needs a line, a weekday, and a window that ends after it starts', () => {
    expect(messages({ ...base, sipLineIds: [] })).toEqual(['sipLineIds:v.task.lines']);
    expect(messages({ ...base, weekdays: [] })).toEqual(['weekdays:v.task.weekdays']);
    expect(messages({ ...base, weekdays: [8] })).toHaveLength(1);
    expect(messages({ ...base, callStart: '24:00' })).toEqual(['callStart:v.task.time']);
    expect(messages({ ...base, callStart: '18:00', callEnd: '09:00' })).toEqual(['callEnd:v.task.timeOrder']);
  });
  it('the edit form applies the same rules and needs the id', () => {
    expect(taskUpdateSchema.safeParse({ ...base, id: uuid(9), version: 1 }).success).toBe(true);
    const paths = (value: unknown) =>
      taskUpdateSchema
        .safeParse(value)
        .error!.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`)
        .sort();
    expect(paths({ ...base, name: 'x'.repeat(21), version: 1 })).toEqual(['id:v.id', 'name:v.task.name']);
    expect(paths({ ...base, id: uuid(9), version: 1, callStart: '18:00', callEnd: '09:00' })).toEqual(['callEnd:v.task.timeOrder']);
  });
  it('the action endpoint takes every action but upload and edit', () => {
    expect(taskActionInputSchema.safeParse({ taskId: uuid(1), action: 'start' }).success).toBe(true);
    expect(taskActionInputSchema.safeParse({ taskId: uuid(1), action: 'upload' }).success).toBe(false);
    expect(taskActionInputSchema.safeParse({ taskId: uuid(1), action: 'edit' }).success).toBe(false);
  });
  it('the list query defaults to every status', () => {
    expect(taskQuerySchema.parse({ projectId: uuid(1) })).toEqual({ projectId: uuid(1), filter: 'all', page: 1, pageSize: 10 });
    expect(taskQuerySchema.safeParse({ projectId: uuid(1), filter: 'running' }).success).toBe(false);
  });
  it('manual concurrency needs a positive count', () => {
    expect(messages({ ...base, concurrency: { mode: 'manual', count: 5 } })).toEqual([]);
    expect(messages({ ...base, concurrency: { mode: 'manual', count: 0 } })).toEqual(['concurrency.count:v.min']);
  });
});

describe('advanced settings: groups set together or left empty', () => {
  const issues = (value: unknown) => {
    const result = taskAdvancedSchema.safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
  };
  it('prologues and pause time; pause 1–10 s', () => {
    expect(issues({ prologues: ['Hello'], pauseSeconds: 1 })).toEqual([]);
    expect(issues({ prologues: ['Hello'], pauseSeconds: 9 })).toEqual([]);
    expect(issues({ prologues: ['Hello'], pauseSeconds: 10 })).toEqual([]);
    expect(issues({ prologues: ['Hello'], pauseSeconds: 11 })).toEqual(['pauseSeconds:v.max']);
    expect(issues({ prologues: ['Hello'], pauseSeconds: 0 })).toEqual(['pauseSeconds:v.min']);
    expect(issues({ prologues: ['Hello'] })).toEqual(['pauseSeconds:v.task.prologueTogether']);
    expect(issues({ prologues: [], pauseSeconds: 3 })).toEqual(['prologues:v.task.prologueTogether']);
    expect(issues({ prologues: [], pauseSeconds: '' })).toEqual([]);
  });
  it('silence wakeup: threshold, attempts and words', () => {
    expect(issues({ silenceThresholdSeconds: 5, silenceMaxAttempts: 2, silenceWords: 'Are you there?' })).toEqual([]);
    expect(issues({ silenceThresholdSeconds: 5 })).toEqual([
      'silenceMaxAttempts:v.task.silenceTogether',
      'silenceWords:v.task.silenceTogether',
    ]);
    expect(issues({ silenceThresholdSeconds: 5, silenceMaxAttempts: 2 })).toEqual(['silenceWords:v.task.silenceTogether']);
    expect(issues({ silenceWords: 'Hello?' })).toEqual([
      'silenceThresholdSeconds:v.task.silenceTogether',
      'silenceMaxAttempts:v.task.silenceTogether',
    ]);
    expect(issues({ silenceThresholdSeconds: '', silenceMaxAttempts: '', silenceWords: '  ' })).toEqual([]);
  });
  it("a bound in a rule's own message is filled in, in either language", () => {
    const issue = taskAdvancedSchema.safeParse({ prologues: ['Hello'], pauseSeconds: 11 }).error!.issues[0]!;
    expect(formatIssue(issue, 'en-US')).toBe('Pause time must be at most 10');
    expect(formatIssue(issue, 'zh-CN')).toBe('停顿时间不能大于 10');
  });
  it('timeout hang-up: time and reply', () => {
    expect(issues({ timeoutHangupSeconds: 30, timeoutReply: 'Goodbye' })).toEqual([]);
    expect(issues({ timeoutReply: 'Goodbye' })).toEqual(['timeoutHangupSeconds:v.task.timeoutTogether']);
    expect(issues({ timeoutHangupSeconds: 30 })).toEqual(['timeoutReply:v.task.timeoutTogether']);
    expect(issues({})).toEqual([]);
  });
});

describe('redial of busy and unanswered numbers', () => {
  it('is off by default', () => {
    expect(taskInputSchema.parse(base).redial).toEqual({ count: 0, gapMinutes: 30 });
    // With redial off the form has no gap field: {count: 0} alone must be accepted, or the form could not save.
    expect(taskInputSchema.parse({ ...base, redial: { count: 0 } }).redial).toEqual({ count: 0, gapMinutes: 30 });
  });

  it.each([
    [{ count: 0, gapMinutes: 1 }, []],
    [{ count: 5, gapMinutes: 1440 }, []],
    [{ count: 6, gapMinutes: 30 }, ['redial.count:v.max']],
    [{ count: -1, gapMinutes: 30 }, ['redial.count:v.min']],
    [{ count: 2, gapMinutes: 0 }, ['redial.gapMinutes:v.min']],
    [{ count: 2, gapMinutes: 1441 }, ['redial.gapMinutes:v.max']],
    [{ count: 1.5, gapMinutes: 30 }, ['redial.count:v.integer']],
  ])('%j → %j', (redial, expected) => {
    expect(messages({ ...base, redial })).toEqual(expected);
  });

  it('names the nested field with its own label in both languages', () => {
    const issue = taskInputSchema.safeParse({ ...base, redial: { count: 9, gapMinutes: 30 } }).error!.issues[0]!;
    expect(formatIssue(issue, 'en-US')).toBe('Redial count must be at most 5');
    expect(formatIssue(issue, 'zh-CN')).toContain('重拨次数');
  });
});
