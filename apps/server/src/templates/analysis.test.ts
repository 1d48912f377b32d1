import { describe, expect, it } from 'vitest';
import {
  ErrorCode,
  type ChartPoint,
  type ChatItem,
  type DataOverview,
  type Monitor,
  type PopularAuthor,
  type PopularItem,
  type QualityInspection,
  type QuotaResult,
  type SeriesChart,
  type WorkplaceOverview,
} from '@dialwise/contracts';
import { eq } from 'drizzle-orm';
import { addUser, call, login, seedCompanies, useTestServer } from '../../test/helper.ts';
import { insertCall, projectWithTask } from '../../test/call-fixtures.ts';
import { tasks } from '../db/schema.ts';

const server = useTestServer();
const DAY = 86_400_000;

/** Two companies with a task each; the first has 3 calls today (2 connected, one transferred) and 1 yesterday, the other 5 today. */
async function setUp() {
  const seeded = await seedCompanies(server);
  await addUser(server, seeded.companyId, 'boss', 'ADMIN');
  await addUser(server, seeded.companyId, 'seat', 'OPR');
  await addUser(server, seeded.otherCompanyId, 'rival', 'ADMIN');
  const boss = await login(server, 'boss', 'admin');
  const rival = await login(server, 'rival', 'admin');
  const mine = await projectWithTask(server, boss, seeded.companyId, 'Mine');
  const theirs = await projectWithTask(server, rival, seeded.otherCompanyId, 'Theirs');
  const at = { companyId: seeded.companyId, ...mine };
  const now = Date.now();
  // Minutes ago, but never before today's midnight (UTC, the test companies' zone), whenever the test runs.
  const midnight = new Date(now).setUTCHours(0, 0, 0, 0);
  const today = (minutes: number) => new Date(Math.max(now - minutes * 60_000, midnight + minutes * 1000));
  await insertCall(server, at, { placedAt: today(1), transferOutcome: 'success', summary: 'Wants a callback' });
  await insertCall(server, at, { placedAt: today(2), durationMs: 90_000 });
  await insertCall(server, at, {
    placedAt: today(3),
    status: 'missed',
    outcome: 'no_answer',
    durationMs: 0,
    answeredAt: null,
  });
  await insertCall(server, at, { placedAt: new Date(now - DAY) });
  for (let i = 0; i < 5; i += 1) await insertCall(server, { companyId: seeded.otherCompanyId, ...theirs }, { placedAt: today(i + 1) });
  await server.database.db.update(tasks).set({ status: 'in_progress', pendingCount: 7, totalCount: 11 }).where(eq(tasks.id, mine.taskId));
  return { ...seeded, boss, rival, seat: await login(server, 'seat', 'agent'), mine, theirs };
}

async function get<T>(token: string, url: string) {
  const response = await server.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
  });
  return response.json() as { code: number; data: T };
}
const post = async <T>(token: string, url: string, body: object) => (await call<T>(server, url, { token, body })).body;

describe('dashboards and analysis on the company’s own calls', () => {
  it('the workplace overview counts today’s calls, the connect rate, running tasks and pending numbers of the caller’s company only', async () => {
    const { boss } = await setUp();
    const overview = (await get<WorkplaceOverview>(boss, '/api/dashboard/overview')).data;
    expect(overview).toMatchObject({ todayCalls: 3, yesterdayCalls: 1, runningTasks: 1, pendingSubtasks: 7, yesterdayConnectRate: 1 });
    expect(overview.connectRate).toBeCloseTo(2 / 3);
    const trend = (await get<ChartPoint[]>(boss, '/api/content-data')).data;
    expect(trend).toHaveLength(7);
    expect(trend.at(-1)!.y).toBe(3);
    expect(trend.at(-2)!.y).toBe(1);
  });

  it('the busiest lists, the monitor and the feed show only the caller’s tasks, lines and calls', async () => {
    const { boss, mine } = await setUp();
    const tasksList = (await get<PopularItem[]>(boss, '/api/popular/list?type=text')).data;
    expect(tasksList).toEqual([expect.objectContaining({ key: mine.taskId, clickNumber: 4, title: 'Mine-t1' })]);
    expect((await get<PopularItem[]>(boss, '/api/popular/list?type=image')).data.map((p) => p.key)).toEqual([mine.lineId]);
    expect((await get(boss, '/api/popular/list?type=audio')).code).toBe(ErrorCode.VALIDATION);
    const monitor = (await get<Monitor>(boss, '/api/dashboard/monitor')).data;
    expect(monitor.tasks).toEqual([expect.objectContaining({ id: mine.taskId, liveCalls: 0, pending: 7, total: 11 })]);
    // The company's one agent, whose seat was never opened (seat states: src/seat/seat-reports.test.ts).
    expect(monitor.seats).toEqual([expect.objectContaining({ name: 'seat-alias', state: 'not-connected', since: null })]);
    const feed = (await get<ChatItem[]>(boss, '/api/chat/list')).data;
    expect(feed).toHaveLength(4);
    expect(feed[0]).toMatchObject({ username: 'Mine-t1', content: 'Wants a callback', status: 'connected', phone: '*******0001' });
  });

  it('the dashboards are ADMIN’s', async () => {
    const { seat } = await setUp();
    for (const url of [
      '/api/dashboard/overview',
      '/api/dashboard/monitor',
      '/api/chat/list',
      '/api/content-data',
      '/api/list/quality-inspection',
    ]) {
      expect((await get(seat, url)).code).toBe(ErrorCode.FORBIDDEN);
    }
  });

  it('quota cards count calls, connected, transfers and talk minutes over the week, with the daily points', async () => {
    const { boss } = await setUp();
    const quota = async (name: string) => (await post<QuotaResult>(boss, '/api/public-opinion-analysis', { quota: name })).data;
    expect((await quota('visitors')).count).toBe(4);
    expect((await quota('comment')).count).toBe(3);
    expect((await quota('published')).count).toBe(1);
    expect((await quota('other')).count).toBe(3); // 30 s + 90 s + 30 s = 2.5 min, rounded
    expect((await quota('visitors')).chartData).toHaveLength(7);
    expect((await post(boss, '/api/public-opinion-analysis', { quota: 'likes' })).code).toBe(ErrorCode.VALIDATION);
    const rate = (await post<QuotaResult>(boss, '/api/data-chain-growth', { quota: 'connectRate' })).data;
    expect(rate.count).toBe(75);
    expect(rate.chartData).toHaveLength(8);
    expect((await post<QuotaResult>(boss, '/api/data-chain-growth', { quota: 'talkSeconds' })).data.count).toBe(50);
  });

  it('period, per-line, authors, overview and quality cards read the same calls', async () => {
    const { boss, rival } = await setUp();
    const period = (await get<SeriesChart>(boss, '/api/content-period-analysis')).data;
    expect(period.xAxis).toHaveLength(24);
    expect(period.data[0]!.value.reduce((a, b) => a + b, 0)).toBe(4);
    const publish = (await get<SeriesChart>(boss, '/api/content-publish')).data;
    expect(publish.data).toHaveLength(1);
    expect(publish.data[0]!.value.reduce((a, b) => a + b, 0)).toBe(4);
    const authors = (await get<{ list: PopularAuthor[] }>(boss, '/api/popular-author/list')).data.list;
    expect(authors).toEqual([{ ranking: 1, author: 'boss-alias', contentCount: 1, clickCount: 4 }]);
    const overview = (await get<DataOverview>(boss, '/api/data-overview')).data;
    expect(overview.overview.map((o) => o.count)).toEqual([4, 3, 1, 1]);
    expect(overview.xAxis).toHaveLength(8);
    const quality = (await get<QualityInspection[]>(boss, '/api/list/quality-inspection')).data;
    expect(quality).toHaveLength(1);
    expect(quality[0]!.data.map((d) => d.value)).toEqual(['4', '75%', '0%', '0:50']);
    expect((await get<DataOverview>(rival, '/api/data-overview')).data.overview[0]!.count).toBe(5);
  });
});
