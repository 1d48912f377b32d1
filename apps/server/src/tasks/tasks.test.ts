import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode, TASK_COMMANDS, TASK_STATUSES, canApply, nextStatus, type TaskStatus } from '@dialwise/contracts';
import { call, seedCompanies, useTestServer } from '../../test/helper.ts';
import {
  addSipLine,
  createProject,
  createTask,
  csvOf,
  grantCatalogue,
  taskInput,
  upload,
  userWithSession,
  type Catalogue,
} from '../../test/task-fixtures.ts';
import { auditLog, companyGrants, scenarios, subtasks, tasks } from '../db/schema.ts';

const server = useTestServer();
const EN = { 'accept-language': 'en' };

interface TaskView {
  id: string;
  name: string;
  status: TaskStatus;
  pendingCount: number;
  totalCount: number;
  scenarioName: string;
  voiceName: string;
  sipLines: { id: string; alias: string }[];
  advanced: Record<string, unknown>;
  concurrency: unknown;
  weekdays: number[];
}

async function setup() {
  const seeded = await seedCompanies(server);
  const alice = await userWithSession(server, seeded.companyId, 'alice', 'ADMIN');
  const gina = await userWithSession(server, seeded.otherCompanyId, 'gina', 'ADMIN');
  const catalogue = await grantCatalogue(server, seeded.companyId, 'A');
  const otherCatalogue = await grantCatalogue(server, seeded.otherCompanyId, 'B');
  const projectId = await createProject(server, alice);
  return { ...seeded, alice, gina, catalogue, otherCatalogue, projectId };
}

const create = (token: string, projectId: string, catalogue: Catalogue, extra: Record<string, unknown> = {}) =>
  call<TaskView>(server, '/api/tasks/create', { token, body: { projectId, ...taskInput(catalogue, extra) }, headers: EN });

describe('task form rules at their boundaries', () => {
  it.each([
    [19, ErrorCode.OK],
    [20, ErrorCode.OK],
    [21, ErrorCode.VALIDATION],
  ])('a name of %i characters → %i', async (length, code) => {
    const { alice, projectId, catalogue } = await setup();
    const answer = await create(alice, projectId, catalogue, { name: 'n'.repeat(length) });
    expect(answer.body.code).toBe(code);
    if (code !== 200) expect(answer.body.message).toBe('Task name must be at most 20 characters');
  });

  it.each([
    [0, ErrorCode.VALIDATION],
    [1, ErrorCode.OK],
    [10, ErrorCode.OK],
    [11, ErrorCode.VALIDATION],
  ])('a pause of %i s → %i', async (pauseSeconds, code) => {
    const { alice, projectId, catalogue } = await setup();
    const answer = await create(alice, projectId, catalogue, { advanced: { prologues: ['Hello, this is Acme'], pauseSeconds } });
    expect(answer.body.code).toBe(code);
    if (code === 200) expect(answer.body.data.advanced).toEqual({ prologues: ['Hello, this is Acme'], pauseSeconds });
    else expect(answer.body.message).toBe(pauseSeconds < 1 ? 'Pause time must be at least 1' : 'Pause time must be at most 10');
  });

  it.each([
    [{ prologues: ['Hello'] }, 'Prologues and pause time are set together or both left empty', 'pauseSeconds'],
    [{ prologues: [], pauseSeconds: 3 }, 'Prologues and pause time are set together or both left empty', 'prologues'],
    [
      { prologues: [], silenceThresholdSeconds: 5 },
      'Silence threshold, maximum attempts and wake-up words are set together or all left empty',
      'silenceMaxAttempts',
    ],
    [
      { prologues: [], silenceThresholdSeconds: 5, silenceMaxAttempts: 2 },
      'Silence threshold, maximum attempts and wake-up words are set together or all left empty',
      'silenceWords',
    ],
    [
      { prologues: [], silenceWords: 'Are you there?' },
      'Silence threshold, maximum attempts and wake-up words are set together or all left empty',
      'silenceThresholdSeconds',
    ],
    [{ prologues: [], timeoutHangupSeconds: 30 }, 'Timeout hang-up time and reply are set together or both left empty', 'timeoutReply'],
    [
      { prologues: [], timeoutReply: 'Goodbye' },
      'Timeout hang-up time and reply are set together or both left empty',
      'timeoutHangupSeconds',
    ],
  ])('advanced %j is refused: set together or left empty', async (advanced, message, field) => {
    const { alice, projectId, catalogue } = await setup();
    const answer = await call<{ fields: { path: string }[] }>(server, '/api/tasks/create', {
      token: alice,
      body: { projectId, ...taskInput(catalogue, { advanced }) },
      headers: EN,
    });
    expect(answer.body.code).toBe(ErrorCode.VALIDATION);
    expect(answer.body.message).toContain(message);
    expect(answer.body.data.fields.map((f) => f.path)).toContain(`advanced.${field}`);
  });

  it('every group set together is stored and answered', async () => {
    const { alice, projectId, catalogue } = await setup();
    const advanced = {
      prologues: ['Hello', 'Hi again'],
      pauseSeconds: 2,
      silenceThresholdSeconds: 5,
      silenceMaxAttempts: 2,
      silenceWords: 'Are you there?',
      timeoutHangupSeconds: 60,
      timeoutReply: 'Goodbye',
    };
    const answer = await create(alice, projectId, catalogue, {
      advanced,
      concurrency: { mode: 'manual', count: 4 },
      weekdays: [5, 1, 1],
      autoDial: true,
      ignoreTags: ['vip', 'vip', 'blocked'],
    });
    expect(answer.body.data).toMatchObject({
      status: 'pending',
      advanced,
      concurrency: { mode: 'manual', count: 4 },
      weekdays: [1, 5],
      ignoreTags: ['vip', 'blocked'],
      scenarioName: 'Scenario A',
      voiceName: 'VoiceA',
      sipLines: [{ id: catalogue.lineId, alias: 'line-A' }],
      pendingCount: 0,
      totalCount: 0,
    });
  });

  it('the call window must end after it starts; a line and a weekday are required', async () => {
    const { alice, projectId, catalogue } = await setup();
    expect((await create(alice, projectId, catalogue, { callStart: '18:00', callEnd: '09:00' })).body.message).toBe(
      'The call window must end after it starts',
    );
    expect((await create(alice, projectId, catalogue, { sipLineIds: [] })).body.message).toBe('Choose at least one SIP line');
    expect((await create(alice, projectId, catalogue, { weekdays: [] })).body.message).toBe('Choose at least one weekday');
  });

  it('saveAs makes a pending task, a draft (editing) or a template', async () => {
    const { alice, projectId, catalogue } = await setup();
    expect((await create(alice, projectId, catalogue, { saveAs: 'draft' })).body.data.status).toBe('editing');
    expect((await create(alice, projectId, catalogue, { saveAs: 'template' })).body.data.status).toBe('template');
  });
});

describe('scenario, voice and lines come from what the company may use', () => {
  it("options list only the company's grants and lines", async () => {
    const { alice, gina, catalogue } = await setup();
    const mine = await call<{
      scenarios: { id: string; name: string }[];
      voices: { id: string; nickname: string }[];
      sipLines: { id: string; alias: string; concurrency: number; status: string }[];
    }>(server, '/api/tasks/options', { token: alice });
    expect(mine.body.data).toEqual({
      scenarios: [{ id: catalogue.scenarioId, name: 'Scenario A' }],
      voices: [{ id: catalogue.voiceId, nickname: 'VoiceA' }],
      sipLines: [{ id: catalogue.lineId, alias: 'line-A', concurrency: 10, status: 'enabled' }],
    });
    const theirs = await call<{ scenarios: { name: string }[] }>(server, '/api/tasks/options', { token: gina, body: {} });
    expect(theirs.body.data.scenarios.map((s) => s.name)).toEqual(['Scenario B']);
  });

  it("a scenario or voice not granted, or another company's line, is refused on create and update, naming the field", async () => {
    const { alice, projectId, catalogue, otherCatalogue } = await setup();
    const scenario = await create(alice, projectId, { ...catalogue, scenarioId: otherCatalogue.scenarioId });
    expect(scenario.body).toMatchObject({
      code: ErrorCode.VALIDATION,
      message: 'This scenario is not available to your company',
      data: { fields: [{ path: 'scenarioId' }] },
    });
    const voice = await create(alice, projectId, { ...catalogue, voiceId: otherCatalogue.voiceId });
    expect(voice.body).toMatchObject({ code: ErrorCode.VALIDATION, data: { fields: [{ path: 'voiceId' }] } });
    const line = await create(alice, projectId, catalogue, { sipLineIds: [catalogue.lineId, otherCatalogue.lineId] });
    expect(line.body).toMatchObject({ code: ErrorCode.VALIDATION, message: 'One of the chosen SIP lines does not exist in your company' });

    const id = await createTask(server, alice, projectId, catalogue);
    const update = await call(server, '/api/tasks/update', {
      token: alice,
      body: { id, version: 1, ...taskInput({ ...catalogue, voiceId: otherCatalogue.voiceId }) },
    });
    expect(update.body.code).toBe(ErrorCode.VALIDATION);
    expect((await server.database.db.select().from(tasks).where(eq(tasks.id, id)))[0]!.voiceId).toBe(catalogue.voiceId);
  });
});

describe('task list', () => {
  it('filters by status (all, not started, in progress, completed), pages on the server, and shows names', async () => {
    const { alice, projectId, catalogue } = await setup();
    const byStatus: Partial<Record<TaskStatus, string>> = {};
    for (const status of TASK_STATUSES) {
      byStatus[status] = await createTask(server, alice, projectId, catalogue, { name: `t-${status}` });
      await server.database.db.update(tasks).set({ status }).where(eq(tasks.id, byStatus[status]!));
    }
    const names = async (filter: string, extra: Record<string, unknown> = {}) =>
      (
        await call<{ list: TaskView[]; total: number }>(server, '/api/tasks/list', {
          token: alice,
          body: { projectId, filter, pageSize: 20, ...extra },
        })
      ).body.data;
    expect((await names('all')).total).toBe(7);
    expect((await names('notStarted')).list.map((t) => t.name).sort()).toEqual(['t-editing', 't-pending', 't-template']);
    expect((await names('inProgress')).list.map((t) => t.name).sort()).toEqual(['t-in_progress', 't-paused']);
    expect((await names('completed')).list.map((t) => t.name).sort()).toEqual(['t-aborted', 't-completed']);
    const page = await names('all', { page: 2, pageSize: 3 });
    expect(page.list.map((t) => t.name)).toEqual(['t-completed', 't-paused', 't-in_progress']);
    expect((await names('all', { name: 'ABORT' })).list.map((t) => t.name)).toEqual(['t-aborted']);
  });
});

/** A task of the given status with one pending subtask (unless told otherwise), set up directly in the tables. */
async function taskIn(ctx: Awaited<ReturnType<typeof setup>>, status: TaskStatus, pending = 1): Promise<string> {
  const id = await createTask(server, ctx.alice, ctx.projectId, ctx.catalogue, { name: `t-${status}` });
  const rows = Array.from({ length: pending }, (_, i) => `1380000${String(i).padStart(4, '0')},Hi,,`);
  if (pending > 0) expect((await upload(server, ctx.alice, id, csvOf(rows))).envelope.code).toBe(200);
  await server.database.db.update(tasks).set({ status }).where(eq(tasks.id, id));
  return id;
}

describe('the task state machine, enforced by the server', () => {
  const cases = TASK_COMMANDS.flatMap((action) => TASK_STATUSES.map((status) => ({ action, status, legal: canApply(action, status) })));

  it.each(cases)('$action from $status (legal: $legal)', async ({ action, status, legal }) => {
    const ctx = await setup();
    const id = await taskIn(ctx, status);
    const answer = await call<{ status: string; pendingCount: number }>(server, '/api/tasks/action', {
      token: ctx.alice,
      body: { taskId: id, action },
      headers: EN,
    });
    const [row] = await server.database.db.select().from(tasks).where(eq(tasks.id, id));
    const pendingRows = (await server.database.db.select().from(subtasks).where(eq(subtasks.taskId, id))).length;
    if (legal) {
      expect(answer.body.code).toBe(200);
      expect(answer.body.data.status).toBe(nextStatus(action, status));
      if (action === 'delete') {
        expect(row!.deletedAt).not.toBeNull();
        expect(pendingRows).toBe(0);
      } else {
        expect(row!.status).toBe(nextStatus(action, status));
        expect(pendingRows).toBe(action === 'clearPending' ? 0 : 1);
      }
    } else {
      expect(answer.body.code).toBe(ErrorCode.CONFLICT);
      expect(answer.body.message).toMatch(/^(Only|A task|Pending numbers)/);
      expect(answer.body.data).toEqual({ status });
      expect(row).toMatchObject({ status, deletedAt: null, pendingCount: 1 });
      expect(pendingRows).toBe(1);
    }
  });

  it('edit follows the same table: allowed in pending, paused, draft and template only', async () => {
    const ctx = await setup();
    for (const status of TASK_STATUSES) {
      const id = await taskIn(ctx, status, 0);
      const answer = await call<TaskView>(server, '/api/tasks/update', {
        token: ctx.alice,
        body: { id, version: 1, ...taskInput(ctx.catalogue, { name: 'Edited' }) },
        headers: EN,
      });
      const [row] = await server.database.db.select().from(tasks).where(eq(tasks.id, id));
      if (canApply('edit', status)) {
        expect(answer.body.data, status).toMatchObject({ name: 'Edited', status });
      } else {
        expect(answer.body.code, status).toBe(ErrorCode.CONFLICT);
        expect(row!.name).toBe(`t-${status}`);
      }
    }
  });

  it('a task without pending subtasks cannot start or continue', async () => {
    const ctx = await setup();
    for (const [status, action] of [
      ['pending', 'start'],
      ['paused', 'continue'],
    ] as const) {
      const id = await taskIn(ctx, status, 0);
      const answer = await call(server, '/api/tasks/action', { token: ctx.alice, body: { taskId: id, action }, headers: EN });
      expect(answer.body).toMatchObject({
        code: ErrorCode.CONFLICT,
        message: 'This task has no pending numbers: upload numbers before starting it',
      });
      expect((await server.database.db.select().from(tasks).where(eq(tasks.id, id)))[0]!.status).toBe(status);
    }
  });

  it('start, pause, continue and abort move the status and are audited', async () => {
    const ctx = await setup();
    const id = await taskIn(ctx, 'pending');
    const act = async (action: string) =>
      (await call<{ status: string }>(server, '/api/tasks/action', { token: ctx.alice, body: { taskId: id, action } })).body.data.status;
    expect(await act('start')).toBe('in_progress');
    expect(await act('pause')).toBe('paused');
    expect(await act('continue')).toBe('in_progress');
    expect(await act('abort')).toBe('aborted');
    const entries = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'task'), eq(auditLog.entityId, id)));
    expect(entries.map((e) => e.action)).toEqual(['create', 'upload', 'start', 'pause', 'continue', 'abort']);
    expect(entries[2]!.changes).toEqual({ status: { from: 'pending', to: 'in_progress' } });
  });

  it('clearing pending removes pending subtasks only, and the counters follow', async () => {
    const ctx = await setup();
    const id = await taskIn(ctx, 'in_progress', 3);
    // One number is being dialled: it is not pending, so it stays.
    const [first] = await server.database.db.select().from(subtasks).where(eq(subtasks.taskId, id)).limit(1);
    await server.database.db.update(subtasks).set({ state: 'dialing' }).where(eq(subtasks.id, first!.id));
    await server.database.db.update(tasks).set({ pendingCount: 2 }).where(eq(tasks.id, id));
    const answer = await call<{ cleared: number; pendingCount: number; totalCount: number; status: string }>(server, '/api/tasks/action', {
      token: ctx.alice,
      body: { taskId: id, action: 'clearPending' },
    });
    expect(answer.body.data).toEqual({ status: 'in_progress', cleared: 2, pendingCount: 0, totalCount: 1 });
    expect((await server.database.db.select().from(subtasks).where(eq(subtasks.taskId, id))).map((s) => s.state)).toEqual(['dialing']);
  });
});

describe('redial of busy and unanswered numbers', () => {
  it('is stored with the task, answered, edited, and refused out of bounds naming the field', async () => {
    const ctx = await setup();
    const created = await create(ctx.alice, ctx.projectId, ctx.catalogue, { redial: { count: 2, gapMinutes: 15 } });
    expect(created.body.data).toMatchObject({ redial: { count: 2, gapMinutes: 15 } });
    const [row] = await server.database.db.select().from(tasks).where(eq(tasks.id, created.body.data.id));
    expect(row).toMatchObject({ redialCount: 2, redialGapMinutes: 15 });
    const updated = await call<{ redial: unknown }>(server, '/api/tasks/update', {
      token: ctx.alice,
      body: { id: created.body.data.id, version: 1, ...taskInput(ctx.catalogue, { redial: { count: 0, gapMinutes: 30 } }) },
    });
    expect(updated.body.data.redial).toEqual({ count: 0, gapMinutes: 30 });
    const refused = await create(ctx.alice, ctx.projectId, ctx.catalogue, { name: 'Too many', redial: { count: 6, gapMinutes: 15 } });
    expect(refused.body).toMatchObject({ code: ErrorCode.VALIDATION, message: 'Redial count must be at most 5' });
    expect((await create(ctx.alice, ctx.projectId, ctx.catalogue, { name: 'Default' })).body.data).toMatchObject({
      redial: { count: 0, gapMinutes: 30 },
    });
  });
});

describe('the scenario version a task runs', () => {
  it('is pinned at start, kept while the scenario is edited, and re-pinned after another scenario is chosen', async () => {
    const ctx = await setup();
    const db = server.database.db;
    const id = await createTask(server, ctx.alice, ctx.projectId, ctx.catalogue);
    await upload(server, ctx.alice, id, csvOf(['13800000001,,,']));
    const view = async () =>
      (await call<{ scenarioVersion: number | null }>(server, '/api/tasks/get', { token: ctx.alice, body: { id } })).body.data
        .scenarioVersion;
    const act = (action: string) => call(server, '/api/tasks/action', { token: ctx.alice, body: { taskId: id, action } });
    expect(await view()).toBeNull();
    await db.update(scenarios).set({ currentVersion: 3 }).where(eq(scenarios.id, ctx.catalogue.scenarioId));
    await act('start');
    expect(await view()).toBe(3);
    // The scenario is edited while the task runs: it keeps version 3, through a pause and a continue.
    await db.update(scenarios).set({ currentVersion: 4 }).where(eq(scenarios.id, ctx.catalogue.scenarioId));
    await act('pause');
    await act('continue');
    expect(await view()).toBe(3);
    // Another scenario chosen while paused: unpinned, and the next continue pins that scenario's current version.
    const [other] = await db.insert(scenarios).values({ name: 'Other', currentVersion: 7 }).returning();
    await db.insert(companyGrants).values({ companyId: ctx.companyId, kind: 'scenario', refId: other!.id });
    await act('pause');
    expect(
      (
        await call(server, '/api/tasks/update', {
          token: ctx.alice,
          body: { id, version: 1, ...taskInput({ ...ctx.catalogue, scenarioId: other!.id }) },
        })
      ).body.code,
    ).toBe(200);
    expect(await view()).toBeNull();
    await act('continue');
    expect(await view()).toBe(7);
  });
});

describe('task permissions and tenancy', () => {
  it('OPR gets 403 on every task endpoint', async () => {
    const { companyId } = await seedCompanies(server);
    const token = await userWithSession(server, companyId, 'olga', 'OPR');
    const id = '00000000-0000-4000-8000-000000000001';
    const catalogue = { scenarioId: id, voiceId: id, lineId: id };
    const bodies: Record<string, unknown> = {
      list: { projectId: id },
      get: { id },
      options: {},
      create: { projectId: id, ...taskInput(catalogue) },
      update: { id, ...taskInput(catalogue) },
      action: { taskId: id, action: 'start' },
    };
    for (const [url, body] of Object.entries(bodies)) {
      expect((await call(server, `/api/tasks/${url}`, { token, body })).body.code, url).toBe(ErrorCode.FORBIDDEN);
    }
  });

  it("another company's project and task answer 404 on every task endpoint, and nothing changes", async () => {
    const ctx = await setup();
    const id = await taskIn(ctx, 'pending');
    const gina = ctx.gina;
    const theirs = ctx.otherCatalogue;
    expect((await call(server, '/api/tasks/list', { token: gina, body: { projectId: ctx.projectId } })).body.code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await call(server, '/api/tasks/get', { token: gina, body: { id } })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect(
      (await call(server, '/api/tasks/create', { token: gina, body: { projectId: ctx.projectId, ...taskInput(theirs) } })).body.code,
    ).toBe(ErrorCode.NOT_FOUND);
    expect((await call(server, '/api/tasks/update', { token: gina, body: { id, version: 1, ...taskInput(theirs) } })).body.code).toBe(
      ErrorCode.NOT_FOUND,
    );
    for (const action of TASK_COMMANDS) {
      expect((await call(server, '/api/tasks/action', { token: gina, body: { taskId: id, action } })).body.code, action).toBe(
        ErrorCode.NOT_FOUND,
      );
    }
    const [row] = await server.database.db.select().from(tasks).where(eq(tasks.id, id));
    expect(row).toMatchObject({ status: 'pending', deletedAt: null, pendingCount: 1, name: 't-pending' });
  });

  it('lines of the task are replaced on edit', async () => {
    const ctx = await setup();
    const second = await addSipLine(server, ctx.companyId, 'line-2');
    const id = await createTask(server, ctx.alice, ctx.projectId, ctx.catalogue);
    const answer = await call<TaskView>(server, '/api/tasks/update', {
      token: ctx.alice,
      body: { id, version: 1, ...taskInput(ctx.catalogue, { sipLineIds: [second] }) },
    });
    expect(answer.body.data.sipLines).toEqual([{ id: second, alias: 'line-2' }]);
  });
});
