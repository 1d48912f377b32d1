import { expect, test, type Page } from '@playwright/test';
import { api, choose, companyDaysAgo as daysAgo, demoTask, signedIn, signIn, watchBoardSummaries } from './support.ts';

/** Names unique to this run: the e2e server is shared by every test of the run. */
const run = Date.now().toString(36).slice(-5);

interface Summary {
  total: number;
  connectRate: number | null;
  inboundRate: number | null;
  lossRate: number | null;
}

const rate = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);

/** The board's figures are the API's answer to the board's own request for this filter. */
async function expectBoardShows(page: Page, body: Record<string, unknown>, locale = 'en-US') {
  const answers = boards.get(page)!;
  await expect(async () => {
    const summary = answers.shown(body);
    expect(summary, `the board asked for ${JSON.stringify(body)}`).toBeDefined();
    await expect(page.getByTestId('board-total')).toHaveText(summary!.total.toLocaleString(locale), { timeout: 1000 });
    await expect(page.getByTestId('board-connect-rate')).toHaveText(rate(summary!.connectRate), { timeout: 1000 });
    await expect(page.getByTestId('board-inbound-rate')).toHaveText(rate(summary!.inboundRate), { timeout: 1000 });
    await expect(page.getByTestId('board-loss-rate')).toHaveText(rate(summary!.lossRate), { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

const boards = new Map<Page, ReturnType<typeof watchBoardSummaries<Summary>>>();
test.beforeEach(({ page }) => {
  boards.set(page, watchBoardSummaries<Summary>(page));
});

test("the project board shows the API's rates and draws its charts; project, task and range switch it", async ({ page }) => {
  await signedIn(page, 'admin');
  await page.goto('/board/projectBoard');
  await expect(page.getByTestId('project-board')).toContainText('Project board');
  const week = { from: daysAgo(6), to: daysAgo(0) };
  await expectBoardShows(page, week);
  // The demo's week of history: real numbers, and every chart drawn on a canvas.
  await expect(page.getByTestId('board-total')).not.toHaveText('0');
  for (const chart of ['board-volume-chart', 'board-outcome-chart', 'board-duration-chart']) {
    await expect(page.getByTestId(chart).locator('canvas')).toHaveCount(1);
  }
  await expect(page.getByTestId('board-operators-signedOut')).not.toHaveText('—');

  // The demo project, then its task: the URL carries the project.
  const projects = await api<{ list: { id: string; name: string }[] }>(page, '/api/projects/list', { page: 1, pageSize: 100 });
  const spring = projects.list.find((p) => p.name === 'Spring renewal')!;
  await choose(page, 'board-project', 'Spring renewal');
  await expect(page).toHaveURL(new RegExp(`/board/projectBoard/${spring.id}$`));
  await expectBoardShows(page, { ...week, projectId: spring.id });
  const tasks = await api<{ list: { id: string; name: string }[] }>(page, '/api/tasks/list', {
    projectId: spring.id,
    page: 1,
    pageSize: 100,
  });
  const renewal = tasks.list.find((task) => task.name === 'Renewal calls')!;
  await choose(page, 'board-task', 'Renewal calls');
  await expectBoardShows(page, { ...week, projectId: spring.id, taskId: renewal.id });

  // Another range: today, then 30 days.
  await page.getByTestId('board-preset-today').click();
  await expectBoardShows(page, { from: daysAgo(0), to: daysAgo(0), projectId: spring.id, taskId: renewal.id });
  await page.getByTestId('board-preset-30d').click();
  await expectBoardShows(page, { from: daysAgo(29), to: daysAgo(0), projectId: spring.id, taskId: renewal.id });

  // A project without calls: zero, and rates with nothing to divide by show —.
  const empty = await api<{ id: string }>(page, '/api/projects/create', { name: `Quiet${run}`, encryptionType: 'MD5' });
  await page.reload();
  await choose(page, 'board-project', `Quiet${run}`);
  await expect(page).toHaveURL(new RegExp(`/board/projectBoard/${empty.id}$`));
  await expect(page.getByTestId('board-total')).toHaveText('0');
  await expect(page.getByTestId('board-connect-rate')).toHaveText('—');
  await expect(page.getByTestId('board-inbound-rate')).toHaveText('—');
  await expect(page.getByTestId('board-loss-rate')).toHaveText('—');
  await expect(page.getByTestId('board-summary')).toContainText('No finished calls in this range');
});

test('the project board in Chinese', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByTestId('nav-locale').click();
  await page.getByTestId('locale-zh-CN').click();
  // The switch is remembered once the language's strings have come (a fetch): only then may the page be loaded anew.
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.goto('/board/projectBoard');
  await expect(page.getByTestId('project-board')).toContainText('项目看板');
  for (const label of [
    '外呼总数',
    '接通率',
    '转人工率',
    '流失率',
    '呼叫量',
    '呼叫结果',
    '接通通话时长分布',
    '坐席状态',
    '已签入',
    '等待中',
    '通话中',
    '未签入',
  ]) {
    await expect(page.getByTestId('project-board')).toContainText(label);
  }
  await expectBoardShows(page, { from: daysAgo(6), to: daysAgo(0) }, 'zh-CN');
  await expect(page.getByTestId('board-volume-chart').locator('canvas')).toHaveCount(1);
  await page.getByTestId('nav-locale').click();
  await page.getByTestId('locale-en-US').click();
});

test('the real-time dashboard opens from the task list, switches its interval and refreshes, in both languages', async ({ page }) => {
  await signedIn(page, 'admin');
  const renewal = await demoTask(page, 'Spring renewal', 'Renewal calls');
  await page.goto(`/project/taskList/${renewal.projectId}`);
  await page.getByTestId('task-realtime-Renewal calls').click();
  const drawer = page.getByTestId('realtime-drawer');
  await expect(drawer).toContainText('Real-time dashboard · Renewal calls');
  await expect(drawer).toContainText('1 day (today)');
  await expect(drawer.getByTestId('realtime-chart').locator('canvas')).toHaveCount(1);
  await expect(async () => {
    const today = await api<{ summary: Summary; liveCalls: number; points: unknown[] }>(page, '/api/boards/realtime', {
      taskId: renewal.taskId,
      window: '1d',
    });
    expect(today.points).toHaveLength(24);
    await expect(drawer.getByTestId('realtime-total')).toHaveText(today.summary.total.toLocaleString('en-US'), { timeout: 1000 });
    await expect(drawer.getByTestId('realtime-live')).toHaveText(String(today.liveCalls), { timeout: 1000 });
    await expect(drawer.getByTestId('realtime-connect-rate')).toHaveText(rate(today.summary.connectRate), { timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  for (const window of ['10m', '30m', '1h'] as const) {
    await drawer.getByTestId(`realtime-window-${window}`).click();
    await expect(async () => {
      const board = await api<{ summary: Summary }>(page, '/api/boards/realtime', { taskId: renewal.taskId, window });
      await expect(drawer.getByTestId('realtime-total')).toHaveText(board.summary.total.toLocaleString('en-US'), { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  }
  // It polls: the "updated" time moves on without a click.
  const updated = await drawer.getByTestId('realtime-updated').textContent();
  await expect(drawer.getByTestId('realtime-updated')).not.toHaveText(updated ?? '', { timeout: 12_000 });

  await page.keyboard.press('Escape');
  await page.getByTestId('nav-locale').click();
  await page.getByTestId('locale-zh-CN').click();
  await page.getByTestId('task-realtime-Renewal calls').click();
  await expect(drawer).toContainText('实时看板 · Renewal calls');
  for (const label of ['10 分钟', '30 分钟', '1 小时', '1 天（今天）', '当前并发', '接通率']) await expect(drawer).toContainText(label);
  await page.keyboard.press('Escape');
  await page.getByTestId('nav-locale').click();
  await page.getByTestId('locale-en-US').click();
});
