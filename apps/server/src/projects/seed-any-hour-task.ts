import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { subtasks, taskSipLines, tasks } from '../db/schema.ts';

/** The demo task whose call window is open at any hour: its name tells a new user it is the one to start. */
export const ANY_HOUR_TASK_NAME = 'Any-hour demo';
const ANY_HOUR_SUBTASKS = 200;
const NAMES = ['Sun Y.', 'Ma L.', 'Hu Q.', 'Guo X.', 'He J.', 'Lin M.', 'Luo T.', 'Gao F.'];

/**
 * A pending task beside the demo's realistic one (`like`, 09:00–20:00 Monday to Saturday), set up the
 * same (scenario, voice, lines, advanced settings) but calling 00:00–23:59 every day, so the demo shows
 * calls whenever it is started. A window ends after it starts on the same day (the task form's rule), so
 * this is the widest there is: shut only for the last minute of each day, and the task list says so
 * then. Seeded after the boards' history, so it has none: its calls are the ones the user starts.
 */
export async function seedAnyHourTask(tx: DbOrTx, like: { taskId: string; adminId: string }): Promise<string> {
  const [model] = await tx.select().from(tasks).where(eq(tasks.id, like.taskId));
  if (!model) throw new Error('the demo task to copy is missing');
  const [task] = await tx
    .insert(tasks)
    .values({
      projectId: model.projectId,
      companyId: model.companyId,
      name: ANY_HOUR_TASK_NAME,
      status: 'pending',
      scenarioId: model.scenarioId,
      voiceId: model.voiceId,
      callStart: '00:00',
      callEnd: '23:59',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      autoDial: true,
      concurrencyMode: model.concurrencyMode,
      ignoreTags: model.ignoreTags,
      advanced: model.advanced,
      pendingCount: ANY_HOUR_SUBTASKS,
      totalCount: ANY_HOUR_SUBTASKS,
      createdBy: like.adminId,
    })
    .returning({ id: tasks.id });
  const lines = await tx.select({ sipLineId: taskSipLines.sipLineId }).from(taskSipLines).where(eq(taskSipLines.taskId, model.id));
  if (lines.length > 0) await tx.insert(taskSipLines).values(lines.map((line) => ({ taskId: task!.id, sipLineId: line.sipLineId })));
  await tx.insert(subtasks).values(
    Array.from({ length: ANY_HOUR_SUBTASKS }, (_, i) => {
      const name = NAMES[i % NAMES.length]!;
      return {
        taskId: task!.id,
        companyId: model.companyId,
        phone: `1360000${String(i + 1).padStart(4, '0')}`,
        prologueInfo: `Hello ${name}`,
        businessInfo: { name, plan: ['gold', 'silver', 'basic'][i % 3]!, renewBy: `2026-${String((i % 9) + 3).padStart(2, '0')}-01` },
        remark: '',
        extra: { city: ['Hangzhou', 'Shanghai', 'Shenzhen'][i % 3]! },
      };
    }),
  );
  return task!.id;
}
