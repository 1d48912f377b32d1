import { expect, test, type Page } from '@playwright/test';
import { signedIn } from './support.ts';

/**
 * The console under its Content-Security-Policy (issue 15 point 7): pages with charts, tables, forms,
 * drawers and the settings panel, in both themes, raise no CSP violation — neither a
 * `securitypolicyviolation` event nor a console message about the policy.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|apply|execute|connect)/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

test('the console runs under its CSP: no violation on the main pages, both themes', async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/login');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self';");
  expect(policy).not.toContain('unsafe-eval');
  expect(response?.headers()['x-frame-options']).toBe('DENY');
  await signedIn(page, 'admin');
  await page.goto('/board/projectBoard');
  // The board's ECharts charts have drawn (they inject their own styles at run time).
  await expect(page.getByTestId('project-board')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('board-volume-chart').locator('canvas')).toHaveCount(1, { timeout: 30_000 });
  for (const path of [
    '/board/projectBoard',
    '/board/callRecordBoard',
    '/project/projectListAdmin',
    '/system/account-manage',
    '/system/dnc',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  // The dark theme (set the way the settings drawer does) on a chart page.
  await page.evaluate(() => document.body.setAttribute('arco-theme', 'dark'));
  await page.goto('/board/projectBoard');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('the API docs page works under the same policy', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .info')).toBeVisible({ timeout: 15_000 });
  expect(violations).toEqual([]);
});
