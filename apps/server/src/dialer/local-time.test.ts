import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { asc, eq, isNull } from 'drizzle-orm';
import { zonesOfKey, type CallRecordDetail, type Subtask, type TaskListItem, type UploadResult } from '@dialwise/contracts';
import { call, seedCompanies, useTestServer } from '../../test/helper.ts';
import { createProject, createTask, csvOf, grantCatalogue, upload, userWithSession } from '../../test/task-fixtures.ts';
import { calls, companies, sipLines, tasks } from '../db/schema.ts';
import { SecretBox } from '../secrets/secret-box.ts';
import { SimulatedTrunk } from '../telephony/index.ts';
import { isOpenInZones } from '../tasks/call-window.ts';
import { Dialer } from './dialer.ts';

const server = useTestServer();
const secrets = SecretBox.fromKey(randomBytes(32));
const recordingsDir = mkdtempSync(join(tmpdir(), 'dialwise-local-time-'));
afterAll(() => rmSync(recordingsDir, { recursive: true, force: true }));
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

// A company in Shanghai, window 09:00–20:00 every day, calling in each callee's own time.
const NUMBERS = {
  newYork: ['+12125550101', '+12125550102'],
  chicago: ['+13125550101', '+13125550102'],
  losAngeles: ['+12135550101'],
  london: ['+442079460101'],
  shanghai: ['13800138001', '13800138002'],
  indonesia: ['+62301234567'], // Jakarta, Makassar or Jayapura
  unplaced: ['+99912345678'], // no zone: the company's
};

async function localTimeCampaign(localTime = true) {
  const seeded = await seedCompanies(server);
  const db = server.database.db;
  await db.update(companies).set({ timezone: 'Asia/Shanghai' }).where(eq(companies.id, seeded.companyId));
  const alice = await userWithSession(server, seeded.companyId, 'alice', 'ADMIN');
  const catalogue = await grantCatalogue(server, seeded.companyId);
  await db
    .update(sipLines)
    .set({ trunk: 'simulated', passwordSealed: secrets.seal('pw'), concurrency: 20 })
    .where(eq(sipLines.id, catalogue.lineId));
  const projectId = await createProject(server, alice);
  const taskId = await createTask(server, alice, projectId, catalogue, {
    callStart: '09:00',
    callEnd: '20:00',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    ...(localTime ? {} : { localTime: false }),
  });
  // Numbers whose windows open last come first in the file, so the claim has to skip them.
  const order = ['indonesia', 'unplaced', 'shanghai', 'losAngeles', 'chicago', 'newYork', 'london'] as const;
  const answer = await upload(server, alice, taskId, csvOf(order.flatMap((zone) => NUMBERS[zone].map((n) => `${n},Hi,,${zone}`))));
  expect(answer.envelope.code).toBe(200);
  expect((await call(server, '/api/tasks/action', { token: alice, body: { taskId, action: 'start' } })).body.code).toBe(200);
  return { alice, taskId, upload: answer.envelope.data as UploadResult };
}

/**
 * A clock the test sets to a moment, running on from there in real time (the lines' pacers refill with
 * it, as in production).
 */
class MovedClock {
  private offsetMs = 0;
  constructor(iso: string) {
    this.set(iso);
  }
  set(iso: string) {
    this.offsetMs = new Date(iso).getTime() - Date.now();
  }
  now = () => new Date(Date.now() + this.offsetMs);
}

/** A dialer on `clock`; calls run on the simulated trunk and every number answers. */
function dialerAt(clock: MovedClock) {
  const trunk = new SimulatedTrunk({
    recordingsDir,
    seed: 3,
    timeScale: 0.01,
    mix: { answered: 1, no_answer: 0, busy: 0, invalid_number: 0, rejected: 0, failed: 0, backpressure: 0 },
  });
  const dialer = new Dialer(
    { db: server.database.db, secrets, now: clock.now, trunks: { sip: trunk, simulated: trunk } },
    { recordingsDir, tickMs: 20, talkMs: 30, ringTimeoutMs: 30_000 },
  );
  stops.push(async () => {
    await dialer.stop();
    await trunk.close();
  });
  return dialer;
}

const dialled = async (taskId: string) =>
  (
    await server.database.db
      .select({ phone: calls.phone, placedAt: calls.placedAt })
      .from(calls)
      .where(eq(calls.taskId, taskId))
      .orderBy(asc(calls.placedAt))
  ).map((row) => row.phone);

/** Rounds until no call is live and a few more rounds claim nothing new: all that this moment allows is dialled. */
async function dialAllowed(dialer: Dialer, taskId: string) {
  let quiet = 0;
  let before = -1;
  const until = Date.now() + 60_000;
  while (quiet < 5) {
    if (Date.now() > until) throw new Error('timed out waiting for the dialer');
    await dialer.tick();
    const live = await server.database.db.select({ id: calls.id }).from(calls).where(isNull(calls.endedAt));
    const count = (await dialled(taskId)).length;
    quiet = live.length === 0 && count === before ? quiet + 1 : 0;
    before = count;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return new Set(await dialled(taskId));
}

describe("a task calling in its callees' local time", () => {
  // Four moments of the clock, each dialled until the dialer rests, with real calls on the simulated trunk: on
  // the shared machine this has taken from 15 to 70 seconds, above the default 30.
  it('dials each number of a mixed batch only inside its own window', { timeout: 150_000 }, async () => {
    const { alice, taskId, upload: result } = await localTimeCampaign();
    expect(result).toMatchObject({ accepted: 10, ambiguousZones: 1, unplacedZones: 1 });
    const pending = await call<{ list: Subtask[] }>(server, '/api/subtasks/pending', {
      token: alice,
      body: { taskId, page: 1, pageSize: 20 },
    });
    expect(pending.body.data.list.map((s) => s.timeZones)).toEqual([
      ['Asia/Jakarta', 'Asia/Jayapura', 'Asia/Makassar'],
      [],
      ['Asia/Shanghai'],
      ['Asia/Shanghai'],
      ['America/Los_Angeles'],
      ['America/Chicago'],
      ['America/Chicago'],
      ['America/New_York'],
      ['America/New_York'],
      ['Europe/London'],
    ]);

    const clock = new MovedClock('2026-11-23T14:30:00Z');
    const dialer = dialerAt(clock);
    // Monday 14:30Z: New York 09:30 and London 14:30 are open; Chicago 08:30, Los Angeles 06:30, Shanghai 22:30 are not.
    expect(await dialAllowed(dialer, taskId)).toEqual(new Set([...NUMBERS.newYork, ...NUMBERS.london]));

    // 17:00Z: Chicago 11:00, Los Angeles 09:00 (its first minute); Shanghai is at 01:00.
    clock.set('2026-11-23T17:00:00Z');
    expect(await dialAllowed(dialer, taskId)).toEqual(
      new Set([...NUMBERS.newYork, ...NUMBERS.london, ...NUMBERS.chicago, ...NUMBERS.losAngeles]),
    );

    // Tuesday 01:30Z: Shanghai 09:30, and the unplaced number with it (the company's zone); Jakarta is at 08:30,
    // so the Indonesian number, which may be there, waits though Makassar and Jayapura are open.
    clock.set('2026-11-24T01:30:00Z');
    const morning = await dialAllowed(dialer, taskId);
    expect(morning).toEqual(
      new Set([...NUMBERS.newYork, ...NUMBERS.london, ...NUMBERS.chicago, ...NUMBERS.losAngeles, ...NUMBERS.shanghai, ...NUMBERS.unplaced]),
    );

    // The drawer says one number waits for its own window, opening at 09:00 in Jakarta.
    server.clock.advance(new Date('2026-11-24T01:30:00Z').getTime() - Date.now());
    const drawer = await call<TaskListItem>(server, '/api/tasks/get', { token: alice, body: { id: taskId } });
    expect(drawer.body.data.localWait).toEqual({ waiting: 1, nextAt: '2026-11-24T02:00:00.000Z' });
    expect(drawer.body.data.dialState).toMatchObject({
      code: 'outsideWindow',
      closure: 'localHours',
      nextAt: '2026-11-24T02:00:00.000Z',
      localTime: true,
    });

    clock.set('2026-11-24T02:00:00Z');
    const all = await dialAllowed(dialer, taskId);
    expect(all.size).toBe(10);
    const [task] = await server.database.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, taskId));
    expect(task!.status).toBe('completed');

    // Every call was placed while the window was open in each zone its number may be in.
    const records = await server.database.db
      .select({ timeZone: calls.timeZone, placedAt: calls.placedAt })
      .from(calls)
      .where(eq(calls.taskId, taskId));
    const window = { start: '09:00', end: '20:00', weekdays: [1, 2, 3, 4, 5, 6, 7] };
    for (const record of records) {
      const zones = zonesOfKey(record.timeZone);
      expect(isOpenInZones(window, zones.length > 0 ? zones : ['Asia/Shanghai'], record.placedAt)).toBe(true);
    }

    // The call record carries the zone it was dialled in.
    const [record] = await server.database.db.select({ id: calls.id }).from(calls).where(eq(calls.phone, NUMBERS.chicago[0]!));
    const detail = await call<CallRecordDetail>(server, '/api/call-records/get', { token: alice, body: { id: record!.id } });
    expect(detail.body.data.timeZones).toEqual(['America/Chicago']);
  });

  it("with local time off reads the window in the company's zone for every number", async () => {
    const { taskId } = await localTimeCampaign(false);
    const clock = new MovedClock('2026-11-23T14:30:00Z'); // 22:30 in Shanghai
    const dialer = dialerAt(clock);
    expect(await dialAllowed(dialer, taskId)).toEqual(new Set());
    clock.set('2026-11-24T01:30:00Z'); // 09:30 in Shanghai: everyone, at 20:30 in New York too
    expect((await dialAllowed(dialer, taskId)).size).toBe(10);
  });

  it("calls nobody on the company's quiet days and says when it calls again", async () => {
    const { alice, taskId } = await localTimeCampaign(false);
    await server.database.db
      .update(companies)
      .set({ quietDays: ['2026-11-24'] })
      .where(eq(companies.name, 'Acme'));
    const clock = new MovedClock('2026-11-24T01:30:00Z'); // Tuesday 09:30 in Shanghai, a quiet day
    expect(await dialAllowed(dialerAt(clock), taskId)).toEqual(new Set());
    server.clock.advance(new Date('2026-11-24T01:30:00Z').getTime() - Date.now());
    const drawer = await call<TaskListItem>(server, '/api/tasks/get', { token: alice, body: { id: taskId } });
    expect(drawer.body.data.dialState).toEqual({
      code: 'outsideWindow',
      closure: 'quietDay',
      nextAt: '2026-11-25T01:00:00.000Z',
      timeZone: 'Asia/Shanghai',
    });
  });

  it("answers another company's task as not found, and its numbers' zones stay its own", async () => {
    const { taskId } = await localTimeCampaign();
    const seeded = await server.database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Globex'));
    const gina = await userWithSession(server, seeded[0]!.id, 'gina', 'ADMIN');
    expect((await call(server, '/api/tasks/get', { token: gina, body: { id: taskId } })).body.code).toBe(404);
    expect((await call(server, '/api/subtasks/pending', { token: gina, body: { taskId, page: 1, pageSize: 20 } })).body.code).toBe(404);
  });
});
