import { sql } from 'drizzle-orm';
import { index, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, editVersion, updatedAt } from './common.ts';
import { companies } from './companies.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The short numeric id the console shows as userID. */
    userNo: serial('user_no').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    username: text('username').notNull(),
    alias: text('alias').notNull(),
    email: text('email').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    authLevel: text('auth_level', { enum: ['ADMIN', 'DEV', 'OPR'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: editVersion(),
  },
  (t) => [
    // Sign-in takes a user name or a phone number without a company, so both are unique platform-wide.
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_phone_key').on(t.phoneNumber).where(sql`${t.phoneNumber} <> ''`),
    index('users_company_idx').on(t.companyId),
  ],
);
