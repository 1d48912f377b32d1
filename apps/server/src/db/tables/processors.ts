import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { llms } from './llms.ts';
import { createdAt, editVersion, updatedAt } from './common.ts';

/**
 * An LLM processor of the platform's catalogue (operation area): a stream, referee, analysis or filler
 * step that scenarios reference. Companies use the processors granted to them (`company_grants`), and
 * every company may use a public one; an invalid processor cannot be newly referenced by a scenario.
 * `extra_options` is merged into the chat completion request body.
 */
export const processors = pgTable(
  'processors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alias: text('alias').notNull(),
    type: text('type', { enum: ['stream', 'referee', 'analysis', 'filler'] }).notNull(),
    state: text('state', { enum: ['valid', 'invalid'] })
      .notNull()
      .default('valid'),
    isPublic: boolean('is_public').notNull().default(false),
    llmId: uuid('llm_id').references(() => llms.id),
    systemPrompt: text('system_prompt').notNull().default(''),
    temperature: doublePrecision('temperature').notNull().default(0.7),
    topP: doublePrecision('top_p'),
    extraOptions: jsonb('extra_options').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: uuid('created_by').references(() => users.id),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: editVersion(),
  },
  (t) => [uniqueIndex('processors_alias_key').on(sql`lower(${t.alias})`)],
);
