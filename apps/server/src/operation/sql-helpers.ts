import { alias } from 'drizzle-orm/pg-core';
import { users } from '../db/schema.ts';

/** The users who created and last changed a catalogue row, joined by id to show their names. */
export const creator = alias(users, 'creator');
export const updater = alias(users, 'updater');
