import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, boolean, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ChannelForm, GroupForm, MessageKind, MessageType } from '@dialwise/contracts';
import { companies } from './companies.ts';
import { users } from './users.ts';
import { createdAt, updatedAt } from './common.ts';

/**
 * The message box. One row per recipient: a product event is fanned out to the users it concerns when it
 * happens, so each user's read status is their own row's. Texts are message keys with parameters,
 * rendered in the reader's language when read.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<MessageType>().notNull(),
    kind: text('kind').$type<MessageKind>().notNull(),
    titleKey: text('title_key').notNull(),
    contentKey: text('content_key').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    link: text('link'),
    /** 0 unread, 1 read. */
    status: integer('status').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_user_created_idx').on(t.userId, t.createdAt),
    index('messages_user_unread_idx').on(t.userId, t.type).where(sql`${t.status} = 0`),
  ],
);

/** The search-table template's policies, per company; `number` is the company's running number. */
export const policies = pgTable(
  'policies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    seq: serial('seq').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type', { enum: ['img', 'horizontalVideo', 'verticalVideo'] }).notNull(),
    filterType: text('filter_type', { enum: ['artificial', 'rules'] }).notNull(),
    count: integer('count').notNull().default(0),
    status: text('status', { enum: ['online', 'offline'] })
      .notNull()
      .default('offline'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('policies_company_created_idx').on(t.companyId, t.createdAt)],
);

/** The card list's service and rule switches, per company (a missing row reads as the catalogue's default). */
export const templateSwitches = pgTable(
  'template_switches',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind', { enum: ['service', 'rule'] }).notNull(),
    key: text('key').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.key] })],
);

/** Step-form submissions (the channel form). */
export const channelForms = pgTable(
  'channel_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    values: jsonb('values').$type<ChannelForm>().notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('channel_forms_company_created_idx').on(t.companyId, t.createdAt)],
);

/** Group-form saves (media parameters): each save is committed, then approved by an ADMIN. */
export const mediaSettings = pgTable(
  'media_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    settings: jsonb('settings').$type<GroupForm>().notNull(),
    status: text('status', { enum: ['approval', 'finish'] })
      .notNull()
      .default('approval'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    approvedBy: uuid('approved_by').references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('media_settings_company_created_idx').on(t.companyId, t.createdAt)],
);
