import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';
import { createdAt, editVersion, updatedAt } from './common.ts';

/**
 * A company's SIP trunk account. The password is sealed by the SecretBox (never stored or returned in
 * clear). `concurrency` is the cap the dialer honours across every task using the line; `cps` paces
 * call setups (carriers commonly allow 1–5 per second per trunk). `trunk` picks the implementation:
 * real SIP over UDP, or the in-process simulated callees of the demo.
 */
export const sipLines = pgTable(
  'sip_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    alias: text('alias').notNull(),
    concurrency: integer('concurrency').notNull(),
    cps: integer('cps').notNull().default(5),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    trunk: text('trunk', { enum: ['sip', 'simulated'] })
      .notNull()
      .default('sip'),
    sipUsername: text('sip_username').notNull(),
    passwordSealed: text('password_sealed').notNull(),
    domain: text('domain').notNull(),
    port: integer('port').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: editVersion(),
  },
  (t) => [uniqueIndex('sip_lines_alias_key').on(t.companyId, sql`lower(${t.alias})`), index('sip_lines_company_idx').on(t.companyId)],
);

/**
 * A line's setups a second shared by every dialer process: a token bucket at the line's `cps` (a second's
 * worth at most), read and taken in the claim's transaction while the line's row is locked, so processes
 * dialling on one line together keep to its CPS. Each process's own pacer (in memory) still slows its setups
 * down when the carrier pushes back. No row: a full bucket.
 */
export const linePacing = pgTable('line_pacing', {
  sipLineId: uuid('sip_line_id')
    .primaryKey()
    .references(() => sipLines.id, { onDelete: 'cascade' }),
  tokens: doublePrecision('tokens').notNull(),
  refilledAt: timestamp('refilled_at', { withTimezone: true, mode: 'date' }).notNull(),
});
