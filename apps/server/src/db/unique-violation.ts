/**
 * Whether a database error is a unique-index violation (SQLSTATE 23505), optionally of one index. Drizzle
 * wraps driver errors (`cause`); pg and PGlite both carry `code` and `constraint`.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e !== 'object') return false;
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint;
  }
  return false;
}
