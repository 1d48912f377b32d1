import { expect, test, type Page } from '@playwright/test';
import { signedIn, signIn } from './support.ts';

/** Screenshots for review, only when SCREENSHOT_DIR is set (never part of the assertions). */
async function shoot(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png` });
}

async function withKey(page: Page, key: string, path: string) {
  const answer = await page.request.post(path, { data: {}, headers: { authorization: `Bearer ${key}` } });
  return ((await answer.json()) as { code: number }).code;
}

test('ADMIN creates an API key, sees it once, the key calls the API, and revoking it stops it at once', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `crm-${Date.now().toString(36)}`;
  await signIn(page, 'admin');
  await page.getByTestId('menu-apiKeys').click();
  await expect(page).toHaveURL(/\/system\/api-keys$/);
  await expect(page.getByTestId('api-keys-page')).toContainText('Authorization: Bearer');

  // The form saved with its defaults: the name is required.
  await page.getByTestId('api-key-add').click();
  await page.getByTestId('api-key-submit').click();
  await expect(page.getByTestId('api-key-form')).toContainText('Name is required');
  await page.getByTestId('api-key-name').fill(name);
  await page.getByTestId('api-key-scope-campaigns').click();
  await expect(page.getByTestId('api-key-form')).toContainText('push numbers');
  await page.getByTestId('api-key-expiry').click();
  await page.locator('.arco-select-option', { hasText: 'In 90 days' }).click();
  await shoot(page, 'api-key-form-en-light');
  await page.getByTestId('api-key-submit').click();

  const secret = page.getByTestId('api-key-secret');
  await expect(secret).toContainText(/dwk_[A-Za-z0-9_-]{43}/);
  const key = (await secret.innerText()).trim().match(/dwk_[A-Za-z0-9_-]{43}/)![0];
  await shoot(page, 'api-key-created-en-light');
  await page.getByTestId('api-key-created-done').click();

  const row = page.getByTestId('api-keys-table').locator('tr', { hasText: name });
  await expect(row).toContainText(`${key.slice(0, 12)}…`);
  await expect(row).toContainText('Campaigns');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Not used yet');
  // The page never holds the key again.
  await page.reload();
  await expect(page.getByTestId('api-keys-table')).toContainText(name);
  expect(await page.content()).not.toContain(key);

  expect(await withKey(page, key, '/api/tasks/options')).toBe(200);
  // A key never opens the console's own endpoints.
  expect(await withKey(page, key, '/api/api-keys/list')).toBe(403);
  await page.reload();
  await expect(page.getByTestId('api-keys-table').locator('tr', { hasText: name })).not.toContainText('Not used yet');
  await shoot(page, 'api-keys-en-light');

  await page.getByTestId('nav-locale').click({ timeout: 5000 });
  await page.getByTestId('locale-zh-CN').click();
  await page.getByTestId('nav-theme').click({ timeout: 5000 });
  await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
  await expect(page.getByTestId('api-keys-page')).toContainText('API 密钥');
  await shoot(page, 'api-keys-zh-dark');
  await page.getByTestId('api-key-add').click();
  await page.getByTestId('api-key-submit').click();
  await expect(page.getByTestId('api-key-form')).toContainText('名称不能为空');
  await shoot(page, 'api-key-form-zh-dark');
  await page.keyboard.press('Escape');

  await page.getByTestId(`api-key-revoke-${name}`).click();
  await page.getByTestId(`api-key-revoke-confirm-${name}`).click();
  await expect(page.getByTestId('api-keys-table').locator('tr', { hasText: name })).toContainText('已吊销');
  expect(await withKey(page, key, '/api/tasks/options')).toBe(50008);
  await page.getByTestId('nav-theme').click();
  await page.getByTestId('nav-locale').click({ timeout: 5000 });
  await page.getByTestId('locale-en-US').click();
});

test('an agent does not see the API keys page', async ({ page }) => {
  await signedIn(page, 'agent');
  await page.goto('/system/api-keys');
  await expect(page).toHaveURL(/\/operator\/index$/);
});
