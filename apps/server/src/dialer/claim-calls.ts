import { takePending } from '../tasks/task-progress.ts';
import { and, asc, count, eq, inArray, isNull, lte, not, notExists, or, sql } from 'drizzle-orm';
import type { EncryptionType } from '@dialwise/contracts';
import type { Db, Tx } from '../db/client.ts';
import { calls, companies, linePacing, projects, sipLines, subtasks, taskSipLines, tasks } from '../db/schema.ts';
import { normalizePermissions } from '../entitlements/get-company-permissions.ts';
import { listedNumbers } from './do-not-call.ts';

/** One subtask this process now holds, with the open call record written for it. */
export interface Claim {
  callId: string;
  subtaskId: number;
  taskId: string;
  projectId: string;
  companyId: string;
  lineId: string;
  phone: string;
  attempt: number;
  prologueInfo: string;
  businessInfo: Record<string, string>;
  encryptionType: EncryptionType;
  encryptionApiUrl: string | null;
}

export interface ClaimRequest {
  taskId: string;
  /** This process's name: the lease owner written on the subtasks and the call records. */
  node: string;
  /** The task's budget of live calls (see `taskBudgets`), across every process. */
  budget: number;
  /** Setups each line may start now (its pacer's tokens); a line absent here gets none. */
  lineAllowance: ReadonlyMap<string, number>;
  leaseMs: number;
  now: Date;
  /**
   * A task calling in local time: only numbers of these zone keys are in their window now (null: every
   * number is). Each key's first due numbers are read from the per-zone index, so numbers out of their
   * window cost nothing however many there are.
   */
  zoneKeys?: readonly string[] | null;
}

export interface ClaimResult {
  claims: Claim[];
  blocked: number;
}

/**
 * Claims the next due subtasks of one dialling task, in one transaction, so that however many dialer
 * processes share the database no limit is ever exceeded and no subtask is dialled twice:
 * - the task row and its lines' rows are locked (FOR UPDATE, lines in id order), so two processes
 *   claiming on the same line take turns, and each counts live calls after the other's commit;
 * - live calls are counted from the call records (open rows), not from memory, so the counts include
 *   every process's calls; the company's cap (its permissions' maxConcurrency) bounds all its tasks together;
 * - subtasks are picked with FOR UPDATE SKIP LOCKED, marked `dialing` with a lease, and get their open
 *   call record in the same transaction — the partial unique indexes on `calls` refuse a second live call
 *   for a subtask or for a number within the task, whatever happens;
 * - numbers on the company's do-not-call list are marked `blocked` here, right before the dial (CUSTOM
 *   tokens once resolved, in the dialer).
 */
export async function claimCalls(db: Db, request: ClaimRequest): Promise<ClaimResult> {
  return db.transaction(async (tx) => {
    const [task] = await tx
      .select({
        id: tasks.id,
        projectId: tasks.projectId,
        companyId: tasks.companyId,
        scenarioVersion: tasks.scenarioVersion,
        encryptionType: projects.encryptionType,
        encryptionApiUrl: projects.encryptionApiUrl,
      })
      .from(tasks)
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .innerJoin(companies, eq(companies.id, tasks.companyId))
      .where(
        and(
          eq(tasks.id, request.taskId),
          eq(tasks.status, 'in_progress'),
          isNull(tasks.deletedAt),
          isNull(projects.deletedAt),
          eq(companies.state, 'normal'),
        ),
      )
      .for('update', { of: tasks });
    if (!task) return { claims: [], blocked: 0 };

    // The company's cap across all its tasks (set by the provider). Its row lock makes claims of one
    // company take turns, so each counts the company's live calls after the other's commit. Locks are
    // always taken task → company → lines, so claims cannot deadlock.
    const [company] = await tx
      .select({ permissions: companies.permissions })
      .from(companies)
      .where(eq(companies.id, task.companyId))
      .for('update');
    const companyCap = normalizePermissions(company?.permissions).maxConcurrency;

    const lines = await tx
      .select({ id: sipLines.id, concurrency: sipLines.concurrency, cps: sipLines.cps })
      .from(sipLines)
      .innerJoin(taskSipLines, eq(taskSipLines.sipLineId, sipLines.id))
      .where(and(eq(taskSipLines.taskId, task.id), eq(sipLines.status, 'enabled')))
      .orderBy(asc(sipLines.id))
      .for('update', { of: sipLines });
    if (lines.length === 0) return { claims: [], blocked: 0 };

    const buckets = await sharedBuckets(tx, lines, request.now);
    const room = await lineRoom(tx, lines, request.lineAllowance, buckets);
    const [taskLive] = await tx
      .select({ n: count() })
      .from(calls)
      .where(and(eq(calls.taskId, task.id), isNull(calls.endedAt), not(calls.test)));
    const [companyLive] = await tx
      .select({ n: count() })
      .from(calls)
      .where(and(eq(calls.companyId, task.companyId), isNull(calls.endedAt), not(calls.test)));
    const wanted = Math.min(
      request.budget - (taskLive?.n ?? 0),
      companyCap - (companyLive?.n ?? 0),
      [...room.values()].reduce((a, b) => a + b, 0),
    );
    if (wanted <= 0 || request.zoneKeys?.length === 0) return { claims: [], blocked: 0 };

    const noLiveCall = notExists(
      tx
        .select({ one: sql`1` })
        .from(calls)
        .where(and(eq(calls.taskId, subtasks.taskId), eq(calls.phone, subtasks.phone), isNull(calls.endedAt), not(calls.test))),
    );
    const dueNow = or(isNull(subtasks.nextAttemptAt), lte(subtasks.nextAttemptAt, request.now));
    // Calling in local time: the ids first, from the per-zone index (read as its own statement, so the planner
    // drives the claim from those few ids instead of filtering the task's whole pending list by them).
    const inZones = request.zoneKeys ? await dueInZones(tx, task.id, request.zoneKeys, wanted, request.now) : null;
    if (inZones?.length === 0) return { claims: [], blocked: 0 };
    const due = await tx
      .select({
        id: subtasks.id,
        phone: subtasks.phone,
        timeZone: subtasks.timeZone,
        attempts: subtasks.attempts,
        prologueInfo: subtasks.prologueInfo,
        businessInfo: subtasks.businessInfo,
      })
      .from(subtasks)
      .where(
        and(
          eq(subtasks.taskId, task.id),
          eq(subtasks.state, 'pending'),
          dueNow,
          noLiveCall,
          inZones ? inArray(subtasks.id, inZones) : undefined,
        ),
      )
      .orderBy(asc(subtasks.id))
      .limit(wanted)
      .for('update', { of: subtasks, skipLocked: true });
    if (due.length === 0) return { claims: [], blocked: 0 };

    const listed = await listedNumbers(
      tx,
      task.companyId,
      task.encryptionType,
      due.map((s) => s.phone),
    );
    const blocked = due.filter((s) => listed.has(s.phone));
    if (blocked.length > 0) {
      await tx
        .update(subtasks)
        .set({ state: 'blocked', lastOutcome: 'blocked' })
        .where(
          inArray(
            subtasks.id,
            blocked.map((s) => s.id),
          ),
        );
    }

    // Lines for the due numbers, in order, while there is room; then one UPDATE and one multi-row INSERT
    // for the whole batch (a query per call made the claim the slowest part of a round at 100 calls/s).
    const picked: { subtask: (typeof due)[number]; lineId: string }[] = [];
    for (const subtask of due) {
      if (listed.has(subtask.phone)) continue;
      const lineId = roomiest(room);
      if (!lineId) break;
      room.set(lineId, room.get(lineId)! - 1);
      picked.push({ subtask, lineId });
    }
    const claims: Claim[] = [];
    if (picked.length > 0) {
      const leaseUntil = new Date(request.now.getTime() + request.leaseMs);
      await tx
        .update(subtasks)
        .set({ state: 'dialing', leaseOwner: request.node, leaseUntil, attempts: sql`${subtasks.attempts} + 1`, nextAttemptAt: null })
        .where(
          inArray(
            subtasks.id,
            picked.map((p) => p.subtask.id),
          ),
        );
      const opened = await tx
        .insert(calls)
        .values(
          picked.map(({ subtask, lineId }) => ({
            companyId: task.companyId,
            projectId: task.projectId,
            taskId: task.id,
            subtaskId: subtask.id,
            sipLineId: lineId,
            phone: subtask.phone,
            timeZone: subtask.timeZone,
            attempt: subtask.attempts + 1,
            prologueInfo: subtask.prologueInfo,
            businessInfo: subtask.businessInfo,
            scenarioVersion: task.scenarioVersion,
            node: request.node,
            placedAt: request.now,
          })),
        )
        .returning({ id: calls.id, subtaskId: calls.subtaskId });
      const callOf = new Map(opened.map((call) => [call.subtaskId, call.id]));
      for (const { subtask, lineId } of picked) {
        claims.push({
          callId: callOf.get(subtask.id)!,
          subtaskId: subtask.id,
          taskId: task.id,
          projectId: task.projectId,
          companyId: task.companyId,
          lineId,
          phone: subtask.phone,
          attempt: subtask.attempts + 1,
          prologueInfo: subtask.prologueInfo,
          businessInfo: subtask.businessInfo,
          encryptionType: task.encryptionType,
          encryptionApiUrl: task.encryptionApiUrl,
        });
      }
    }
    await takeSetups(tx, buckets, picked, request.now);
    const taken = claims.length + blocked.length;
    await takePending(tx, task.id, taken);
    return { claims, blocked: blocked.length };
  });
}

/**
 * The ids of the first `wanted` due numbers among the open zone keys, in upload order: one branch per key,
 * each the key's first due numbers from `subtasks_pending_zone_idx` (ordered and limited, so an index scan),
 * merged by PostgreSQL's Merge Append, which reads each branch only as far as the merged order needs.
 * Numbers of shut zones are never read; a plain filter on the pending index would walk past all of them (a
 * million at night). The caller's query keeps its other conditions (no live call on the number).
 */
async function dueInZones(tx: Tx, taskId: string, zoneKeys: readonly string[], wanted: number, now: Date): Promise<number[]> {
  const branches = zoneKeys.map(
    (key) => sql`(select s.id from subtasks s
      where s.task_id = ${taskId} and s.state = 'pending' and s.time_zone = ${key}
        and (s.next_attempt_at is null or s.next_attempt_at <= ${now})
      order by s.id limit ${wanted})`,
  );
  const result = await tx.execute(
    sql`select picked.id from (${sql.join(branches, sql` union all `)}) picked order by picked.id limit ${wanted}`,
  );
  return (result as { rows: { id: string | number }[] }).rows.map((row) => Number(row.id));
}

/**
 * Each line's shared bucket of setups (`line_pacing`), refilled to now at the line's CPS, at most a second's
 * worth: the setups every process together may start on it now. The lines' rows are locked by the caller, so
 * no other claim reads or takes from these buckets until this one commits.
 */
async function sharedBuckets(tx: Tx, lines: { id: string; cps: number }[], now: Date): Promise<Map<string, number>> {
  const stored = await tx
    .select()
    .from(linePacing)
    .where(
      inArray(
        linePacing.sipLineId,
        lines.map((l) => l.id),
      ),
    );
  const byLine = new Map(stored.map((row) => [row.sipLineId, row]));
  return new Map(
    lines.map((line) => {
      const burst = Math.max(1, line.cps);
      const row = byLine.get(line.id);
      if (!row) return [line.id, burst];
      const elapsedS = Math.max(0, now.getTime() - row.refilledAt.getTime()) / 1000;
      return [line.id, Math.min(burst, row.tokens + elapsedS * line.cps)];
    }),
  );
}

/** Takes the picked setups from their lines' shared buckets (the rest of each bucket is kept, dated now). */
async function takeSetups(tx: Tx, buckets: ReadonlyMap<string, number>, picked: readonly { lineId: string }[], now: Date): Promise<void> {
  const used = new Map<string, number>();
  for (const { lineId } of picked) used.set(lineId, (used.get(lineId) ?? 0) + 1);
  if (used.size === 0) return;
  await tx
    .insert(linePacing)
    .values([...used].map(([sipLineId, n]) => ({ sipLineId, tokens: buckets.get(sipLineId)! - n, refilledAt: now })))
    .onConflictDoUpdate({
      target: linePacing.sipLineId,
      set: { tokens: sql`excluded.tokens`, refilledAt: sql`excluded.refilled_at` },
    });
}

/**
 * Free places per line: its concurrency minus its live calls (all processes), within this process's pacer's
 * allowance and the line's shared bucket of setups.
 */
async function lineRoom(
  tx: Tx,
  lines: { id: string; concurrency: number }[],
  allowance: ReadonlyMap<string, number>,
  buckets: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const live = await tx
    .select({ lineId: calls.sipLineId, n: count() })
    .from(calls)
    .where(
      and(
        inArray(
          calls.sipLineId,
          lines.map((l) => l.id),
        ),
        isNull(calls.endedAt),
      ),
    )
    .groupBy(calls.sipLineId);
  const liveBy = new Map(live.map((row) => [row.lineId, row.n]));
  return new Map(
    lines.map((line) => [
      line.id,
      Math.max(
        0,
        Math.min(line.concurrency - (liveBy.get(line.id) ?? 0), allowance.get(line.id) ?? 0, Math.floor(buckets.get(line.id) ?? 0)),
      ),
    ]),
  );
}

function roomiest(room: ReadonlyMap<string, number>): string | null {
  let best: string | null = null;
  let most = 0;
  for (const [id, free] of room)
    if (free > most) {
      best = id;
      most = free;
    }
  return best;
}
