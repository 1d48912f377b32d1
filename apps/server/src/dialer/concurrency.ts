/**
 * How many live calls each task may have. A line's concurrency is a hard cap shared by every task that
 * uses it; a task's own cap is its manual count, or — on "auto" — a fair share of each of its lines
 * (the line's capacity split evenly among the dialling tasks that use it). The dialer also checks the
 * line's live count before each call, so the share is a budget, never a licence to exceed a line.
 */
export interface LineCapacity {
  id: string;
  concurrency: number;
}
export interface TaskDemand {
  id: string;
  lineIds: readonly string[];
  concurrency: { mode: 'auto' } | { mode: 'manual'; count: number } | { mode: 'unset' };
}

export function taskBudgets(tasks: readonly TaskDemand[], lines: readonly LineCapacity[]): Map<string, number> {
  const byId = new Map(lines.map((line) => [line.id, line]));
  const users = new Map<string, number>();
  for (const task of tasks) for (const id of task.lineIds) users.set(id, (users.get(id) ?? 0) + 1);

  const budgets = new Map<string, number>();
  for (const task of tasks) {
    const lineTotal = task.lineIds.reduce((sum, id) => sum + (byId.get(id)?.concurrency ?? 0), 0);
    const fairShare = task.lineIds.reduce((sum, id) => {
      const line = byId.get(id);
      return line ? sum + line.concurrency / (users.get(id) ?? 1) : sum;
    }, 0);
    const wanted = task.concurrency.mode === 'manual' ? task.concurrency.count : Math.floor(fairShare);
    // Every dialling task gets at least one call while any of its lines has room, so none starves.
    budgets.set(task.id, Math.min(lineTotal, Math.max(lineTotal > 0 ? 1 : 0, wanted)));
  }
  return budgets;
}
