import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/helper.ts';
import { insertCall } from '../../test/call-fixtures.ts';
import { SyncMirror, syncFixture, syncPage, walkUntil } from '../../test/sync-walk.ts';
import { calls } from '../db/schema.ts';

const server = useTestServer();

describe('the call-record sync on PostgreSQL', () => {
  it('a change whose transaction commits after later ones is still delivered (a cursor over time would skip it)', async () => {
    const { key, at } = await syncFixture(server);
    const mirror = new SyncMirror();
    const first = await insertCall(server, at, { phone: '13800000001', summary: 'first' });

    let commit!: () => void;
    const held = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let late = '';
    let inserted!: () => void;
    const insertedLate = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    // A writer on its own connection (the pool's): stamps its row now, commits only when told.
    const slow = server.database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(calls)
        .values({
          companyId: at.companyId,
          projectId: at.projectId,
          taskId: at.taskId,
          sipLineId: at.lineId,
          subtaskId: 42,
          phone: '13800000002',
          attempt: 1,
          node: 'slow',
          // A live call, as the dialer writes it when it claims a number: ended calls of one company and hour
          // also meet in the boards' rollup rows, where the second writer would wait for the first.
          summary: 'late',
        })
        .returning({ id: calls.id, updatedAt: calls.updatedAt });
      late = row!.id;
      inserted();
      await held;
    });
    await insertedLate;
    const after = await insertCall(server, at, { phone: '13800000003', summary: 'after' });

    // While the slow transaction is open the sync stops below it: the record written after it waits too.
    mirror.take(await syncPage(server, key, { cursor: mirror.cursor }));
    expect([...mirror.latest.keys()]).toEqual([first]);
    mirror.take(await syncPage(server, key, { cursor: mirror.cursor }));
    expect([...mirror.latest.keys()]).toEqual([first]);

    commit();
    await slow;
    await walkUntil(server, key, mirror, { enough: () => mirror.latest.size >= 3 });
    expect([...mirror.latest.keys()]).toEqual([first, late, after]);
    // The late record's time is earlier than the one after it: ordered by time, a reader past `after` would never see it.
    expect(Date.parse(mirror.latest.get(late)!.updatedAt)).toBeLessThanOrEqual(Date.parse(mirror.latest.get(after)!.updatedAt));
    expect(mirror.received).toHaveLength(3);
  });
});
