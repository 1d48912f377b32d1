import { expect, test } from '@playwright/test';
import { acceptForceLogin, authCookie, DEMO, fillLogin, signedIn, signIn } from './support.ts';

test.describe('signing in shows each role its own menu', () => {
  test('ADMIN lands on the workplace with projects, boards and system, but no operation area', async ({ page }) => {
    await signIn(page, 'admin');
    const menu = page.getByTestId('side-menu');
    await expect(menu).toBeVisible();
    for (const name of ['project', 'board', 'system']) await expect(menu.getByTestId(`menu-${name}`)).toBeVisible();
    await expect(menu.getByTestId('menu-operation')).toHaveCount(0);
    await expect(menu.getByTestId('menu-operator')).toHaveCount(0);
  });

  test('DEV sees the operation area and lands on the first route its role may open', async ({ page }) => {
    await signIn(page, 'dev');
    const menu = page.getByTestId('side-menu');
    for (const name of ['project', 'board', 'operation', 'system']) await expect(menu.getByTestId(`menu-${name}`)).toBeVisible();
    await expect(menu.getByTestId('menu-dashboard')).toHaveCount(0);
  });

  test('OPR gets the seat page without a side menu', async ({ page }) => {
    await signIn(page, 'agent');
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
  });
});

test('the guard sends a signed-out visitor to login and back to the target, query kept', async ({ page }) => {
  await page.goto('/system/account-manage?keyword=ops');
  await expect(page).toHaveURL(/\/login\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('redirect')).toBe('/system/account-manage');
  expect(url.searchParams.get('keyword')).toBe('ops');
  await fillLogin(page, 'admin');
  await acceptForceLogin(page);
  await expect(page).toHaveURL(/\/system\/account-manage\?keyword=ops$/);
});

test('a route the role may not open sends it to its first allowed route', async ({ page }) => {
  await signedIn(page, 'agent');
  await page.goto('/operation/companyList');
  await expect(page).toHaveURL(new RegExp(`${DEMO.agent.landing}$`));
});

test('an unknown path shows the not-found page; / goes to login', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await signedIn(page, 'admin');
  await page.goto('/no/such/page');
  await expect(page.getByText('Whoops, this page is gone')).toBeVisible();
});

test('the login form checks its fields with the server’s rules, marks them, and shows the password on request', async ({ page }) => {
  await page.goto('/login');
  const username = page.getByTestId('login-username');
  const password = page.getByTestId('login-password');
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/user/login')) sent.push(request.url());
  });
  await page.getByTestId('login-submit').click();
  await expect(page.getByRole('alert')).toHaveText(['User name is required', 'Password is required']);
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);

  await username.fill('admin');
  await expect(username).toHaveAttribute('aria-invalid', 'false');
  await expect(page.getByRole('alert')).toHaveText(['Password is required']);
  await password.fill('secret');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');

  // The phone tab starts the name over; the role is a radio group a keyboard can move through.
  await page.getByTestId('login-tab-phone').click();
  await expect(page.getByTestId('login-tab-phone')).toHaveAttribute('aria-selected', 'true');
  await expect(username).toHaveValue('');
  await expect(username).toHaveAttribute('placeholder', 'Phone number');
  await page.getByRole('radio', { name: 'Admin' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Agent' })).toBeChecked();
});

test('“signed in elsewhere” is a question Escape answers no to', async ({ browser, page }) => {
  const first = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await first.goto('/login');
  await fillLogin(first, 'agent');
  await acceptForceLogin(first);
  await expect(first).toHaveURL(new RegExp(`${DEMO.agent.landing}$`));

  await page.goto('/login');
  await fillLogin(page, 'agent');
  const dialog = page.getByRole('dialog', { name: 'Signed in elsewhere' });
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('force-login-confirm')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId('login-submit')).toBeEnabled();
  await first.close();
});

test('forcing a sign-in from a second browser logs the first out with code 450', async ({ browser }) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  const a = await first.newPage();
  const b = await second.newPage();
  await signIn(a, 'admin');

  await b.goto('/login');
  await fillLogin(b, 'admin');
  await b.getByTestId('force-login-confirm').click();
  await expect(b).toHaveURL(new RegExp(`${DEMO.admin.landing}$`));

  // The first browser's next call is answered 450: its token is cleared and it returns to the site root.
  const answered = a.waitForResponse((response) => response.url().includes('/api/user/'));
  await a.reload();
  expect((await (await answered).json()).code).toBe(450);
  await expect(a).toHaveURL(/\/login/);
  expect(await authCookie(a)).toBeUndefined();
  await first.close();
  await second.close();
});

test('the language choice persists across reloads, with Arco switched alongside', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByTestId('nav-locale').click();
  await page.getByTestId('locale-zh-CN').click();
  await expect(page.getByTestId('side-menu')).toContainText('项目');
  expect(await page.evaluate(() => localStorage.getItem('arco-locale'))).toBe('zh-CN');
  await page.reload();
  await expect(page.getByTestId('side-menu')).toContainText('项目');
});

test.describe('default language (reading taken: English browsers get en-US, any other gets zh-CN)', () => {
  test.use({ locale: 'fr-FR' });
  test('a French browser with nothing saved sees Chinese', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByTestId('login-submit')).toContainText('登录');
  });
});

test('dark theme and colour weak apply and persist', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByTestId('nav-theme').click();
  await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('setting-colorWeak').click();
  const filter = () => page.evaluate(() => getComputedStyle(document.documentElement).filter);
  await expect.poll(filter).toBe('invert(0.8)');
  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
  await expect.poll(filter).toBe('invert(0.8)');
});

test('logout clears the cookie even when the server call fails', async ({ page }) => {
  await signIn(page, 'admin');
  expect(await authCookie(page)).toBeTruthy();
  await page.route('**/api/user/logout', (route) => route.abort('connectionrefused'));
  await page.getByTestId('nav-user').hover();
  await page.getByTestId('nav-logout').click();
  await expect(page).toHaveURL(/\/login/);
  expect(await authCookie(page)).toBeUndefined();
});
