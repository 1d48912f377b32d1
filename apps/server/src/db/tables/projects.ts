import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ENCRYPTION_TYPES } from '@dialwise/contracts';
import { companies } from './companies.ts';
import { users } from './users.ts';
import { createdAt, editVersion, updatedAt } from './common.ts';

/**
 * A company's project. Deleting one is soft (`deleted_at`), so a name can be reused afterwards and the
 * audit log keeps pointing at something; its tasks go with it and its subtasks are removed.
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    /** Fixed at creation: uploads are checked against it, so the stored numbers always match it. */
    encryptionType: text('encryption_type', { enum: ENCRYPTION_TYPES }).notNull(),
    encryptionApiUrl: text('encryption_api_url'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: editVersion(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('projects_name_key').on(t.companyId, sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
    index('projects_company_created_idx').on(t.companyId, t.createdAt),
  ],
);

/**
 * The agents who work on a project. The spec leaves "projects they work on" open; we read it as an ADMIN's
 * explicit assignment (the project form's Operators select): an OPR sees exactly these projects and
 * their call records. Only OPR accounts of the project's company are accepted (checked by the server).
 */
export const projectOperators = pgTable(
  'project_operators',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_operators_user_idx').on(t.userId)],
);
