import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page, TaskListItem } from '@dialwise/contracts';
import { call, seedCompanies, useTestServer } from '../../test/helper.ts';
import { createProject, createTask, grantCatalogue, userWithSession } from '../../test/task-fixtures.ts';
import { companies, tasks } from '../db/schema.ts';

const server = useTestServer();

async function listed(token: string, projectId: string): Promise<TaskListItem> {
  return (await call<Page<TaskListItem>>(server, '/api/tasks/list', { token, body: { projectId } })).body.data.list[0]!;
}

describe('what the task list says about dialling', () => {
  it("shows when an in-progress task outside its window dials next, in the company's time zone", async () => {
    const { companyId } = await seedCompanies(server);
    await server.database.db.update(companies).set({ timezone: 'Asia/Shanghai' }).where(eq(companies.id, companyId));
    const token = await userWithSession(server, companyId, 'boss', 'ADMIN');
    const catalogue = await grantCatalogue(server, companyId);
    const projectId = await createProject(server, token);
    const taskId = await createTask(server, token, projectId, catalogue, { callStart: '09:00', callEnd: '09:01', weekdays: [1] });
    await server.database.db.update(tasks).set({ status: 'in_progress' }).where(eq(tasks.id, taskId));
    // Monday 2026-11-23 10:00 in Shanghai is past the window: next Monday at 09:00 local (01:00 UTC).
    server.clock.advance(new Date('2026-11-23T02:00:00Z').getTime() - Date.now());
    const item = await listed(token, projectId);
    expect(item.nextDialAt).toBe('2026-11-30T01:00:00.000Z');
    expect(item.statusReason).toBeNull();
  });

  it("shows the circuit breaker's reason, and continuing the task clears it", async () => {
    const { companyId } = await seedCompanies(server);
    const token = await userWithSession(server, companyId, 'boss', 'ADMIN');
    const catalogue = await grantCatalogue(server, companyId);
    const projectId = await createProject(server, token);
    const taskId = await createTask(server, token, projectId, catalogue);
    const reason = { code: 'breaker' as const, failures: 9, calls: 10, lastSipStatus: 503 };
    await server.database.db.update(tasks).set({ status: 'paused', statusReason: reason, pendingCount: 5 }).where(eq(tasks.id, taskId));
    expect((await listed(token, projectId)).statusReason).toEqual(reason);
    expect((await call(server, '/api/tasks/action', { token, body: { taskId, action: 'continue' } })).body.code).toBe(200);
    expect((await listed(token, projectId)).statusReason).toBeNull();
  });
});
