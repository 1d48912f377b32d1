import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { types } from '@electric-sql/pglite';
import { PgliteProxy } from './pglite-proxy.ts';
import { isUniqueViolation } from './unique-violation.ts';

describe('the embedded database in its worker thread', () => {
  let proxy: PgliteProxy;

  beforeAll(async () => {
    proxy = await PgliteProxy.open('memory://');
    await proxy.exec('create table item (id serial primary key, name text not null unique, at timestamptz not null default now())');
  });

  afterAll(async () => {
    await proxy.close();
  });

  it('answers queries with parameters, in object or array rows, with the affected row count', async () => {
    const inserted = await proxy.query<{ id: number; name: string }>('insert into item (name) values ($1), ($2) returning id, name', [
      'a',
      'b',
    ]);
    expect(inserted.rows).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
    expect(inserted.affectedRows).toBe(2);
    const arrays = await proxy.query<unknown[]>('select name from item order by id', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([['a'], ['b']]);
    const [first, second] = await proxy.exec("select 1 as one; update item set name = name || '!' where id = 1");
    expect(first!.rows).toEqual([{ one: 1 }]);
    expect(second!.affectedRows).toBe(1);
  });

  it("runs the caller's parsers on this side (drizzle keeps timestamps as text), others parse in the worker", async () => {
    const keep = { [types.TIMESTAMPTZ]: (value: string) => `kept ${value}` };
    const raw = await proxy.query<{ at: string }>('select at from item where id = 2', [], { parsers: keep });
    expect(raw.rows[0]!.at).toMatch(/^kept \d{4}-\d\d-\d\d /);
    const parsed = await proxy.query<{ at: Date }>('select at from item where id = 2');
    expect(parsed.rows[0]!.at).toBeInstanceOf(Date);
  });

  it("throws PostgreSQL's error with its code and constraint", async () => {
    const failure = await proxy.query('insert into item (name) values ($1)', ['b']).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ code: '23505', constraint: 'item_name_key' });
    expect(isUniqueViolation(failure, 'item_name_key')).toBe(true);
  });

  it('commits a transaction whose callback returns, rolls back one that throws, and rolls back on request', async () => {
    const kept = await proxy.transaction(async (tx) => {
      await tx.query('insert into item (name) values ($1)', ['kept']);
      return (await tx.query<{ n: number }>('select count(*)::int as n from item')).rows[0]!.n;
    });
    expect(kept).toBe(3);
    const thrown = await proxy
      .transaction(async (tx) => {
        await tx.query('insert into item (name) values ($1)', ['dropped']);
        throw new Error('no');
      })
      .catch((error: Error) => error.message);
    expect(thrown).toBe('no');
    await proxy.transaction(async (tx) => {
      await tx.query('insert into item (name) values ($1)', ['rolled back']);
      await tx.rollback();
      expect(tx.closed).toBe(true);
    });
    const names = await proxy.query<{ name: string }>('select name from item order by id');
    expect(names.rows.map((row) => row.name)).toEqual(['a!', 'b', 'kept']);
  });

  it('a query outside a transaction waits for the open transaction to end, as in one thread', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = proxy.transaction(async (tx) => {
      await tx.query("update item set name = 'locked' where id = 2");
      order.push('tx wrote');
      await held;
      await tx.query("update item set name = 'b' where id = 2");
      order.push('tx done');
    });
    while (!order.includes('tx wrote')) await new Promise((resolve) => setImmediate(resolve));
    const outside = proxy.query<{ name: string }>('select name from item where id = 2').then((result) => {
      order.push(`outside read ${result.rows[0]!.name}`);
    });
    release();
    await Promise.all([transaction, outside]);
    expect(order).toEqual(['tx wrote', 'tx done', 'outside read b']);
  });

  it('delivers NOTIFY payloads to listeners until they stop', async () => {
    const heard: string[] = [];
    const stop = await proxy.listen('news', (payload) => heard.push(payload));
    await proxy.query("select pg_notify('news', 'one')");
    await expect.poll(() => heard).toEqual(['one']);
    await stop();
    await proxy.query("select pg_notify('news', 'two')");
    await proxy.query('select 1');
    expect(heard).toEqual(['one']);
  });

  it("a long query runs off the caller's event loop: timers keep firing while it works", async () => {
    let ticks = 0;
    const interval = setInterval(() => ticks++, 5);
    const started = performance.now();
    await proxy.query('select count(*) from generate_series(1, 2000000) as s(n) where n % 7 = 3');
    const tookMs = performance.now() - started;
    clearInterval(interval);
    // In the same thread the query would be one synchronous stretch of WASM, with no tick until it ended.
    expect(tookMs).toBeGreaterThan(20);
    expect(ticks).toBeGreaterThanOrEqual(3);
  });

  it("dumps its data folder to a tarball that another worker starts from (the tests' migrated template)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dialwise-proxy-'));
    try {
      await proxy.query('insert into item (name) values ($1)', ['in the template']);
      await proxy.dumpTo(join(dir, 'dump.tar'));
      const copy = await PgliteProxy.open('memory://', { template: join(dir, 'dump.tar') });
      try {
        const found = await copy.query<{ name: string }>('select name from item where name = $1', ['in the template']);
        expect(found.rows).toEqual([{ name: 'in the template' }]);
        // The copy is its own database: what it writes is not in the original.
        await copy.query('insert into item (name) values ($1)', ['only in the copy']);
        expect((await proxy.query('select 1 from item where name = $1', ['only in the copy'])).rows).toHaveLength(0);
      } finally {
        await copy.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('close() ends the worker; later queries fail instead of hanging', async () => {
    const other = await PgliteProxy.open('memory://');
    await other.query('select 1');
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/ended/);
    // Opening a second PGlite compiles its WASM again: slow on a busy machine.
  }, 120_000);
});
