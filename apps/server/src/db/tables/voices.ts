import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common.ts';

/**
 * A TTS voice of the platform's catalogue (operation area). Companies use the voices granted to them
 * (`company_grants`). The operation area owns the rest of this table's columns.
 */
export const voices = pgTable('voices', {
  id: uuid('id').primaryKey().defaultRandom(),
  nickname: text('nickname').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
