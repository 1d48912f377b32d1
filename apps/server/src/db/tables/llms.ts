import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { createdAt, editVersion, updatedAt } from './common.ts';

/**
 * A language model of the platform's catalogue (operation area). `vendor` is the spec's LLM "company".
 * The API key is sealed by the SecretBox (null = none is sent); it is never returned to the browser.
 */
export const llms = pgTable(
  'llms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendor: text('vendor').notNull(),
    modelType: text('model_type', { enum: ['chat', 'embedding', 'rerank'] }).notNull(),
    modelName: text('model_name').notNull(),
    calledName: text('called_name').notNull(),
    tag: text('tag').notNull().default(''),
    url: text('url').notNull(),
    apiKeySealed: text('api_key_sealed'),
    keyName: text('key_name').notNull().default('Authorization'),
    createdBy: uuid('created_by').references(() => users.id),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: editVersion(),
  },
  (t) => [index('llms_vendor_idx').on(t.vendor)],
);
