import { describe, expect, it } from 'vitest';
import { taskBudgets, type TaskDemand } from './concurrency.ts';

const lines = [
  { id: 'A', concurrency: 10 },
  { id: 'B', concurrency: 5 },
];

describe('task budgets', () => {
  it('auto: a task alone on its lines gets their whole capacity', () => {
    const tasks: TaskDemand[] = [{ id: 't1', lineIds: ['A', 'B'], concurrency: { mode: 'auto' } }];
    expect(taskBudgets(tasks, lines).get('t1')).toBe(15);
  });
  it('auto: tasks sharing a line split it evenly', () => {
    const tasks: TaskDemand[] = [
      { id: 't1', lineIds: ['A'], concurrency: { mode: 'auto' } },
      { id: 't2', lineIds: ['A', 'B'], concurrency: { mode: 'auto' } },
    ];
    const budgets = taskBudgets(tasks, lines);
    expect(budgets.get('t1')).toBe(5);
    expect(budgets.get('t2')).toBe(10);
  });
  it('manual: the count, but never more than its lines hold', () => {
    const tasks: TaskDemand[] = [
      { id: 't1', lineIds: ['B'], concurrency: { mode: 'manual', count: 3 } },
      { id: 't2', lineIds: ['B'], concurrency: { mode: 'manual', count: 50 } },
    ];
    const budgets = taskBudgets(tasks, lines);
    expect(budgets.get('t1')).toBe(3);
    expect(budgets.get('t2')).toBe(5);
  });
  it('never starves a task while its lines have capacity, and gives nothing without lines', () => {
    const many: TaskDemand[] = Array.from({ length: 8 }, (_, i) => ({ id: `t${i}`, lineIds: ['B'], concurrency: { mode: 'auto' } }));
    expect(taskBudgets(many, lines).get('t7')).toBe(1);
    expect(taskBudgets([{ id: 'x', lineIds: [], concurrency: { mode: 'unset' } }], lines).get('x')).toBe(0);
  });
});
