import { sql } from 'drizzle-orm';
import { index, integer, boolean, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { TASK_STATUSES, type TaskAdvanced, type TaskStatusReason } from '@dialwise/contracts';
import { companies } from './companies.ts';
import { users } from './users.ts';
import { createdAt, editVersion, updatedAt } from './common.ts';
import { projects } from './projects.ts';
import { scenarios } from './scenarios.ts';
import { voices } from './voices.ts';
import { sipLines } from './sip-lines.ts';

/**
 * An outbound task. `status` only moves through contracts' TASK_TRANSITIONS, under a row lock.
 * `pending_count` and `total_count` are counters kept in the same transaction as every subtask write, so
 * lists never count subtasks. Deleting is soft; the task's subtasks are removed.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    status: text('status', { enum: TASK_STATUSES }).notNull(),
    scenarioId: uuid('scenario_id')
      .notNull()
      .references(() => scenarios.id),
    /**
     * The scenario version the task runs, pinned when it starts (or continues after its scenario was
     * changed): editing the scenario later adds a version the running task does not pick up. Null until then.
     */
    scenarioVersion: integer('scenario_version'),
    voiceId: uuid('voice_id')
      .notNull()
      .references(() => voices.id),
    /** Call window, HH:mm in the company's time zone, or in each callee's when `local_time`. */
    callStart: text('call_start').notNull(),
    callEnd: text('call_end').notNull(),
    /** ISO weekdays, 1 = Monday … 7 = Sunday. */
    weekdays: integer('weekdays').array().notNull(),
    /** Tasks made before calling in local time existed keep the company's reading; new ones default to on. */
    localTime: boolean('local_time').notNull().default(false),
    /**
     * Every zone key its subtasks were uploaded with (grows with uploads, never shrinks): the dialer asks
     * which are open instead of reading a million rows' zones.
     */
    zoneKeys: text('zone_keys').array().notNull().default(sql`'{}'::text[]`),
    autoDial: boolean('auto_dial').notNull().default(false),
    concurrencyMode: text('concurrency_mode', { enum: ['auto', 'manual', 'unset'] })
      .notNull()
      .default('auto'),
    concurrencyCount: integer('concurrency_count'),
    ignoreTags: text('ignore_tags').array().notNull().default(sql`'{}'::text[]`),
    advanced: jsonb('advanced').$type<TaskAdvanced>().notNull(),
    /** Why the dialer paused the task by itself (circuit breaker), shown in the task list; cleared on continue. */
    statusReason: jsonb('status_reason').$type<TaskStatusReason>(),
    /** Optional redial of no-answer and busy: how many more attempts, and the gap between them. */
    redialCount: integer('redial_count').notNull().default(0),
    redialGapMinutes: integer('redial_gap_minutes').notNull().default(30),
    pendingCount: integer('pending_count').notNull().default(0),
    totalCount: integer('total_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: editVersion(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('tasks_project_created_idx').on(t.projectId, t.createdAt), index('tasks_company_status_idx').on(t.companyId, t.status)],
);

/** The SIP lines a task dials through. */
export const taskSipLines = pgTable(
  'task_sip_lines',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    sipLineId: uuid('sip_line_id')
      .notNull()
      .references(() => sipLines.id),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.sipLineId] }), index('task_sip_lines_line_idx').on(t.sipLineId)],
);
