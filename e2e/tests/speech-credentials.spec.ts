import { expect, test, type Page } from '@playwright/test';
import { signedIn, signIn } from './support.ts';

const stamp = Date.now().toString(36);
const SECRET = `e2e-secret-${stamp}`;

async function openSpeechKeys(page: Page, company: string) {
  // The page's code is loaded on first visit: slower than one expect on a busy machine.
  await expect(page.getByTestId('company-list')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId(`company-manage-${company}`).click();
  await page.getByTestId('company-manage-speechKeys').filter({ visible: true }).click();
  await expect(page.getByTestId('speech-keys-table')).toBeVisible();
}

/** Screenshots for review, only when SCREENSHOT_DIR is set (never part of the assertions). */
async function shoot(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png` });
}

test('DEV sets, edits and removes a company speech key; the secret is never shown again', async ({ page }) => {
  test.setTimeout(150_000);
  await signedIn(page, 'dev');
  await page.goto('/operation/companyList');
  await openSpeechKeys(page, 'Dialwise');
  const table = page.getByTestId('speech-keys-table');
  const row = table.locator('tr', { hasText: 'azure_en_us' });
  await expect(table.locator('tbody tr')).toHaveCount(13);
  await expect(row).toContainText('Not set');

  // The form checks before sending: the key is required the first time.
  await page.getByTestId('speech-key-edit-azure_en_us').click();
  await page.getByTestId('speech-key-save').click();
  await expect(page.getByTestId('speech-key-form')).toContainText('Subscription key is required');
  await page.getByTestId('speech-key-region').fill('west us');
  await page.getByTestId('speech-key-save').click();
  await expect(page.getByTestId('speech-key-form')).toContainText('Region must not contain spaces');
  await page.getByTestId('speech-key-subscriptionKey').fill(SECRET);
  await page.getByTestId('speech-key-region').fill('westus2');
  await shoot(page, 'speech-key-form-en-light');
  await page.getByTestId('speech-key-save').click();
  await expect(page.getByText('azure_en_us credentials saved')).toBeVisible();
  await expect(row).toContainText('Configured');
  await expect(row).toContainText('Subscription key set');
  await expect(row).toContainText('Region: westus2');
  await shoot(page, 'speech-keys-en-light');
  expect(await page.content()).not.toContain(SECRET);

  // Edit: the secret field starts blank ("leave blank to keep"), the setting is prefilled.
  await page.getByTestId('speech-key-edit-azure_en_us').click();
  await expect(page.getByTestId('speech-key-subscriptionKey')).toHaveValue('');
  await expect(page.getByTestId('speech-key-form')).toContainText('Stored; leave blank to keep it');
  await expect(page.getByTestId('speech-key-region')).toHaveValue('westus2');
  await page.getByTestId('speech-key-region').fill('');
  await page.getByTestId('speech-key-save').click();
  await expect(row).toContainText('Subscription key set');
  await expect(row).not.toContainText('Region:');

  // Remove.
  await page.getByTestId('speech-key-remove-azure_en_us').click();
  await page.getByTestId('speech-key-remove-confirm').click();
  await expect(page.getByText('azure_en_us credentials removed')).toBeVisible();
  await expect(row).toContainText('Not set');
});

test('the drawer and the form speak Chinese and read in the dark theme', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, 'dev');
  await page.evaluate(() => localStorage.setItem('arco-locale', 'zh-CN'));
  await page.goto('/operation/companyList');
  await page.getByTestId('nav-theme').click();
  await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
  await openSpeechKeys(page, 'Dialwise');
  await expect(page.getByTestId('speech-keys-table')).toContainText('未配置');
  await expect(page.getByTestId('speech-keys-table')).toContainText('火山引擎');
  await shoot(page, 'speech-keys-zh-dark');
  await page.getByTestId('speech-key-edit-seed').click();
  await page.getByTestId('speech-key-appId').fill('app 1');
  await page.getByTestId('speech-key-save').click();
  await expect(page.getByTestId('speech-key-form')).toContainText('App ID不能包含空格');
  await expect(page.getByTestId('speech-key-form')).toContainText('Access Token不能为空');
  await shoot(page, 'speech-key-form-zh-dark');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.getByTestId('nav-theme').click();
  await expect(page.locator('body')).not.toHaveAttribute('arco-theme', 'dark');
  await page.evaluate(() => localStorage.setItem('arco-locale', 'en-US'));
});
