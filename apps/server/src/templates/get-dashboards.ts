import { and, desc, eq, inArray, isNotNull, isNull, not, sql } from 'drizzle-orm';
import { maskSubtaskPhone, type ChatItem, type Monitor, type MonitorSeat, type WorkplaceOverview } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { calls, projects, tasks } from '../db/schema.ts';
import { lastDays, sums, type Stats } from './call-stats.ts';
import { joinProjectAndTask } from '../db/join-project-and-task.ts';

const rate = (connected: number, total: number) => (total === 0 ? null : connected / total);

/** The workplace's overview cards: today against yesterday, running tasks, numbers still to dial. */
export async function getWorkplaceOverview(s: Stats): Promise<WorkplaceOverview> {
  const today = await sums(s, await lastDays(s, 1));
  const yesterday = await sums(s, await lastDays(s, 1, 1));
  const [live] = await s.db
    .select({
      running: sql<number>`count(*) filter (where ${tasks.status} = 'in_progress')::int`,
      pending: sql<number>`coalesce(sum(${tasks.pendingCount}), 0)::int`,
    })
    .from(tasks)
    .where(and(eq(tasks.companyId, s.companyId), isNull(tasks.deletedAt)));
  return {
    todayCalls: today.total ?? 0,
    yesterdayCalls: yesterday.total ?? 0,
    connectRate: rate(today.connected ?? 0, today.total ?? 0),
    yesterdayConnectRate: rate(yesterday.connected ?? 0, yesterday.total ?? 0),
    runningTasks: Number(live?.running ?? 0),
    pendingSubtasks: Number(live?.pending ?? 0),
  };
}

/** Where the monitor reads seat states from: the seat area (`listSeatStates`). */
export type SeatStates = (companyId: string) => Promise<MonitorSeat[]>;

/** The monitor: running tasks with their live calls against their concurrency, and the seats. */
export async function getMonitor(ctx: ActionContext, seatStates: SeatStates): Promise<Monitor> {
  const running = await ctx.db
    .select({
      id: tasks.id,
      projectId: tasks.projectId,
      name: tasks.name,
      projectName: projects.name,
      concurrencyMode: tasks.concurrencyMode,
      concurrencyCount: tasks.concurrencyCount,
      pending: tasks.pendingCount,
      total: tasks.totalCount,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(and(eq(tasks.companyId, ctx.actor.companyId), eq(tasks.status, 'in_progress'), isNull(tasks.deletedAt)))
    .orderBy(tasks.name);
  const live = running.length
    ? await ctx.db
        .select({ taskId: calls.taskId, n: sql<number>`count(*)::int` })
        .from(calls)
        .where(
          and(
            eq(calls.companyId, ctx.actor.companyId),
            isNull(calls.endedAt),
            not(calls.test),
            inArray(
              calls.taskId,
              running.map((t) => t.id),
            ),
          ),
        )
        .groupBy(calls.taskId)
    : [];
  const liveOf = new Map(live.map((row) => [row.taskId, Number(row.n)]));
  return {
    tasks: running.map((t) => ({
      id: t.id,
      projectId: t.projectId,
      name: t.name,
      projectName: t.projectName,
      liveCalls: liveOf.get(t.id) ?? 0,
      concurrency: t.concurrencyMode === 'manual' ? t.concurrencyCount : null,
      pending: t.pending,
      total: t.total,
    })),
    seats: await seatStates(ctx.actor.companyId),
  };
}

/**
 * `GET /api/chat/list`: the company's latest finished calls, newest first (the monitor's activity feed).
 * Ordered by when they were placed, which the company/placed_at index serves; calls last minutes, so this
 * is the order they finished in but for overlaps.
 */
export async function getLatestCalls(ctx: ActionContext, limit = 20): Promise<ChatItem[]> {
  const rows = await joinProjectAndTask(
    ctx.db
      .select({
        id: calls.id,
        taskId: calls.taskId,
        projectId: calls.projectId,
        taskName: tasks.name,
        phone: calls.phone,
        encryptionType: projects.encryptionType,
        status: calls.status,
        outcome: calls.outcome,
        durationMs: calls.durationMs,
        summary: calls.summary,
        endedAt: calls.endedAt,
      })
      .from(calls)
      .$dynamic(),
  )
    .where(and(eq(calls.companyId, ctx.actor.companyId), isNotNull(calls.endedAt)))
    .orderBy(desc(calls.placedAt), desc(calls.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    username: r.taskName,
    content: r.summary ?? '',
    time: r.endedAt!.toISOString(),
    isCollect: false,
    status: r.status,
    phone: maskSubtaskPhone(r.encryptionType, r.phone),
    outcome: r.outcome,
    durationMs: r.durationMs,
    taskId: r.taskId,
    projectId: r.projectId,
  }));
}
