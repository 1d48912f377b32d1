import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, type Message, type MessageUnread } from '@dialwise/contracts';
import { addUser, call, login, seedCompanies, useTestServer } from '../../test/helper.ts';
import { createProject, createTask, csvOf, grantCatalogue, upload } from '../../test/task-fixtures.ts';
import { tasks } from '../db/schema.ts';
import { completeIfDone } from '../tasks/task-progress.ts';
import { notifySeatDisconnected } from './notify-seat.ts';
import { notifyTaskPaused } from './notify-task.ts';

const server = useTestServer();

async function setUp() {
  const seeded = await seedCompanies(server);
  const bossUser = await addUser(server, seeded.companyId, 'boss', 'ADMIN');
  await addUser(server, seeded.companyId, 'seat', 'OPR');
  await addUser(server, seeded.otherCompanyId, 'rival', 'ADMIN');
  const boss = await login(server, 'boss', 'admin');
  const catalogue = await grantCatalogue(server, seeded.companyId);
  const projectId = await createProject(server, boss, 'Renewals');
  const taskId = await createTask(server, boss, projectId, catalogue, { name: 'June renewals' });
  return {
    ...seeded,
    bossUser,
    boss,
    seat: await login(server, 'seat', 'agent'),
    rival: await login(server, 'rival', 'admin'),
    projectId,
    taskId,
  };
}

async function get<T>(token: string, url: string, locale = 'en-US') {
  const response = await server.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, 'accept-language': locale },
  });
  return response.json() as { code: number; message: string; data: T; traceId: string };
}

describe('message box', () => {
  it('tells the uploader an upload finished, in the reader’s language, and counts it unread', async () => {
    const { boss, taskId, projectId } = await setUp();
    const answer = await upload(server, boss, taskId, csvOf(['13800000001,Hi,a=1,', '13800000002,Hi,a=2,', 'bad,Hi,a=3,']));
    expect(answer.envelope.code).toBe(200);
    const en = await get<Message[]>(boss, '/api/message/list');
    expect(en.traceId).toBeTruthy();
    expect(en.data).toHaveLength(1);
    expect(en.data[0]).toMatchObject({
      type: 'message',
      messageType: 'uploadFinished',
      status: 0,
      title: 'Upload finished: June renewals',
      link: `/project/taskList/${projectId}`,
    });
    expect(en.data[0]!.content).toContain('2 numbers added');
    expect(en.data[0]!.content).toContain('1 rows rejected');
    const zh = await get<Message[]>(boss, '/api/message/list', 'zh-CN');
    expect(zh.data[0]!.title).toBe('上传完成：June renewals');
    expect((await get<MessageUnread>(boss, '/api/message/unread')).data).toEqual({ message: 1, notice: 0, todo: 0 });
  });

  it('tells the uploader why a failed upload stored nothing', async () => {
    const { boss, taskId } = await setUp();
    const answer = await upload(server, boss, taskId, 'phoneNumber,prologueInfo,businessInfo,remark\n');
    expect(answer.envelope.code).not.toBe(200);
    const [message] = (await get<Message[]>(boss, '/api/message/list')).data;
    expect(message).toMatchObject({ messageType: 'uploadFailed', title: 'Upload failed: June renewals' });
    expect(message!.content).toMatch(/^Nothing of the file was stored: \S/);
    expect(message!.content).not.toContain('e.upload');
  });

  it('marks read only the caller’s own messages (0 → 1) and answers true', async () => {
    const { boss, rival, taskId } = await setUp();
    await upload(server, boss, taskId, csvOf(['13800000001,Hi,a=1,']));
    const [message] = (await get<Message[]>(boss, '/api/message/list')).data;
    // Another company's administrator cannot read or mark it.
    expect((await get<Message[]>(rival, '/api/message/list')).data).toEqual([]);
    expect((await call(server, '/api/message/read', { token: rival, body: { ids: [message!.id] } })).body.data).toBe(true);
    expect((await get<Message[]>(boss, '/api/message/list')).data[0]!.status).toBe(0);
    const read = await call(server, '/api/message/read', { token: boss, body: { ids: [message!.id] } });
    expect(read.body).toMatchObject({ code: 200, data: true });
    expect((await get<Message[]>(boss, '/api/message/list')).data[0]!.status).toBe(1);
    expect((await get<MessageUnread>(boss, '/api/message/unread')).data.message).toBe(0);
  });

  it('refuses an empty or malformed id list', async () => {
    const { boss } = await setUp();
    expect((await call(server, '/api/message/read', { token: boss, body: { ids: [] } })).body.code).toBe(ErrorCode.VALIDATION);
    expect((await call(server, '/api/message/read', { token: boss, body: { ids: ['42'] } })).body.code).toBe(ErrorCode.VALIDATION);
    expect((await call(server, '/api/message/read', { token: boss, body: {} })).body.code).toBe(ErrorCode.VALIDATION);
  });

  it('tells the administrators a task completed, a task was paused by the breaker and a seat dropped; mark-all reads one tab or all', async () => {
    const { boss, seat, rival, taskId, companyId } = await setUp();
    const db = server.database.db;
    await db.update(tasks).set({ status: 'in_progress', pendingCount: 0 }).where(eq(tasks.id, taskId));
    expect(await completeIfDone(db, taskId)).toBe(true);
    await notifyTaskPaused(db, taskId, { failures: 9, calls: 10 });
    await notifySeatDisconnected(db, { companyId, seatName: 'Agent Lin', reason: 'heartbeat timeout' });
    const list = (await get<Message[]>(boss, '/api/message/list')).data;
    expect(list.map((m) => m.messageType).sort()).toEqual(['seatDisconnected', 'taskCompleted', 'taskPaused']);
    expect(list.find((m) => m.messageType === 'taskPaused')).toMatchObject({ type: 'todo' });
    expect(list.find((m) => m.messageType === 'taskPaused')!.content).toContain('9 of the last 10 calls');
    expect(list.find((m) => m.messageType === 'seatDisconnected')).toMatchObject({ type: 'notice', title: 'Seat disconnected: Agent Lin' });
    // Operators and other companies hear none of it.
    expect((await get<Message[]>(seat, '/api/message/list')).data).toEqual([]);
    expect((await get<Message[]>(rival, '/api/message/list')).data).toEqual([]);

    const todo = await get<Message[]>(boss, '/api/message/list?type=todo');
    expect(todo.data.map((m) => m.messageType)).toEqual(['taskPaused']);
    expect((await call(server, '/api/message/read-all', { token: boss, body: { type: 'todo' } })).body.data).toBe(1);
    expect((await get<MessageUnread>(boss, '/api/message/unread')).data).toEqual({ message: 1, notice: 1, todo: 0 });
    expect((await call(server, '/api/message/read-all', { token: boss })).body.data).toBe(2);
    expect((await get<MessageUnread>(boss, '/api/message/unread')).data).toEqual({ message: 0, notice: 0, todo: 0 });
  });

  it('needs a signed-in user', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/message/list' });
    expect(response.statusCode).toBe(401);
  });
});
