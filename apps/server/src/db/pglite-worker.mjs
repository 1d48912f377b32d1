// The embedded database's own thread (started by pglite-proxy.ts): PGlite runs its WASM PostgreSQL here, so
// a long query stalls this thread, never the server's event loop. It answers the proxy's requests over the
// worker port; PGlite's own locks order them (a query outside a transaction waits for an open transaction to
// end, as it does in one thread). Plain JavaScript so that it starts under any loader (tsx, vitest, node).
import { readFileSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** @type {import('node:worker_threads').MessagePort} */
const port = /** @type {any} */ (parentPort);

/** Types the caller parses itself (drizzle keeps timestamps, dates and intervals as text): left as text here. */
const rawParsers = new Map();
function parsersFor(raw) {
  if (!raw || raw.length === 0) return undefined;
  const key = raw.join(',');
  let parsers = rawParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(raw.map((type) => [type, (value) => value]));
    rawParsers.set(key, parsers);
  }
  return parsers;
}

function optionsOf(request) {
  const options = {};
  if (request.rowMode) options.rowMode = request.rowMode;
  const parsers = parsersFor(request.raw);
  if (parsers) options.parsers = parsers;
  if (request.blob) options.blob = new Blob([request.blob]);
  return options;
}

/** A database error's fields (code, constraint, detail…) as plain data: the proxy rebuilds the error from them. */
function plainError(error) {
  const plain = { message: String(error?.message ?? error), name: error?.name ?? 'Error' };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === undefined || typeof value === 'function') continue;
      if (key === 'params') continue;
      plain[key] = typeof value === 'object' && value !== null ? String(value) : value;
    }
  }
  return plain;
}

function plainResults(results) {
  const out = { rows: results.rows, fields: results.fields, affectedRows: results.affectedRows };
  if (results.blob) out.blob = results.blob;
  return out;
}

// A template is a data-folder tarball of a migrated cluster (the tests' shared one): loading it skips initdb.
const client = await PGlite.create(
  workerData.dataDir,
  workerData.template ? { loadDataDir: new Blob([readFileSync(workerData.template)]) } : {},
);
/** Open transactions by id: PGlite's handle, and how to end the callback that holds it open. */
const transactions = new Map();
let nextTransaction = 1;
const unlisteners = new Map();

const handlers = {
  async query(request) {
    const target = request.tx ? transactions.get(request.tx).handle : client;
    return plainResults(await target.query(request.sql, request.params, optionsOf(request)));
  },
  async exec(request) {
    const target = request.tx ? transactions.get(request.tx).handle : client;
    return (await target.exec(request.sql, optionsOf(request))).map(plainResults);
  },
  begin(request, reply) {
    const id = nextTransaction++;
    const entry = { handle: null, finish: null };
    const done = client.transaction(
      (handle) =>
        new Promise((resolve, reject) => {
          entry.handle = handle;
          entry.finish = (commit) => (commit ? resolve() : reject(ROLLBACK));
          transactions.set(id, entry);
          reply(id);
        }),
    );
    entry.done = done.finally(() => transactions.delete(id));
    // A failure before the callback ran (BEGIN itself) is the answer to this request; a later one is the
    // answer to `end`.
    entry.done.catch((error) => {
      if (!entry.handle) reply(undefined, error);
    });
    return undefined;
  },
  async end(request) {
    const entry = transactions.get(request.tx);
    if (!entry) throw new Error('the transaction is closed');
    entry.finish(request.commit);
    try {
      await entry.done;
    } catch (error) {
      if (error !== ROLLBACK) throw error;
    }
    return null;
  },
  async rollback(request) {
    await transactions.get(request.tx).handle.rollback();
    return null;
  },
  async listen(request) {
    const stop = await client.listen(request.channel, (payload) => port.postMessage({ notify: request.listener, payload }));
    unlisteners.set(request.listener, stop);
    return null;
  },
  async unlisten(request) {
    const stop = unlisteners.get(request.listener);
    unlisteners.delete(request.listener);
    await stop?.();
    return null;
  },
  async dump(request) {
    const tarball = await client.dumpDataDir('none');
    writeFileSync(request.file, Buffer.from(await tarball.arrayBuffer()));
    return null;
  },
  async close() {
    await client.close();
    return null;
  },
};

const ROLLBACK = new Error('rolled back by the caller');

port.on('message', (request) => {
  const reply = (result, error) => {
    if (error === undefined) port.postMessage({ id: request.id, result });
    else port.postMessage({ id: request.id, error: plainError(error) });
  };
  let answer;
  try {
    answer = handlers[request.op](request, reply);
  } catch (error) {
    reply(undefined, error);
    return;
  }
  if (answer)
    answer.then(
      (result) => {
        reply(result);
        // Closed: nothing is left to answer, and the worker ends by itself once its port is closed.
        if (request.op === 'close') port.close();
      },
      (error) => reply(undefined, error),
    );
});
port.postMessage({ ready: true });
