import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '@dialwise/contracts';
import { call, useTestServer } from '../../test/helper.ts';
import { insertCall, projectWithTask } from '../../test/call-fixtures.ts';
import { SyncMirror, syncFixture, syncPage, walkUntil } from '../../test/sync-walk.ts';
import { calls } from '../db/schema.ts';

const server = useTestServer();

async function summaries(companyId: string) {
  const rows = await server.database.db.select({ id: calls.id, summary: calls.summary }).from(calls).where(eq(calls.companyId, companyId));
  return new Map(rows.map((row) => [row.id, row.summary]));
}

describe('the call-record sync', () => {
  it('walks every record once in pages, then only what changed since, never another company’s', async () => {
    const { key, at, rivalAt } = await syncFixture(server);
    const ids: string[] = [];
    for (let i = 0; i < 25; i += 1)
      ids.push(await insertCall(server, at, { phone: `1380000${String(i).padStart(4, '0')}`, summary: 'v0' }));
    await insertCall(server, rivalAt, { summary: 'rival' });

    const mirror = new SyncMirror();
    const sizes: number[] = [];
    await walkUntil(server, key, mirror, { limit: 10, pageSizes: sizes, enough: () => mirror.latest.size >= 25 });
    expect(Math.max(...sizes)).toBe(10);
    expect([...mirror.latest.keys()].sort()).toEqual([...ids].sort());
    expect(mirror.received).toHaveLength(25);
    expect(mirror.latest.get(ids[0]!)).toMatchObject({ projectName: 'Spring', businessInfo: {}, summary: 'v0', state: 'connected' });

    // Caught up: nothing new until something changes; then exactly that record comes, in its new state.
    expect((await syncPage(server, key, { cursor: mirror.cursor })).list).toEqual([]);
    await server.database.db.update(calls).set({ summary: 'v1' }).where(eq(calls.id, ids[3]!));
    const before = mirror.latest.get(ids[3]!)!;
    const received = mirror.received.length;
    await walkUntil(server, key, mirror, { enough: () => mirror.received.length > received });
    expect(mirror.received.slice(received)).toEqual([`${ids[3]}@v1`]);
    expect(Date.parse(mirror.latest.get(ids[3]!)!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
  });

  it('a walk while calls are being written and rewritten misses and repeats nothing', async () => {
    const { key, at } = await syncFixture(server);
    const ids: string[] = [];
    let version = 0;
    let writing = true;
    let pages = 0;
    // Every ten writes the writer lets the walk take a page: the walk and the writes interleave however fast
    // either side runs (a page that took longer than the whole write burst once left 2 pages inside it).
    const pageTaken = async () => {
      const seen = pages;
      const until = Date.now() + 5000;
      while (pages === seen && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 2));
    };
    const writer = (async () => {
      for (let i = 0; i < 120; i += 1) {
        if (i % 3 === 2 && ids.length > 0) {
          version += 1;
          await server.database.db
            .update(calls)
            .set({ summary: `v${version}` })
            .where(eq(calls.id, ids[(i * 7) % ids.length]!));
        } else {
          ids.push(await insertCall(server, at, { phone: `1390000${String(i).padStart(4, '0')}`, summary: 'v0' }));
        }
        if (i % 10 === 0) await pageTaken();
      }
      writing = false;
    })();

    const mirror = new SyncMirror();
    while (writing) {
      mirror.take(await syncPage(server, key, { cursor: mirror.cursor, limit: 7 }));
      pages += 1;
    }
    await writer;
    const final = await summaries(at.companyId);
    const matches = () => [...final].every(([id, summary]) => mirror.latest.get(id)?.summary === summary);
    await walkUntil(server, key, mirror, { limit: 7, enough: matches });
    expect(pages).toBeGreaterThan(5);

    expect(final.size).toBe(ids.length);
    // Missed nothing: every record arrived, each in its final state.
    expect(new Map([...mirror.latest].map(([id, record]) => [id, record.summary]))).toEqual(final);
    // Repeated nothing: a record came again only in a new version.
    expect(new Set(mirror.received).size).toBe(mirror.received.length);
  });

  it('steps over the records of a deleted project: pages may come short, the walk goes on past them', async () => {
    const { key, boss, at } = await syncFixture(server);
    const gone = { ...at, ...(await projectWithTask(server, boss, at.companyId, 'Autumn')) };
    const kept: string[] = [];
    for (let i = 0; i < 4; i += 1) kept.push(await insertCall(server, at, { phone: `1370000${i}000`, summary: 'v0' }));
    for (let i = 0; i < 6; i += 1) await insertCall(server, gone, { phone: `1360000${i}000`, summary: 'v0' });
    for (let i = 0; i < 4; i += 1) kept.push(await insertCall(server, at, { phone: `1350000${i}000`, summary: 'v0' }));
    expect((await call(server, '/api/projects/delete', { token: boss, body: { id: gone.projectId } })).body.code).toBe(200);

    const mirror = new SyncMirror();
    const sizes: number[] = [];
    await walkUntil(server, key, mirror, { limit: 3, pageSizes: sizes, enough: () => mirror.latest.size >= kept.length });
    expect([...mirror.latest.keys()].sort()).toEqual([...kept].sort());
    // The six hidden records took two pages' windows: the walk did not stop at a short or empty page.
    expect(sizes.some((size) => size < 3)).toBe(true);
    expect(mirror.received).toHaveLength(kept.length);
  });

  it('refuses a cursor it did not give, and needs the read scope at least', async () => {
    const { key, boss } = await syncFixture(server);
    const bad = await call(server, '/api/call-records/sync', {
      token: key,
      body: { cursor: 'bm90LWEtY3Vyc29y' },
      headers: { 'accept-language': 'en-US' },
    });
    expect([bad.body.code, bad.body.message]).toEqual([ErrorCode.VALIDATION, 'The cursor is not one this server gave']);
    // The console's session reads it too (ADMIN); the page size is bounded.
    expect((await call(server, '/api/call-records/sync', { token: boss, body: { limit: 1001 } })).body.code).toBe(ErrorCode.VALIDATION);
    expect((await call(server, '/api/call-records/sync', { token: boss, body: {} })).body.code).toBe(200);
  });
});
