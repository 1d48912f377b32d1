import { jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';
import { createdAt, editVersion, updatedAt } from './common.ts';

/**
 * A company's credentials for one speech provider (`ali`, `seed`, `azure_en_us`…). `settings` holds the
 * non-secret fields in clear (AppKey, App ID, region); `secrets_sealed` the secret ones as one JSON
 * object sealed by the SecretBox. Neither is ever answered in clear: the API shows settings and which
 * secrets are set.
 */
export const speechCredentials = pgTable(
  'speech_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    provider: text('provider').notNull(),
    settings: jsonb('settings').$type<Record<string, string>>().notNull().default({}),
    secretsSealed: text('secrets_sealed'),
    createdBy: uuid('created_by').references(() => users.id),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: editVersion(),
  },
  (t) => [uniqueIndex('speech_credentials_company_provider_key').on(t.companyId, t.provider)],
);
