import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * The embedded database (PGlite) in a worker thread of its own, and the small client the server talks to it
 * through. PGlite runs PostgreSQL compiled to WASM: every query is synchronous work on the thread that runs
 * it, so in the server's thread a heavy query (a dialer tick's claim, a board's rollup) stalled every call's
 * media and conversation timers with it (bench:conversation measured barge-in p95 158 ms at 200
 * conversations). Here only the messages cross the event loop.
 *
 * The client offers what drizzle's `drizzle-orm/pglite` driver and our own code use of PGlite: `query` (with
 * params, rowMode, parsers and a COPY blob), `exec`, `transaction` with its own handle, `listen`, `close`.
 * Parsers cannot cross threads: the worker leaves the types they cover as text and they run here. Errors
 * carry PostgreSQL's fields (code 23505, constraint…) as PGlite's do.
 */
export class PgliteProxy {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: never) => void; reject: (error: Error) => void }>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 1;
  #ended: Error | null = null;
  readonly #exited: Promise<void>;

  private constructor(worker: Worker) {
    this.#worker = worker;
    this.#exited = new Promise((resolve) => worker.once('exit', () => resolve()));
  }

  /**
   * Starts the worker and waits for its PGlite to open `dataDir` ('memory://' for tests), from `template` (a
   * tarball written by dumpTo) when one is given.
   */
  static async open(dataDir: string, options: { template?: string } = {}): Promise<PgliteProxy> {
    // The worker is plain JavaScript: no loader flags of this process (tsx, vitest) to start with it.
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir, template: options.template },
      execArgv: [],
    });
    const proxy = new PgliteProxy(worker);
    await new Promise<void>((resolve, reject) => {
      const failed = (error: Error) => reject(error);
      const exited = (code: number) => reject(new Error(`the embedded database's worker exited (${code}) while opening ${dataDir}`));
      worker.once('error', failed);
      worker.once('exit', exited);
      worker.once('message', (message: { ready?: boolean }) => {
        worker.off('error', failed);
        worker.off('exit', exited);
        if (message.ready) resolve();
        else reject(new Error('the embedded database worker sent something before it was ready'));
      });
    });
    proxy.#listen();
    // Idle, the worker does not keep the process alive (an in-thread PGlite did not either); a request
    // waiting for its answer does (#call).
    worker.unref();
    return proxy;
  }

  #listen(): void {
    this.#worker.on('message', (message: Answer | Notification) => {
      if ('notify' in message) {
        this.#listeners.get(message.notify)?.(message.payload);
        return;
      }
      const waiting = this.#pending.get(message.id);
      if (!waiting) return;
      this.#pending.delete(message.id);
      if (this.#pending.size === 0) this.#worker.unref();
      if (message.error) waiting.reject(rebuildError(message.error));
      else waiting.resolve(message.result as never);
    });
    const end = (error: Error) => {
      this.#ended ??= error;
      for (const waiting of this.#pending.values()) waiting.reject(this.#ended);
      this.#pending.clear();
    };
    this.#worker.on('error', (error) => end(error));
    this.#worker.on('exit', (code) => end(new Error(`the embedded database's worker has ended (${code})`)));
  }

  #call<T>(request: Request): Promise<T> {
    if (this.#ended) return Promise.reject(this.#ended);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve: resolve as (value: never) => void, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, sql, params, options);
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(undefined, sql, options);
  }

  async #query<T>(
    tx: number | undefined,
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const results = await this.#call<Results<T>>({
      op: 'query',
      tx,
      sql,
      params: params ?? [],
      rowMode: options?.rowMode,
      raw: rawTypes(options),
      blob: options?.blob ? await options.blob.arrayBuffer() : undefined,
    });
    return parse(results, options);
  }

  async #exec(tx: number | undefined, sql: string, options: QueryOptions | undefined): Promise<Results[]> {
    const results = await this.#call<Results[]>({
      op: 'exec',
      tx,
      sql,
      rowMode: options?.rowMode,
      raw: rawTypes(options),
      blob: options?.blob ? await options.blob.arrayBuffer() : undefined,
    });
    return results.map((one) => parse(one, options));
  }

  /**
   * Runs `callback` in a transaction: committed when it returns, rolled back when it throws (the error is
   * rethrown). As with PGlite itself, queries outside the transaction wait until it ends.
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.#call<number>({ op: 'begin' });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const handle: Transaction = {
      query: async <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        open();
        return this.#query<R>(id, sql, params, options);
      },
      exec: async (sql: string, options?: QueryOptions) => {
        open();
        return this.#exec(id, sql, options);
      },
      sql: () => Promise.reject(new Error('tagged-template queries are not offered by the embedded database proxy')),
      rollback: async () => {
        open();
        await this.#call({ op: 'rollback', tx: id });
        closed = true;
      },
      listen: () => Promise.reject(new Error('listen inside a transaction is not offered by the embedded database proxy')),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(handle);
    } catch (error) {
      closed = true;
      await this.#call({ op: 'end', tx: id, commit: false });
      throw error;
    }
    closed = true;
    await this.#call({ op: 'end', tx: id, commit: true });
    return result;
  }

  /** Calls `callback` with each NOTIFY payload on `channel`; the returned function stops listening. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = this.#nextId++;
    this.#listeners.set(listener, callback);
    await this.#call({ op: 'listen', channel, listener });
    return async () => {
      this.#listeners.delete(listener);
      if (!this.#ended) await this.#call({ op: 'unlisten', listener });
    };
  }

  /** Writes the whole data folder to `file` as a tarball (PGlite's dumpDataDir) that `open` can start from. */
  async dumpTo(file: string): Promise<void> {
    await this.#call({ op: 'dump', file });
  }

  /** Closes the database and ends the worker. */
  async close(): Promise<void> {
    if (!this.#ended) {
      try {
        await this.#call({ op: 'close' });
      } finally {
        await this.#worker.terminate();
      }
    }
    await this.#exited;
  }

  /** drizzle's pglite driver takes a PGlite; it uses only what this class offers. */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }
}

interface Request {
  op: 'query' | 'exec' | 'begin' | 'end' | 'rollback' | 'listen' | 'unlisten' | 'dump' | 'close';
  tx?: number;
  sql?: string;
  params?: unknown[];
  rowMode?: 'array' | 'object';
  raw?: number[];
  blob?: ArrayBuffer;
  commit?: boolean;
  channel?: string;
  listener?: number;
  file?: string;
}

interface Answer {
  id: number;
  result?: unknown;
  error?: Record<string, unknown> & { message: string; name: string };
}

interface Notification {
  notify: number;
  payload: string;
}

function rawTypes(options: QueryOptions | undefined): number[] | undefined {
  return options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
}

/** Runs the caller's parsers on the columns of the types the worker left as text. */
function parse<T>(results: Results<T>, options: QueryOptions | undefined): Results<T> {
  const parsers = options?.parsers;
  if (!parsers || results.rows.length === 0) return results;
  const columns = results.fields.flatMap((field, index) => {
    const parser = parsers[field.dataTypeID];
    return parser ? [{ index, name: field.name, parser }] : [];
  });
  if (columns.length === 0) return results;
  const byIndex = options?.rowMode === 'array';
  for (const row of results.rows as Record<string | number, unknown>[]) {
    for (const column of columns) {
      const key = byIndex ? column.index : column.name;
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = column.parser(value as string);
    }
  }
  return results;
}

/** An Error with the database's fields (code, constraint, detail, severity…), as the driver threw it. */
function rebuildError(plain: NonNullable<Answer['error']>): Error {
  const { message, name, ...fields } = plain;
  const error = new Error(message);
  Object.assign(error, fields);
  error.name = name;
  return error;
}
