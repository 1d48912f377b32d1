import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ErrorCode, type CallRecordOptions, type CallRecordPage } from '@dialwise/contracts';
import { call, useTestServer } from '../../test/helper.ts';
import { assignOperator, insertCall, projectWithTask, setPermissions } from '../../test/call-fixtures.ts';
import { auditLog } from '../db/schema.ts';
import { seedAcmeAgents } from '../../test/task-fixtures.ts';

const server = useTestServer();
const EN = { 'accept-language': 'en' };
const ZH = { 'x-dialwise-locale': 'zh-CN' };
const MINUTE = 60_000;
const base = Date.parse('2026-03-02T08:00:00Z');

/**
 * Acme (ADMIN alice, agents olga — assigned to Spring — and oscar, assigned to nothing) with the projects
 * Spring (PLAIN_TEXT), Hexed (HEX) and Hashed (MD5); Globex (ADMIN gina) with one project and call.
 */
async function world() {
  const { alice, olga, oscar, gina, ...seeded } = await seedAcmeAgents(server);
  const spring = await projectWithTask(server, alice, seeded.companyId, 'Spring');
  const hexed = await projectWithTask(server, alice, seeded.companyId, 'Hexed', 'HEX');
  const hashed = await projectWithTask(server, alice, seeded.companyId, 'Hashed', 'MD5');
  const globex = await projectWithTask(server, gina, seeded.otherCompanyId, 'Globex');
  await assignOperator(server, seeded.companyId, spring.projectId, 'olga');
  const at = (p: typeof spring, company = seeded.companyId) => ({ companyId: company, ...p });
  return {
    ...seeded,
    alice,
    gina,
    olga,
    oscar,
    spring: at(spring),
    hexed: at(hexed),
    hashed: at(hashed),
    globex: at(globex, seeded.otherCompanyId),
  };
}

const list = (token: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  call<CallRecordPage>(server, '/api/call-records/list', { token, body, headers });

const ids = (answer: { body: { data: CallRecordPage } }) => answer.body.data.list.map((row) => row.id);

describe('call-record list: filters', () => {
  it('filters by project and by task', async () => {
    const w = await world();
    const a = await insertCall(server, w.spring);
    const b = await insertCall(server, w.hexed, { phone: Buffer.from('13900000002').toString('hex') });
    const otherTaskId = (
      await call<{ id: string }>(server, '/api/tasks/create', {
        token: w.alice,
        body: {
          projectId: w.spring.projectId,
          name: 'Second',
          scenarioId: w.spring.catalogue.scenarioId,
          voiceId: w.spring.catalogue.voiceId,
          sipLineIds: [w.spring.lineId],
          callStart: '09:00',
          callEnd: '18:00',
          weekdays: [1],
        },
      })
    ).body.data.id;
    const c = await insertCall(server, { ...w.spring, taskId: otherTaskId });
    expect(ids(await list(w.alice)).sort()).toEqual([a, b, c].sort());
    expect(ids(await list(w.alice, { projectId: w.spring.projectId })).sort()).toEqual([a, c].sort());
    expect(ids(await list(w.alice, { taskId: otherTaskId }))).toEqual([c]);
    expect(ids(await list(w.alice, { projectId: w.hexed.projectId }))).toEqual([b]);
  });

  it('finds a typed number exactly under every encryption type, never a part of it, and masks it in the answer', async () => {
    const w = await world();
    const plain = await insertCall(server, w.spring, { phone: '13800000001' });
    await insertCall(server, w.spring, { phone: '13800000009' });
    const hex = await insertCall(server, w.hexed, { phone: Buffer.from('13800000001').toString('hex') });
    const md5 = await insertCall(server, w.hashed, { phone: createHash('md5').update('13800000001').digest('hex') });
    const found = await list(w.alice, { phone: '138 0000-0001' });
    expect(ids(found).sort()).toEqual([plain, hex, md5].sort());
    expect(found.body.data.list.find((row) => row.id === plain)!.phone).toBe('*******0001');
    expect(found.body.data.list.find((row) => row.id === hex)!.phone).toBe('*******0001');
    expect(found.body.data.list.find((row) => row.id === md5)!.phone).toMatch(/^[0-9a-f]{4}…[0-9a-f]{4}$/);
    expect(ids(await list(w.alice, { phone: '0001' }))).toEqual([]);
    expect(ids(await list(w.alice, { phone: '1380000000' }))).toEqual([]);
  });

  it('filters by time range, both ends inclusive', async () => {
    const w = await world();
    const early = await insertCall(server, w.spring, { placedAt: new Date(base) });
    const mid = await insertCall(server, w.spring, { placedAt: new Date(base + 10 * MINUTE) });
    const late = await insertCall(server, w.spring, { placedAt: new Date(base + 20 * MINUTE) });
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(ids(await list(w.alice, { startTime: iso(base), endTime: iso(base + 10 * MINUTE) }))).toEqual([mid, early]);
    expect(ids(await list(w.alice, { startTime: iso(base + 1) }))).toEqual([late, mid]);
    expect(ids(await list(w.alice, { endTime: iso(base + 20 * MINUTE - 1) }))).toEqual([mid, early]);
    // An offset other than Z is the same instant.
    expect(ids(await list(w.alice, { startTime: '2026-03-02T16:20:00+08:00' }))).toEqual([late]);
  });

  it('filters by status connected / missed / voicemail / invalid (live calls are none of them)', async () => {
    const w = await world();
    const connected = await insertCall(server, w.spring);
    const missed = await insertCall(server, w.spring, {
      status: 'missed',
      outcome: 'busy',
      answeredAt: null,
      durationMs: 0,
      phone: '13800000002',
    });
    const live = await insertCall(server, w.spring, { status: null, outcome: null, endedAt: null, phone: '13800000003' });
    const voicemail = await insertCall(server, w.spring, { status: 'voicemail', phone: '13800000004' });
    const invalid = await insertCall(server, w.spring, {
      status: 'invalid',
      outcome: 'invalid_number',
      answeredAt: null,
      durationMs: 0,
      phone: '13800000005',
    });
    expect(ids(await list(w.alice, { status: 'connected' }))).toEqual([connected]);
    expect(ids(await list(w.alice, { status: 'missed' }))).toEqual([missed]);
    expect(ids(await list(w.alice, { status: 'voicemail' }))).toEqual([voicemail]);
    expect(ids(await list(w.alice, { status: 'invalid' }))).toEqual([invalid]);
    const all = await list(w.alice);
    expect(all.body.data.list.find((row) => row.id === live)).toMatchObject({ state: 'live', hasRecording: false });
    expect((await list(w.alice, { status: 'lost' })).body.code).toBe(ErrorCode.VALIDATION);
  });

  it('filters by duration in whole seconds, both ends inclusive', async () => {
    const w = await world();
    const s10 = await insertCall(server, w.spring, { durationMs: 10_000, placedAt: new Date(base) });
    const s30 = await insertCall(server, w.spring, { durationMs: 30_400, placedAt: new Date(base + MINUTE) });
    const s60 = await insertCall(server, w.spring, { durationMs: 60_000, placedAt: new Date(base + 2 * MINUTE) });
    expect(ids(await list(w.alice, { minDuration: 10, maxDuration: 30 }))).toEqual([s30, s10]);
    expect(ids(await list(w.alice, { minDuration: 31 }))).toEqual([s60]);
    expect(ids(await list(w.alice, { maxDuration: 9 }))).toEqual([]);
    expect(ids(await list(w.alice, { minDuration: 60, maxDuration: 60 }))).toEqual([s60]);
  });

  it('filters by tags (any of them) and by transfer outcome', async () => {
    const w = await world();
    const hot = await insertCall(server, w.spring, { tags: ['high_intent', 'callback_requested'], transferOutcome: 'success' });
    const cold = await insertCall(server, w.spring, { tags: ['not_interested'], transferOutcome: 'lost', phone: '13800000002' });
    await insertCall(server, w.spring, { phone: '13800000003' });
    expect(ids(await list(w.alice, { tags: ['high_intent'] }))).toEqual([hot]);
    expect(ids(await list(w.alice, { tags: ['not_interested', 'callback_requested'] })).sort()).toEqual([hot, cold].sort());
    expect(ids(await list(w.alice, { transferOutcome: 'lost' }))).toEqual([cold]);
    expect((await list(w.alice, { tags: ['high_intent'] })).body.data.list[0]!.tags).toEqual(['high_intent', 'callback_requested']);
  });

  it('marks test calls from the browser and filters real or test calls; an unknown kind is refused', async () => {
    const w = await world();
    const real = await insertCall(server, w.spring);
    const test = await insertCall(server, w.spring, { test: true, phone: '', sipLineId: null, subtaskId: null });
    const all = await list(w.alice);
    expect(ids(all).sort()).toEqual([real, test].sort());
    expect(Object.fromEntries(all.body.data.list.map((row) => [row.id, row.test]))).toEqual({ [real]: false, [test]: true });
    expect(ids(await list(w.alice, { kind: 'test' }))).toEqual([test]);
    expect(ids(await list(w.alice, { kind: 'real' }))).toEqual([real]);
    // The drawer of a test call: no line, no subtask, and no other call's history.
    const detail = await call<{ lineAlias: string | null; test: boolean }>(server, '/api/call-records/get', {
      token: w.alice,
      body: { id: test },
    });
    expect(detail.body.data).toMatchObject({ lineAlias: null, test: true });
    const customer = await call<{ history: unknown[]; remark: string | null }>(server, '/api/call-records/customer', {
      token: w.alice,
      body: { id: test },
    });
    expect(customer.body.data).toMatchObject({ history: [], remark: null });
    expect((await list(w.alice, { kind: 'fake' }, EN)).body).toMatchObject({ code: 400, message: expect.stringContaining('Kind') });
  });
});

describe('call-record list: validation names the field in both languages', () => {
  it('refuses a time range that ends before it starts, and a duration range upside down', async () => {
    const w = await world();
    const time = await list(w.alice, { startTime: '2026-03-02T10:00:00Z', endTime: '2026-03-02T09:59:59Z' }, EN);
    expect(time.body).toMatchObject({ code: ErrorCode.VALIDATION, message: 'End time must not be before the start time' });
    const zh = await list(w.alice, { minDuration: 31, maxDuration: 30 }, ZH);
    expect(zh.body).toMatchObject({ code: ErrorCode.VALIDATION, message: '最长通话时长不能小于最短通话时长' });
    // Equal ends are a valid (one-instant, one-length) range.
    expect(
      (await list(w.alice, { startTime: '2026-03-02T10:00:00Z', endTime: '2026-03-02T10:00:00Z', minDuration: 30, maxDuration: 30 })).body
        .code,
    ).toBe(200);
  });

  it('refuses a time that is not an instant, a negative or fractional duration, a duration over a day, an unknown project id', async () => {
    const w = await world();
    const bad = async (body: Record<string, unknown>) => (await list(w.alice, body, EN)).body;
    expect(await bad({ startTime: 'yesterday' })).toMatchObject({ code: 400, message: 'Start time must be a date and time' });
    expect(await bad({ minDuration: -1 })).toMatchObject({ code: 400, message: 'Shortest duration must be at least 0' });
    expect(await bad({ maxDuration: 1.5 })).toMatchObject({ code: 400, message: 'Longest duration must be a whole number' });
    expect(await bad({ maxDuration: 86_401 })).toMatchObject({ code: 400, message: 'Longest duration must be at most 86400' });
    expect((await bad({ maxDuration: 86_400 })).code).toBe(200);
    expect(await bad({ projectId: 'nope' })).toMatchObject({ code: 400, message: 'Project is not a valid id' });
    expect(await bad({ phone: '电话' })).toMatchObject({
      code: 400,
      message: 'Phone number must be a number or a stored token, without spaces',
    });
  });
});

describe('call-record list: pages, sort, count', () => {
  it('pages on the server, newest first by default, oldest first on request, id breaking ties', async () => {
    const w = await world();
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1)
      made.push(await insertCall(server, w.spring, { placedAt: new Date(base + i * MINUTE), phone: `1380000000${i}` }));
    const page2 = await list(w.alice, { page: 2, pageSize: 2 });
    expect(page2.body.data).toMatchObject({ total: 5, totalCapped: false });
    expect(ids(page2)).toEqual([made[2], made[1]]);
    expect(ids(await list(w.alice, { page: 1, pageSize: 2, sort: 'asc' }))).toEqual([made[0], made[1]]);
    expect(ids(await list(w.alice, { page: 3, pageSize: 2 }))).toEqual([made[0]]);
  });

  it('counts up to the 10,000-row window and says when there are more; pages beyond the window are refused', async () => {
    const w = await world();
    await server.database.db.execute(sql`
      insert into calls (company_id, project_id, task_id, sip_line_id, subtask_id, phone, attempt, node, placed_at, ended_at, status, outcome, duration_ms)
      select ${w.companyId}, ${w.spring.projectId}, ${w.spring.taskId}, ${w.spring.lineId}, n, '139' || lpad(n::text, 8, '0'), 1, 'bulk',
             ${new Date(base).toISOString()}::timestamptz + n * interval '1 second', ${new Date(base).toISOString()}::timestamptz + n * interval '1 second', 'missed', 'busy', 0
      from generate_series(1, 10001) as n`);
    const first = await list(w.alice, { pageSize: 100 });
    expect(first.body.data).toMatchObject({ total: 10_000, totalCapped: true });
    expect(first.body.data.list[0]!.phone).toBe('*******0001'.replace('0001', '0001'));
    const last = await list(w.alice, { page: 100, pageSize: 100 });
    expect(last.body.data.list).toHaveLength(100);
    const beyond = await list(w.alice, { page: 101, pageSize: 100 }, EN);
    expect(beyond.body).toMatchObject({ code: 400, message: expect.stringContaining('first 10,000 records') });
    // A narrower filter is counted exactly.
    expect((await list(w.alice, { phone: '13900000042' })).body.data).toMatchObject({ total: 1, totalCapped: false });
  });
});

describe('call-record export (CSV, streamed)', () => {
  const exportCsv = (token: string, query = '', headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'GET',
      url: `/api/call-records/export${query ? `?${query}` : ''}`,
      headers: { cookie: `Authorization=${token}`, ...headers },
    });

  it('streams every filtered row across batches, numbers masked, with a BOM and the filename', async () => {
    const w = await world();
    await server.database.db.execute(sql`
      insert into calls (company_id, project_id, task_id, sip_line_id, subtask_id, phone, attempt, node, placed_at, ended_at, status, outcome, duration_ms)
      select ${w.companyId}, ${w.spring.projectId}, ${w.spring.taskId}, ${w.spring.lineId}, n, '139' || lpad(n::text, 8, '0'), 1, 'bulk',
             ${new Date(base).toISOString()}::timestamptz + n * interval '1 millisecond' + n * interval '1 microsecond',
             ${new Date(base).toISOString()}::timestamptz + n * interval '1 second', 'connected', 'answered', 12400
      from generate_series(1, 2500) as n`);
    await insertCall(server, w.hexed, { phone: Buffer.from('13700000007').toString('hex') });
    await insertCall(server, w.globex, { phone: '13600000006' });
    const answer = await exportCsv(w.alice, `projectId=${w.spring.projectId}`, EN);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="call-records-\d{8}-\d{6}\.csv"/);
    expect(answer.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = answer.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Call time (UTC),Project,Task,Phone number (masked),Time zone,Status,Outcome,Duration (s),Transfer outcome,Tags,SIP status,Attempt,Call ID',
    );
    expect(lines).toHaveLength(2501);
    // Newest first, no row twice or lost across the keyset batches (placed_at carries microseconds).
    const phones = lines.slice(1).map((line) => line.split(',')[3]);
    expect(new Set(lines.slice(1).map((line) => line.split(',').at(-1))).size).toBe(2500);
    expect(phones[0]).toBe('*******2500');
    expect(phones.at(-1)).toBe('*******0001');
    // Every number masked: no row holds its own number anywhere (a random call id may hold "139" and eight
    // other digits, so the check is per row, for that row's number).
    expect(phones.every((phone) => /^\*{7}\d{4}$/.test(phone ?? ''))).toBe(true);
    expect(lines.slice(1).filter((line, i) => line.includes(`139${String(2500 - i).padStart(8, '0')}`))).toEqual([]);
    expect(lines[1]).toContain(",Company's zone,Connected,Answered,12,No transfer,");
    // Other projects and other companies are not in it.
    expect(answer.body).not.toContain('Hexed');
    expect((await exportCsv(w.alice, '', EN)).body).not.toContain('Globex');
  });

  it('writes headers and values in Chinese for a Chinese caller, times in the company time zone, oldest first on request', async () => {
    const w = await world();
    await server.database.db.execute(sql`update companies set timezone = 'Asia/Shanghai' where id = ${w.companyId}`);
    await insertCall(server, w.spring, {
      placedAt: new Date('2026-03-02T08:00:00Z'),
      status: 'missed',
      outcome: 'no_answer',
      durationMs: 0,
    });
    await insertCall(server, w.spring, {
      placedAt: new Date('2026-03-02T09:00:00Z'),
      phone: '13800000002',
      tags: ['high_intent'],
      timeZone: 'Asia/Shanghai',
    });
    await insertCall(server, w.spring, {
      placedAt: new Date('2026-03-02T10:00:00Z'),
      phone: '+62301234567',
      timeZone: 'Asia/Jakarta Asia/Jayapura Asia/Makassar',
    });
    const answer = await exportCsv(w.alice, 'sort=asc&locale=zh-CN');
    const lines = answer.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]!.startsWith('呼叫时间 (Asia/Shanghai),项目,任务,电话号码（脱敏）,时区,状态')).toBe(true);
    // The number's zone as the record shows it: unplaced (the company's), one zone, or every zone it may be in.
    expect(lines[1]).toMatch(/^2026-03-02 16:00:00,Spring,Spring-t1,\*\*\*\*\*\*\*0001,公司时区,未接通,无人接听,0,未转人工,/);
    expect(lines[2]).toContain(',Asia/Shanghai,已接通,已接听,30,未转人工,high_intent,200,1,');
    expect(lines[3]).toContain(',Asia/Jakarta Asia/Jayapura Asia/Makassar,已接通,');
  });

  it('guards cells a spreadsheet would run as formulas', async () => {
    const w = await world();
    const risky = await projectWithTask(server, w.alice, w.companyId, '=HYPERLINK("x")');
    await insertCall(server, { companyId: w.companyId, ...risky });
    const answer = await exportCsv(w.alice, `projectId=${risky.projectId}`);
    expect(answer.body).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('checks the filters like the list, needs the csvExport feature, and is audited with its filters', async () => {
    const w = await world();
    const refused = await exportCsv(w.alice, 'minDuration=5&maxDuration=4', EN);
    expect(refused.json()).toMatchObject({ code: 400, message: 'Longest duration must not be less than the shortest duration' });
    await exportCsv(w.alice, 'status=connected&tags=high_intent&tags=callback_requested');
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export'), eq(auditLog.entity, 'call_records')));
    expect(entry).toMatchObject({ actorName: 'alice', companyId: w.companyId });
    expect(entry!.changes).toMatchObject({ filter: { status: 'connected', tags: ['high_intent', 'callback_requested'] } });
    await setPermissions(server, w.companyId, { features: [] });
    const disabled = await exportCsv(w.alice, '', EN);
    expect(disabled.json()).toMatchObject({ code: 403, message: 'CSV export is not enabled for your company' });
    expect((await server.app.inject({ method: 'GET', url: '/api/call-records/export' })).statusCode).toBe(401);
  });
});

describe('call records: tenant isolation and agent scoping', () => {
  it("never lists another company's calls, nor offers its projects", async () => {
    const w = await world();
    const mine = await insertCall(server, w.spring);
    const theirs = await insertCall(server, w.globex);
    expect(ids(await list(w.alice))).toEqual([mine]);
    expect(ids(await list(w.gina))).toEqual([theirs]);
    expect(ids(await list(w.alice, { projectId: w.globex.projectId }))).toEqual([]);
    expect(ids(await list(w.alice, { taskId: w.globex.taskId }))).toEqual([]);
    const options = await call<CallRecordOptions>(server, '/api/call-records/options', {
      token: w.alice,
      body: { projectId: w.globex.projectId },
    });
    expect(options.body.data.projects.map((p) => p.name).sort()).toEqual(['Hashed', 'Hexed', 'Spring']);
    expect(options.body.data.tasks).toEqual([]);
  });

  it('an agent sees the projects assigned to them and their calls only; an unassigned agent sees nothing', async () => {
    const w = await world();
    const spring = await insertCall(server, w.spring);
    await insertCall(server, w.hexed, { phone: Buffer.from('13900000002').toString('hex') });
    expect(ids(await list(w.olga))).toEqual([spring]);
    expect(ids(await list(w.olga, { projectId: w.hexed.projectId }))).toEqual([]);
    expect(ids(await list(w.oscar))).toEqual([]);
    const options = await call<CallRecordOptions>(server, '/api/call-records/options', {
      token: w.olga,
      body: { projectId: w.spring.projectId },
    });
    expect(options.body.data.projects.map((p) => p.name)).toEqual(['Spring']);
    expect(options.body.data.tasks.map((t) => t.name)).toEqual(['Spring-t1']);
    const hidden = await call<CallRecordOptions>(server, '/api/call-records/options', {
      token: w.olga,
      body: { projectId: w.hexed.projectId },
    });
    expect(hidden.body.data.tasks).toEqual([]);
  });

  it('hides the calls of a deleted project', async () => {
    const w = await world();
    await insertCall(server, w.hexed, { phone: Buffer.from('13900000002').toString('hex') });
    await call(server, '/api/projects/delete', { token: w.alice, body: { id: w.hexed.projectId } });
    expect(ids(await list(w.alice))).toEqual([]);
  });

  it("answers the options with the company's permissions and the tag catalogue", async () => {
    const w = await world();
    await server.database.db.execute(
      sql`insert into tags (name, alias, description) values ('High intent', 'high_intent', 'wants to buy')`,
    );
    const before = await call<CallRecordOptions>(server, '/api/call-records/options', { token: w.alice, body: {} });
    expect(before.body.data).toMatchObject({ canReveal: false, canExport: true, tags: [{ alias: 'high_intent', name: 'High intent' }] });
    await setPermissions(server, w.companyId, { numberReveal: true, features: [] });
    const after = await call<CallRecordOptions>(server, '/api/call-records/options', { token: w.alice, body: {} });
    expect(after.body.data).toMatchObject({ canReveal: true, canExport: false });
  });
});
