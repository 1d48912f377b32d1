import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { uniqueIndex } from 'drizzle-orm/pg-core';
import type { ScenarioDocument } from '@dialwise/contracts';
import { users } from './users.ts';
import { createdAt, updatedAt } from './common.ts';

/**
 * A conversation scenario of the platform's catalogue (operation area). Companies use the scenarios
 * granted to them (`company_grants`). `name` mirrors the current version's document name (lists and
 * grants read it); the document itself lives in `scenario_versions`.
 */
export const scenarios = pgTable(
  'scenarios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    currentVersion: integer('current_version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('scenarios_name_key').on(sql`lower(${t.name})`)],
);

/**
 * Every saved version of a scenario, never changed once written: editing adds version n+1, and a task
 * keeps running the version it started with. `processor_ids` lists the processors the document
 * references, so "which scenarios use this processor" is one indexed query.
 */
export const scenarioVersions = pgTable(
  'scenario_versions',
  {
    scenarioId: uuid('scenario_id')
      .notNull()
      .references(() => scenarios.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    document: jsonb('document').$type<ScenarioDocument>().notNull(),
    processorIds: uuid('processor_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scenarioId, t.version] }), index('scenario_versions_processors_idx').using('gin', t.processorIds)],
);
