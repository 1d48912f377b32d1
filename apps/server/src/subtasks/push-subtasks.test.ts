import { describe, expect, it } from 'vitest';
import { asc, count, eq } from 'drizzle-orm';
import { ErrorCode, type ApiKeyCreated, type UploadResult } from '@dialwise/contracts';
import { call, seedCompanies, useTestServer } from '../../test/helper.ts';
import { createProject, createTask, csvOf, grantCatalogue, upload, userWithSession } from '../../test/task-fixtures.ts';
import { claimCalls } from '../dialer/claim-calls.ts';
import { auditLog, idempotentRequests, subtasks, taskSipLines } from '../db/schema.ts';

const server = useTestServer();
const EN = { 'accept-language': 'en-US' };

async function setUp() {
  const seeded = await seedCompanies(server);
  const alice = await userWithSession(server, seeded.companyId, 'alice', 'ADMIN');
  const gina = await userWithSession(server, seeded.otherCompanyId, 'gina', 'ADMIN');
  const catalogue = await grantCatalogue(server, seeded.companyId);
  const projectId = await createProject(server, alice, 'Spring');
  const taskId = await createTask(server, alice, projectId, catalogue);
  const created = await call<ApiKeyCreated>(server, '/api/api-keys/create', { token: alice, body: { name: 'crm', scope: 'campaigns' } });
  return { ...seeded, alice, gina, catalogue, projectId, taskId, key: created.body.data.key };
}

function push(token: string, body: unknown, idempotencyKey?: string) {
  return call<UploadResult>(server, '/api/subtasks/push', {
    token,
    body,
    headers: { ...EN, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
  });
}

const stored = (taskId: string) => server.database.db.select().from(subtasks).where(eq(subtasks.taskId, taskId)).orderBy(asc(subtasks.id));
const uploadsAudited = async () =>
  (await server.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'upload')))[0]!.n;

const rows = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({
    phoneNumber: `139${String(from + i).padStart(8, '0')}`,
    prologueInfo: 'Hello',
    businessInfo: `crmId=${from + i}`,
    remark: '',
    extra: { city: 'Shanghai' },
  }));

describe('pushing numbers by API', () => {
  it('stores rows as the CSV upload does: the same rules refuse the same rows with the same reasons', async () => {
    const { alice, key, catalogue, projectId, taskId } = await setUp();
    const pushed = await push(key, {
      taskId,
      rows: [
        {
          phoneNumber: '138-0000-0001',
          prologueInfo: 'Hi',
          businessInfo: 'plan=gold&due=2026-12-01',
          remark: 'vip',
          extra: { city: 'Xi’an' },
        },
        { phoneNumber: '' },
        { phoneNumber: '12ab' },
        { phoneNumber: '13800000004', businessInfo: 'not pairs' },
        { phoneNumber: '13800000005', remark: 'r'.repeat(1001) },
        { phoneNumber: '13800000001' },
      ],
    });
    expect(pushed.body.code, pushed.body.message).toBe(200);
    expect(pushed.body.data).toMatchObject({
      accepted: 1,
      duplicates: 1,
      rejectedCount: 4,
      extraColumns: ['city'],
      pendingCount: 1,
      totalCount: 1,
    });

    // The same rows as a CSV into a second task: the same refusals (lines count the header, positions do not).
    const other = await createTask(server, alice, projectId, catalogue, { name: 'Twin' });
    const uploaded = await upload(
      server,
      alice,
      other,
      csvOf(
        [
          '138-0000-0001,Hi,plan=gold&due=2026-12-01,vip,Xi’an',
          ',,,,',
          '12ab,,,,',
          '13800000004,,not pairs,,',
          `13800000005,,,${'r'.repeat(1001)},`,
          '13800000001,,,,',
        ],
        'phoneNumber,prologueInfo,businessInfo,remark,city',
      ),
    );
    const csv = uploaded.envelope.data as UploadResult;
    expect(pushed.body.data.rejected.map((r) => ({ ...r, row: r.row + 1 }))).toEqual(csv.rejected);
    expect([pushed.body.data.accepted, pushed.body.data.duplicates]).toEqual([csv.accepted, csv.duplicates]);

    const [row] = await stored(taskId);
    expect(row).toMatchObject({
      phone: '13800000001',
      prologueInfo: 'Hi',
      businessInfo: { plan: 'gold', due: '2026-12-01' },
      remark: 'vip',
    });
    expect(row!.extra).toEqual({ city: 'Xi’an' });
  });

  it('with an Idempotency-Key: a retry answers the first answer and adds nothing; the key with another body is refused', async () => {
    const { key, taskId } = await setUp();
    const body = { taskId, rows: rows(50) };
    const first = await push(key, body, 'batch-0001');
    expect(first.body.data).toMatchObject({ accepted: 50, duplicates: 0 });
    const retry = await push(key, body, 'batch-0001');
    expect(retry.body.data).toEqual(first.body.data);
    expect(await stored(taskId)).toHaveLength(50);
    expect(await uploadsAudited()).toBe(1);

    const other = await push(key, { taskId, rows: rows(50, 1000) }, 'batch-0001');
    expect([other.body.code, other.body.message]).toEqual([
      ErrorCode.CONFLICT,
      'This Idempotency-Key was already used with another request; use a new key for a new request',
    ]);
    expect(await stored(taskId)).toHaveLength(50);

    // Retries sent at once: one stores, the others answer its answer.
    const together = await Promise.all(Array.from({ length: 4 }, () => push(key, { taskId, rows: rows(20, 5000) }, 'batch-0002')));
    expect(new Set(together.map((answer) => JSON.stringify(answer.body.data))).size).toBe(1);
    expect(await stored(taskId)).toHaveLength(70);
    // Without a key, the same body is a new push: its numbers are already pending, so they count as duplicates.
    expect((await push(key, body)).body.data).toMatchObject({ accepted: 0, duplicates: 50 });
  });

  it('a refused push (a task that takes no numbers) stores nothing and leaves its Idempotency-Key free', async () => {
    const { key, taskId } = await setUp();
    expect((await call(server, '/api/tasks/action', { token: key, body: { taskId, action: 'abort' } })).body.code).toBe(200);
    const refused = await push(key, { taskId, rows: rows(3) }, 'k-1');
    expect(refused.body.code).toBe(ErrorCode.CONFLICT);
    expect(await stored(taskId)).toHaveLength(0);
    expect(await server.database.db.select().from(idempotentRequests)).toEqual([]);
  });

  it('takes 10,000 rows in one request and refuses 10,001 or a body over 16 MB before storing any', async () => {
    const { key, taskId } = await setUp();
    const full = await push(key, { taskId, rows: rows(10_000) });
    expect(full.body.code, full.body.message).toBe(200);
    expect(full.body.data).toMatchObject({ accepted: 10_000, pendingCount: 10_000 });

    const over = await push(key, { taskId, rows: rows(10_001, 20_000) });
    expect([over.body.code, over.body.message]).toEqual([ErrorCode.VALIDATION, 'A batch holds 1 to 10,000 rows']);
    const huge = await server.app.inject({
      method: 'POST',
      url: '/api/subtasks/push',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        taskId,
        rows: rows(3_000, 40_000).map((row) => ({
          ...row,
          prologueInfo: 'p'.repeat(1_990),
          remark: 'r'.repeat(990),
          extra: { a: 'x'.repeat(990), b: 'y'.repeat(990), c: 'z'.repeat(990), d: 'w'.repeat(990) },
        })),
      }),
    });
    expect(huge.statusCode).toBe(413);
    expect(await stored(taskId)).toHaveLength(10_000);
  });

  it("pushes only into the caller company's tasks, and needs the campaigns scope", async () => {
    const { gina, alice, taskId } = await setUp();
    const rivalKey = await call<ApiKeyCreated>(server, '/api/api-keys/create', { token: gina, body: { name: 'globex', scope: 'full' } });
    expect((await push(rivalKey.body.data.key, { taskId, rows: rows(1) })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await push(gina, { taskId, rows: rows(1) })).body.code).toBe(ErrorCode.NOT_FOUND);
    const reader = await call<ApiKeyCreated>(server, '/api/api-keys/create', { token: alice, body: { name: 'bi', scope: 'read' } });
    expect((await push(reader.body.data.key, { taskId, rows: rows(1) })).body.code).toBe(ErrorCode.FORBIDDEN);
    // A person's session may push too: the endpoint is the API's, the key is one way to call it.
    expect((await push(alice, { taskId, rows: rows(1) })).body.data).toMatchObject({ accepted: 1 });
    expect(await stored(taskId)).toHaveLength(1);
  });

  it('a number on the do-not-call list is stored as an upload stores it and blocked right before the dial, never dialled', async () => {
    const { alice, key, taskId } = await setUp();
    expect((await call(server, '/api/dnc/add', { token: alice, body: { phones: ['13900000001'] } })).body.code).toBe(200);
    const pushed = await push(key, { taskId, rows: rows(3) });
    expect(pushed.body.data).toMatchObject({ accepted: 3 });
    expect((await call(server, '/api/tasks/action', { token: key, body: { taskId, action: 'start' } })).body.code).toBe(200);

    const lines = await server.database.db.select().from(taskSipLines).where(eq(taskSipLines.taskId, taskId));
    const claimed = await claimCalls(server.database.db, {
      taskId,
      node: 'test',
      budget: 10,
      lineAllowance: new Map(lines.map((line) => [line.sipLineId, 10])),
      leaseMs: 60_000,
      now: new Date(),
    });
    expect(claimed.blocked).toBe(1);
    expect(claimed.claims.map((claim) => claim.phone).sort()).toEqual(['13900000000', '13900000002']);
    const states = Object.fromEntries((await stored(taskId)).map((row) => [row.phone, row.state]));
    expect(states['13900000001']).toBe('blocked');
  });
});
