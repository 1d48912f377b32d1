import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './common.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/** Requests filed from the login page: access (register) and password resets. */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['register', 'password_reset'] }).notNull(),
    companyId: uuid('company_id').references(() => companies.id),
    userId: uuid('user_id').references(() => users.id),
    username: text('username'),
    payload: jsonb('payload').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: ['open', 'done'] })
      .notNull()
      .default('open'),
    ip: text('ip'),
    createdAt: createdAt(),
    /** How it was closed (null while open): a password set, a company created, or dismissed. */
    outcome: text('outcome', { enum: ['password_reset', 'company_created', 'dismissed'] }),
    resolution: jsonb('resolution').$type<Record<string, string>>().notNull().default({}),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolvedByName: text('resolved_by_name'),
  },
  (t) => [index('access_requests_company_idx').on(t.companyId, t.createdAt)],
);
