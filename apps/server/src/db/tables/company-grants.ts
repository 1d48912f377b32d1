import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { GRANT_KINDS } from '@dialwise/contracts';
import { companies } from './companies.ts';
import { createdAt } from './common.ts';

/**
 * What the provider's staff granted a company from the catalogue: only granted voices, processors and
 * scenarios are offered in that company's forms and accepted by its endpoints. `ref_id` points into
 * voices / processors / scenarios according to `kind`.
 */
export const companyGrants = pgTable(
  'company_grants',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind', { enum: GRANT_KINDS }).notNull(),
    refId: uuid('ref_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.refId] }), index('company_grants_ref_idx').on(t.kind, t.refId)],
);
