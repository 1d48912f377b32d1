import { and, count, eq, inArray, isNull, lte, min, not, or, sql } from 'drizzle-orm';
import type { TaskDialState, TaskStatus, TaskStatusReason } from '@dialwise/contracts';
import type { DbOrTx } from '../db/client.ts';
import { calls, companies, sipLines, subtasks, taskSipLines } from '../db/schema.ts';
import { normalizePermissions } from '../entitlements/get-company-permissions.ts';
import type { CallWindow } from './call-window.ts';
import { explainDialState } from './dial-state.ts';
import { nextLocalOpening, openZoneKeys } from './local-windows.ts';

/** A listed task, as far as its dial state needs it. */
export interface DialStateTask {
  id: string;
  companyId: string;
  status: TaskStatus;
  statusReason: TaskStatusReason | null;
  pendingCount: number;
  callStart: string;
  callEnd: string;
  weekdays: number[];
  /** The company's zone: the one the dialer reads the call window in (and in which times are told). */
  timeZone: string;
  quietDays: string[];
  localTime: boolean;
  zoneKeys: string[];
}

/**
 * The dial state of each listed task (`explainDialState`), from the same rows the dialer reads: enabled
 * lines, open call records (every process's), the company's cap, the pending numbers' redial times. Only
 * tasks in progress cost queries; the list refreshes every few seconds while one is.
 */
export async function loadDialStates(db: DbOrTx, list: readonly DialStateTask[], now: Date): Promise<Map<string, TaskDialState | null>> {
  const states = new Map<string, TaskDialState | null>();
  const started = list.filter((task) => task.status === 'in_progress');
  for (const task of list) if (task.status !== 'in_progress') states.set(task.id, dialStateOf(task, now));
  if (started.length === 0) return states;

  const taskIds = started.map((task) => task.id);
  const companyIds = [...new Set(started.map((task) => task.companyId))];
  const lines = await db
    .select({ taskId: taskSipLines.taskId, id: sipLines.id, concurrency: sipLines.concurrency })
    .from(taskSipLines)
    .innerJoin(sipLines, eq(sipLines.id, taskSipLines.sipLineId))
    .where(and(inArray(taskSipLines.taskId, taskIds), eq(sipLines.status, 'enabled')));
  const lineIds = [...new Set(lines.map((line) => line.id))];
  const [liveByLine, liveByTask, liveByCompany, caps] = await Promise.all([
    lineIds.length === 0
      ? []
      : db
          .select({ key: calls.sipLineId, n: count() })
          .from(calls)
          .where(and(inArray(calls.sipLineId, lineIds), isNull(calls.endedAt)))
          .groupBy(calls.sipLineId),
    db
      .select({ key: calls.taskId, n: count() })
      .from(calls)
      .where(and(inArray(calls.taskId, taskIds), isNull(calls.endedAt), not(calls.test)))
      .groupBy(calls.taskId),
    db
      .select({ key: calls.companyId, n: count() })
      .from(calls)
      .where(and(inArray(calls.companyId, companyIds), isNull(calls.endedAt), not(calls.test)))
      .groupBy(calls.companyId),
    db.select({ id: companies.id, permissions: companies.permissions }).from(companies).where(inArray(companies.id, companyIds)),
  ]);
  const counted = (rows: { key: string | null; n: number }[]) => new Map(rows.map((row) => [row.key, row.n]));
  const onLine = counted(liveByLine);
  const ofTask = counted(liveByTask);
  const ofCompany = counted(liveByCompany);
  const capOf = new Map(caps.map((row) => [row.id, normalizePermissions(row.permissions).maxConcurrency]));

  for (const task of started) {
    const own = lines.filter((line) => line.taskId === task.id);
    const due = task.pendingCount > 0 ? await dueNumbers(db, task.id, now) : { now: false, nextAt: null };
    const pendingZoneKeys = task.localTime ? await zoneKeysPending(db, task.id, task.zoneKeys) : null;
    states.set(
      task.id,
      dialStateOf(task, now, {
        pendingZoneKeys,
        liveCalls: ofTask.get(task.id) ?? 0,
        lines: own.map((line) => ({ concurrency: line.concurrency, liveCalls: onLine.get(line.id) ?? 0 })),
        company: { cap: capOf.get(task.companyId) ?? 0, liveCalls: ofCompany.get(task.companyId) ?? 0 },
        due,
      }),
    );
  }
  return states;
}

type Live = Pick<Parameters<typeof explainDialState>[0], 'liveCalls' | 'lines' | 'company' | 'due' | 'pendingZoneKeys'>;
const IDLE: Live = { liveCalls: 0, lines: [], company: { cap: 0, liveCalls: 0 }, due: { now: false, nextAt: null }, pendingZoneKeys: null };

function dialStateOf(task: DialStateTask, now: Date, live: Live = IDLE): TaskDialState | null {
  return explainDialState(
    {
      status: task.status,
      statusReason: task.statusReason,
      pendingCount: task.pendingCount,
      window: windowOf(task),
      ...live,
    },
    now,
  );
}

function windowOf(task: DialStateTask): CallWindow {
  return { start: task.callStart, end: task.callEnd, weekdays: task.weekdays, timeZone: task.timeZone, quietDays: task.quietDays };
}

/**
 * The task's zone keys that still have a pending number: one probe of the per-zone pending index each,
 * so it costs the same for ten numbers or a million.
 */
async function zoneKeysPending(db: DbOrTx, taskId: string, zoneKeys: readonly string[]): Promise<string[]> {
  if (zoneKeys.length === 0) return [];
  const result = await db.execute(sql`
    select zone.key from unnest(${sql.param([...zoneKeys])}::text[]) as zone(key)
    where exists (select 1 from subtasks s where s.task_id = ${taskId} and s.state = 'pending' and s.time_zone = zone.key)`);
  return (result as { rows: { key: string }[] }).rows.map((row) => row.key);
}

/**
 * For the live drawer of a task calling in local time: how many pending numbers wait for their own window
 * now (their zone key is shut), and when the first shut one opens. Counted on the per-zone pending index,
 * only for the one task the drawer shows.
 */
export async function loadLocalWait(
  db: DbOrTx,
  task: DialStateTask,
  now: Date,
): Promise<{ waiting: number; nextAt: string | null } | null> {
  if (!task.localTime || task.status !== 'in_progress') return null;
  const windows = { window: windowOf(task), localTime: true, zoneKeys: await zoneKeysPending(db, task.id, task.zoneKeys) };
  const open = new Set(openZoneKeys(windows, now));
  const shut = windows.zoneKeys.filter((key) => !open.has(key));
  if (shut.length === 0) return { waiting: 0, nextAt: null };
  const [counted] = await db
    .select({ n: count() })
    .from(subtasks)
    .where(and(eq(subtasks.taskId, task.id), eq(subtasks.state, 'pending'), inArray(subtasks.timeZone, shut)));
  return { waiting: counted?.n ?? 0, nextAt: nextLocalOpening(windows, shut, now)?.toISOString() ?? null };
}

/**
 * Whether a pending number of the task may be dialled now (the claim's own condition: no redial time, or
 * one that has passed), else when the first one may. The first question stops at the first such number
 * (the pending index, in the claim's order), so it stays cheap on a list of a million numbers.
 */
async function dueNumbers(db: DbOrTx, taskId: string, now: Date): Promise<{ now: boolean; nextAt: Date | null }> {
  const pending = and(eq(subtasks.taskId, taskId), eq(subtasks.state, 'pending'));
  const [due] = await db
    .select({ id: subtasks.id })
    .from(subtasks)
    .where(and(pending, or(isNull(subtasks.nextAttemptAt), lte(subtasks.nextAttemptAt, now))))
    .limit(1);
  if (due) return { now: true, nextAt: null };
  const [first] = await db
    .select({ at: min(subtasks.nextAttemptAt) })
    .from(subtasks)
    .where(pending);
  return { now: false, nextAt: first?.at ?? null };
}
