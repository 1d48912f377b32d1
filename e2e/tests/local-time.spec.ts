import { expect, test, type Page } from '@playwright/test';
import { api, signedIn, startNewTask } from './support.ts';

/**
 * Calling in the callee's local time, in the console: on by default in the task form, each number's zone
 * in the upload result and the pending list, the live drawer's count of numbers waiting for their own
 * window, and the company's quiet days in the operation area's company form.
 */
async function shoot(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png` });
}

// Members round the world: at any hour some of them are outside 09:00–18:00 on their own clock.
const CSV = [
  'phoneNumber,prologueInfo,businessInfo,remark',
  '+12125550101,Hi,,New York',
  '+442079460101,Hi,,London',
  '13911220001,Hi,,Shanghai',
  '+61293740101,Hi,,Sydney',
  '+18085550101,Hi,,Honolulu',
  '+62301234567,Hi,,Indonesia',
  '+99912345678,Hi,,unknown',
].join('\n');

test("a new task calls in the callee's local time: zones at upload, in the pending list and the live drawer, both languages and themes", async ({
  page,
}) => {
  await signedIn(page, 'admin');
  const project = await api<{ id: string }>(page, '/api/projects/create', {
    name: `Local${String(Date.now()).slice(-6)}`,
    encryptionType: 'PLAIN_TEXT',
  });
  await page.goto(`/project/taskList/${project.id}`);
  const name = 'Abroad';
  await startNewTask(page, name);
  const localTime = page.getByTestId('task-local-time');
  await expect(localTime).toHaveAttribute('aria-checked', 'true');
  await localTime.scrollIntoViewIfNeeded();
  await shoot(page, 'local-time-form-en');
  // Saved once with its defaults: the task calls in local time.
  await page.getByTestId('task-save').click();
  await expect(page.getByTestId('task-list')).toBeVisible();
  const listed = await page.request.post('/api/tasks/list', { data: { projectId: project.id, name } });
  const task = (await listed.json()).data.list[0] as { id: string; localTime: boolean };
  expect(task.localTime).toBe(true);

  await page.getByTestId(`task-upload-${name}`).click();
  await page
    .locator('[data-testid=upload-modal] input[type=file]')
    .setInputFiles({ name: 'abroad.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await page.getByTestId('upload-start').click();
  await expect(page.getByTestId('upload-result')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('upload-accepted')).toHaveText('7');
  await expect(page.getByTestId('upload-ambiguous-zones')).toHaveText('1');
  await expect(page.getByTestId('upload-unplaced-zones')).toHaveText('1');
  await shoot(page, 'local-time-upload-en');
  await page.getByTestId('upload-close').click();

  await page.getByTestId(`task-more-${name}`).click();
  await page.getByTestId(`task-pending-${name}`).click();
  const zones = page.getByTestId('number-zones');
  await expect(zones).toHaveCount(7);
  await expect(zones.nth(0)).toHaveText('America/New_York');
  await expect(zones.nth(2)).toHaveText('Asia/Shanghai');
  await expect(zones.nth(5)).toHaveText('Asia/Jakarta +2');
  await expect(zones.nth(6)).toHaveText("Company's zone");
  await shoot(page, 'local-time-pending-en');
  await page.keyboard.press('Escape');

  // Started: the drawer counts the numbers outside their own window and says when the next one opens.
  await page.getByTestId(`task-start-${name}`).click();
  await page.getByTestId(`task-realtime-${name}`).click();
  const drawer = page.getByTestId('realtime-drawer');
  await expect(drawer.getByTestId('realtime-local-wait')).toContainText(/numbers? (is|are) waiting for (its|their) local calling window/);
  await shoot(page, 'local-time-drawer-en');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Chinese, dark.
  await page.getByTestId('nav-locale').click();
  await page.getByTestId('locale-zh-CN').click();
  await page.getByTestId('nav-theme').click();
  await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
  await page.getByTestId(`task-realtime-${name}`).click();
  await expect(drawer.getByTestId('realtime-local-wait')).toContainText('正在等待当地呼叫时段');
  await shoot(page, 'local-time-drawer-zh-dark');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Escape');
  await page.getByTestId(`task-more-${name}`).click();
  await page.getByTestId(`task-pending-${name}`).click();
  await expect(page.getByTestId('number-zones').nth(6)).toHaveText('公司时区');
  await shoot(page, 'local-time-pending-zh-dark');
  await page.keyboard.press('Escape');
  await page.getByTestId('task-new').click();
  await expect(page.getByTestId('task-local-time')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('task-local-time').scrollIntoViewIfNeeded();
  await shoot(page, 'local-time-form-zh-dark');

  await page.getByTestId('nav-theme').click();
  await page.getByTestId('nav-locale').click();
  await page.getByTestId('locale-en-US').click();
  await api(page, '/api/tasks/action', { taskId: task.id, action: 'abort' });
});

test("a company's quiet days are set in its form, a wrong date named, in both languages and themes", async ({ page }) => {
  await signedIn(page, 'dev');
  const suffix = `q${String(Date.now()).slice(-6)}`;
  const name = `Quiet${suffix}`;
  await api(page, '/api/operation/companies/create', { name, suffix, adminEmail: `it@${suffix}.test`, timezone: 'Asia/Shanghai' });
  await page.goto('/operation/companyList');
  await page.getByTestId(`company-edit-${name}`).click();
  const days = page.getByTestId('company-form-quietDays');
  const input = days.locator('input');
  await input.fill('2026-10-01');
  await input.press('Enter');
  await input.fill('2026-02-30');
  await input.press('Enter');
  await page.getByTestId('company-form-submit').click();
  await expect(page.getByTestId('company-form').locator('.arco-form-message')).toContainText('YYYY-MM-DD');
  await shoot(page, 'quiet-days-error-en');
  // Remove the wrong date (the last tag) and save.
  await days.locator('.arco-input-tag-tag').last().locator('.arco-icon-hover').click();
  await page.getByTestId('company-form-submit').click();
  await expect(page.getByTestId('company-form')).toBeHidden();
  const saved = await api<{ list: { name: string; quietDays: string[] }[] }>(page, '/api/operation/companies/list', { keyword: name });
  expect(saved.list[0]!.quietDays).toEqual(['2026-10-01']);

  await page.getByTestId('nav-locale').click();
  await page.getByTestId('locale-zh-CN').click();
  await page.getByTestId('nav-theme').click();
  await page.getByTestId(`company-edit-${name}`).click();
  await expect(page.getByTestId('company-form-quietDays')).toContainText('2026-10-01');
  await expect(page.getByTestId('company-form')).toContainText('免打扰日');
  await shoot(page, 'quiet-days-form-zh-dark');
  await page.keyboard.press('Escape');
  await page.getByTestId('nav-theme').click();
  await page.getByTestId('nav-locale').click();
  await page.getByTestId('locale-en-US').click();
});
