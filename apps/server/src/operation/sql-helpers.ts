import { eq } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import { users } from '../db/schema.ts';

/** The users who created and last changed a catalogue row, joined by id to show their names. */
export const creator = alias(users, 'creator');
export const updater = alias(users, 'updater');

/** The user names of who created and last changed a row, for a query joined by `joinAuthors`. */
export const authorNames = { createdByName: creator.username, updatedByName: updater.username };

/** Joins a catalogue query (`$dynamic()`) to the users who created and last changed its rows (either may be gone). */
export function joinAuthors<Q extends PgSelect>(query: Q, table: { createdBy: AnyPgColumn; updatedBy: AnyPgColumn }) {
  return query.leftJoin(creator, eq(creator.id, table.createdBy)).leftJoin(updater, eq(updater.id, table.updatedBy));
}

/** Who created and last changed a row and when, as the catalogue's answers carry it (the names from `creator`/`updater`). */
export function authorship(row: {
  createdBy: string | null;
  createdByName: string | null;
  updatedBy: string | null;
  updatedByName: string | null;
  createdAt: Date;
  updatedAt: Date;
}) {
  return {
    createdBy: row.createdBy,
    createdByName: row.createdByName,
    updatedBy: row.updatedBy,
    updatedByName: row.updatedByName,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}
