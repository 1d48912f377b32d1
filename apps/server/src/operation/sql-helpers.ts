import { alias } from 'drizzle-orm/pg-core';
import { users } from '../db/schema.ts';

/**
 * The constraint a unique violation (SQLSTATE 23505) hit, or null for any other error. Drizzle wraps the
 * driver's error (pg and PGlite alike) in `cause`, so the chain is walked.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

/** The users who created and last changed a catalogue row, joined by id to show their names. */
export const creator = alias(users, 'creator');
export const updater = alias(users, 'updater');
