import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Assume } from 'drizzle-orm';
import { PgliteProxy } from './pglite-proxy.ts';
import * as schema from './schema.ts';

/**
 * What a raw statement (`execute(sql…)`, a write without `returning`) answers, in the part both drivers share:
 * node-postgres' `QueryResult` and PGlite's `Results` both carry the rows, so `db.execute<Row>(sql…)` gives
 * `{ rows: Row[] }` with no cast at the call. The row type is the caller's word for what its SQL selects.
 */
export interface RawResultHKT extends PgQueryResultHKT {
  type: RawResult<Assume<this['row'], Record<string, unknown>>>;
}
export interface RawResult<Row> {
  rows: Row[];
  /** Rows a write touched: node-postgres names it `rowCount`, PGlite `affectedRows` (see affected-rows.ts). */
  rowCount?: number | null;
  affectedRows?: number;
}

export type Db = PgDatabase<RawResultHKT, typeof schema>;
/**
 * A transaction handle. drizzle's transaction is a database too (it extends `PgDatabase`), so a function
 * that takes a `Db` runs inside a caller's transaction unchanged, and its own `transaction()` nests as a
 * savepoint; `DbOrTx` says so in signatures where running inside one is the expected use.
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The driver underneath, for bulk paths (COPY) that drizzle does not cover. */
  driver: { kind: 'pglite'; client: PgliteProxy } | { kind: 'postgres'; pool: pg.Pool };
  close(): Promise<void>;
}

const MIGRATIONS = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens PostgreSQL through `pg` when a URL is given, else PGlite in `dataDir` ('memory://' for tests) in a
 * worker thread of its own (pglite-proxy.ts: its WASM queries never run on the server's event loop), and
 * applies the committed migrations (same folder for both drivers). close() ends the worker.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string;
  onIdleError?: (error: Error) => void;
  /** PGlite only: start from this data-folder tarball (`PgliteProxy.dumpTo`: a migrated cluster the tests share) instead of initdb. */
  template?: string;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection the server closes (a restart, a failover, an administrator) is an 'error' event
    // on the pool; unheard it would crash the process. The pool drops that connection and opens a new
    // one on the next query, which is all there is to do.
    pool.on('error', (error) => options.onIdleError?.(error));
    // The pool listens only on the clients it holds idle. A client that is checked out but between two
    // queries (inside a transaction, a LISTEN session) has no listener, and PostgreSQL ending its session
    // (57P01 on a restart) would be an unheard 'error' event that ends the whole process. Every client gets
    // a listener for its life: the client is marked broken, its next query fails (a call's final writes
    // retry, see retry-while-down.ts), and the pool drops it when it is released.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db: Db = drizzlePg(pool, { schema });
    await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS });
    return { db, kind: 'postgres', driver: { kind: 'postgres', pool }, close: () => pool.end() };
  }
  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  const client = await PgliteProxy.open(options.dataDir, { template: options.template });
  const db = drizzlePglite(client.asPglite(), { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  return {
    db,
    kind: 'pglite',
    driver: { kind: 'pglite', client },
    close: () => client.close(),
  };
}

export { schema };
