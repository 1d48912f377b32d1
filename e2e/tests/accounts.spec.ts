import { expect, test, type Page } from '@playwright/test';
import { acceptForceLogin, signedIn, signIn } from './support.ts';

/** Unique per run: the e2e server is shared by every test of the run. */
const run = Date.now().toString(36);
const uniquePhone = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function submitLogin(page: Page, username: string, password: string, role: 'admin' | 'agent') {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId(`login-role-${role}`).click();
  await page.getByTestId('login-submit').click();
}

async function signInAs(page: Page, username: string, password: string, role: 'admin' | 'agent' = 'admin') {
  await submitLogin(page, username, password, role);
  await acceptForceLogin(page);
}

async function signOut(page: Page) {
  await page.getByTestId('nav-user').hover();
  await page.getByTestId('nav-logout').click();
  await expect(page).toHaveURL(/\/login/);
}

/** The error Arco shows under a form field. */
const fieldError = (page: Page, testId: string) =>
  page
    .locator('.arco-form-item')
    .filter({ has: page.getByTestId(testId) })
    .locator('.arco-form-message');

test('ADMIN adds an account and edits it; a taken user name is marked on the field', async ({ page }) => {
  const username = `acc${run}`;
  await signedIn(page, 'admin');
  await page.goto('/system/account-manage');
  await expect(page.getByTestId('accounts-table')).toContainText('admin');

  await page.getByTestId('accounts-new').click();
  await page.getByTestId('account-username').fill('admin');
  await page.getByTestId('account-alias').fill('Night shift');
  await page.getByTestId('account-email').fill(`${username}@acme.example`);
  await page.getByTestId('account-phone').fill(uniquePhone());
  await page.getByTestId('account-level-OPR').click();
  await page.getByTestId('account-password').fill('Agent#Pass1');
  await page.getByTestId('account-submit').click();
  // The server's 409 sits beside the user name as well as in the toast.
  await expect(fieldError(page, 'account-username')).toHaveText('User name "admin" is already taken');

  await page.getByTestId('account-username').fill(username);
  await page.getByTestId('account-submit').click();
  await expect(page.getByTestId('account-form')).toBeHidden();
  await page.getByTestId('accounts-keyword').fill(username);
  await page.getByTestId('accounts-search').click();
  const row = page.getByTestId('accounts-table').locator('tbody tr').filter({ hasText: username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Night shift');
  await expect(row).toContainText('Agent');
  await expect(row).toContainText('Enabled');

  await page.getByTestId(`account-edit-${username}`).click();
  await expect(page.getByTestId('account-username')).toBeDisabled();
  await expect(page.getByTestId('account-password')).toHaveValue('');
  await expect(page.getByTestId('account-password-hint')).toContainText('Leave blank to keep the password unchanged');
  await page.getByTestId('account-alias').fill('Day shift');
  await page.getByTestId('account-level-ADMIN').click();
  await page.getByTestId('account-enabled').click();
  await page.getByTestId('account-submit').click();
  await expect(page.getByTestId('account-form')).toBeHidden();
  await expect(row).toContainText('Day shift');
  await expect(row).toContainText('Administrator');
  await expect(row).toContainText('Disabled');
});

test('ADMIN adds and edits a SIP line; the password stays blank on edit with an "unchanged" hint', async ({ page }) => {
  const alias = `Line ${run}`;
  await signedIn(page, 'admin');
  await page.goto('/system/sip-manage');
  await expect(page.getByTestId('sip-table')).toContainText('Simulated line A');

  await page.getByTestId('sip-new').click();
  await page.getByTestId('sip-alias').fill(alias);
  await page.getByTestId('sip-trunk-simulated').click();
  await page.getByTestId('sip-username').fill(`user-${run}`);
  await page.getByTestId('sip-password').fill('Carrier#Secret1');
  await page.getByTestId('sip-domain').fill('sip.carrier.example');
  await page.getByTestId('sip-port').fill('5070');
  await page.getByTestId('sip-concurrency').fill('8');
  await page.getByTestId('sip-submit').click();
  await expect(page.getByTestId('sip-form')).toBeHidden();

  const row = page.getByTestId('sip-table').locator('tbody tr').filter({ hasText: alias });
  await expect(row).toContainText('Simulated');
  await expect(row).toContainText('sip.carrier.example:5070');
  await expect(row).toContainText('Set');
  await expect(page.getByTestId('sip-table')).not.toContainText('Carrier#Secret1');

  await page.getByTestId(`sip-edit-${alias}`).click();
  await expect(page.getByTestId('sip-password')).toHaveValue('');
  await expect(page.getByTestId('sip-password-hint')).toContainText('Unchanged');
  await expect(page.getByTestId('sip-concurrency')).toHaveValue('8');
  await page.getByTestId('sip-concurrency').fill('12');
  await page.getByTestId('sip-submit').click();
  await expect(page.getByTestId('sip-form')).toBeHidden();
  await expect(row.locator('td').nth(3)).toHaveText('12');
});

test('a user changes their own password, then signs in with the new one (and not the old)', async ({ page }) => {
  const username = `self${run}`;
  const first = 'First#Pass1';
  const next = `Nx#${run.slice(-5)}a1`;
  await signIn(page, 'admin');
  // A fresh account of our own, so the shared demo accounts keep their password for the other tests.
  const created = await page.request.post('/api/accounts/create', {
    data: {
      username,
      alias: 'Self test',
      email: `${username}@acme.example`,
      phoneNumber: uniquePhone(),
      authLevel: 'ADMIN',
      password: first,
    },
  });
  expect((await created.json()).code).toBe(200);
  await signOut(page);

  await signInAs(page, username, first);
  await expect(page).toHaveURL(/\/dashboard\/workplace$/);
  await page.goto('/system/self-info');
  await expect(page.getByTestId('profile-username')).toHaveText(username);

  await page.getByTestId('password-current').fill('Wrong#Pass1');
  await page.getByTestId('password-new').fill(next);
  await page.getByTestId('password-confirm').fill(next);
  await page.getByTestId('password-submit').click();
  await expect(fieldError(page, 'password-current')).toHaveText('The current password is incorrect');

  await page.getByTestId('password-current').fill(first);
  await page.getByTestId('password-submit').click();
  await expect(page.getByText('Password changed. Your other sessions were signed out.')).toBeVisible();
  // This session stays signed in.
  await page.reload();
  await expect(page.getByTestId('profile-username')).toHaveText(username);

  await signOut(page);
  await submitLogin(page, username, first, 'admin');
  await expect(page.getByText('Incorrect user name or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await signInAs(page, username, next);
  await expect(page).toHaveURL(/\/dashboard\/workplace$/);
});

test('a user edits their profile; the navbar follows', async ({ page }) => {
  const username = `prof${run}`;
  await signIn(page, 'admin');
  const created = await page.request.post('/api/accounts/create', {
    data: {
      username,
      alias: 'Profile A',
      email: `${username}@acme.example`,
      phoneNumber: uniquePhone(),
      authLevel: 'OPR',
      password: 'Agent#Pass1',
    },
  });
  expect((await created.json()).code).toBe(200);
  await signOut(page);
  await signInAs(page, username, 'Agent#Pass1', 'agent');
  await page.goto('/system/self-info');
  await page.getByTestId('profile-edit').click();
  await page.getByTestId('profile-alias').fill('Agent Zed');
  await page.getByTestId('profile-submit').click();
  await expect(page.getByTestId('profile-alias-value')).toHaveText('Agent Zed');
  await expect(page.getByTestId('nav-user')).toContainText('Agent Zed');
});

// Each language is its own test: the two passes visit eight forms, more than one test's minute on a loaded machine.
async function checkFieldErrors(page: Page, texts: { email: string; port: string; alias: string; confirm: string }): Promise<void> {
  await page.goto('/system/account-manage');
  await page.getByTestId('accounts-new').click();
  await page.getByTestId('account-email').fill('nope');
  await page.getByTestId('account-submit').click();
  await expect(fieldError(page, 'account-email')).toHaveText(texts.email);
  await page.keyboard.press('Escape');

  await page.goto('/system/sip-manage');
  await page.getByTestId('sip-new').click();
  await page.getByTestId('sip-port').fill('0');
  await page.getByTestId('sip-submit').click();
  await expect(fieldError(page, 'sip-port')).toHaveText(texts.port);
  await page.keyboard.press('Escape');

  await page.goto('/system/self-info');
  await page.getByTestId('profile-edit').click();
  await page.getByTestId('profile-alias').fill('Abc');
  await page.getByTestId('profile-submit').click();
  await expect(fieldError(page, 'profile-alias')).toHaveText(texts.alias);
  await page.keyboard.press('Escape');
  await page.getByTestId('password-new').fill('Aa1!aa');
  await page.getByTestId('password-confirm').fill('Aa1!ab');
  await page.getByTestId('password-submit').click();
  await expect(fieldError(page, 'password-confirm')).toHaveText(texts.confirm);
}

test('the forms show field errors in English', async ({ page }) => {
  await signedIn(page, 'admin');
  await checkFieldErrors(page, {
    email: 'E-mail must be a valid e-mail address',
    port: 'Port must be 1–65535',
    alias: 'Alias must be 5–10 characters',
    confirm: 'The two passwords do not match',
  });
});

test('the forms show field errors in Chinese, switched to through the settings drawer', async ({ page }) => {
  await signedIn(page, 'admin');
  await page.goto('/system/self-info');

  // Switch to Chinese through the settings drawer, as a user would.
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('setting-locale').click();
  await page.getByRole('option', { name: '中文' }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('arco-locale'))).toBe('zh-CN');
  await page.keyboard.press('Escape');

  await checkFieldErrors(page, {
    email: '邮箱须为有效邮箱地址',
    port: '端口须为 1–65535',
    alias: '别名长度须为 5–10 个字符',
    confirm: '两次输入的密码不一致',
  });
  await page.evaluate(() => localStorage.setItem('arco-locale', 'en-US'));
});

test('an agent (OPR) is kept out of account and SIP management but reaches self-info', async ({ page }) => {
  await signedIn(page, 'agent');
  await page.goto('/system/account-manage');
  await expect(page).toHaveURL(/\/operator\/index$/);
  const answer = await page.request.post('/api/accounts/list', { data: {} });
  expect((await answer.json()).code).toBe(403);
  await page.goto('/system/self-info');
  await expect(page.getByTestId('profile-username')).toHaveText('agent');
});
