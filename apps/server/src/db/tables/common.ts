import { integer, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * The edit version of an entity a form edits: starts at 1, grows by one with each saved change. An edit sends
 * the version its form opened and is refused when it is no longer current (`nextEditVersion`).
 */
export const editVersion = () => integer('version').notNull().default(1);
