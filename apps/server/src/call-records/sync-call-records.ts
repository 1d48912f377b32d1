import { and, asc, eq, sql } from 'drizzle-orm';
import { ErrorCode, type CallRecordSyncItem, type CallRecordSyncPage, type CallRecordSyncQuery } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { calls, projects, tasks } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { callRecordCallColumns, toCallRecord, type CallRecordRow } from './call-record-row.ts';
import { visibleProjects } from './visible-calls.ts';

interface Position {
  xid: number;
  id: string;
}

const START: Position = { xid: 0, id: '00000000-0000-0000-0000-000000000000' };

/**
 * A page of the incremental sync: the caller's call records after the cursor, in the order of the
 * transactions that last changed them (`sync_xid`, kept by a trigger on every insert and update; id breaks
 * ties), stopping below the oldest transaction of this database still running.
 *
 * Why not by `updated_at`: a transaction stamps its rows with its start time but may commit after a reader has
 * passed that time, and its rows would never be read. Transaction ids have the same problem, except that
 * PostgreSQL says which ones may still commit: every id below `pg_snapshot_xmin(pg_current_snapshot())` has
 * ended (the horizon below narrows that to this database's transactions). Reading only below it means no row
 * can later appear behind the cursor; a record changed after it was sent gets a new id and comes again. The
 * price: a long transaction of this database (a large upload) holds the sync back until it ends.
 */
export async function syncCallRecords(ctx: ActionContext, query: CallRecordSyncQuery): Promise<CallRecordSyncPage> {
  const after = query.cursor === undefined ? START : decodeCursor(query.cursor);
  // Read first, as a constant: every id below it had ended when it was read, so rows below it read later are final.
  const horizon = await readHorizon(ctx);
  // The page from `calls` alone, whole rows: an index range scan from the cursor whatever the table's statistics
  // say (joined to projects and tasks, a table just bulk-written and not yet analysed was planned as a full read
  // and sort), and each record read once (a second query by id read every heap page again).
  const scanned = await ctx.db
    .select({
      ...syncedCallColumns,
      syncXid: calls.syncXid,
    })
    .from(calls)
    .where(
      and(
        query.projectId ? eq(calls.projectId, query.projectId) : undefined,
        query.taskId ? eq(calls.taskId, query.taskId) : undefined,
        // A row comparison over the index's columns from its first (company_id, sync_xid, id): the index scan starts
        // at the cursor, also inside one transaction's many rows (a bulk write shares one id).
        sql`(${calls.companyId}, ${calls.syncXid}, ${calls.id}) > (${ctx.actor.companyId}::uuid, ${after.xid}::bigint, ${after.id}::uuid)`,
        eq(calls.companyId, ctx.actor.companyId),
        sql`${calls.syncXid} < ${horizon}`,
      ),
    )
    .orderBy(asc(calls.companyId), asc(calls.syncXid), asc(calls.id))
    .limit(query.limit + 1);
  const window = scanned.slice(0, query.limit);
  const last = window.at(-1);
  const { visible, taskNames } = await pageLabels(ctx, window);
  const list: CallRecordSyncItem[] = [];
  for (const row of window) {
    const project = visible.get(row.projectId);
    const taskName = taskNames.get(row.taskId);
    // A record of a project the caller may not see (deleted, another agent's) is not sent.
    if (project === undefined || taskName === undefined) continue;
    list.push(toSyncItem(row, project, taskName));
  }
  return {
    list,
    // Past the last record scanned, seen or not: records the caller may not see (a deleted project, an agent's
    // unassigned project) are stepped over rather than read again.
    nextCursor: encodeCursor(last ? { xid: last.syncXid, id: last.id } : after),
    hasMore: scanned.length > query.limit,
  };
}

/** What a sync record carries of the call itself; its project's and task's names come from `pageLabels`. */
const syncedCallColumns = {
  ...callRecordCallColumns,
  updatedAt: calls.updatedAt,
  prologueInfo: calls.prologueInfo,
  businessInfo: calls.businessInfo,
  summary: calls.summary,
};
type SyncedCall = Omit<CallRecordRow, 'projectName' | 'taskName' | 'encryptionType'> &
  Pick<CallRecordSyncItem, 'prologueInfo' | 'businessInfo' | 'summary'> & { updatedAt: Date };
type ProjectLabel = Pick<CallRecordRow, 'projectName' | 'encryptionType'>;

/**
 * The page's projects the caller may see (`visibleProjects`: the rules `visibleCalls` applies to each call) and
 * its tasks' names, looked up once for the page rather than joined to each of its thousand records.
 */
async function pageLabels(ctx: ActionContext, window: { projectId: string; taskId: string }[]) {
  const visible = new Map<string, ProjectLabel>();
  const taskNames = new Map<string, string>();
  if (window.length === 0) return { visible, taskNames };
  const projectIds = [...new Set(window.map((row) => row.projectId))];
  const taskIds = [...new Set(window.map((row) => row.taskId))];
  const projectRows = await ctx.db
    .select({ id: projects.id, projectName: projects.name, encryptionType: projects.encryptionType })
    .from(projects)
    .where(and(visibleProjects(ctx), sql`${projects.id} = any(${`{${projectIds.join(',')}}`}::uuid[])`));
  const taskRows = await ctx.db
    .select({ id: tasks.id, name: tasks.name })
    .from(tasks)
    .where(sql`${tasks.id} = any(${`{${taskIds.join(',')}}`}::uuid[])`);
  for (const { id, ...label } of projectRows) visible.set(id, label);
  for (const task of taskRows) taskNames.set(task.id, task.name);
  return { visible, taskNames };
}

/** A list's record plus what a sync adds; rows labelled and records extended in place, not spread: a page maps a thousand. */
function toSyncItem(row: SyncedCall, project: ProjectLabel, taskName: string): CallRecordSyncItem {
  const labelled = row as SyncedCall & CallRecordRow;
  labelled.projectName = project.projectName;
  labelled.encryptionType = project.encryptionType;
  labelled.taskName = taskName;
  const item = toCallRecord(labelled) as CallRecordSyncItem;
  item.updatedAt = row.updatedAt.toISOString();
  item.prologueInfo = row.prologueInfo;
  item.businessInfo = row.businessInfo;
  item.summary = row.summary;
  return item;
}

/**
 * The oldest transaction of this database still running (by its id in the snapshot), else the snapshot's
 * xmax. Transactions of other databases of the cluster (another application, the test suite's other files)
 * write no calls here and do not hold the sync back. `pg_stat_activity` is read after the snapshot: a
 * transaction of ours that ends in between ended before the page is read, so its rows are in it.
 */
async function readHorizon(ctx: ActionContext): Promise<number> {
  const result = await ctx.db.execute<{ horizon: string }>(sql`
    with s as (select pg_current_snapshot() as snap),
         mine as (select backend_xid::text::bigint as xid from pg_stat_activity
                  where datname = current_database() and backend_xid is not null)
    select coalesce(
      (select min(x::text::bigint) from s, pg_snapshot_xip(s.snap) as x where x::text::bigint % 4294967296 in (select xid from mine)),
      (select pg_snapshot_xmax(snap)::text::bigint from s)
    )::text as horizon`);
  return Number(result.rows[0]!.horizon);
}

function encodeCursor(position: Position): string {
  return Buffer.from(`${position.xid}.${position.id}`).toString('base64url');
}

function decodeCursor(cursor: string): Position {
  const match = /^(\d{1,19})\.([0-9a-f-]{36})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const xid = Number(match?.[1]);
  if (!match || !Number.isSafeInteger(xid)) throw new AppError(ErrorCode.VALIDATION, 'e.sync.cursor');
  return { xid, id: match[2]! };
}
