import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

/**
 * Access requests (issue 17 point 4): a demo agent who forgot their password files a request from the sign-in
 * page; the company's ADMIN sees the navbar notice, opens the list, sets a new password; the agent signs in
 * with it. A request for an account is turned into a company by provider staff. Both languages.
 */

const run = Date.now().toString(36).slice(-5);
const NEW_PASSWORD = 'Renewed#2026';

test('an agent’s forgotten password reaches the ADMIN, who sets a new one the agent signs in with', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await page.getByTestId('login-forgot').click();
  await page.getByTestId('forgot-username').fill('chenjie');
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByText('Your request was sent to the administrators')).toBeVisible();

  await signIn(page, 'admin');
  const bell = page.getByTestId('nav-access-requests');
  await expect(bell).toBeVisible();
  await expect(page.locator('.arco-badge-number').first()).not.toHaveText('0');
  await bell.click();
  await expect(page).toHaveURL(/\/system\/access-requests$/);
  const row = page.getByTestId('access-row-chenjie').first();
  await expect(row).toContainText('Forgot password');
  await expect(row).toContainText('Open');

  // The form refuses a weak password on its field, then sets the new one.
  await page.getByTestId('access-reset-chenjie').first().click();
  await page.getByTestId('access-reset-password').fill('weak');
  await page.getByTestId('access-reset-submit').click();
  await expect(page.getByTestId('access-reset-form').locator('.arco-form-message').first()).toBeVisible();
  await page.getByTestId('access-reset-password').fill(NEW_PASSWORD);
  await page.getByTestId('access-reset-confirm').fill(NEW_PASSWORD);
  await page.getByTestId('access-reset-submit').click();
  await expect(page.getByText('Password of chenjie reset')).toBeVisible();

  // Handled requests show who did what.
  await page.getByTestId('access-status').click();
  await page.locator('.arco-select-option:visible', { hasText: 'Handled' }).click();
  await page.getByTestId('access-search').click();
  await expect(page.getByTestId('access-row-chenjie').first()).toContainText('Password reset');
  await expect(page.getByTestId('access-row-chenjie').first()).toContainText('admin');

  const agent = await browser.newContext();
  const agentPage = await agent.newPage();
  await agentPage.goto('/login');
  await agentPage.getByTestId('login-username').fill('chenjie');
  await agentPage.getByTestId('login-password').fill(NEW_PASSWORD);
  await agentPage.getByTestId('login-role-agent').click();
  await agentPage.getByTestId('login-submit').click();
  await expect(agentPage).toHaveURL(/\/operator\/index$/);
  await agent.close();
});

test('provider staff turn a request for an account into a company, in Chinese', async ({ page }) => {
  test.setTimeout(180_000);
  const company = `Initech${run}`;
  await page.goto('/login');
  await page.getByTestId('login-register').click();
  await page.getByTestId('register-companyName').fill(company);
  await page.getByTestId('register-contactName').fill('Peter');
  await page.getByTestId('register-email').fill(`peter@${run}.test`);
  await page.getByTestId('register-phoneNumber').fill('+15550001111');
  await page.getByTestId('register-submit').click();
  await expect(page.getByText('Your request was sent to the administrators')).toBeVisible();

  await signIn(page, 'dev');
  await page.evaluate(() => localStorage.setItem('arco-locale', 'zh-CN'));
  await page.goto('/system/access-requests');
  await expect(page.getByTestId('access-requests-page')).toContainText('访问申请');
  const row = page.getByTestId(`access-row-${company} · Peter`);
  await expect(row).toContainText('申请开通账号');
  await page.getByTestId(`access-create-${company}`).click();
  await expect(page.getByTestId('company-form-name')).toHaveValue(company);
  await expect(page.getByTestId('company-form-adminEmail')).toHaveValue(`peter@${run}.test`);
  await page.getByTestId('company-form-submit').click();
  await expect(page.getByTestId('company-created-username')).toHaveText(`admin_${company.toLowerCase()}`);
  await page.getByTestId('company-created-done').click();
  await expect(row).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('arco-locale', 'en-US'));
});
