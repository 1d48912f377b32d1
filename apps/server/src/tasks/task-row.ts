import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Task, TaskConcurrency, TaskInput, TaskListItem, TaskStatus } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { companies, scenarios, sipLines, taskSipLines, tasks, users, voices } from '../db/schema.ts';
import { loadDialStates, loadLocalWait, type DialStateTask } from './load-dial-states.ts';
import { AppError } from '../http/app-error.ts';

/** The caller's live tasks: every task query starts here. */
export function ownTask(ctx: ActionContext, id?: string): SQL {
  return and(eq(tasks.companyId, ctx.actor.companyId), isNull(tasks.deletedAt), id === undefined ? undefined : eq(tasks.id, id))!;
}

/** The stored columns of a task form (weekdays and tags de-duplicated). */
export function taskValues(input: TaskInput) {
  return {
    name: input.name,
    scenarioId: input.scenarioId,
    voiceId: input.voiceId,
    callStart: input.callStart,
    callEnd: input.callEnd,
    weekdays: [...new Set<number>(input.weekdays)].sort(),
    autoDial: input.autoDial,
    localTime: input.localTime,
    concurrencyMode: input.concurrency.mode,
    concurrencyCount: input.concurrency.mode === 'manual' ? input.concurrency.count : null,
    redialCount: input.redial.count,
    redialGapMinutes: input.redial.gapMinutes,
    ignoreTags: [...new Set(input.ignoreTags)],
    advanced: input.advanced,
  };
}

type TaskRow = typeof tasks.$inferSelect;

function concurrencyOf(row: TaskRow): TaskConcurrency {
  return row.concurrencyMode === 'manual' ? { mode: 'manual', count: row.concurrencyCount ?? 1 } : { mode: row.concurrencyMode };
}

export function toTask(row: TaskRow, sipLineIds: string[], creator: string): Task {
  return {
    id: row.id,
    version: row.version,
    projectId: row.projectId,
    name: row.name,
    status: row.status as TaskStatus,
    scenarioId: row.scenarioId,
    scenarioVersion: row.scenarioVersion,
    voiceId: row.voiceId,
    sipLineIds,
    callStart: row.callStart,
    callEnd: row.callEnd,
    weekdays: row.weekdays,
    autoDial: row.autoDial,
    concurrency: concurrencyOf(row),
    redial: { count: row.redialCount, gapMinutes: row.redialGapMinutes },
    ignoreTags: row.ignoreTags,
    advanced: row.advanced,
    localTime: row.localTime,
    creator,
    createTime: row.createdAt.toISOString(),
    pendingCount: row.pendingCount,
    totalCount: row.totalCount,
  };
}

/** Tasks with the names the list shows (scenario, voice, lines, creator), in the order of `where`'s query. */
export async function loadTaskItems(
  db: DbOrTx,
  where: SQL,
  page?: { limit: number; offset: number; orderBy: SQL[] },
  now = new Date(),
): Promise<TaskListItem[]> {
  let query = db
    .select({
      task: tasks,
      scenarioName: scenarios.name,
      voiceName: voices.nickname,
      creatorAlias: users.alias,
      creatorName: users.username,
      timeZone: companies.timezone,
      quietDays: companies.quietDays,
    })
    .from(tasks)
    .innerJoin(companies, eq(companies.id, tasks.companyId))
    .leftJoin(scenarios, eq(scenarios.id, tasks.scenarioId))
    .leftJoin(voices, eq(voices.id, tasks.voiceId))
    .leftJoin(users, eq(users.id, tasks.createdBy))
    .where(where)
    .$dynamic();
  if (page)
    query = query
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset);
  const rows = await query;
  if (rows.length === 0) return [];
  const lines = await db
    .select({ taskId: taskSipLines.taskId, id: sipLines.id, alias: sipLines.alias })
    .from(taskSipLines)
    .innerJoin(sipLines, eq(sipLines.id, taskSipLines.sipLineId))
    .where(
      inArray(
        taskSipLines.taskId,
        rows.map((row) => row.task.id),
      ),
    )
    .orderBy(sipLines.alias);
  const dialStates = await loadDialStates(db, rows.map(dialStateTaskOf), now);
  return rows.map((row) => {
    const own = lines.filter((line) => line.taskId === row.task.id).map(({ id, alias }) => ({ id, alias }));
    return {
      ...toTask(
        row.task,
        own.map((line) => line.id),
        row.creatorAlias || row.creatorName || '',
      ),
      scenarioName: row.scenarioName ?? '',
      voiceName: row.voiceName ?? '',
      sipLines: own,
      dialState: dialStates.get(row.task.id) ?? null,
    };
  });
}

function dialStateTaskOf(row: { task: TaskRow; timeZone: string; quietDays: string[] }): DialStateTask {
  return { ...row.task, statusReason: row.task.statusReason ?? null, timeZone: row.timeZone, quietDays: row.quietDays };
}

/**
 * One of the caller's tasks with its names, or 404 (another company's id answers the same); with the
 * numbers waiting for their local window, which only the live drawer shows.
 */
export async function getTask(db: DbOrTx, ctx: ActionContext, id: string, now = new Date()): Promise<TaskListItem> {
  const [item] = await loadTaskItems(db, ownTask(ctx, id), undefined, now);
  if (!item) throw AppError.notFound();
  const [row] = await db
    .select({ task: tasks, timeZone: companies.timezone, quietDays: companies.quietDays })
    .from(tasks)
    .innerJoin(companies, eq(companies.id, tasks.companyId))
    .where(ownTask(ctx, id));
  return { ...item, localWait: row ? await loadLocalWait(db, dialStateTaskOf(row), now) : null };
}

/**
 * Locks one of the caller's tasks for a state change (404 otherwise). FOR NO KEY UPDATE: it waits for
 * another state change, but not for an upload still inserting subtasks (whose foreign-key checks hold
 * only KEY SHARE), so pausing a task is not held up by a long upload.
 */
export async function lockTask(tx: DbOrTx, ctx: ActionContext, id: string): Promise<TaskRow> {
  const [row] = await tx.select().from(tasks).where(ownTask(ctx, id)).for('no key update').limit(1);
  if (!row) throw AppError.notFound();
  return row;
}
