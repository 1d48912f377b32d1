/**
 * Errors that say the database cannot be reached right now — it is restarting, failing over, or dropped
 * our connection — rather than that the statement was wrong: connection refused or reset, PostgreSQL's
 * shutdown codes (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now), the connection
 * exception class (08xxx), and node-postgres's own "connection terminated" errors. Drizzle wraps driver
 * errors (`cause`), and a refused connection to a name with several addresses is an AggregateError.
 */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', '57P01', '57P02', '57P03']);

export function isConnectionLoss(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
  if (typeof message === 'string' && /connection terminated|not queryable|terminating connection/i.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isConnectionLoss(inner, depth + 1))) return true;
  return isConnectionLoss(cause, depth + 1);
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Runs `work`, and runs it again while it fails because the database is unreachable, for up to `forMs`
 * (waits of 250 ms doubling to 2 s in between). The pool opens fresh connections by itself once PostgreSQL
 * is back, so a write that must not be lost (a call's record at its end) survives a restart. Any other
 * error, or the database still gone after `forMs`, is thrown as is. `work` must be safe to run twice (a
 * transaction that failed on a lost connection was rolled back).
 */
export async function retryWhileDatabaseDown<T>(
  work: () => Promise<T>,
  options: { forMs: number; onRetry?: (error: unknown, attempt: number) => void },
): Promise<T> {
  const deadline = Date.now() + options.forMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const wait = Math.min(250 * 2 ** (attempt - 1), 2_000);
      if (!isConnectionLoss(error) || Date.now() + wait > deadline) throw error;
      options.onRetry?.(error, attempt);
      await pause(wait);
    }
  }
}
