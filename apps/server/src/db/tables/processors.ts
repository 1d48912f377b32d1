import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common.ts';

/**
 * An LLM processor of the platform's catalogue (operation area): a stream, referee, analysis or filler
 * step that scenarios reference. Companies use the processors granted to them (`company_grants`); an
 * invalid processor cannot be used by a scenario. The operation area owns the rest of this table's columns.
 */
export const processors = pgTable('processors', {
  id: uuid('id').primaryKey().defaultRandom(),
  alias: text('alias').notNull(),
  type: text('type', { enum: ['stream', 'referee', 'analysis', 'filler'] }).notNull(),
  state: text('state', { enum: ['valid', 'invalid'] }).notNull().default('valid'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
