import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { createdAt, editVersion, updatedAt } from './common.ts';

/**
 * A call tag of the platform's catalogue (operation area): scenarios name tags by `alias` when they tag
 * a call. `uuid` is the tag's public reference, set once.
 */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    name: text('name').notNull(),
    alias: text('alias').notNull(),
    description: text('description').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: editVersion(),
  },
  (t) => [uniqueIndex('tags_alias_key').on(t.alias), uniqueIndex('tags_uuid_key').on(t.uuid)],
);
