/**
 * The name of the unique index a failed write violated (PostgreSQL error 23505), or null for any other
 * error. drizzle wraps the driver's error in `cause`; PGlite and pg both report `code` and `constraint`.
 * Callers turn the index into a 409 naming the field, so the database's own text never reaches a user.
 */
export function violatedUniqueIndex(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return null;
}

/** Whether a failed write violated a unique index — any, or the one named. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const violated = violatedUniqueIndex(error);
  return violated !== null && (constraint === undefined || violated === constraint);
}
