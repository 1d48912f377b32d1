import { bigint, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MEASURES } from '../rollup-measures.ts';

/**
 * Call rollups: per task and per UTC minute / hour of `placed_at`, the counters of `MEASURES` over the
 * task's finished calls. Kept exact by the statement triggers on `calls` (migration
 * `0007_call_rollups_trigger.sql`, generated from `apps/server/src/boards/rollup-sql.ts`), so boards read
 * these instead of scanning the records. Derived data: no foreign keys (they would cost a lookup per upsert).
 */
function counters() {
  return Object.fromEntries(
    MEASURES.map((m) => [
      m.column,
      m.big ? bigint(m.column, { mode: 'number' }).notNull().default(0) : integer(m.column).notNull().default(0),
    ]),
  ) as Record<string, ReturnType<typeof integer>>;
}

function rollupTable<N extends string>(name: N) {
  return pgTable(
    name,
    {
      taskId: uuid('task_id').notNull(),
      bucket: timestamp('bucket', { withTimezone: true, mode: 'date' }).notNull(),
      companyId: uuid('company_id').notNull(),
      projectId: uuid('project_id').notNull(),
      ...counters(),
    },
    (t) => [
      primaryKey({ name: `${name}_pkey`, columns: [t.taskId, t.bucket] }),
      index(`${name}_project_idx`).on(t.projectId, t.bucket),
      index(`${name}_company_idx`).on(t.companyId, t.bucket),
    ],
  );
}

export const callRollupsMinute = rollupTable('call_rollups_minute');
export const callRollupsHour = rollupTable('call_rollups_hour');

/** The same counters per company and UTC hour, for whole-company boards. */
export const callRollupsCompanyHour = pgTable(
  'call_rollups_company_hour',
  {
    companyId: uuid('company_id').notNull(),
    bucket: timestamp('bucket', { withTimezone: true, mode: 'date' }).notNull(),
    ...counters(),
  },
  (t) => [primaryKey({ name: 'call_rollups_company_hour_pkey', columns: [t.companyId, t.bucket] })],
);
