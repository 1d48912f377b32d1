import type { AmdResult, Task } from '@dialwise/contracts';
import { expect, test, type Page } from '@playwright/test';
import { api, choose, companyDaysAgo, demoTask, signedIn, startNewTask, watchBoardSummaries } from './support.ts';

/**
 * Answering-machine detection in the console: the task form's group (what to do when a machine answers,
 * the message, the thresholds) saved and read back; the boards' machine rate beside the connect rate; the
 * call records filtered by voicemail and invalid number, and the drawer's verdict. The demo's completed
 * task "Lapsed members" detected machines, so its history has voicemail and dead numbers with verdicts.
 */
const run = Date.now().toString(36).slice(-5);

/** The form on screen (the tab bar keeps an earlier form page alive, hidden). */
const visible = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`);

async function savedAmd(page: Page, projectId: string, name: string): Promise<Task['advanced']['amd']> {
  const list = await api<{ list: { id: string; name: string }[] }>(page, '/api/tasks/list', { projectId, name });
  const task = await api<Task>(page, '/api/tasks/get', { id: list.list.find((t) => t.name === name)!.id });
  return task.advanced.amd;
}

async function openEdit(page: Page, task: string) {
  await page.getByTestId(`task-more-${task}`).click();
  await page.getByTestId(`task-edit-${task}`).click();
  await expect(visible(page, 'task-name')).toHaveValue(task);
}

async function saveTask(page: Page) {
  const saved = page.waitForResponse((response) => /\/api\/tasks\/(create|update)$/.test(response.url()));
  await visible(page, 'task-save').click();
  expect((await (await saved).json()).code).toBe(200);
  await expect(page.getByTestId('task-list')).toBeVisible();
}

/**
 * Unfolds the detector's thresholds. The fold is a toggle whose state a page kept alive in its tab may hold (or
 * lose, when the page mounts afresh): click only while the fields are hidden, until they show.
 */
async function unfoldThresholds(page: Page) {
  await expect(async () => {
    if ((await visible(page, 'task-amd-greetingMs').count()) === 0) {
      await page.locator('.arco-collapse-item-header:visible', { hasText: 'Detector thresholds' }).click();
    }
    await expect(visible(page, 'task-amd-greetingMs')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

const rate = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);
const seconds = (ms: number, locale: string) => (ms / 1000).toLocaleString(locale, { maximumFractionDigits: 2 });

test('the task form’s answering-machine group saves each action on machines, the message and a threshold, and reads them back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedIn(page, 'admin');
  const project = await api<{ id: string }>(page, '/api/projects/create', { name: `Amd-${run}`, encryptionType: 'PLAIN_TEXT' });
  const task = `Machines ${run}`;
  await page.goto(`/project/taskList/${project.id}`);
  await startNewTask(page, task);

  // Off by default; on, it starts at "hang up" with the documented thresholds, and says what happens to dead numbers.
  const enabled = page.getByTestId('task-amd-enabled');
  await expect(enabled).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('task-amd-action')).toHaveCount(0);
  await enabled.click();
  const action = page.getByTestId('task-amd-action');
  await expect(action.locator('.arco-radio-checked')).toHaveText('Hang up');
  await expect(page.getByTestId('task-amd-announcement')).toHaveText('Hang up and mark the number invalid');

  // Leave a message: the message is required.
  await action.getByText('Leave a message after the beep').click();
  await page.getByTestId('task-save').click();
  await expect(page.getByTestId('task-form')).toContainText('Write the message to leave on answering machines');
  const message = `Hello, this is Acme (${run}). Please call us back.`;
  await page.getByTestId('task-amd-message').fill(message);
  await saveTask(page);
  expect(await savedAmd(page, project.id, task)).toMatchObject({
    enabled: true,
    onMachine: 'leave_message',
    message,
    thresholds: { greetingMs: 2000, initialSilenceMs: 2500, totalAnalysisMs: 5000 },
  });

  // Read back; then "treat as human" with a longer greeting allowed to people.
  await openEdit(page, task);
  await expect(visible(page, 'task-amd-enabled')).toHaveAttribute('aria-checked', 'true');
  await expect(visible(page, 'task-amd-action').locator('.arco-radio-checked')).toHaveText('Leave a message after the beep');
  await expect(visible(page, 'task-amd-message')).toHaveValue(message);
  await visible(page, 'task-amd-action').getByText('Talk as to a person').click();
  await expect(visible(page, 'task-amd-message')).toHaveCount(0);
  await unfoldThresholds(page);
  await expect(visible(page, 'task-amd-greetingMs')).toHaveValue('2000');
  await visible(page, 'task-amd-greetingMs').fill('2600');
  await saveTask(page);
  expect(await savedAmd(page, project.id, task)).toMatchObject({ enabled: true, onMachine: 'continue', thresholds: { greetingMs: 2600 } });

  // Read back again; then hang up.
  await openEdit(page, task);
  await expect(visible(page, 'task-amd-action').locator('.arco-radio-checked')).toHaveText('Talk as to a person');
  await unfoldThresholds(page);
  await expect(visible(page, 'task-amd-greetingMs')).toHaveValue('2600');
  await visible(page, 'task-amd-action').getByText('Hang up').click();
  await saveTask(page);
  expect(await savedAmd(page, project.id, task)).toMatchObject({ enabled: true, onMachine: 'hangup', thresholds: { greetingMs: 2600 } });

  // In Chinese, the group reads in Chinese and shows what was saved.
  await page.getByTestId('nav-locale').click();
  await page.getByTestId('locale-zh-CN').click();
  await openEdit(page, task);
  const form = visible(page, 'task-form');
  for (const label of [
    '答录机与空号识别',
    '识别接听方',
    '答录机接听时',
    '提示音后留言',
    '按真人继续通话',
    '运营商提示空号时',
    '挂断并标记为空号',
    '识别阈值',
  ]) {
    await expect(form).toContainText(label);
  }
  await expect(visible(page, 'task-amd-action').locator('.arco-radio-checked')).toHaveText('挂断');
});

test('a late refetch of the task after a save does not reset the form being edited', async ({ page }) => {
  test.setTimeout(90_000);
  await signedIn(page, 'admin');
  const project = await api<{ id: string }>(page, '/api/projects/create', { name: `Late-${run}`, encryptionType: 'PLAIN_TEXT' });
  const task = `Late ${run}`;
  await page.goto(`/project/taskList/${project.id}`);
  await startNewTask(page, task);
  await page.getByTestId('task-amd-enabled').click();
  await saveTask(page);
  await openEdit(page, task);

  // The refetch the next save starts answers late, as on a busy machine: meanwhile the user opens the edit
  // again, unfolds the thresholds and types.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding = 0;
  await page.route('**/api/tasks/get', async (route) => {
    holding++;
    await held;
    await route.continue();
  });
  await saveTask(page);
  await expect.poll(() => holding).toBeGreaterThan(0);
  await openEdit(page, task);
  await unfoldThresholds(page);
  await visible(page, 'task-amd-greetingMs').fill('2700');
  const late = page.waitForResponse((response) => response.url().endsWith('/api/tasks/get'));
  release();
  await late;
  await page.unroute('**/api/tasks/get');
  // Same version: the form keeps what is on screen (it was reset, folded and refilled before).
  await expect(visible(page, 'task-amd-greetingMs')).toHaveValue('2700');
  await saveTask(page);
  expect(await savedAmd(page, project.id, task)).toMatchObject({ thresholds: { greetingMs: 2700 } });
});

test('the boards show the machine rate beside the connect rate, from the same calls as the API', async ({ page }) => {
  interface Summary {
    total: number;
    connectRate: number | null;
    machineRate: number | null;
    voicemail: number;
    fax: number;
    invalid: number;
  }
  // The tile shows the answer to the board's own request (the demo keeps calling: a fresh request can differ).
  const answers = watchBoardSummaries<Summary>(page);
  await signedIn(page, 'admin');
  await page.goto('/board/projectBoard');
  // The tile sits right after the connect rate.
  await expect(page.getByTestId('board-machine-rate')).toBeVisible({ timeout: 30_000 });
  const values = page.locator('.board-stat-value');
  await expect(values.nth(1)).toHaveAttribute('data-testid', 'board-connect-rate');
  await expect(values.nth(2)).toHaveAttribute('data-testid', 'board-machine-rate');
  // Whole days in the company's zone, as the board asks.
  const week = { from: companyDaysAgo(6), to: companyDaysAgo(0) };
  const tile = page.getByTestId('board-machine-rate').locator('..');

  const expectTile = async (body: Record<string, unknown>) => {
    let summary: Summary | undefined;
    await expect(async () => {
      summary = answers.shown(body);
      expect(summary, `the board asked for ${JSON.stringify(body)}`).toBeDefined();
      if (!summary) return;
      await expect(page.getByTestId('board-machine-rate')).toHaveText(rate(summary.machineRate), { timeout: 1000 });
      await expect(page.getByTestId('board-connect-rate')).toHaveText(rate(summary.connectRate), { timeout: 1000 });
      await expect(tile.locator('.board-stat-sub')).toHaveText(
        `Voicemail ${summary.voicemail.toLocaleString('en-US')} · Invalid numbers ${summary.invalid.toLocaleString('en-US')} · Fax ${summary.fax.toLocaleString('en-US')}`,
        { timeout: 1000 },
      );
    }).toPass({ timeout: 15_000 });
    return summary!;
  };
  // The demo's week: the answering-machine task reached voicemail and dead numbers.
  const company = await expectTile(week);
  expect(company.voicemail).toBeGreaterThan(0);
  expect(company.invalid).toBeGreaterThan(0);
  expect(company.machineRate).toBeGreaterThan(0);

  // That task alone: a larger share of machines, still voicemail / all its calls.
  const lapsed = await demoTask(page, 'Spring renewal', 'Lapsed members');
  await choose(page, 'board-project', 'Spring renewal');
  await choose(page, 'board-task', 'Lapsed members');
  const own = await expectTile({ ...week, ...lapsed });
  expect(own.machineRate!).toBeGreaterThan(company.machineRate!);
  expect(own.machineRate!).toBeCloseTo(own.voicemail / own.total, 6);

  // In Chinese.
  await page.getByTestId('nav-locale').click();
  await page.getByTestId('locale-zh-CN').click();
  await expect(tile).toContainText('答录机率');
  await expect(tile.locator('.board-stat-sub')).toContainText('语音信箱');
  await expect(tile.locator('.board-stat-sub')).toContainText('空号');
});

test('call records filter by voicemail and by invalid number, and the drawer shows the detector’s verdict in both languages', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signedIn(page, 'admin');
  await page.goto('/board/callRecordBoard');
  const table = page.getByTestId('call-records-table');
  const drawer = page.getByTestId('call-record-drawer');
  const digits = async () => ((await page.locator('.arco-pagination-total-text').textContent()) ?? '').replace(/\D/g, '');

  const filterStatus = async (label: string) => {
    await page.getByTestId('call-filter-status').click();
    await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: label }).click();
    await page.getByTestId('call-filter-submit').click();
  };
  // The demo dials on while the test runs, so its calls keep ending: search again until the list counts what the
  // server counts at that moment for the page's own query (its status and its default seven days), and go on
  // with the server's page of that moment.
  type Listed = { list: { id: string }[]; total: number };
  const listedAsServer = async (status: string): Promise<Listed> => {
    let server: Listed = { list: [], total: -1 };
    await expect
      .poll(async () => {
        const searched = page.waitForResponse((response) => response.url().endsWith('/api/call-records/list'));
        await page.getByTestId('call-filter-submit').click();
        const query = (await searched).request().postDataJSON() as { status?: string };
        expect(query.status).toBe(status);
        server = await api<Listed>(page, '/api/call-records/list', query);
        return (await digits()) === String(server.total);
      })
      .toBe(true);
    return server;
  };

  // Voicemail: only voicemail rows, as many as the server counts.
  await filterStatus('Voicemail');
  const voicemail = await listedAsServer('voicemail');
  expect(voicemail.total).toBeGreaterThan(0);
  await expect(table.getByTestId('call-state-voicemail').first()).toBeVisible();
  for (const other of ['connected', 'missed', 'invalid']) await expect(table.getByTestId(`call-state-${other}`)).toHaveCount(0);

  // Its newest call's verdict in the drawer: a machine, when it was decided, what decided it, the message.
  const machine = await api<{ amd: AmdResult }>(page, '/api/call-records/get', { id: voicemail.list[0]!.id });
  await page.getByTestId(`call-record-open-${voicemail.list[0]!.id}`).click();
  await expect(drawer.getByTestId('call-amd-outcome')).toHaveText('Answering machine');
  await expect(drawer.getByTestId('call-amd-decision')).toHaveText(
    `decided ${seconds(machine.amd.decisionMs, 'en-US')} s after the answer`,
  );
  const decidedBy = machine.amd.reason === 'max-words' ? 'words' : 'greetingMs';
  await expect(drawer.getByTestId(`call-amd-feature-${decidedBy}`)).toHaveAttribute('data-decisive', 'true');
  await expect(drawer.getByTestId('call-amd-feature-words')).toHaveText(String(machine.amd.features.words));
  await expect(drawer.getByTestId('call-amd-message')).toContainText(machine.amd.messageLeft ? 'message left' : 'no message left');
  // The machine's phrases the recogniser heard, when it listened.
  for (const phrase of machine.amd.features.phrases ?? [])
    await expect(drawer.getByTestId('call-amd-feature-phrases')).toContainText(phrase);
  await look(page, 'amd-verdict-en-light');
  await page.getByTestId('nav-theme').click();
  await look(page, 'amd-verdict-en-dark');
  await page.getByTestId('nav-theme').click();
  await page.keyboard.press('Escape');

  // Invalid numbers: announced by the carrier before any answer.
  await filterStatus('Invalid number');
  const invalid = await listedAsServer('invalid');
  expect(invalid.total).toBeGreaterThan(0);
  for (const other of ['connected', 'missed', 'voicemail']) await expect(table.getByTestId(`call-state-${other}`)).toHaveCount(0);
  const dead = await api<{ amd: AmdResult }>(page, '/api/call-records/get', { id: invalid.list[0]!.id });
  await page.getByTestId(`call-record-open-${invalid.list[0]!.id}`).click();
  await expect(drawer.getByTestId('call-amd-outcome')).toHaveText('Carrier announcement');
  await expect(drawer.getByTestId('call-amd-decision')).toHaveText(
    `decided ${seconds(-dead.amd.decisionMs, 'en-US')} s before the answer, in early media`,
  );
  await expect(
    drawer.getByTestId(dead.amd.reason === 'sit' ? 'call-amd-feature-sit' : 'call-amd-feature-earlyMediaVoiceMs'),
  ).toHaveAttribute('data-decisive', 'true');
  await page.keyboard.press('Escape');

  // The same in Chinese.
  await page.getByTestId('nav-locale').click();
  await page.getByTestId('locale-zh-CN').click();
  await filterStatus('语音信箱');
  // The demo may have ended more voicemail calls meanwhile: the newest is the one on top now.
  const newest = (await listedAsServer('voicemail')).list[0]!;
  const itsVerdict = await api<{ amd: AmdResult }>(page, '/api/call-records/get', { id: newest.id });
  await page.getByTestId(`call-record-open-${newest.id}`).click();
  await expect(drawer).toContainText('接听方识别');
  await expect(drawer.getByTestId('call-amd-outcome')).toHaveText('答录机');
  await expect(drawer.getByTestId('call-amd-decision')).toHaveText(`接通后 ${seconds(itsVerdict.amd.decisionMs, 'zh-CN')} 秒判定`);
  await expect(drawer).toContainText('高亮项：判定依据');
  await expect(drawer).toContainText('听到的答录机或运营商用语');
  await look(page, 'amd-verdict-zh-light');
  await page.getByTestId('nav-theme').click();
  await look(page, 'amd-verdict-zh-dark');
  await page.getByTestId('nav-theme').click();
});

/** A screenshot to look at, when SCREENSHOT_DIR names where (nothing is compared). */
async function look(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png` });
}
