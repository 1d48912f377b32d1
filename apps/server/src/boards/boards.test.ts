import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ErrorCode, wallClock, type BoardSeries, type BoardSummary, type OperatorStatus, type RealtimeBoard } from '@dialwise/contracts';
import { addUser, call, seedCompanies, useTestServer } from '../../test/helper.ts';
import { createProject, createTask, grantCatalogue, userWithSession } from '../../test/task-fixtures.ts';
import { insertPlacedCall, type CallTarget } from '../../test/call-fixtures.ts';
import { calls, companies, seats, sipLines, tasks } from '../db/schema.ts';
import { seedDemo } from '../demo/seed-demo.ts';
import { sumRange } from './read-rollups.ts';

const server = useTestServer();

async function setup(timezone = 'Asia/Shanghai') {
  const seeded = await seedCompanies(server);
  await server.database.db.update(companies).set({ timezone }).where(eq(companies.id, seeded.companyId));
  const alice = await userWithSession(server, seeded.companyId, 'alice', 'ADMIN');
  const gina = await userWithSession(server, seeded.otherCompanyId, 'gina', 'ADMIN');
  const catalogue = await grantCatalogue(server, seeded.companyId, 'A');
  const otherCatalogue = await grantCatalogue(server, seeded.otherCompanyId, 'G');
  const projectId = await createProject(server, alice, 'Spring');
  const taskId = await createTask(server, alice, projectId, catalogue);
  const secondTaskId = await createTask(server, alice, projectId, catalogue, { name: 'Second' });
  const otherProjectId = await createProject(server, gina, 'Globex');
  const otherTaskId = await createTask(server, gina, otherProjectId, otherCatalogue);
  const target: CallTarget = { companyId: seeded.companyId, projectId, taskId, lineId: catalogue.lineId };
  const otherTarget: CallTarget = {
    companyId: seeded.otherCompanyId,
    projectId: otherProjectId,
    taskId: otherTaskId,
    lineId: otherCatalogue.lineId,
  };
  return { ...seeded, alice, gina, projectId, taskId, secondTaskId, otherProjectId, otherTaskId, target, otherTarget };
}

const DAY = { from: '2026-03-02', to: '2026-03-02' };
const noon = new Date('2026-03-02T04:00:00Z'); // 12:00 in Shanghai

async function summary(token: string, body: Record<string, unknown>) {
  return call<BoardSummary>(server, '/api/boards/summary', { token, body });
}

describe('rates (connect = connected / total, inbound = transfer success / connected, loss = lost / connected)', () => {
  it('are computed from hand-built records, with outcomes and durations', async () => {
    const s = await setup();
    const connected = (durationMs: number, transferOutcome: 'none' | 'success' | 'failed' | 'lost') =>
      insertPlacedCall(server, s.target, { placedAt: noon, status: 'connected', outcome: 'answered', durationMs, transferOutcome });
    await connected(5_000, 'success');
    await connected(45_000, 'success');
    await connected(90_000, 'lost');
    await connected(400_000, 'failed');
    for (const outcome of ['busy', 'no_answer', 'no_answer', 'invalid_number'] as const)
      await insertPlacedCall(server, s.target, { placedAt: noon, status: 'missed', outcome });
    await insertPlacedCall(server, s.target, { placedAt: noon, endedAt: null }); // live: not counted until it ends
    const answer = await summary(s.alice, { projectId: s.projectId, ...DAY });
    expect(answer.body.code).toBe(200);
    expect(answer.body.data).toMatchObject({
      total: 8,
      connected: 4,
      missed: 4,
      transferSuccess: 2,
      transferFailed: 1,
      lost: 1,
      durationMs: 540_000,
      connectRate: 0.5,
      inboundRate: 0.5,
      lossRate: 0.25,
      averageDurationMs: 135_000,
      durations: { lt10s: 1, lt30s: 0, lt1m: 1, lt2m: 1, lt5m: 0, ge5m: 1 },
    });
    expect(answer.body.data.outcomes).toMatchObject({ answered: 4, busy: 1, no_answer: 2, invalid_number: 1, rejected: 0 });
    // The task narrows it; the other task of the project has none.
    expect((await summary(s.alice, { taskId: s.taskId, ...DAY })).body.data.total).toBe(8);
    expect((await summary(s.alice, { projectId: s.projectId, taskId: s.secondTaskId, ...DAY })).body.data.total).toBe(0);
  });

  it('zero denominators give null (the board shows —), never NaN or an error', async () => {
    const s = await setup();
    const empty = await summary(s.alice, { projectId: s.projectId, ...DAY });
    expect(empty.body.data).toMatchObject({ total: 0, connectRate: null, inboundRate: null, lossRate: null, averageDurationMs: null });
    await insertPlacedCall(server, s.target, { placedAt: noon, status: 'missed', outcome: 'busy' });
    const missedOnly = await summary(s.alice, { projectId: s.projectId, ...DAY });
    expect(missedOnly.body.data).toMatchObject({ total: 1, connectRate: 0, inboundRate: null, lossRate: null });
    expect(JSON.stringify(missedOnly.body.data)).not.toContain('NaN');
  });
});

describe('time zone', () => {
  it('a call at 23:59 and one at 00:00 company time fall on their own days (Asia/Shanghai, hourly rows)', async () => {
    const s = await setup('Asia/Shanghai');
    await insertPlacedCall(server, s.target, { placedAt: new Date('2026-03-01T15:59:00Z') }); // 23:59 on 1 March in Shanghai
    await insertPlacedCall(server, s.target, { placedAt: new Date('2026-03-01T16:00:00Z') }); // 00:00 on 2 March
    expect((await summary(s.alice, { from: '2026-03-01', to: '2026-03-01' })).body.data.total).toBe(1);
    expect((await summary(s.alice, { from: '2026-03-02', to: '2026-03-02' })).body.data.total).toBe(1);
    const series = await call<BoardSeries>(server, '/api/boards/series', {
      token: s.alice,
      body: { from: '2026-03-01', to: '2026-03-02' },
    });
    expect(series.body.data.step).toBe('hour');
    expect(series.body.data.points).toHaveLength(48);
    expect(series.body.data.points.filter((p) => p.total > 0).map((p) => p.at)).toEqual(['2026-03-01T23:00', '2026-03-02T00:00']);
    const daily = await call<BoardSeries>(server, '/api/boards/series', {
      token: s.alice,
      body: { from: '2026-03-01', to: '2026-03-03', step: 'day' },
    });
    expect(daily.body.data.points.map((p) => [p.at, p.total])).toEqual([
      ['2026-03-01T00:00', 1],
      ['2026-03-02T00:00', 1],
      ['2026-03-03T00:00', 0],
    ]);
  });

  it('a half-hour zone (Asia/Kolkata, +05:30) reads the minute rows and still cuts the day at its midnight', async () => {
    const s = await setup('Asia/Kolkata');
    await insertPlacedCall(server, s.target, { placedAt: new Date('2026-03-01T18:29:00Z') }); // 23:59 on 1 March in Kolkata
    await insertPlacedCall(server, s.target, { placedAt: new Date('2026-03-01T18:30:00Z') }); // 00:00 on 2 March
    expect((await summary(s.alice, { from: '2026-03-01', to: '2026-03-01' })).body.data.total).toBe(1);
    expect((await summary(s.alice, { from: '2026-03-02', to: '2026-03-02' })).body.data.total).toBe(1);
    const daily = await call<BoardSeries>(server, '/api/boards/series', {
      token: s.alice,
      body: { from: '2026-03-01', to: '2026-03-02', step: 'day' },
    });
    expect(daily.body.data.points.map((p) => p.total)).toEqual([1, 1]);
  });

  it('a day with a DST change is charted in wall-clock hours: the skipped 02:00 is an empty step (America/New_York, 8 March 2026)', async () => {
    const s = await setup('America/New_York');
    await insertPlacedCall(server, s.target, { placedAt: new Date('2026-03-08T06:30:00Z') }); // 01:30 EST
    await insertPlacedCall(server, s.target, { placedAt: new Date('2026-03-08T07:30:00Z') }); // 03:30 EDT, an hour later
    const series = await call<BoardSeries>(server, '/api/boards/series', {
      token: s.alice,
      body: { from: '2026-03-08', to: '2026-03-08' },
    });
    const totals = Object.fromEntries(series.body.data.points.map((p) => [p.at.slice(11), p.total]));
    expect(totals).toMatchObject({ '01:00': 1, '02:00': 0, '03:00': 1 });
    expect((await summary(s.alice, { from: '2026-03-08', to: '2026-03-08' })).body.data.total).toBe(2);
  });
});

describe('real-time dashboard', () => {
  it('windows of 10 min, 30 min, 1 hour and today, with the live calls now', async () => {
    const s = await setup('Asia/Shanghai');
    const now = Date.now();
    const minutesAgo = (m: number) => new Date(now - m * 60_000);
    await insertPlacedCall(server, s.target, { placedAt: minutesAgo(2), status: 'connected', outcome: 'answered', durationMs: 20_000 });
    await insertPlacedCall(server, s.target, { placedAt: minutesAgo(20) });
    await insertPlacedCall(server, s.target, { placedAt: minutesAgo(50) });
    await insertPlacedCall(server, s.target, { placedAt: minutesAgo(1), endedAt: null });
    await insertPlacedCall(server, s.target, { placedAt: minutesAgo(1), endedAt: null });
    const board = (window: string) =>
      call<RealtimeBoard>(server, '/api/boards/realtime', { token: s.alice, body: { taskId: s.taskId, window } });
    const ten = (await board('10m')).body.data;
    expect(ten).toMatchObject({ window: '10m', stepMinutes: 1, liveCalls: 2, summary: { total: 1, connected: 1, connectRate: 1 } });
    expect(ten.points).toHaveLength(10);
    const thirty = (await board('30m')).body.data;
    expect(thirty.summary.total).toBe(2);
    expect(thirty.points).toHaveLength(30);
    const hour = (await board('1h')).body.data;
    expect(hour.summary.total).toBe(3);
    expect(hour.points).toHaveLength(12);
    expect(hour.points.reduce((n, p) => n + p.total, 0)).toBe(3);
    const today = (await board('1d')).body.data;
    expect(today.points).toHaveLength(24);
    expect(today.points[0]!.at.endsWith('T00:00')).toBe(true);
    expect(new Date(today.from).getTime()).toBeLessThanOrEqual(now);
    expect(today.liveCalls).toBe(2);
  });

  it("says how many of the window's calls the carrier pushed back, and the latest's time, line and answer: this task's only", async () => {
    const s = await setup('Asia/Shanghai');
    const now = Date.now();
    const minutesAgo = (m: number) => new Date(now - m * 60_000);
    const pushedBack = (placedAt: Date, sipReason: string) =>
      ({ placedAt, status: 'missed', outcome: 'backpressure', sipStatus: 503, sipReason }) as const;
    await insertPlacedCall(server, s.target, pushedBack(minutesAgo(40), 'Service Unavailable'));
    await insertPlacedCall(server, s.target, pushedBack(minutesAgo(8), "Service Unavailable: the line's 2 calls at once are taken"));
    await insertPlacedCall(server, s.target, pushedBack(minutesAgo(3), "Service Unavailable: over the line's 5 new calls a second"));
    await insertPlacedCall(server, s.target, { placedAt: minutesAgo(2), status: 'missed', outcome: 'busy', sipStatus: 486 });
    // Another task of the company and another company's task: not this task's drawer.
    await insertPlacedCall(server, { ...s.target, taskId: s.secondTaskId }, pushedBack(minutesAgo(1), 'Service Unavailable'));
    await insertPlacedCall(server, s.otherTarget, pushedBack(minutesAgo(1), 'Service Unavailable'));
    const board = async (window: string) =>
      (await call<RealtimeBoard>(server, '/api/boards/realtime', { token: s.alice, body: { taskId: s.taskId, window } })).body.data;
    const [line] = await server.database.db.select({ alias: sipLines.alias }).from(sipLines).where(eq(sipLines.id, s.target.lineId));
    expect((await board('10m')).backPressure).toEqual({
      calls: 2,
      last: {
        at: minutesAgo(3).toISOString(),
        line: line!.alias,
        sipStatus: 503,
        reason: "Service Unavailable: over the line's 5 new calls a second",
      },
    });
    expect((await board('1h')).backPressure.calls).toBe(3);
    const quiet = (
      await call<RealtimeBoard>(server, '/api/boards/realtime', { token: s.alice, body: { taskId: s.secondTaskId, window: '1h' } })
    ).body.data;
    expect(quiet.backPressure).toMatchObject({ calls: 1, last: { reason: 'Service Unavailable' } });
    // The other company's task is not alice's to read.
    const foreign = await call(server, '/api/boards/realtime', { token: s.alice, body: { taskId: s.otherTaskId, window: '1h' } });
    expect(foreign.body.code).not.toBe(200);
  });

  it('needs the realtimeDashboard feature: 403 saying so', async () => {
    const s = await setup('Asia/Shanghai');
    const [row] = await server.database.db
      .select({ companyId: companies.id, permissions: companies.permissions })
      .from(companies)
      .where(eq(companies.name, 'Acme'));
    await server.database.db
      .update(companies)
      .set({ permissions: { ...row!.permissions, features: ['csvExport'] } })
      .where(eq(companies.id, row!.companyId));
    const answer = await call(server, '/api/boards/realtime', {
      token: s.alice,
      body: { taskId: s.taskId, window: '1h' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(answer.body).toMatchObject({
      code: ErrorCode.FORBIDDEN,
      message: expect.stringContaining('real-time dashboard is not enabled'),
    });
  });
});

describe('operator status (from the seats)', () => {
  it("counts seats by their real state; stale or disconnected seats and another company's operators do not count", async () => {
    const s = await setup();
    const ids: Record<string, string> = {};
    for (const name of ['op1', 'op2', 'op3', 'op4', 'op5', 'op6']) ids[name] = (await addUser(server, s.companyId, name, 'OPR')).id;
    await addUser(server, s.companyId, 'op7', 'OPR', { status: 'disabled' });
    const stranger = await addUser(server, s.otherCompanyId, 'op8', 'OPR');
    const live = { node: 'n1', heartbeatAt: new Date() };
    await server.database.db.insert(seats).values([
      { operatorId: ids.op1!, companyId: s.companyId, state: 'waiting', ...live },
      { operatorId: ids.op2!, companyId: s.companyId, state: 'in-call', ...live },
      { operatorId: ids.op3!, companyId: s.companyId, state: 'signed-in', ...live },
      // Its process stopped beating a minute ago: not connected any more.
      { operatorId: ids.op4!, companyId: s.companyId, state: 'waiting', node: 'n2', heartbeatAt: new Date(Date.now() - 60_000) },
      { operatorId: ids.op5!, companyId: s.companyId, state: 'signed-out', ...live },
      { operatorId: stranger.id, companyId: s.otherCompanyId, state: 'in-call', ...live },
    ]);
    const answer = await call<OperatorStatus>(server, '/api/boards/operators', { token: s.alice });
    expect(answer.body.data).toEqual({ total: 6, signedIn: 3, waiting: 1, inCall: 1, signedOut: 3 });
    const other = await call<OperatorStatus>(server, '/api/boards/operators', { token: s.gina });
    expect(other.body.data).toEqual({ total: 1, signedIn: 1, waiting: 0, inCall: 1, signedOut: 0 });
  });
});

describe('access', () => {
  it("another company's project or task answers 404 on every endpoint, and its calls never count", async () => {
    const s = await setup();
    await insertPlacedCall(server, s.otherTarget, { placedAt: noon });
    for (const body of [{ projectId: s.otherProjectId }, { taskId: s.otherTaskId }, { projectId: s.projectId, taskId: s.otherTaskId }]) {
      expect((await summary(s.alice, { ...body, ...DAY })).body.code).toBe(ErrorCode.NOT_FOUND);
      expect((await call(server, '/api/boards/series', { token: s.alice, body: { ...body, ...DAY } })).body.code).toBe(ErrorCode.NOT_FOUND);
    }
    expect((await call(server, '/api/boards/realtime', { token: s.alice, body: { taskId: s.otherTaskId, window: '1h' } })).body.code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await summary(s.alice, DAY)).body.data.total).toBe(0);
    expect((await summary(s.gina, DAY)).body.data.total).toBe(1);
  });

  it('a task of another project of the same company answers 404 when the project is named', async () => {
    const s = await setup();
    const token = s.alice;
    const otherProject = await createProject(server, token, 'Autumn');
    expect((await summary(token, { projectId: otherProject, taskId: s.taskId, ...DAY })).body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('OPR gets 403 on every endpoint; DEV reads its own company', async () => {
    const s = await setup();
    const opr = await userWithSession(server, s.companyId, 'oscar', 'OPR');
    const bodies: Record<string, unknown> = {
      summary: DAY,
      series: DAY,
      operators: {},
      realtime: { taskId: s.taskId, window: '10m' },
    };
    for (const [verb, body] of Object.entries(bodies)) {
      expect((await call(server, `/api/boards/${verb}`, { token: opr, body })).body.code, verb).toBe(ErrorCode.FORBIDDEN);
    }
    const dev = await userWithSession(server, s.providerId, 'devon', 'DEV');
    expect((await summary(dev, DAY)).body).toMatchObject({ code: 200, data: { total: 0 } });
    expect((await summary(dev, { projectId: s.projectId, ...DAY })).body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('validates the range: order and calendar days', async () => {
    const s = await setup();
    const bad = await summary(s.alice, { from: '2026-03-03', to: '2026-03-02' });
    expect(bad.body.code).toBe(ErrorCode.VALIDATION);
    expect((await call(server, '/api/boards/realtime', { token: s.alice, body: { taskId: s.taskId, window: '2h' } })).body.code).toBe(
      ErrorCode.VALIDATION,
    );
  });
});

describe('demo data', () => {
  it('a week of history for the demo task, counted by the rollups exactly as the raw records, without recordings', async () => {
    await seedDemo(server.database.db, 'Dialwise@2026', server.app.secrets);
    const [acme] = await server.database.db.select().from(companies).where(eq(companies.name, 'AcmeOutreach'));
    const admin = await userWithSession(server, acme!.id, 'boards_admin', 'ADMIN');
    const today = new Date();
    const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const week = await summary(admin, { from: day(-8), to: day(1) });
    expect(week.body.data.total).toBeGreaterThan(700);
    expect(week.body.data.connectRate).toBeGreaterThan(0.3);
    expect(week.body.data.connectRate).toBeLessThan(0.6);
    expect(week.body.data.transferSuccess).toBeGreaterThan(0);
    // The completed answering-machine task reached voicemail and dead numbers: the machine rate is a share of the same calls.
    expect(week.body.data.voicemail).toBeGreaterThan(0);
    expect(week.body.data.invalid).toBeGreaterThan(0);
    expect(week.body.data.machineRate).toBeCloseTo(week.body.data.voicemail / week.body.data.total, 6);
    const verdicts = await server.database.db.execute<{ status: string; outcome: string }>(
      sql`select status, amd->>'outcome' as outcome, count(*)::int as n from calls where amd is not null group by 1, 2 order by 1, 2`,
    );
    const outcomes = verdicts.rows.map((r) => `${r.status}:${r.outcome}`);
    expect(outcomes).toEqual(expect.arrayContaining(['connected:human', 'invalid:announcement', 'voicemail:machine']));
    expect(outcomes.every((o) => ['connected:human', 'connected:silence', 'invalid:announcement', 'voicemail:machine'].includes(o))).toBe(
      true,
    );
    const scope = { companyId: acme!.id };
    const start = new Date(today.getTime() - 10 * 86_400_000);
    const end = new Date(today.getTime() + 86_400_000);
    const raw = await sumRange(server.database.db, 'raw', scope, start, end);
    expect(raw.total).toBe(week.body.data.total);
    const hourStart = new Date(Math.floor(start.getTime() / 3_600_000) * 3_600_000);
    const hourEnd = new Date(Math.floor(end.getTime() / 3_600_000) * 3_600_000);
    expect(await sumRange(server.database.db, 'hour', scope, hourStart, hourEnd)).toEqual(
      await sumRange(server.database.db, 'raw', scope, hourStart, hourEnd),
    );
    // Only on each task's calling days, read in the company's zone (the demo tasks call Monday to Saturday).
    const placed = await server.database.db
      .select({ at: calls.placedAt, weekdays: tasks.weekdays })
      .from(calls)
      .innerJoin(tasks, eq(tasks.id, calls.taskId));
    expect(placed.filter((call) => !call.weekdays.includes(wallClock(call.at, acme!.timezone).weekday))).toEqual([]);
    const withRecording = await server.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from calls where recording_path is not null`,
    );
    expect(withRecording.rows[0]!.n).toBe(0);
  });
});
