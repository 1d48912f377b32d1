import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import { ErrorCode, LIMITS, type UploadResult } from '@dialwise/contracts';
import { call, seedCompanies, useTestServer } from '../../test/helper.ts';
import { CSV_HEADER, createProject, createTask, csvOf, grantCatalogue, upload, userWithSession } from '../../test/task-fixtures.ts';
import { auditLog, subtasks, tasks, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { ActionContext } from '../auth/actor.ts';
import { importSubtasks } from './import-subtasks.ts';
import { uploadTarget } from './upload-target.ts';

const server = useTestServer();
const EN = { 'accept-language': 'en' };
const spoolParent = await mkdtemp(join(tmpdir(), 'dialwise-subtasks-test-'));
afterAll(() => rm(spoolParent, { recursive: true, force: true }));

async function setup(encryptionType = 'PLAIN_TEXT', extra: Record<string, unknown> = {}) {
  const seeded = await seedCompanies(server);
  const alice = await userWithSession(server, seeded.companyId, 'alice', 'ADMIN');
  const gina = await userWithSession(server, seeded.otherCompanyId, 'gina', 'ADMIN');
  const catalogue = await grantCatalogue(server, seeded.companyId);
  const projectId = await createProject(server, alice, 'Spring', encryptionType, extra);
  const taskId = await createTask(server, alice, projectId, catalogue);
  return { ...seeded, alice, gina, catalogue, projectId, taskId };
}

const stored = (taskId: string) => server.database.db.select().from(subtasks).where(eq(subtasks.taskId, taskId)).orderBy(asc(subtasks.id));
const taskRow = async (taskId: string) => (await server.database.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]!;
const uploads = async () => (await server.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'upload')))[0]!.n;

describe('uploading a good file', () => {
  it('answers NDJSON progress lines then the envelope, stores every row, and moves the counters', async () => {
    const { alice, taskId } = await setup();
    const csv = csvOf([
      '138-0000-0001,Hello Mr Li,plan=gold&due=2026-12-01,vip',
      '13800000002,Hi,,',
      '+8613800000003,"Hi, again",name=Li+Lei,"said ""call later"""',
    ]);
    const answer = await upload(server, alice, taskId, csv);
    expect(answer.contentType).toMatch(/^application\/x-ndjson/);
    expect(answer.progress.map((p) => p.state)).toEqual(expect.arrayContaining(['committing', 'done']));
    expect(answer.progress.at(-1)).toMatchObject({ state: 'done', rows: 3, bytes: Buffer.byteLength(csv) });
    expect(answer.envelope).toMatchObject({
      code: 200,
      data: {
        accepted: 3,
        duplicates: 0,
        rejected: [],
        rejectedCount: 0,
        extraColumns: [],
        tooManyExtraColumns: false,
        pendingCount: 3,
        totalCount: 3,
      },
    });
    const rows = await stored(taskId);
    expect(rows.map((r) => [r.phone, r.prologueInfo, r.businessInfo, r.remark, r.state])).toEqual([
      ['13800000001', 'Hello Mr Li', { plan: 'gold', due: '2026-12-01' }, 'vip', 'pending'],
      ['13800000002', 'Hi', {}, '', 'pending'],
      ['+8613800000003', 'Hi, again', { name: 'Li Lei' }, 'said "call later"', 'pending'],
    ]);
    expect(await taskRow(taskId)).toMatchObject({ pendingCount: 3, totalCount: 3, status: 'pending' });
    const [entry] = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'upload'));
    expect(entry!.changes).toMatchObject({ accepted: 3, duplicates: 0, rejected: 0, rows: 3 });
  });

  it('stores any text as given: quotes, backslashes, tabs, Chinese, emoji', async () => {
    const { alice, taskId } = await setup();
    const answer = await upload(server, alice, taskId, csvOf(['13800000001,"a \\ b ""q"" \t 你好 😀",name=%E6%9D%8E&x=%5C,"line\nbreak"']));
    expect(answer.envelope.code).toBe(200);
    const [row] = await stored(taskId);
    expect(row).toMatchObject({ prologueInfo: 'a \\ b "q" \t 你好 😀', businessInfo: { name: '李', x: '\\' }, remark: 'line\nbreak' });
  });

  it('keeps extra columns as key/values and warns above ten of them', async () => {
    const { alice, taskId } = await setup();
    const few = await upload(server, alice, taskId, csvOf(['13800000001,Hi,,,Hangzhou'], `${CSV_HEADER},city`));
    expect(few.envelope.data).toMatchObject({ extraColumns: ['city'], tooManyExtraColumns: false });
    expect((await stored(taskId))[0]!.extra).toEqual({ city: 'Hangzhou' });
    const names = Array.from({ length: 11 }, (_, i) => `x${i}`);
    const many = await upload(
      server,
      alice,
      taskId,
      csvOf([`13800000002,Hi,,,${names.map(() => 'v').join(',')}`], `${CSV_HEADER},${names.join(',')}`),
    );
    expect(many.envelope.data).toMatchObject({ accepted: 1, tooManyExtraColumns: true });
  });

  it("checks numbers against the project's encryption type and stores them as it requires", async () => {
    const { alice, taskId } = await setup('MD5');
    const md5 = createHash('md5').update('13800000001').digest('hex');
    const answer = await upload(server, alice, taskId, csvOf([`${md5.toUpperCase()},Hi,,`, '13800000002,Hi,,']));
    expect(answer.envelope.data).toMatchObject({
      accepted: 1,
      rejectedCount: 1,
      rejected: [{ row: 3, problem: 'phoneInvalid', column: 'phoneNumber' }],
    });
    expect((await stored(taskId)).map((r) => r.phone)).toEqual([md5]);
  });

  it('reopens a completed task as paused; refuses an aborted task or a template (409) without reading the file', async () => {
    const { alice, taskId } = await setup();
    await server.database.db.update(tasks).set({ status: 'completed' }).where(eq(tasks.id, taskId));
    await upload(server, alice, taskId, csvOf(['13800000001,Hi,,']));
    expect((await taskRow(taskId)).status).toBe('paused');
    for (const status of ['aborted', 'template'] as const) {
      await server.database.db.update(tasks).set({ status }).where(eq(tasks.id, taskId));
      const answer = await upload(server, alice, taskId, csvOf(['13800000002,Hi,,']), EN);
      expect(answer.envelope).toMatchObject({
        code: ErrorCode.CONFLICT,
        message: 'Numbers cannot be added to an aborted task or a template',
      });
      expect(answer.progress).toEqual([]);
    }
    expect(await stored(taskId)).toHaveLength(1);
  });
});

describe('rejected rows and duplicates', () => {
  it('a mixed file stores the valid rows and lists the others with line numbers and reasons', async () => {
    const { alice, taskId } = await setup();
    const answer = await upload(
      server,
      alice,
      taskId,
      csvOf([
        '13800000001,Hi,plan=gold,ok',
        ',Hi,,missing phone',
        '12ab,Hi,,bad phone',
        '13800000004,Hi,novalue,bad business',
        '13800000005,Hi',
        `13800000006,${'x'.repeat(2001)},,too long`,
        '13800000007,Hi,,ok',
      ]),
      EN,
    );
    const result = answer.envelope.data as UploadResult;
    expect(result).toMatchObject({ accepted: 2, rejectedCount: 5, pendingCount: 2 });
    expect(result.rejected.map((r) => [r.row, r.problem, r.column])).toEqual([
      [3, 'phoneMissing', 'phoneNumber'],
      [4, 'phoneInvalid', 'phoneNumber'],
      [5, 'businessInfoInvalid', 'businessInfo'],
      [6, 'columnCount', null],
      [7, 'valueTooLong', 'prologueInfo'],
    ]);
    expect((await stored(taskId)).map((r) => r.phone)).toEqual(['13800000001', '13800000007']);
  });

  it('skips and counts numbers already pending in the task and repeated in the file; other tasks and finished rows do not count', async () => {
    const { alice, taskId, projectId, catalogue } = await setup();
    await upload(server, alice, taskId, csvOf(['13800000001,Hi,,', '13800000002,Hi,,']));
    const [first] = await stored(taskId);
    await server.database.db.update(subtasks).set({ state: 'done' }).where(eq(subtasks.id, first!.id));
    await server.database.db.update(tasks).set({ pendingCount: 1 }).where(eq(tasks.id, taskId));
    const answer = await upload(
      server,
      alice,
      taskId,
      csvOf([
        '13800000001,Hi,,called before and done so it may be pending again',
        '13800000002,Hi,,already pending',
        '138 0000 0002,Hi,,same number written differently',
        '13800000003,Hi,,new',
        '13800000003,Hi,,repeated in the file',
      ]),
    );
    expect(answer.envelope.data).toMatchObject({ accepted: 2, duplicates: 3, rejectedCount: 0, pendingCount: 3, totalCount: 4 });
    const other = await createTask(server, alice, projectId, catalogue, { name: 'Other' });
    expect((await upload(server, alice, other, csvOf(['13800000002,Hi,,']))).envelope.data).toMatchObject({ accepted: 1, duplicates: 0 });
  });
});

describe('refused files: nothing is stored', () => {
  it('an empty file, and a header without rows, are refused as empty', async () => {
    const { alice, taskId } = await setup();
    expect((await upload(server, alice, taskId, '', EN)).envelope).toMatchObject({
      code: ErrorCode.VALIDATION,
      message: 'The file is empty',
    });
    expect((await upload(server, alice, taskId, `${CSV_HEADER}\n`, EN)).envelope).toMatchObject({
      code: ErrorCode.VALIDATION,
      message: 'The file is empty',
    });
    expect(await uploads()).toBe(0);
  });

  it('a file without the required columns names them', async () => {
    const { alice, taskId } = await setup();
    const answer = await upload(server, alice, taskId, 'phoneNumber,remark\n13800000001,x\n', EN);
    expect(answer.envelope).toMatchObject({
      code: ErrorCode.VALIDATION,
      message: 'The file lacks the required columns: prologueInfo, businessInfo',
    });
    expect(await stored(taskId)).toEqual([]);
  });

  it('the wrong type: another content type, a name that is not .csv, or binary content', async () => {
    const { alice, taskId } = await setup();
    const good = csvOf(['13800000001,Hi,,']);
    const wrong = 'Only CSV files can be uploaded';
    expect((await upload(server, alice, taskId, good, { ...EN, 'content-type': 'application/vnd.ms-excel' })).envelope.message).toBe(wrong);
    expect(
      (await upload(server, alice, taskId, good, { ...EN, 'x-upload-filename': encodeURIComponent('名单.xlsx') })).envelope.message,
    ).toBe(wrong);
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('rest of an xlsx')]);
    expect((await upload(server, alice, taskId, zip, EN)).envelope.message).toBe(wrong);
    expect((await upload(server, alice, taskId, good, { 'x-upload-filename': encodeURIComponent('名单.CSV') })).envelope.code).toBe(200);
  });

  it('a file over the limit is refused from its declared length, or as it streams past the limit', async () => {
    const { alice, taskId } = await setup();
    expect(server.app.config.uploadMaxBytes).toBe(LIMITS.upload.maxBytes);
    expect(LIMITS.upload.maxBytes).toBe(200 * 1024 * 1024);
    server.app.config.uploadMaxBytes = 1000;
    try {
      const rows = Array.from({ length: 60 }, (_, i) => `1380000${String(i).padStart(4, '0')},Hi,,`);
      const big = csvOf(rows);
      expect(Buffer.byteLength(big)).toBeGreaterThan(1000);
      const declared = await upload(server, alice, taskId, big, EN);
      expect(declared.envelope).toMatchObject({ code: ErrorCode.VALIDATION, message: 'The file is larger than 200 MB' });
      expect(declared.progress).toEqual([]);
      // No declared length (chunked): the meter refuses once the bytes pass the limit.
      const streamed = await server.app.inject({
        method: 'POST',
        url: `/api/subtasks/upload?taskId=${taskId}`,
        headers: { authorization: `Bearer ${alice}`, 'content-type': 'text/csv', ...EN },
        payload: Readable.from(rows.map((row, i) => Buffer.from(`${i === 0 ? `${CSV_HEADER}\n` : ''}${row}\n`))),
      });
      expect(streamed.headers['content-length']).toBeUndefined();
      expect(
        streamed.body
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line))
          .at(-1),
      ).toMatchObject({ code: ErrorCode.VALIDATION, message: 'The file is larger than 200 MB' });
      expect(await stored(taskId)).toEqual([]);
      expect(await taskRow(taskId)).toMatchObject({ pendingCount: 0, totalCount: 0 });
    } finally {
      server.app.config.uploadMaxBytes = LIMITS.upload.maxBytes;
    }
  });

  it('a file broken half-way (an unclosed quote after many rows) stores nothing, not even the rows before', async () => {
    const { alice, taskId } = await setup();
    const rows = Array.from({ length: 5000 }, (_, i) => `139${String(i).padStart(8, '0')},Hi,,`);
    const answer = await upload(server, alice, taskId, `${csvOf(rows)}"13800000001,Hi,,\n`, EN);
    expect(answer.envelope).toMatchObject({ code: ErrorCode.VALIDATION, message: expect.stringContaining('The file is not valid CSV') });
    expect(await stored(taskId)).toEqual([]);
    expect(await taskRow(taskId)).toMatchObject({ pendingCount: 0, totalCount: 0 });
    expect(await uploads()).toBe(0);
  });
});

/** The context of a signed-in user, for calling the import directly. */
async function contextOf(username: string): Promise<ActionContext> {
  const [user] = await server.database.db.select().from(users).where(eq(users.username, username));
  return {
    db: server.database.db,
    actor: { userId: user!.id, username, companyId: user!.companyId, role: user!.authLevel, sessionId: 's' },
    traceId: 't',
  };
}

/** A body that sends the header and rows, then fails the way a dropped connection does once `failAfterRows` were stored. */
function droppingBody(failAfterRows: number) {
  let sent = 0;
  const body = new Readable({
    read() {
      if (sent === 0) this.push(`${CSV_HEADER}\n`);
      if (sent < 100_000) {
        this.push(`${13800000000 + sent},Hi,,\n`);
        sent += 1;
      }
    },
  });
  const drop = () => body.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
  return {
    body,
    onRows: (rows: number) => {
      if (rows >= failAfterRows && !body.destroyed) drop();
    },
  };
}

describe('an aborted upload leaves nothing behind', () => {
  it.each([false, true])(
    'when the connection drops mid-file (spooled to disk first: %s), rows already inserted are rolled back',
    async (spool) => {
      const { taskId } = await setup();
      const ctx = await contextOf('alice');
      const target = await uploadTarget(ctx.db, ctx, taskId);
      const { body, onRows } = droppingBody(spool ? 0 : 50);
      const states: string[] = [];
      let maxRows = 0;
      const importing = importSubtasks(ctx, target, body, {
        maxBytes: LIMITS.upload.maxBytes,
        spool,
        spoolParent,
        batchSize: 10,
        progressIntervalMs: 0,
        onProgress: (progress) => {
          states.push(progress.state);
          maxRows = Math.max(maxRows, progress.rows);
          if (spool && progress.bytes > 2000) onRows(0);
          else onRows(progress.rows);
        },
      });
      const failure = await importing.catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AppError);
      expect((failure as AppError).key).toBe('e.upload.aborted');
      expect(states.at(-1)).toBe('aborted');
      if (!spool) expect(maxRows).toBeGreaterThanOrEqual(50);
      expect(await stored(taskId)).toEqual([]);
      expect(await taskRow(taskId)).toMatchObject({ pendingCount: 0, totalCount: 0 });
      expect(await uploads()).toBe(0);
      expect(await readdir(spoolParent)).toEqual([]);
    },
  );

  it('when the browser cancels mid-request over a real connection', async () => {
    const { alice, taskId } = await setup();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/subtasks/upload?taskId=${taskId}`,
      headers: { authorization: `Bearer ${alice}`, 'content-type': 'text/csv', 'content-length': String(50 * 1024 * 1024) },
    });
    req.on('error', () => undefined);
    req.write(`${CSV_HEADER}\n`);
    for (let i = 0; i < 3000; i += 1) req.write(`${13800000000 + i},Hi,,\n`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    req.destroy();
    // The server notices the dropped connection and rolls back; give it a moment, then nothing is there.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await stored(taskId)).toEqual([]);
    expect(await taskRow(taskId)).toMatchObject({ pendingCount: 0, totalCount: 0 });
    expect(await uploads()).toBe(0);
    // And the server still answers.
    expect((await call(server, '/api/tasks/get', { token: alice, body: { id: taskId } })).body.code).toBe(200);
  });
});

describe('pending subtasks', () => {
  it('lists pending subtasks in upload order, paginated, numbers masked, total from the counter', async () => {
    const { alice, taskId } = await setup();
    await upload(server, alice, taskId, csvOf(['13800000001,Hi,a=1,r1', '13800000002,Yo,,r2', '13800000003,Hey,,r3']));
    const page = await call<{
      total: number;
      list: { phoneNumber: string; prologueInfo: string; businessInfo: unknown; remark: string; status: string }[];
    }>(server, '/api/subtasks/pending', { token: alice, body: { taskId, page: 1, pageSize: 2 } });
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.list).toEqual([
      expect.objectContaining({
        phoneNumber: '*******0001',
        prologueInfo: 'Hi',
        businessInfo: { a: '1' },
        remark: 'r1',
        status: 'pending',
      }),
      expect.objectContaining({ phoneNumber: '*******0002' }),
    ]);
    const second = await call<{ list: { phoneNumber: string }[] }>(server, '/api/subtasks/pending', {
      token: alice,
      body: { taskId, page: 2, pageSize: 2 },
    });
    expect(second.body.data.list.map((s) => s.phoneNumber)).toEqual(['*******0003']);
    await call(server, '/api/tasks/action', { token: alice, body: { taskId, action: 'clearPending' } });
    expect(
      (await call<{ total: number; list: unknown[] }>(server, '/api/subtasks/pending', { token: alice, body: { taskId } })).body.data,
    ).toEqual({ total: 0, list: [] });
  });
});

describe('subtask permissions and tenancy', () => {
  it("another company's task answers 404 on upload and on the pending list, and nothing is stored", async () => {
    const { alice, gina, taskId } = await setup();
    await upload(server, alice, taskId, csvOf(['13800000001,Hi,,']));
    const answer = await upload(server, gina, taskId, csvOf(['13900000001,Hi,,']));
    expect(answer.envelope.code).toBe(ErrorCode.NOT_FOUND);
    expect((await call(server, '/api/subtasks/pending', { token: gina, body: { taskId } })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await call(server, '/api/tasks/action', { token: gina, body: { taskId, action: 'clearPending' } })).body.code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await stored(taskId)).map((r) => r.phone)).toEqual(['13800000001']);
  });

  it('OPR gets 403 on upload and on the pending list; no session gets 401', async () => {
    const { companyId, taskId } = await setup();
    const olga = await userWithSession(server, companyId, 'olga', 'OPR');
    expect((await upload(server, olga, taskId, csvOf(['13800000001,Hi,,']))).envelope.code).toBe(ErrorCode.FORBIDDEN);
    expect((await call(server, '/api/subtasks/pending', { token: olga, body: { taskId } })).body.code).toBe(ErrorCode.FORBIDDEN);
    const anonymous = await server.app.inject({
      method: 'POST',
      url: `/api/subtasks/upload?taskId=${taskId}`,
      headers: { 'content-type': 'text/csv' },
      payload: 'x',
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await stored(taskId)).toEqual([]);
  });

  it('a malformed task id is a validation error', async () => {
    const { alice } = await setup();
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/subtasks/upload?taskId=nope',
      headers: { authorization: `Bearer ${alice}`, 'content-type': 'text/csv' },
      payload: 'x',
    });
    expect(answer.json()).toMatchObject({ code: ErrorCode.VALIDATION });
  });
});

describe('counters', () => {
  it('pending and total counts match the rows after uploads, duplicates and a clear', async () => {
    const { alice, taskId } = await setup();
    await upload(server, alice, taskId, csvOf(['13800000001,Hi,,', '13800000002,Hi,,']));
    await upload(server, alice, taskId, csvOf(['13800000002,Hi,,', '13800000003,Hi,,']));
    const pending = (
      await server.database.db
        .select({ n: count() })
        .from(subtasks)
        .where(and(eq(subtasks.taskId, taskId), eq(subtasks.state, 'pending')))
    )[0]!.n;
    expect(await taskRow(taskId)).toMatchObject({ pendingCount: pending, totalCount: 3 });
    expect(pending).toBe(3);
  });
});
