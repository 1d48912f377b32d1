import { statusesAllowing, type TaskStatus } from '@dialwise/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedCompanies, useTestServer } from '../../test/helper.ts';
import { createProject, createTask, grantCatalogue, userWithSession } from '../../test/task-fixtures.ts';
import { tasks } from '../db/schema.ts';
import { addPending, applySystemTransition, completeIfDone, takePending } from './task-progress.ts';

const server = useTestServer();

async function aTask(status: TaskStatus, pendingCount: number) {
  const { companyId } = await seedCompanies(server);
  const token = await userWithSession(server, companyId, `boss${Math.random().toString(36).slice(2, 8)}`, 'ADMIN');
  const catalogue = await grantCatalogue(server, companyId);
  const projectId = await createProject(server, token);
  const taskId = await createTask(server, token, projectId, catalogue);
  await server.database.db.update(tasks).set({ status, pendingCount }).where(eq(tasks.id, taskId));
  return taskId;
}

async function read(taskId: string) {
  return (await server.database.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]!;
}

describe('task progress and the system transitions', () => {
  it('the system actions start only from the statuses TASK_TRANSITIONS lists', () => {
    expect(statusesAllowing('breakerPause')).toEqual(['in_progress']);
    expect(statusesAllowing('complete')).toEqual(['in_progress']);
  });

  it.each<TaskStatus>(['paused', 'aborted', 'pending'])('the circuit breaker leaves a %s task alone', async (status) => {
    const taskId = await aTask(status, 3);
    expect(await applySystemTransition(server.database.db, taskId, 'breakerPause')).toBe(false);
    expect((await read(taskId)).status).toBe(status);
  });

  it('the circuit breaker pauses a dialling task with its reason', async () => {
    const taskId = await aTask('in_progress', 3);
    const statusReason = { code: 'breaker' as const, failures: 5, calls: 6, lastSipStatus: 503 };
    expect(await applySystemTransition(server.database.db, taskId, 'breakerPause', { set: { statusReason } })).toBe(true);
    expect(await read(taskId)).toMatchObject({ status: 'paused', statusReason });
  });

  it('a dialling task completes once nothing is pending, not before', async () => {
    const taskId = await aTask('in_progress', 1);
    expect(await completeIfDone(server.database.db, taskId)).toBe(false);
    await takePending(server.database.db, taskId, 1);
    expect(await completeIfDone(server.database.db, taskId)).toBe(true);
    expect((await read(taskId)).status).toBe('completed');
  });

  it('an aborted task with nothing pending is never completed', async () => {
    const aborted = await aTask('aborted', 0);
    expect(await completeIfDone(server.database.db, aborted)).toBe(false);
    expect((await read(aborted)).status).toBe('aborted');
  });

  it('the pending counter never goes below zero', async () => {
    const taskId = await aTask('in_progress', 2);
    await takePending(server.database.db, taskId, 5);
    expect((await read(taskId)).pendingCount).toBe(0);
    await addPending(server.database.db, taskId, 2);
    expect((await read(taskId)).pendingCount).toBe(2);
  });
});
