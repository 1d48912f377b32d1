import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/helper.ts';
import { openSeatBus } from './seat-bus.ts';

const server = useTestServer();

describe('the seat bus on PostgreSQL', () => {
  it('gives its listening session back once: the session ending after close is no second release', async () => {
    const errors: unknown[] = [];
    const bus = await openSeatBus(server.database, (error) => errors.push(error));
    await bus.close();
    // The session is idle in the pool now; PostgreSQL ends every session of this database (a restart, a
    // dropped database). Before the fix the bus's own error listener released it again, and pg-pool threw
    // "Release called on client which has already been released" as an uncaught exception.
    // From a connection of its own: the pool would hand this query the bus's idle session itself.
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await admin.end();
    // The pool opens a new session for the next query, once it has heard that its idle ones were ended: the
    // termination reaches each session on its own, and with the ended-sessions LISTEN (issue 37) there is one
    // more to end, so a query sent at once could still be handed the idle session about to hear it.
    const pool = (server.database.driver as { pool: pg.Pool }).pool;
    await expect.poll(() => pool.idleCount).toBe(0);
    const answer = await server.database.db.execute(sql`select 1 as one`);
    expect(answer.rows).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
