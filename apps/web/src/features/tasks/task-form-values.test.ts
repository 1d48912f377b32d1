import { describe, expect, it } from 'vitest';
import { taskInputSchema } from '@dialwise/contracts';
import { formFieldRule } from '../../forms/zod-rules.ts';
import { NEW_TASK_VALUES, inputOf } from './task-form-values.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const filled = { ...NEW_TASK_VALUES, name: 'Renewals', scenarioId: uuid(1), voiceId: uuid(2), sipLineIds: [uuid(3)] };

function check(values: Record<string, unknown>, field: string, locale: 'en-US' | 'zh-CN' = 'en-US', nested = false): string | undefined {
  let message: string | undefined;
  const rule = formFieldRule(taskInputSchema, field, locale, () => inputOf(values), { nested });
  void rule.validator!(undefined, (error?: unknown) => {
    message = error === undefined ? undefined : String(error);
  });
  return message;
}

describe('task form values', () => {
  it('a filled new task passes the contracts schema; the manual count is dropped when the mode is not manual', () => {
    expect(taskInputSchema.safeParse(inputOf(filled)).success).toBe(true);
    expect(inputOf({ ...filled, redial: undefined })).toMatchObject({ redial: { count: 0, gapMinutes: 30 } });
    // At count 0 the gap field is not on the form, so the form's values carry no gap.
    expect(inputOf({ ...filled, redial: { count: 0 } as never })).toMatchObject({ redial: { count: 0, gapMinutes: 30 } });
    expect(inputOf({ ...filled, concurrency: { mode: 'auto', count: 4 } as never }).concurrency).toEqual({ mode: 'auto' });
    expect(inputOf({ ...filled, concurrency: { mode: 'manual', count: 4 } }, 'draft')).toMatchObject({
      concurrency: { mode: 'manual', count: 4 },
      saveAs: 'draft',
    });
  });

  it('each field shows its own rule, including the ones that check fields together, in both languages', () => {
    expect(check({ ...filled, name: 'x'.repeat(21) }, 'name')).toBe('Task name must be at most 20 characters');
    expect(check({ ...filled, name: 'x'.repeat(21) }, 'name', 'zh-CN')).toBe('任务名称不能超过 20 个字符');
    expect(check({ ...filled, name: 'x'.repeat(20) }, 'name')).toBeUndefined();
    const prologueOnly = { ...filled, advanced: { prologues: ['Hello'] } };
    expect(check(prologueOnly, 'advanced.pauseSeconds')).toBe('Prologues and pause time are set together or both left empty');
    expect(check(prologueOnly, 'advanced.prologues', 'en-US', true)).toBeUndefined();
    // An empty entry of the list is named by its place.
    expect(check({ ...filled, advanced: { prologues: [''], pauseSeconds: 2 } }, 'advanced.prologues', 'en-US', true)).toBe(
      'Prologues, item 1 is required',
    );
    expect(check({ ...filled, advanced: { prologues: ['Hi'], pauseSeconds: 0 } }, 'advanced.pauseSeconds')).toBe(
      'Pause time must be at least 1',
    );
    expect(check({ ...filled, callStart: '18:00', callEnd: '09:00' }, 'callEnd')).toBe('The call window must end after it starts');
    expect(check({ ...filled, sipLineIds: [] }, 'sipLineIds', 'zh-CN')).toBe('请至少选择一条 SIP 线路');
    expect(check({ ...filled, redial: { count: 6, gapMinutes: 30 } }, 'redial.count')).toBe('Redial count must be at most 5');
    expect(check({ ...filled, redial: { count: 2, gapMinutes: 0 } }, 'redial.gapMinutes', 'zh-CN')).toContain('重拨间隔');
  });
});
