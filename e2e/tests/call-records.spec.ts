import type { TaskOptions } from '@dialwise/contracts';
import { expect, test, type Page } from '@playwright/test';
import { api, choose, signedIn, signIn, simulatedTaskInput } from './support.ts';

async function shoot(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png` });
}

/**
 * The call records of a task the dialer really ran: the demo ADMIN creates a project and a task on the
 * simulated lines (through the API, the forms have their own tests), uploads a few numbers, starts it
 * from the task list and watches the pending count fall; then the call-record board lists its calls and
 * the drawer plays a recording, shows the conversation and reveals a number. The e2e server runs the
 * simulated callees ten times faster (SIMULATED_TIME_SCALE=0.1 in playwright.config.ts).
 */
const NUMBERS = 12;
const CONVERSING_NUMBERS = 24;

async function projectWithNumbers(page: Page, name: string, numbers = NUMBERS) {
  const project = await api<{ id: string }>(page, '/api/projects/create', { name, encryptionType: 'PLAIN_TEXT' });
  const input = simulatedTaskInput(await api<TaskOptions>(page, '/api/tasks/options'), project.id, 'Calls');
  expect(input.sipLineIds.length).toBeGreaterThan(0);
  const task = await api<{ id: string }>(page, '/api/tasks/create', input);
  const stamp = String(Date.now()).slice(-5);
  const rows = Array.from(
    { length: numbers },
    (_, i) => `137${stamp}${String(i).padStart(3, '0')},Hello customer ${i},plan=gold&name=${encodeURIComponent('李雷')},note ${i}`,
  );
  const upload = await page.request.post(`/api/subtasks/upload?taskId=${task.id}`, {
    headers: { 'content-type': 'text/csv', 'x-upload-filename': 'numbers.csv' },
    data: Buffer.from(`phoneNumber,prologueInfo,businessInfo,remark\n${rows.join('\n')}\n`),
  });
  expect(await upload.text()).toContain(`"accepted":${numbers}`);
  return { projectId: project.id, taskId: task.id };
}

test("a started task's calls show on the call-record board: recording, conversation, reveal; an assigned agent sees them too", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const name = `Rec${String(Date.now()).slice(-6)}`;
  await signedIn(page, 'admin');
  const { projectId } = await projectWithNumbers(page, name);

  // Start it from the task list and watch the pending count fall to zero.
  await page.goto(`/project/taskList/${projectId}`);
  await expect(page.getByTestId('task-counts-Calls')).toHaveText(`${NUMBERS} / ${NUMBERS}`);
  await page.getByTestId('task-start-Calls').click();
  await expect(page.getByTestId('task-counts-Calls')).toHaveText(`0 / ${NUMBERS}`, { timeout: 60_000 });

  // The board lists the calls, newest first, numbers masked.
  await page.goto(`/board/callRecordBoard/${projectId}`);
  const table = page.getByTestId('call-records-table');
  // The page's first rows can take a while on a loaded machine (the board's charts load with it).
  await expect(table.locator('.arco-table-tr.call-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('call-record-phone').first()).toHaveText(/^\*{7}\d{4}$/);
  await expect(page.locator('.arco-pagination-total-text')).toContainText(/\d+/);

  // The board above the list counts the same calls (read from the rollups), once the last call has ended.
  const digits = async (locator: ReturnType<typeof page.locator>) => ((await locator.textContent()) ?? '').replace(/\D/g, '');
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(table.locator('.arco-table-tr.call-row').first()).toBeVisible();
        const listed = await digits(page.locator('.arco-pagination-total-text'));
        const counted = await digits(page.getByTestId('board-total'));
        // One record per attempt: at least one per number (a busy line or a back-pressure retry adds more).
        return listed === counted && Number(listed) >= NUMBERS ? 'same' : `list ${listed}, board ${counted}`;
      },
      { timeout: 30_000 },
    )
    .toBe('same');
  const connectedOnBoard = ((await page.getByTestId('call-records-board').locator('.board-stat').first().textContent()) ?? '').match(
    /(\d+)\s*$/,
  )?.[1];

  // The filters are checked before asking: the longest duration may not be below the shortest.
  await page.getByTestId('call-filter-more').click();
  await page.getByTestId('call-filter-min-duration').fill('60');
  await page.getByTestId('call-filter-max-duration').fill('30');
  await page.getByTestId('call-filter-submit').click();
  await expect(page.getByTestId('call-records-filters')).toContainText('Longest duration must not be less than the shortest duration');
  await page.getByTestId('call-filter-reset').click();

  // Only connected calls (every call has ended: nothing is pending any more).
  await page.getByTestId('call-filter-status').click();
  await page.locator('.arco-select-popup .arco-select-option', { hasText: 'Connected' }).click();
  await page.getByTestId('call-filter-project').click();
  await page.locator('.arco-select-popup .arco-select-option', { hasText: name }).click();
  await page.getByTestId('call-filter-submit').click();
  await expect(table.getByTestId('call-state-connected').first()).toBeVisible({ timeout: 20_000 });
  await expect(table.getByTestId('call-state-missed')).toHaveCount(0);
  await expect.poll(() => digits(page.locator('.arco-pagination-total-text'))).toBe(connectedOnBoard);

  // The drawer: recording with a duration, the conversation, the customer, the reveal.
  await table.locator('.arco-table-tr.call-row').first().click();
  const drawer = page.getByTestId('call-record-drawer');
  await expect(drawer.getByTestId('call-record-facts')).toContainText(name);
  const audio = drawer.getByTestId('call-record-audio');
  await expect(audio).toBeVisible();
  await expect
    .poll(
      () =>
        audio.evaluate(
          (element: HTMLAudioElement) =>
            new Promise<number>((resolve) => {
              if (element.readyState >= 1) resolve(element.duration);
              else element.addEventListener('loadedmetadata', () => resolve(element.duration), { once: true });
            }),
        ),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  await expect(drawer.getByTestId('call-record-conversation')).toContainText('Hello customer');
  await expect(drawer.getByTestId('call-line-ai').first()).toBeVisible();
  await expect(drawer.getByTestId('call-record-customer')).toContainText('李雷');
  await expect(drawer.getByTestId('call-record-customer')).toContainText('gold');
  await expect(drawer.getByTestId('call-record-number')).toHaveText(/^\*{7}\d{4}$/);
  const masked = (await drawer.getByTestId('call-record-number').textContent())!;
  await drawer.getByTestId('call-record-reveal').click();
  await expect(drawer.getByTestId('call-record-number')).toHaveText(new RegExp(`^137\\d{4}${masked.slice(-4)}$`));
  // Escape closes the drawer even when the focus has left it (a list refreshing under it takes the focus).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The export link carries the filter and the language.
  const download = page.waitForEvent('download');
  await page.getByTestId('call-records-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^call-records-\d{8}-\d{6}\.csv$/);

  // Assign the demo agent to the project; the agent finds it under My projects with its calls.
  await page.goto('/project/projectListAdmin');
  await page.getByTestId('project-search').fill(name);
  await page.getByTestId('project-search-submit').click();
  await page.getByTestId(`project-edit-${name}`).click();
  await page.getByTestId('project-operators').click();
  await page.locator('.arco-select-popup .arco-select-option', { hasText: '(agent)' }).click();
  await page.locator('.arco-modal-title').click();
  await expect(page.locator('.arco-select-popup')).toBeHidden();
  await page.getByTestId('project-form-submit').click();
  await expect(page.getByTestId('project-table')).toContainText('Agent Lin');

  await signedIn(page, 'agent');
  await page.goto('/projectOp/index');
  await page.getByTestId(`my-project-records-${name}`).click();
  await expect(page).toHaveURL(new RegExp(`/projectOp/callRecordBoardOp/${projectId}$`));
  await expect(page.getByTestId('call-records-table').locator('.arco-table-tr.call-row').first()).toBeVisible();
  await expect(page.getByTestId('call-record-phone').first()).toHaveText(/^\*{7}\d{4}$/);
});

test("the board's filter errors and labels show in Chinese", async ({ page }) => {
  await signIn(page, 'admin');
  await page.evaluate(() => localStorage.setItem('arco-locale', 'zh-CN'));
  await page.goto('/board/callRecordBoard');
  await expect(page.getByTestId('call-records-page')).toContainText('通话记录');
  await page.getByTestId('call-filter-more').click();
  await page.getByTestId('call-filter-min-duration').fill('9');
  await page.getByTestId('call-filter-max-duration').fill('8');
  await page.getByTestId('call-filter-submit').click();
  await expect(page.getByTestId('call-records-filters')).toContainText('最长通话时长不能小于最短通话时长');
  await page.evaluate(() => localStorage.setItem('arco-locale', 'en-US'));
});

test('the demo converses: a started call gets at least two AI answers from the demo model, shown with the turn timings and the analysis summary', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const name = `Talk${String(Date.now()).slice(-6)}`;
  await signedIn(page, 'admin');
  // Which callees pick up and how they behave is drawn at random (simulated-callee.ts): about one number in
  // five is answered by a person who asks the price (the conversation this test looks for), and some of those
  // hang up before the second answer (more of them on a loaded machine, where each answer comes later). Twelve
  // numbers drew no such person in 5.4 % of 20,000 simulated draws, whatever the load; twenty-four in 0.3 %.
  const { projectId, taskId } = await projectWithNumbers(page, name, CONVERSING_NUMBERS);
  await api(page, '/api/tasks/action', { taskId, action: 'start' });
  // Every number called (the list no longer moves), then look for a call that conversed.
  await expect
    .poll(async () => (await api<{ list: { id: string; status: string }[] }>(page, '/api/tasks/list', { projectId })).list[0]?.status, {
      timeout: 180_000,
      intervals: [2000],
    })
    .toBe('completed');

  // A connected call whose conversation holds two answers or more (the simulated callee replies to each), that
  // opened with who is calling, where the customer asked a question and the AI answered it, with the wait the
  // customer heard (heardAfterMs) measured on its turns.
  type Listed = { list: { id: string; state: string }[] };
  type Detail = {
    id: string;
    conversation: { speaker: string; text: string; filler?: boolean }[];
    turns: { action: string; user: string; llmFirstTokenMs: number | null; heardAfterMs?: number | null }[];
    summary: string | null;
    analysisState: 'none' | 'pending' | 'done' | 'failed';
  };
  const conversed = (detail: Detail) => {
    const lines = detail.conversation.filter((line) => !line.filler);
    // Two answers the customer heard (AI lines after the opening), with the model's timings; the analysis
    // stream has run on it too: the demo model's summary is on the record.
    const heard = lines.filter((line) => line.speaker === 'ai').length - 1;
    const timed = detail.turns.find(
      (turn) => turn.action === 'answer' && turn.llmFirstTokenMs !== null && typeof turn.heardAfterMs === 'number',
    );
    // The opening is the first AI line (a hello the callee said as it started is kept before it).
    const opened = lines.find((line) => line.speaker === 'ai')?.text.includes('AcmeOutreach') ?? false;
    const asked = lines.findIndex((line, i) => line.speaker === 'customer' && line.text.endsWith('?') && lines[i + 1]?.speaker === 'ai');
    if (!(heard >= 2 && timed && opened && asked >= 0 && detail.summary)) return null;
    return { id: detail.id, question: lines[asked]!.text, answer: lines[asked + 1]!.text, heardAfterMs: timed.heardAfterMs! };
  };
  // Once the task has completed, the conversations are final; what may still come is each call's analysis (the
  // summary), asked of the demo model after the call and ended by its own 20 s timeout (analyze-call.ts): so wait
  // for every connected call's analysis to settle, then choose among them, rather than for a fixed time.
  let settled: Detail[] = [];
  await expect
    .poll(
      async () => {
        const connected = (await api<Listed>(page, '/api/call-records/list', { projectId, pageSize: 100 })).list.filter(
          (listed) => listed.state === 'connected',
        );
        settled = await Promise.all(connected.map((call) => api<Detail>(page, '/api/call-records/get', { id: call.id })));
        return settled.filter((detail) => detail.analysisState === 'pending').length;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(0);
  const chosen = settled.map(conversed).find((talked) => talked !== null);
  if (!chosen) {
    const seen = settled.map((detail) => `${detail.analysisState}: ${detail.conversation.map((line) => line.speaker).join(' ')}`);
    throw new Error(`no call conversed as expected among ${settled.length} connected:\n${seen.join('\n')}`);
  }

  // The board lists the project's calls newest first, ten a page: open the page the chosen one is on.
  let onPage = 1;
  while (
    !(await api<Listed>(page, '/api/call-records/list', { projectId, page: onPage, pageSize: 10 })).list.some((c) => c.id === chosen.id)
  ) {
    onPage++;
    expect(onPage, 'the chosen call is listed').toBeLessThanOrEqual(CONVERSING_NUMBERS);
  }
  await page.goto(`/board/callRecordBoard/${projectId}`);
  if (onPage > 1) await page.locator('.arco-pagination-item', { hasText: new RegExp(`^${onPage}$`) }).click();
  await page.getByTestId('call-records-table').locator(`[data-call-id="${chosen.id}"]`).click();
  const drawer = page.getByTestId('call-record-drawer');
  // The opening says who is calling; the customer's question and the AI's answer to it follow.
  await expect(drawer.getByTestId('call-line-ai').first()).toContainText('AcmeOutreach');
  await expect(drawer.getByTestId('call-line-customer').filter({ hasText: chosen.question }).first()).toBeVisible();
  await expect(drawer.getByTestId('call-line-ai').filter({ hasText: chosen.answer }).first()).toBeVisible();
  expect(await drawer.getByTestId('call-line-ai').count()).toBeGreaterThanOrEqual(3);
  await expect(drawer.getByTestId('call-turns')).toBeVisible();
  expect(await drawer.getByTestId('call-turn-answer').count()).toBeGreaterThanOrEqual(1);
  // The answer with the model's timings (the poll above chose a call that has one; an earlier answer may have
  // been cut short by the callee before the model's first token), and the wait the customer heard.
  await expect(drawer.getByTestId('call-turn-answer').filter({ hasText: 'First token' }).first()).toBeVisible();
  await expect(
    drawer
      .getByTestId('call-turn-heard')
      .filter({ hasText: `${chosen.heardAfterMs} ms` })
      .first(),
  ).toBeVisible();
  // The demo model's summary is built from what was said.
  await expect(drawer.getByTestId('call-record-summary')).toContainText(/^The AI (told|introduced)/);
});

test('the call-kind filter asks for real or test calls, and every row it lists is of that kind, in both languages', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/board/callRecordBoard');
  await page.getByTestId('call-filter-more').click();
  const listed = async (kind: string, label: string | RegExp) => {
    await choose(page, 'call-filter-kind', label);
    const answer = page.waitForResponse(
      (response) => response.url().endsWith('/api/call-records/list') && response.request().postDataJSON()?.kind === kind,
    );
    await page.getByTestId('call-filter-submit').click();
    const body = (await (await answer).json()) as { data: { list: { test: boolean }[] } };
    expect(body.data.list.every((row) => row.test === (kind === 'test'))).toBe(true);
    return body.data.list.length;
  };
  // The demo's history is all real calls.
  expect(await listed('real', 'Real calls')).toBeGreaterThan(0);
  await listed('test', 'Test calls (browser)');
  await shoot(page, 'call-kind-en-light');
  await page.getByTestId('nav-locale').click({ timeout: 5000 });
  await page.getByTestId('locale-zh-CN').click();
  await page.getByTestId('nav-theme').click({ timeout: 5000 });
  await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
  await expect(page.getByTestId('call-records-filters')).toContainText('通话类型');
  await listed('real', '真实通话');
  await shoot(page, 'call-kind-zh-dark');
  await page.getByTestId('nav-theme').click({ timeout: 5000 });
  await page.getByTestId('nav-locale').click({ timeout: 5000 });
  await page.getByTestId('locale-en-US').click();
});
