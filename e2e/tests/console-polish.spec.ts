import { expect, test, type Page } from '@playwright/test';
import { api, demoTask, recordToasts, signedIn } from './support.ts';

/**
 * What a user still tripped on in the console (issue 32), each where it shows: ids in the URL that are not the
 * caller's, refusals that belong to a field, words and numbers said one way, the seat's and the scenario
 * editor's small confusions, and the provider's empty project list. Both languages where words change.
 */

const MADE_UP = '00000000-0000-4000-8000-000000000000';

/** The visible element of a test id (tabs keep visited pages mounted, hidden). */
const byId = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

async function toChinese(page: Page) {
  await page.getByTestId('nav-locale').click();
  await page.getByTestId('locale-zh-CN').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
}

async function toEnglish(page: Page) {
  await page.getByTestId('nav-locale').click();
  await page.getByTestId('locale-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
}

/** Every API request the page makes from now on, by path. */
function watchRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) paths.push(url.pathname);
  });
  return paths;
}

test.describe('a page whose URL names a project or task that is not the caller’s', () => {
  test('the boards and the task form show the one not-found state: no toast, no raw id, nothing asked for it', async ({ page }) => {
    await signedIn(page, 'admin');
    const { projectId, taskId } = await demoTask(page, 'Spring renewal', 'Renewal calls');
    const toasts = await recordToasts(page);
    const requests = watchRequests(page);

    // Provider staff: AcmeOutreach's project is another company's.
    await signedIn(page, 'dev');
    for (const path of [`/board/projectBoard/${projectId}`, `/board/callRecordBoard/${projectId}/${taskId}`]) {
      await page.goto(path);
      const notFound = byId(page, 'project-not-found');
      await expect(notFound).toContainText('Project not found');
      await expect(notFound).toContainText('another company');
      await expect(page.locator(`text=${projectId}`)).toHaveCount(0);
    }
    // A made-up project as ADMIN, and a made-up task under the ADMIN's own project (the board, the task form).
    await signedIn(page, 'admin');
    await page.goto(`/board/projectBoard/${MADE_UP}`);
    await expect(byId(page, 'project-not-found')).toContainText('Project not found');
    await page.goto(`/board/callRecordBoard/${projectId}/${MADE_UP}`);
    await expect(byId(page, 'project-not-found')).toContainText('Task not found');
    await expect(byId(page, 'project-not-found')).toHaveAttribute('data-missing', 'task');
    await page.goto(`/project/editTask/${projectId}/${MADE_UP}`);
    await expect(byId(page, 'task-form').getByTestId('project-not-found')).toContainText('Task not found');
    await toChinese(page);
    await expect(byId(page, 'project-not-found')).toContainText('任务不存在');
    await page.goto(`/board/projectBoard/${MADE_UP}`);
    await expect(byId(page, 'project-not-found')).toContainText('项目不存在');
    await expect(byId(page, 'project-not-found-back')).toHaveText('返回项目列表');
    await page.waitForLoadState('networkidle');
    await toEnglish(page);

    expect(await toasts()).toEqual([]);
    // Only the checks themselves: no board, list or task list was asked for a project that is not there.
    const asked = requests.filter((path) => /\/api\/(boards|call-records\/list|tasks\/list)/.test(path));
    expect(asked).toEqual([]);

    // The way back leads to the caller's own projects.
    await byId(page, 'project-not-found-back').click();
    await expect(page).toHaveURL(/\/project\/projectListAdmin$/);
  });

  test("an agent's call records of a project not assigned to them: the same state, back to their projects", async ({ page }) => {
    await signedIn(page, 'agent');
    const toasts = await recordToasts(page);
    await page.goto(`/projectOp/callRecordBoardOp/${MADE_UP}`);
    await expect(byId(page, 'project-not-found')).toContainText('you are not assigned to it');
    await byId(page, 'project-not-found-back').click();
    await expect(page).toHaveURL(/\/projectOp\/index$/);
    expect(await toasts()).toEqual([]);
  });
});

test.describe('refusals land on their field', () => {
  test('do-not-call "Add numbers" names the entries that are not numbers, on the field, in both languages', async ({ page }) => {
    await signedIn(page, 'admin');
    const requests = watchRequests(page);
    await page.goto('/system/dnc');
    await byId(page, 'dnc-add').click();
    await byId(page, 'dnc-phones').fill('abc, 12');
    await byId(page, 'dnc-save').click();
    const field = page.locator('.arco-form-item').filter({ has: page.getByTestId('dnc-phones') });
    await expect(field).toHaveClass(/arco-form-item-status-error/);
    await expect(field).toContainText('Not phone numbers: abc, 12');
    await expect(page.locator('.arco-message')).not.toContainText('phones.');
    expect(requests).not.toContain('/api/dnc/add');
    await page.locator('.arco-modal').getByRole('button', { name: 'Cancel' }).click();

    await toChinese(page);
    await byId(page, 'dnc-add').click();
    await byId(page, 'dnc-phones').fill('13800000001\nxyz');
    await byId(page, 'dnc-save').click();
    await expect(page.locator('.arco-form-item').filter({ has: page.getByTestId('dnc-phones') })).toContainText('以下不是电话号码：xyz');
    await page.locator('.arco-modal').getByRole('button', { name: '取消' }).click();
    await toEnglish(page);
  });

  test('the LLM form marks the URL the server will not call, and stays open with it', async ({ page }) => {
    await signedIn(page, 'dev');
    await page.goto('/operation/llm');
    await byId(page, 'llm-new').click();
    const run = Date.now().toString(36);
    const vendor = byId(page, 'llm-vendor');
    await ((await vendor.evaluate((el) => el.tagName === 'INPUT')) ? vendor : vendor.locator('input')).fill('PolishVendor');
    await byId(page, 'llm-modelName').fill(`Polish ${run}`);
    await byId(page, 'llm-calledName').fill(`polish-${run}`);
    await byId(page, 'llm-url').fill('http://10.0.0.5:8000/v1');
    await byId(page, 'llm-form-save').click();
    const url = page.locator('.arco-form-item').filter({ has: page.getByTestId('llm-url') });
    await expect(url).toHaveClass(/arco-form-item-status-error/);
    await expect(url).toContainText('points at an internal address');
    await expect(byId(page, 'llm-form')).toBeVisible();
    // Long after the toast has faded the field still says why.
    await expect(page.locator('.arco-message')).toHaveCount(0, { timeout: 10_000 });
    await expect(url).toContainText('points at an internal address');
  });
});

test.describe('words, times and numbers said one way', () => {
  test("the user centre's latest messages keep the title and the time apart", async ({ page }) => {
    await signedIn(page, 'admin');
    await page.goto('/system/user-center');
    const rows = byId(page, 'uc-message');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    for (const row of await rows.all()) {
      const [title, when] = [row.locator('.wp-announce-title'), row.locator('.wp-announce-time')];
      const [a, b] = [(await title.boundingBox())!, (await when.boundingBox())!];
      expect(a.x + a.width, 'the title ends before the time starts').toBeLessThan(b.x);
      await expect(when).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    }
  });

  test('a call says which instant it shows, in one format; totals are grouped and worded one way', async ({ page }) => {
    await signedIn(page, 'admin');
    await page.goto('/dashboard/monitor');
    const feedTime = byId(page, 'monitor-feed-time').first();
    await expect(feedTime).toHaveText(/^Ended \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, { timeout: 30_000 });

    await page.goto('/board/callRecordBoard');
    const table = byId(page, 'call-records-table');
    await expect(table.locator('th').first()).toHaveText('Placed at');
    await expect(table.locator('tbody tr').first().locator('td').first()).toContainText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/, {
      timeout: 30_000,
    });
    const total = page.locator('.arco-pagination-total-text:visible');
    await expect(total).toHaveText(/^Total: \d{1,3}(,\d{3})*$/);
    // The list's total and the board's tile over the same calls write the number alike.
    const digits = ((await total.textContent()) ?? '').replace('Total: ', '');
    if (Number(digits.replace(/,/g, '')) >= 1000) expect(digits).toContain(',');

    // The quality cards' call count is grouped like the workplace's tiles ("1,390", not "1390").
    await page.goto('/list/card');
    const cardCalls = byId(page, 'quality-cards').locator('.arco-descriptions-item-value').first();
    await expect(cardCalls).toHaveText(/^\d{1,3}(,\d{3})*$/, { timeout: 30_000 });

    await page.goto('/system/account-manage');
    await expect(page.locator('.arco-pagination-total-text:visible')).toHaveText(/^Total: \d+$/, { timeout: 30_000 });
    await toChinese(page);
    await expect(page.locator('.arco-pagination-total-text:visible')).toHaveText(/^共 \d+ 条$/);
    await page.goto('/dashboard/monitor');
    await expect(byId(page, 'monitor-feed-time').first()).toHaveText(/^结束于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, { timeout: 30_000 });
    await toEnglish(page);
  });

  test('the monitor and the boards name a seat out of work alike: "Not signed in"', async ({ page }) => {
    await signedIn(page, 'admin');
    await page.goto('/dashboard/monitor');
    const agent = byId(page, 'monitor-seats').locator('[data-state="not-connected"], [data-state="signed-out"]').first();
    await expect(agent.getByTestId('monitor-seat-state')).toHaveText('Not signed in', { timeout: 30_000 });
    await page.goto('/board/projectBoard');
    await expect(byId(page, 'board-operators')).toContainText('Not signed in', { timeout: 30_000 });
    await toChinese(page);
    await expect(byId(page, 'board-operators')).toContainText('未签入');
    await page.goto('/dashboard/monitor');
    await expect(byId(page, 'monitor-seats').getByTestId('monitor-seat-state').filter({ hasText: '未签入' }).first()).toBeVisible();
    await toEnglish(page);
  });

  test('"No transfer" stays on one line in a number\'s earlier calls, at 1440 px, in both languages', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedIn(page, 'admin');
    // The demo task's numbers were called all week (its seeded history): other specs' tasks call fresh ones.
    const { projectId, taskId } = await demoTask(page, 'Spring renewal', 'Renewal calls');
    await page.goto(`/board/callRecordBoard/${projectId}/${taskId}`);
    const rows = byId(page, 'call-records-table').locator('tr[data-call-id]');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    // A call on the page whose number was called before: its drawer lists the earlier calls.
    let withHistory: string | undefined;
    for (const id of await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-call-id')!))) {
      const customer = await api<{ history: unknown[] }>(page, '/api/call-records/customer', { id });
      if (customer.history.length > 0) {
        withHistory = id;
        break;
      }
    }
    expect(withHistory, 'a call with earlier calls on the first page').toBeDefined();
    for (const locale of ['en-US', 'zh-CN'] as const) {
      if (locale === 'zh-CN') await toChinese(page);
      await byId(page, 'call-records-table').locator(`[data-call-id="${withHistory}"]`).click();
      const history = byId(page, 'call-record-history');
      await expect(history).toBeVisible({ timeout: 30_000 });
      const cells = history.getByTestId('transfer-outcome');
      expect(await cells.count()).toBeGreaterThan(0);
      for (const cell of await cells.all()) {
        // The lines its words take: the distinct tops of its text's boxes.
        const lines = await cell.evaluate((el) => {
          const tops = new Set<number>();
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
          }
          return tops.size;
        });
        expect(lines, (await cell.textContent()) ?? '').toBe(1);
      }
      await page.keyboard.press('Escape');
      await expect(history).toBeHidden();
    }
    await toEnglish(page);
  });
});

test('the scenario editor lights the section in view: Routers while the routers are read', async ({ page }) => {
  await signedIn(page, 'dev');
  const scenarios = await api<{ list: { id: string }[] }>(page, '/api/operation/scenarios/list', { page: 1, pageSize: 10 });
  await page.goto(`/operation/scenario/edit?id=${scenarios.list[0]!.id}`);
  await expect(byId(page, 'scn-nav-basics')).toHaveClass(/active/, { timeout: 30_000 });
  // The routers' card just below the navbar, filling the window: Routers is lit, not the first section.
  await byId(page, 'scn-section-routers').evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 100));
  await expect(byId(page, 'scn-nav-routers')).toHaveClass(/active/);
  await expect(byId(page, 'scn-nav-basics')).not.toHaveClass(/active/);
  // Scrolled to the very end, the last section is lit, though it can never reach the top.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(byId(page, 'scn-nav-callbacks')).toHaveClass(/active/);
  // Chosen in the nav, a section stays lit while the page scrolls to it.
  await byId(page, 'scn-nav-opening').click();
  await expect(byId(page, 'scn-nav-opening')).toHaveClass(/active/);
  await expect.poll(() => byId(page, 'scn-section-opening').evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(200);
  await expect(byId(page, 'scn-nav-opening')).toHaveClass(/active/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(byId(page, 'scn-nav-basics')).toHaveClass(/active/);
});

test("provider staff's empty project list says where customers' work is, in both languages", async ({ page }) => {
  await signedIn(page, 'dev');
  await page.goto('/project/projectListAdmin');
  const empty = byId(page, 'project-empty-provider');
  await expect(empty).toContainText('Your company has no projects of its own', { timeout: 30_000 });
  await expect(empty).toContainText("Customers' projects, tasks and calls are seen by the customers' own accounts");
  await toChinese(page);
  await expect(empty).toContainText('贵公司自身没有项目');
  await toEnglish(page);
  await byId(page, 'project-empty-companies').click();
  await expect(page).toHaveURL(/\/operation\/companyList$/);
});
