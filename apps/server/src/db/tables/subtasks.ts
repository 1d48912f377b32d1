import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { tasks } from './tasks.ts';

/**
 * One number to call (a CSV row). `phone` is stored as the project's encryption type requires
 * (`normalizeSubtaskPhone`). Two partial indexes cover the hot questions and stay small because finished
 * subtasks leave them: "this task's pending subtasks in upload order" (`subtasks_pending_idx`), the same per
 * zone (`subtasks_pending_zone_idx`), and "is this
 * number already pending in this task" (`subtasks_pending_phone_key`, also what skips duplicates on upload).
 */
export const subtasks = pgTable(
  'subtasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    phone: text('phone').notNull(),
    /**
     * The callee's zone key from the number plan (`number-time-zones.ts`): its possible IANA zones, sorted,
     * space-separated; '' when it could not be placed (the company's zone applies).
     */
    timeZone: text('time_zone').notNull().default(''),
    prologueInfo: text('prologue_info').notNull().default(''),
    businessInfo: jsonb('business_info').$type<Record<string, string>>().notNull().default({}),
    remark: text('remark').notNull().default(''),
    extra: jsonb('extra').$type<Record<string, string>>().notNull().default({}),
    /** SUBTASK_STATES of contracts; the dialer adds its own. */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** The dialer process holding it while `dialing`, until `lease_until`; an expired lease is recovered. */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    /** A redial or a back-pressure retry waits until then. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    lastOutcome: text('last_outcome'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('subtasks_pending_idx').on(t.taskId, t.id).where(sql`${t.state} = 'pending'`),
    // A task calling in local time claims zone by zone: each open zone's first pending numbers in upload order.
    index('subtasks_pending_zone_idx').on(t.taskId, t.timeZone, t.id).where(sql`${t.state} = 'pending'`),
    index('subtasks_dialing_lease_idx').on(t.leaseUntil).where(sql`${t.state} = 'dialing'`),
    uniqueIndex('subtasks_pending_phone_key').on(t.taskId, t.phone).where(sql`${t.state} = 'pending'`),
  ],
);
