import { expect, test, type Page } from '@playwright/test';
import { signedIn } from './support.ts';

/**
 * Layout at the width people use (issue 17 points 10 and 11): English words wrap whole, the counters and
 * sticky columns cover nothing, the task list fits 1440 px, and drawers leave the navbar's buttons in reach.
 */
test.use({ viewport: { width: 1440, height: 900 } });

/**
 * English words (3+ letters) the page splits across two lines although they would fit on one: what
 * `word-break: break-all` does ("sign|ed"). A word longer than its whole box may still break.
 */
function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('script, style')) continue;
      for (const match of (node.textContent ?? '').matchAll(/[A-Za-z][A-Za-z'’]{2,}/g)) {
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
        if (new Set(rects.map((rect) => Math.round(rect.top))).size < 2) continue;
        const width = rects.reduce((sum, rect) => sum + rect.width, 0);
        const box = element.closest('td, th, p, div, span, li, label') ?? element;
        if (width < box.clientWidth) broken.push(match[0]);
      }
    }
    return broken;
  });
}

test('English words wrap at word boundaries at 1440 and 1280 px; Chinese still wraps between characters', async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page, 'admin');
  for (const width of [1440, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, testId] of [
      ['/system/self-info', 'self-info-page'],
      ['/system/user-center', 'user-center'],
      ['/system/account-manage', 'accounts-table'],
      ['/list/search-table', 'policy-table'],
      ['/system/access-requests', 'access-requests-page'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(testId)).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await brokenWords(page), `${path} at ${width} px`).toEqual([]);
    }
  }
  // Chinese: a narrow window still wraps the long lines (no sideways scrolling), the rule being word-break: normal.
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.evaluate(() => localStorage.setItem('arco-locale', 'zh-CN'));
  await page.goto('/system/self-info');
  await expect(page.getByTestId('self-info-page')).toContainText('个人信息');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(
    await page
      .locator('.arco-typography')
      .first()
      .evaluate((element) => getComputedStyle(element).wordBreak),
  ).toBe('normal');
  await page.evaluate(() => localStorage.setItem('arco-locale', 'en-US'));
});

test("the scenario editor's word counter keeps off the text it counts", async ({ page }) => {
  await signedIn(page, 'dev');
  await page.goto('/operation/scenario/add');
  const area = page.locator('textarea[data-testid$="-failureText"]').first();
  await area.scrollIntoViewIfNeeded();
  await expect(area).toBeVisible();
  const counter = area.locator('xpath=following-sibling::*[contains(@class, "arco-textarea-word-limit")]');
  const [text, count] = [await area.boundingBox(), await counter.boundingBox()];
  const padding = await area.evaluate((element) => Number.parseFloat(getComputedStyle(element).paddingBottom));
  // The text ends where the bottom padding starts; the counter sits inside that padding, below the text.
  expect(count!.y).toBeGreaterThanOrEqual(text!.y + text!.height - padding - 1);
});

test('call records and the task list fit 1440 px: no sideways scroll, the sticky column covers no header, one-line headers', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedIn(page, 'admin');
  const noSidewaysScroll = (testId: string) =>
    page
      .getByTestId(testId)
      .locator('.arco-table-content-inner')
      .first()
      .evaluate((body) => body.scrollWidth <= body.clientWidth + 1);

  await page.goto('/board/callRecordBoard');
  await expect(page.locator('.arco-table-tr.call-row').first()).toBeVisible({ timeout: 30_000 });
  expect(await noSidewaysScroll('call-records-table')).toBe(true);
  const header = page.getByTestId('call-records-table').locator('thead th');
  const tags = await header.filter({ hasText: 'Tags' }).boundingBox();
  const actions = await header.filter({ hasText: 'Actions' }).boundingBox();
  expect(tags!.x + tags!.width).toBeLessThanOrEqual(actions!.x + 1);

  const projects = await page.request.post('/api/projects/list', { data: { page: 1, pageSize: 100 } });
  const spring = ((await projects.json()) as { data: { list: { id: string; name: string }[] } }).data.list.find(
    (project) => project.name === 'Spring renewal',
  )!;
  await page.goto(`/project/taskList/${spring.id}`);
  await expect(page.getByTestId('task-counts-Renewal calls')).toBeVisible();
  expect(await noSidewaysScroll('task-table')).toBe(true);
  for (const title of ['Real-time', 'Pending / total']) {
    const cell = page.getByTestId('task-table').locator('thead th').filter({ hasText: title }).locator('.arco-table-th-item-title');
    const lineHeight = await cell.evaluate((element) => Number.parseFloat(getComputedStyle(element).lineHeight));
    expect((await cell.boundingBox())!.height, title).toBeLessThan(lineHeight * 1.5);
  }
});

test("a 720-px drawer leaves the navbar's language and theme buttons in reach", async ({ page }) => {
  await signedIn(page, 'admin');
  const projects = await page.request.post('/api/projects/list', { data: { page: 1, pageSize: 100 } });
  const spring = ((await projects.json()) as { data: { list: { id: string; name: string }[] } }).data.list.find(
    (project) => project.name === 'Spring renewal',
  )!;
  await page.goto(`/project/taskList/${spring.id}`);
  await page.getByTestId('task-realtime-Renewal calls').click();
  const drawer = page.getByTestId('realtime-drawer');
  await expect(drawer).toContainText('Real-time dashboard · Renewal calls');
  // Clicks land on the buttons themselves (Playwright refuses to click an element something else covers).
  await page.getByTestId('nav-locale').click({ timeout: 5000 });
  await page.getByTestId('locale-zh-CN').click();
  await expect(drawer).toContainText('实时看板 · Renewal calls');
  await page.getByTestId('nav-theme').click({ timeout: 5000 });
  await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
  await page.getByTestId('nav-theme').click();
  await page.getByTestId('nav-locale').click();
  await page.getByTestId('locale-en-US').click();
  await expect(drawer).toContainText('Real-time dashboard · Renewal calls');
});

test('English quotes and apostrophes are drawn by a Latin face, not full width by a CJK one', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('arco-locale', 'en-US'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  // The widths of ’ and “ in the body's own font, against the font size: a CJK face draws them a whole em wide.
  const widths = await page.evaluate(() => {
    const span = document.createElement('span');
    document.body.append(span);
    const measure = (text: string) => {
      span.textContent = text;
      return span.getBoundingClientRect().width / Number.parseFloat(getComputedStyle(span).fontSize);
    };
    const result = { apostrophe: measure('’'), quote: measure('“') };
    span.remove();
    return result;
  });
  expect(widths.apostrophe).toBeLessThan(0.5);
  expect(widths.quote).toBeLessThan(0.6);
});
