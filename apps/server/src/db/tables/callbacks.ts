import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CALLBACK_EVENTS, type CallbackAttempt } from '@dialwise/contracts';
import { companies } from './companies.ts';
import { calls } from './calls.ts';
import { createdAt } from './common.ts';

/**
 * One callback event owed to one subscribed URL: the outbox the delivery loop works through. The row is
 * written when the event happens (in the database, so a restart loses none), its body frozen then, and
 * every attempt appended to `attempts` (the call record shows them). `next_attempt_at` doubles as the
 * lease: a process that claims a row pushes it forward, so several processes never post the same row at
 * once, and a process that dies mid-post leaves a row that is due again when the lease runs out.
 */
export const callbackDeliveries = pgTable(
  'callback_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    event: text('event', { enum: CALLBACK_EVENTS }).notNull(),
    url: text('url').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attemptCount: integer('attempt_count').notNull().default(0),
    attempts: jsonb('attempts').$type<CallbackAttempt[]>().notNull().default([]),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('callback_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index('callback_deliveries_call_idx').on(t.callId),
  ],
);
