import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common.ts';

/**
 * A conversation scenario of the platform's catalogue (operation area). Companies use the scenarios
 * granted to them (`company_grants`). The operation area owns the rest of this table's columns and its
 * versions.
 */
export const scenarios = pgTable('scenarios', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
