import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page, TaskListItem } from '@dialwise/contracts';
import { call, seedCompanies, useTestServer } from '../../test/helper.ts';
import { insertPlacedCall, setPermissions } from '../../test/call-fixtures.ts';
import { addSipLine, createProject, createTask, grantCatalogue, upload, userWithSession } from '../../test/task-fixtures.ts';
import { calls, companies, sipLines, subtasks, taskSipLines, tasks } from '../db/schema.ts';

const server = useTestServer();

async function listed(token: string, projectId: string): Promise<TaskListItem> {
  return (await call<Page<TaskListItem>>(server, '/api/tasks/list', { token, body: { projectId } })).body.data.list[0]!;
}

async function got(token: string, id: string): Promise<TaskListItem> {
  return (await call<TaskListItem>(server, '/api/tasks/get', { token, body: { id } })).body.data;
}

/**
 * Moves the server's clock to an instant (each test starts from the real time). Instants in the past only: the
 * test sessions expire an hour after the real now.
 */
function clockAt(iso: string) {
  server.clock.advance(new Date(iso).getTime() - server.clock.now().getTime());
}

/** A Shanghai company's task calling 09:00–20:00 Monday to Saturday (the demo's window), started with three numbers. */
async function startedTask() {
  const { companyId, otherCompanyId } = await seedCompanies(server);
  await server.database.db.update(companies).set({ timezone: 'Asia/Shanghai' }).where(eq(companies.id, companyId));
  const token = await userWithSession(server, companyId, 'boss', 'ADMIN');
  const catalogue = await grantCatalogue(server, companyId);
  const projectId = await createProject(server, token);
  const taskId = await createTask(server, token, projectId, catalogue, {
    callStart: '09:00',
    callEnd: '20:00',
    weekdays: [1, 2, 3, 4, 5, 6],
  });
  const csv = ['phoneNumber,prologueInfo,businessInfo,remark', ...['13900000001', '13900000002', '13900000003'].map((p) => `${p},Hi,a=1,`)];
  expect((await upload(server, token, taskId, `${csv.join('\n')}\n`)).envelope.code).toBe(200);
  expect((await call(server, '/api/tasks/action', { token, body: { taskId, action: 'start' } })).body.code).toBe(200);
  return { companyId, otherCompanyId, token, projectId, taskId, lineId: catalogue.lineId };
}

describe('what the task list and the live drawer say about a started task that is not calling', () => {
  it("outside the window: why and the next opening in the company's zone, in the list and in get; nothing once it opens", async () => {
    const { token, projectId, taskId } = await startedTask();
    // Sunday 2026-11-22 10:00 in Shanghai: not a calling day, next Monday 09:00 local (01:00 UTC).
    clockAt('2026-11-22T02:00:00Z');
    const sunday = { code: 'outsideWindow', closure: 'notCallingDay', nextAt: '2026-11-23T01:00:00.000Z', timeZone: 'Asia/Shanghai' };
    expect((await listed(token, projectId)).dialState).toEqual(sunday);
    expect((await got(token, taskId)).dialState).toEqual(sunday);
    // Saturday 21:30: the last window of the week has passed.
    clockAt('2026-11-21T13:30:00Z');
    expect((await got(token, taskId)).dialState).toMatchObject({ closure: 'afterHours', nextAt: '2026-11-23T01:00:00.000Z' });
    // Monday 09:00 sharp: open, nothing to say.
    clockAt('2026-11-23T01:00:00Z');
    expect((await listed(token, projectId)).dialState).toBeNull();
  });

  it('a task that is not started says nothing, even outside its window', async () => {
    const { token, projectId, taskId } = await startedTask();
    expect((await call(server, '/api/tasks/action', { token, body: { taskId, action: 'pause' } })).body.code).toBe(200);
    clockAt('2026-11-22T02:00:00Z');
    expect((await listed(token, projectId)).dialState).toBeNull();
  });

  it('no enabled line: it cannot call until one is enabled', async () => {
    const { token, taskId, lineId } = await startedTask();
    clockAt('2026-11-23T02:00:00Z');
    await server.database.db.update(sipLines).set({ status: 'disabled' }).where(eq(sipLines.id, lineId));
    expect((await got(token, taskId)).dialState).toEqual({ code: 'noLine' });
  });

  it('every pending number waiting for its redial gap: when the first is due', async () => {
    const { token, taskId } = await startedTask();
    clockAt('2026-11-23T02:00:00Z');
    const later = new Date('2026-11-23T02:25:00Z');
    await server.database.db.update(subtasks).set({ nextAttemptAt: later }).where(eq(subtasks.taskId, taskId));
    await server.database.db
      .update(subtasks)
      .set({ nextAttemptAt: new Date('2026-11-23T02:10:00Z') })
      .where(eq(subtasks.phone, '13900000002'));
    expect((await got(token, taskId)).dialState).toEqual({
      code: 'redialWait',
      nextAt: '2026-11-23T02:10:00.000Z',
      timeZone: 'Asia/Shanghai',
    });
  });

  it("its lines full of another task's calls, or the company's cap taken: says which, while it has no call of its own", async () => {
    const { companyId, token, projectId, taskId, lineId } = await startedTask();
    clockAt('2026-11-23T02:00:00Z');
    const catalogue = await grantCatalogue(server, companyId, 'B');
    const other = await createTask(server, token, projectId, catalogue, { name: 'Other' });
    const live = { endedAt: null, placedAt: server.clock.now() };
    // The line (10 places) full of the other task's calls.
    for (let i = 0; i < 10; i += 1) await insertPlacedCall(server, { companyId, projectId, taskId: other, lineId }, live);
    expect((await got(token, taskId)).dialState).toEqual({ code: 'linesBusy', capacity: 10 });
    // A second line with room: it can call again.
    const second = await addSipLine(server, companyId, 'line-2', 5);
    await server.database.db.insert(taskSipLines).values({ taskId, sipLineId: second });
    expect((await got(token, taskId)).dialState).toBeNull();
    // The provider caps the company at 10 calls at once: all taken.
    await setPermissions(server, companyId, { maxConcurrency: 10 });
    expect((await got(token, taskId)).dialState).toEqual({ code: 'companyCap', cap: 10 });
  });

  it("nothing pending: finishing its last calls, then nothing left to call; another company's task is not found", async () => {
    const { companyId, otherCompanyId, token, projectId, taskId, lineId } = await startedTask();
    clockAt('2026-11-23T02:00:00Z');
    await server.database.db.update(tasks).set({ pendingCount: 0 }).where(eq(tasks.id, taskId));
    await server.database.db.delete(subtasks).where(eq(subtasks.taskId, taskId));
    await insertPlacedCall(server, { companyId, projectId, taskId, lineId }, { endedAt: null, placedAt: server.clock.now() });
    expect((await got(token, taskId)).dialState).toEqual({ code: 'finishing', liveCalls: 1 });
    await server.database.db.update(calls).set({ endedAt: server.clock.now() });
    expect((await got(token, taskId)).dialState).toEqual({ code: 'nothingToCall' });
    const stranger = await userWithSession(server, otherCompanyId, 'gina', 'ADMIN');
    expect((await call(server, '/api/tasks/get', { token: stranger, body: { id: taskId } })).body.code).toBe(404);
  });

  it("shows the circuit breaker's reason, and continuing the task clears it", async () => {
    const { token, projectId, taskId } = await startedTask();
    clockAt('2026-11-23T02:00:00Z');
    const reason = { code: 'breaker' as const, failures: 9, calls: 10, lastSipStatus: 503 };
    await server.database.db.update(tasks).set({ status: 'paused', statusReason: reason }).where(eq(tasks.id, taskId));
    expect((await listed(token, projectId)).dialState).toEqual(reason);
    expect((await call(server, '/api/tasks/action', { token, body: { taskId, action: 'continue' } })).body.code).toBe(200);
    expect((await listed(token, projectId)).dialState).toBeNull();
  });
});
