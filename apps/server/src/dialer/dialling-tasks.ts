import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { TaskAdvanced } from '@dialwise/contracts';
import type { Db } from '../db/client.ts';
import { companies, projects, sipLines, taskSipLines, tasks } from '../db/schema.ts';
import { switchOn } from '../entitlements/company-switches.ts';
import type { TaskDemand } from './concurrency.ts';

export interface DiallingTask extends TaskDemand {
  companyId: string;
  timeZone: string;
  callStart: string;
  callEnd: string;
  weekdays: number[];
  /** The company's quiet days (local dates on which nobody is called). */
  quietDays: string[];
  /** Call in each callee's zone (`zoneKeys`: the zones its numbers were uploaded with). */
  localTime: boolean;
  zoneKeys: string[];
  advanced: TaskAdvanced;
  /** The company's switches on the card list that the dialer acts on (each on until turned off). */
  switches: { recording: boolean; circuitBreaker: boolean };
}

export interface DialLine {
  id: string;
  concurrency: number;
  cps: number;
  trunk: 'sip' | 'simulated';
}

/** The tasks the dialer may place calls for now (in progress, of a live company and project), with their lines. */
export async function loadDiallingTasks(db: Db): Promise<{ tasks: DiallingTask[]; lines: DialLine[] }> {
  const rows = await db
    .select({
      id: tasks.id,
      companyId: tasks.companyId,
      timeZone: companies.timezone,
      callStart: tasks.callStart,
      callEnd: tasks.callEnd,
      weekdays: tasks.weekdays,
      quietDays: companies.quietDays,
      localTime: tasks.localTime,
      zoneKeys: tasks.zoneKeys,
      concurrencyMode: tasks.concurrencyMode,
      concurrencyCount: tasks.concurrencyCount,
      advanced: tasks.advanced,
      recording: switchOn(tasks.companyId, { kind: 'service', key: 'recording' }),
      circuitBreaker: switchOn(tasks.companyId, { kind: 'rule', key: 'circuitBreaker' }),
    })
    .from(tasks)
    .innerJoin(companies, eq(companies.id, tasks.companyId))
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(and(eq(tasks.status, 'in_progress'), isNull(tasks.deletedAt), isNull(projects.deletedAt), eq(companies.state, 'normal')));
  if (rows.length === 0) return { tasks: [], lines: [] };

  const links = await db
    .select({
      taskId: taskSipLines.taskId,
      line: { id: sipLines.id, concurrency: sipLines.concurrency, cps: sipLines.cps, trunk: sipLines.trunk },
    })
    .from(taskSipLines)
    .innerJoin(sipLines, eq(sipLines.id, taskSipLines.sipLineId))
    .where(
      and(
        inArray(
          taskSipLines.taskId,
          rows.map((r) => r.id),
        ),
        eq(sipLines.status, 'enabled'),
      ),
    );
  const lines = new Map<string, DialLine>();
  const lineIdsOf = new Map<string, string[]>();
  for (const link of links) {
    lines.set(link.line.id, link.line);
    lineIdsOf.set(link.taskId, [...(lineIdsOf.get(link.taskId) ?? []), link.line.id]);
  }
  return {
    lines: [...lines.values()],
    tasks: rows.map((row) => ({
      id: row.id,
      companyId: row.companyId,
      timeZone: row.timeZone,
      callStart: row.callStart,
      callEnd: row.callEnd,
      weekdays: row.weekdays,
      quietDays: row.quietDays,
      localTime: row.localTime,
      zoneKeys: row.zoneKeys,
      advanced: row.advanced,
      switches: { recording: row.recording, circuitBreaker: row.circuitBreaker },
      lineIds: lineIdsOf.get(row.id) ?? [],
      concurrency: row.concurrencyMode === 'manual' ? { mode: 'manual', count: row.concurrencyCount ?? 1 } : { mode: row.concurrencyMode },
    })),
  };
}

/** Tasks among `ids` that must not keep their live calls: aborted, deleted, or of a deleted company. */
export async function tasksToHangUp(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: tasks.id, status: tasks.status, deletedAt: tasks.deletedAt, companyState: companies.state })
    .from(tasks)
    .innerJoin(companies, eq(companies.id, tasks.companyId))
    .where(inArray(tasks.id, [...ids]));
  const keep = new Set(rows.filter((r) => r.status !== 'aborted' && r.deletedAt === null && r.companyState === 'normal').map((r) => r.id));
  return new Set(ids.filter((id) => !keep.has(id)));
}
