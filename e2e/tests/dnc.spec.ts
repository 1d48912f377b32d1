import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

const phone = () => `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

test('ADMIN adds numbers to the do-not-call list, imports a CSV with a bad line, and removes a number', async ({ page }) => {
  const [typed, imported] = [phone(), phone()];
  await signIn(page, 'admin');
  await page.getByTestId('menu-dncList').click();
  await expect(page).toHaveURL(/\/system\/dnc$/);

  await page.getByTestId('dnc-add').click();
  await page.getByTestId('dnc-phones').fill(`${typed.slice(0, 3)} ${typed.slice(3, 7)} ${typed.slice(7)}`);
  await page.getByTestId('dnc-note').fill('asked on the phone');
  await page.getByTestId('dnc-save').click();
  await expect(page.getByTestId('dnc-table')).toContainText(typed);
  await expect(page.getByTestId('dnc-table')).toContainText('asked on the phone');

  await page
    .getByTestId('dnc-file')
    .setInputFiles({ name: 'dnc.csv', mimeType: 'text/csv', buffer: Buffer.from(`phone\n${imported}\nnot-a-number\n${typed}\n`) });
  const result = page.getByTestId('dnc-import-result');
  await expect(result).toContainText('1 added, 1 already on the list');
  await expect(result).toContainText('not-a-number');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('dnc-table')).toContainText(imported);

  await page.getByTestId(`dnc-remove-${typed}`).click();
  await page.locator('.arco-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('dnc-table')).not.toContainText(typed);
});

test('an agent does not see the do-not-call list', async ({ page }) => {
  await signIn(page, 'agent');
  await page.goto('/system/dnc');
  await expect(page).toHaveURL(/\/operator\/index$/);
});

test('a company the provider has not enabled the list for says so; provider staff switch to one that has it', async ({ page }) => {
  await signIn(page, 'dev');
  await page.goto('/system/dnc');
  // Provider staff land on their own company, which has not been given the do-not-call feature.
  await expect(page.getByTestId('dnc-disabled')).toContainText('not enabled for this company');
  await page.getByTestId('dnc-company').click();
  await page.locator('.arco-select-option', { hasText: 'AcmeOutreach' }).click();
  await expect(page.getByTestId('dnc-table')).toBeVisible();
  await expect(page.getByTestId('dnc-disabled')).toHaveCount(0);
});
