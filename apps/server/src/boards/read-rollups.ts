import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { COMPANY_HOUR, GRAINS, MEASURES, type Grain } from '../db/rollup-measures.ts';

/** Where a board reads: one of the rollup grains, or `raw` — the same GROUP BY over `calls` (tests, benchmark). */
export type Source = Grain | 'raw';

/** Whose calls: a company, narrowed to a project and/or a task. */
export interface Scope {
  companyId: string;
  projectId?: string;
  taskId?: string;
}

export type Sums = Record<string, number>;

export interface Point {
  at: string;
  sums: Sums;
}

/** The sum of one measure over the source's rows. */
function measureSum(source: Source, column: string): string {
  if (source !== 'raw') return `coalesce(sum(${column}), 0)::bigint as ${column}`;
  const m = MEASURES.find((x) => x.column === column)!;
  const adds = m.adds === '1' ? '1' : m.adds;
  return `coalesce(sum(${adds})${m.when ? ` filter (where ${m.when})` : ''}, 0)::bigint as ${column}`;
}

function from(source: Source, scope: Scope, start: Date, end: Date): { table: SQL; time: string; where: SQL } {
  const time = source === 'raw' ? 'placed_at' : 'bucket';
  const column = sql.raw(time);
  const conditions: SQL[] = [
    sql`company_id = ${scope.companyId}`,
    ...(scope.projectId ? [sql`project_id = ${scope.projectId}`] : []),
    ...(scope.taskId ? [sql`task_id = ${scope.taskId}`] : []),
    sql`${column} >= ${start.toISOString()}::timestamptz`,
    sql`${column} < ${end.toISOString()}::timestamptz`,
    ...(source === 'raw' ? [sql`ended_at is not null and not test`] : []),
  ];
  const table = source === 'raw' ? 'calls' : source === 'hour' && !scope.projectId && !scope.taskId ? COMPANY_HOUR : GRAINS[source];
  return { table: sql.raw(table), time, where: sql.join(conditions, sql` and `) };
}

function toSums(row: Record<string, unknown>, columns: readonly string[]): Sums {
  return Object.fromEntries(columns.map((c) => [c, Number(row[c] ?? 0)]));
}

/** Every measure summed over [start, end). */
export async function sumRange(
  db: DbOrTx,
  source: Source,
  scope: Scope,
  start: Date,
  end: Date,
  columns = MEASURES.map((m) => m.column),
): Promise<Sums> {
  const f = from(source, scope, start, end);
  const result = await db.execute(
    sql`select ${sql.raw(columns.map((c) => measureSum(source, c)).join(', '))} from ${f.table} where ${f.where}`,
  );
  return toSums(result.rows[0] ?? {}, columns);
}

/**
 * The measures per step over [start, end), steps counted in the company's wall-clock time from `start`
 * (so a day step runs midnight to midnight there), every step present (zero when nothing happened).
 * `at` is the step's start there, `YYYY-MM-DDTHH:mm`.
 */
export async function seriesRange(
  db: DbOrTx,
  source: Source,
  scope: Scope,
  start: Date,
  end: Date,
  timeZone: string,
  step: string,
  columns: readonly string[],
): Promise<Point[]> {
  const f = from(source, scope, start, end);
  const startLocal = sql`(${start.toISOString()}::timestamptz at time zone ${timeZone})`;
  const endLocal = sql`(${end.toISOString()}::timestamptz at time zone ${timeZone})`;
  const stepSql = sql`${step}::interval`;
  const result = await db.execute(sql`
    with steps as (select generate_series(${startLocal}, ${endLocal} - ${stepSql}, ${stepSql}) as at),
    sums as (
      select date_bin(${stepSql}, ${sql.raw(f.time)} at time zone ${timeZone}, ${startLocal}) as at, ${sql.raw(columns.map((c) => measureSum(source, c)).join(', '))}
      from ${f.table} where ${f.where} group by 1
    )
    select to_char(steps.at, 'YYYY-MM-DD"T"HH24:MI') as at, ${sql.raw(columns.map((c) => `coalesce(sums.${c}, 0) as ${c}`).join(', '))}
    from steps left join sums on sums.at = steps.at order by steps.at`);
  return result.rows.map((row) => ({ at: String(row.at), sums: toSums(row, columns) }));
}
