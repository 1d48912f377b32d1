import { expect, test } from '@playwright/test';
import { recordToasts, signedIn, signIn } from './support.ts';

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
  // Removing is a destructive action: its confirm's OK is danger-coloured like every other remove.
  const confirm = page.getByTestId(`dnc-remove-confirm-${typed}`);
  await expect(confirm).toHaveClass(/arco-btn-status-danger/);
  await confirm.click();
  await expect(page.getByTestId('dnc-table')).not.toContainText(typed);
});

test('an agent does not see the do-not-call list', async ({ page }) => {
  await signedIn(page, 'agent');
  await page.goto('/system/dnc');
  await expect(page).toHaveURL(/\/operator\/index$/);
});

test('provider staff start on a company that has the list; one without it is explained, with no request and no error toast', async ({
  page,
}) => {
  await signedIn(page, 'dev');
  const companies = await page.request.post('/api/accounts/companies', { data: {} });
  const provider = ((await companies.json()) as { data: { id: string; isProvider: boolean }[] }).data.find((c) => c.isProvider)!;
  const toasts = await recordToasts(page);
  const lists: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/dnc/list')) lists.push(request.postData() ?? '');
  });
  await page.goto('/system/dnc');
  // Their own company (the provider) has not been given the feature: the page opens on AcmeOutreach's list.
  await expect(page.getByTestId('dnc-table')).toBeVisible();
  await expect(page.getByTestId('dnc-company')).toContainText('AcmeOutreach');
  await page.getByTestId('dnc-company').click();
  await expect(page.locator('.arco-select-option', { hasText: 'Dialwise' })).toContainText('not enabled');
  await page.locator('.arco-select-option', { hasText: 'Dialwise' }).click();
  await expect(page.getByTestId('dnc-disabled')).toContainText('The do-not-call list is not enabled for Dialwise');
  await expect(page.getByTestId('dnc-open-companies')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(lists.filter((body) => body.includes(provider.id))).toEqual([]);
  expect(await toasts()).toEqual([]);
});

test('an ADMIN whose company lacks the list does not see it in the menu, and its URL explains without an error', async ({ page }) => {
  await signedIn(page, 'dev');
  const suffix = `nodnc${Date.now().toString(36).slice(-5)}`;
  const created = await page.request.post('/api/operation/companies/create', {
    data: { name: `NoDnc${suffix}`, suffix, adminEmail: `${suffix}@example.com` },
  });
  const answer = (await created.json()) as {
    code: number;
    message: string;
    data: { admin: { username: string; initialPassword: string } };
  };
  expect(answer.code, answer.message).toBe(200);
  const { admin } = answer.data;

  await page.context().clearCookies();
  const toasts = await recordToasts(page);
  const lists: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/dnc/list')) lists.push(request.url());
  });
  await page.goto('/login');
  await page.getByTestId('login-username').fill(admin.username);
  await page.getByTestId('login-password').fill(admin.initialPassword);
  await page.getByTestId('login-role-admin').click();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/workplace$/);
  await expect(page.getByTestId('menu-accountManage')).toBeAttached();
  await expect(page.getByTestId('menu-dncList')).toHaveCount(0);
  await page.goto('/system/dnc');
  await expect(page.getByTestId('dnc-disabled')).toContainText('The do-not-call list is not enabled for your company');
  await expect(page.getByTestId('dnc-disabled')).toContainText('ask them to turn it on');
  await page.waitForLoadState('networkidle');
  expect(lists).toEqual([]);
  expect(await toasts()).toEqual([]);
});
