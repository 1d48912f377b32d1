import type pg from 'pg';
import type { Database } from './client.ts';

/**
 * Hears the notifications of one channel (`NOTIFY`, `pg_notify`) on either database: PGlite delivers them in
 * its one process, PostgreSQL to every process that listens. A notification sent inside a transaction is
 * delivered when it commits, and not at all when it rolls back. Answers how to stop listening.
 */
export async function listen(
  database: Database,
  channel: string,
  deliver: (payload: string | undefined) => void,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  if (database.driver.kind === 'pglite') return database.driver.client.listen(channel, deliver);
  return listenOnPostgres(database.driver.pool, channel, deliver, onError);
}

/**
 * LISTEN on a connection of its own, outside the pool (LISTEN lasts as long as the session does). When the
 * session ends — PostgreSQL restarting, a failover — it listens again on a new connection as soon as the
 * database lets it (0.5 s, doubling to 5 s between tries). Events notified while no session listened are
 * not heard: seats and offers live in the database, and the seats' heartbeats put a lost one right.
 */
async function listenOnPostgres(
  pool: pg.Pool,
  channel: string,
  deliver: (payload: string | undefined) => void,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  /** The listening session and how to give it back to the pool (once: a later error must not release it again). */
  let current: { client: pg.PoolClient; drop: (error?: Error) => void } | null = null;
  let closed = false;
  const listen = async () => {
    const next = await pool.connect();
    let released = false;
    const onNotification = (message: pg.Notification) => deliver(message.payload);
    const onSessionError = (error: Error) => {
      onError(error);
      const wasCurrent = current?.client === next;
      drop(error);
      if (!wasCurrent) return;
      current = null;
      if (!closed) void again();
    };
    const drop = (error?: Error) => {
      if (released) return;
      released = true;
      // Back in the pool the connection is any query's: it no longer delivers our events or answers to us.
      next.off('notification', onNotification);
      next.off('error', onSessionError);
      next.release(error);
    };
    next.on('notification', onNotification);
    next.once('error', onSessionError);
    try {
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      drop(error as Error);
      throw error;
    }
    current = { client: next, drop };
  };
  const again = async () => {
    for (let wait = 500; !closed && current === null; wait = Math.min(wait * 2, 5_000)) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (closed) return;
      await listen().catch(onError);
    }
  };
  await listen();
  return async () => {
    closed = true;
    const session = current;
    current = null;
    if (session) {
      await session.client.query(`UNLISTEN ${channel}`).catch(() => undefined);
      // Released once: the session's error listener (a database dropped or restarted after this) must not
      // release it a second time, which pg-pool throws on (an uncaught exception the PostgreSQL pass saw).
      session.drop();
    }
  };
}
