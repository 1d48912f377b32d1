import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * A company's do-not-call list. The dialer checks it right before each dial (not only at upload), so a
 * number added while a task runs is never called again. Numbers are stored in the same normalized form as
 * PLAIN_TEXT subtasks (digits, optional +), so they match what is dialled. `phone_md5` (kept by the
 * database) lets an MD5 project's hashed numbers be matched without knowing them: the hash of a listed
 * number equals the stored hash of the same number.
 */
export const dncNumbers = pgTable(
  'dnc_numbers',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    phone: text('phone').notNull(),
    phoneMd5: text('phone_md5').notNull().generatedAlwaysAs(sql`md5(phone)`),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dnc_numbers_key').on(t.companyId, t.phone),
    index('dnc_numbers_company_created_idx').on(t.companyId, t.createdAt),
    index('dnc_numbers_company_md5_idx').on(t.companyId, t.phoneMd5),
  ],
);
