import { sql } from 'drizzle-orm';
import { DEFAULT_COMPANY_PERMISSIONS, type CompanyPermissions } from '@dialwise/contracts';
import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, editVersion, updatedAt } from './common.ts';

/** A tenant. The provider's own company (is_provider) is where DEV staff live. */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    suffix: text('suffix').notNull(),
    adminEmail: text('admin_email').notNull(),
    state: text('state', { enum: ['normal', 'deleted'] })
      .notNull()
      .default('normal'),
    timezone: text('timezone').notNull().default('UTC'),
    /** Local dates (YYYY-MM-DD) on which none of its tasks calls: holidays, read in the zone the window is read in. */
    quietDays: text('quiet_days').array().notNull().default(sql`'{}'::text[]`),
    isProvider: boolean('is_provider').notNull().default(false),
    /** What the provider allows this company (operation area; read through `getCompanyPermissions`). */
    permissions: jsonb('permissions').$type<CompanyPermissions>().notNull().default(DEFAULT_COMPANY_PERMISSIONS),
    /** Signs the company's callbacks (HMAC-SHA256); sealed at rest, shown once when rotated. */
    callbackSecretSealed: text('callback_secret_sealed'),
    callbackSecretRotatedAt: timestamp('callback_secret_rotated_at', { withTimezone: true, mode: 'date' }),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: editVersion(),
  },
  (t) => [
    uniqueIndex('companies_name_key').on(t.name),
    // The suffix names the company in its accounts' user names (admin_<suffix>), so no two companies share one.
    uniqueIndex('companies_suffix_key').on(sql`lower(${t.suffix})`),
  ],
);
