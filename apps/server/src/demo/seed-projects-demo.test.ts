import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addUser, call, seedCompanies, useTestServer } from '../../test/helper.ts';
import { grantCatalogue } from '../../test/task-fixtures.ts';
import { seedDemo } from './seed-demo.ts';
import { calls, companyGrants, subtasks, taskSipLines, tasks } from '../db/schema.ts';
import type { TaskListItem } from '@dialwise/contracts';
import { seedProjectsDemo } from './seed-projects-demo.ts';
import { ANY_HOUR_TASK_NAME } from '../projects/seed-any-hour-task.ts';

const server = useTestServer();

describe('demo data', () => {
  it('the demo company gets "Spring renewal" (PLAIN_TEXT) with a pending task of a few hundred pending numbers and a completed one that detected answering machines', async () => {
    await seedDemo(server.database.db, 'Dialwise@2026', server.app.secrets);
    const answer = await call<{ token: string }>(server, '/api/user/login', {
      body: { username: 'admin', password: 'Dialwise@2026', role: 'admin' },
    });
    const token = answer.body.data.token;
    const projects = await call<{ list: { id: string; name: string; encryptionType: string; taskCount: number; creator: string }[] }>(
      server,
      '/api/projects/list',
      { token, body: {} },
    );
    expect(projects.body.data.list).toEqual([
      expect.objectContaining({ name: 'Spring renewal', encryptionType: 'PLAIN_TEXT', taskCount: 3, creator: 'Acme Admin' }),
    ]);
    const list = await call<{
      list: { id: string; name: string; status: string; pendingCount: number; totalCount: number; localTime: boolean }[];
    }>(server, '/api/tasks/list', { token, body: { projectId: projects.body.data.list[0]!.id } });
    const byName = new Map(list.body.data.list.map((task) => [task.name, task]));
    expect(byName.get('Renewal calls')).toMatchObject({ status: 'pending', pendingCount: 300, totalCount: 300 });
    expect(byName.get('Lapsed members')).toMatchObject({ status: 'completed', pendingCount: 0, totalCount: 80 });
    const lapsed = await call<{ advanced: { amd?: { enabled: boolean; onMachine: string; message?: string } } }>(server, '/api/tasks/get', {
      token,
      body: { id: byName.get('Lapsed members')!.id },
    });
    expect(lapsed.body.data.advanced.amd).toMatchObject({
      enabled: true,
      onMachine: 'leave_message',
      message: expect.stringContaining('Acme'),
    });
    // The demo task detects answering machines too (a voicemail is never pitched to), and its opening says who calls and why.
    const renewal = await call<{ advanced: { prologues: string[]; amd?: { enabled: boolean; onMachine: string } } }>(
      server,
      '/api/tasks/get',
      { token, body: { id: byName.get('Renewal calls')!.id } },
    );
    expect(renewal.body.data.advanced.amd).toMatchObject({ enabled: true, onMachine: 'leave_message' });
    expect(renewal.body.data.advanced.prologues[0]).toMatch(/Lin from AcmeOutreach, calling about your membership renewal/);
    const pending = await call<{ total: number }>(server, '/api/subtasks/pending', {
      token,
      body: { taskId: byName.get('Renewal calls')!.id },
    });
    expect(pending.body.data.total).toBe(300);
    // It calls in its callees' local time (members abroad wait for their own hours); the finished one did not.
    expect(byName.get('Renewal calls')!.localTime).toBe(true);
    expect(byName.get('Lapsed members')!.localTime).toBe(false);
    const firstPage = await call<{ list: { timeZones: string[] }[] }>(server, '/api/subtasks/pending', {
      token,
      body: { taskId: byName.get('Renewal calls')!.id, page: 1, pageSize: 25 },
    });
    expect(firstPage.body.data.list[0]!.timeZones).toEqual(['Asia/Shanghai']);
    expect(firstPage.body.data.list[24]!.timeZones).toEqual(['America/New_York']);
    // The scenario and voice it uses are granted to the company, so the edit form can show them.
    const options = await call<{ scenarios: unknown[]; voices: unknown[]; sipLines: { alias: string }[] }>(server, '/api/tasks/options', {
      token,
    });
    expect(options.body.data.scenarios).toHaveLength(1);
    expect(options.body.data.voices).toHaveLength(2);
    // The demo task dials on the company's simulated lines.
    expect(options.body.data.sipLines.map((l) => l.alias).sort()).toEqual(['Simulated line A', 'Simulated line B']);
  });

  it('uses the lines the company has and the catalogue already granted to it', async () => {
    const { companyId } = await seedCompanies(server);
    const admin = await addUser(server, companyId, 'alice', 'ADMIN');
    const catalogue = await grantCatalogue(server, companyId);
    const { taskId } = await server.database.db.transaction((tx) => seedProjectsDemo(tx, { companyId, adminId: admin.id }));
    const [task] = await server.database.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(task).toMatchObject({ scenarioId: catalogue.scenarioId, voiceId: catalogue.voiceId, status: 'pending' });
    expect((await server.database.db.select().from(taskSipLines).where(eq(taskSipLines.taskId, taskId))).map((l) => l.sipLineId)).toEqual([
      catalogue.lineId,
    ]);
    expect(await server.database.db.select().from(companyGrants)).toHaveLength(2);
    const rows = await server.database.db.select().from(subtasks).where(eq(subtasks.taskId, taskId));
    expect(new Set(rows.map((r) => r.phone)).size).toBe(300);
    expect(rows.every((r) => r.state === 'pending' && r.companyId === companyId)).toBe(true);
  });

  it("started on a Sunday morning or at night, the realistic task says when it will call, nothing stands in the any-hour one's way", async () => {
    await seedDemo(server.database.db, 'Dialwise@2026', server.app.secrets);
    const login = await call<{ token: string }>(server, '/api/user/login', {
      body: { username: 'admin', password: 'Dialwise@2026', role: 'admin' },
    });
    const token = login.body.data.token;
    const [project] = (await call<{ list: { id: string }[] }>(server, '/api/projects/list', { token, body: {} })).body.data.list;
    const tasksNow = async () =>
      new Map(
        (await call<{ list: TaskListItem[] }>(server, '/api/tasks/list', { token, body: { projectId: project!.id } })).body.data.list.map(
          (task) => [task.name, task],
        ),
      );
    const seeded = await tasksNow();
    expect(seeded.get('Renewal calls')).toMatchObject({ callStart: '09:00', callEnd: '20:00', weekdays: [1, 2, 3, 4, 5, 6] });
    const anyHour = seeded.get(ANY_HOUR_TASK_NAME)!;
    expect(anyHour).toMatchObject({
      status: 'pending',
      callStart: '00:00',
      callEnd: '23:59',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      pendingCount: 200,
    });
    expect(anyHour.sipLines.map((line) => line.alias).sort()).toEqual(['Simulated line A', 'Simulated line B']);
    // No history of its own: its calls are the ones the user starts.
    expect(await server.database.db.select().from(calls).where(eq(calls.taskId, anyHour.id))).toHaveLength(0);
    for (const task of [seeded.get('Renewal calls')!, anyHour]) {
      expect((await call(server, '/api/tasks/action', { token, body: { taskId: task.id, action: 'start' } })).body.code).toBe(200);
    }
    // Sunday 2026-11-22 10:00 in Shanghai (in the past: the session lasts an hour from now): Sunday in London and
    // Sydney too, and 21:00 on Saturday in New York, so none of the renewal task's members is in their hours.
    const at = (iso: string) => server.clock.advance(new Date(iso).getTime() - server.clock.now().getTime());
    at('2026-11-22T02:00:00Z');
    let started = await tasksNow();
    expect(started.get('Renewal calls')!.dialState).toMatchObject({
      code: 'outsideWindow',
      closure: 'localHours',
      timeZone: 'Asia/Shanghai',
    });
    expect(started.get(ANY_HOUR_TASK_NAME)!.dialState).toBeNull();
    // Tuesday 03:00 in Shanghai is Monday 14:00 in New York and 19:00 in London: it calls the members there, while
    // the 288 in China and the 4 in Sydney (06:00) wait for their own morning.
    at('2026-11-23T19:00:00Z');
    started = await tasksNow();
    expect(started.get('Renewal calls')!.dialState).toBeNull();
    expect(started.get(ANY_HOUR_TASK_NAME)!.dialState).toBeNull();
    const drawer = await call<TaskListItem>(server, '/api/tasks/get', { token, body: { id: started.get('Renewal calls')!.id } });
    expect(drawer.body.data.localWait).toEqual({ waiting: 292, nextAt: '2026-11-23T22:00:00.000Z' });
  });
});
