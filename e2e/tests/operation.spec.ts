import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, signIn } from './support.ts';

/** Unique per run: the e2e server is shared by every test of the run. */
const stamp = Date.now().toString(36);
/** Letters only (for tag aliases, which take lowercase letters and underscores). */
const letters = stamp.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

async function openCompanies(page: Page) {
  await page.goto('/operation/companyList');
  await expect(page.getByTestId('company-list')).toBeVisible();
}

/** Signs in from a fresh browser with the given credentials; answers the page after the attempt. */
async function signInAs(browser: Browser, username: string, password: string): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-role-admin').click();
  await page.getByTestId('login-submit').click();
  return { page, close: () => context.close() };
}

/** The row's "Manage" menu, then one of its entries (menus of other rows stay mounted, hidden). */
async function manage(page: Page, company: string, entry: 'voice' | 'processor' | 'scenario' | 'permissions') {
  await page.getByTestId(`company-manage-${company}`).click();
  await page.getByTestId(`company-manage-${entry}`).filter({ visible: true }).click();
}

test('DEV creates a company with its first admin, edits it, grants a voice, sets permissions, deletes and restores it', async ({
  page,
  browser,
}) => {
  // The whole life of a company in one flow, with three extra browsers signing in: longer than one step.
  test.setTimeout(120_000);
  const name = `E2eCo${stamp}`;
  const suffix = `e2e${stamp}`;
  await signIn(page, 'dev');
  await openCompanies(page);

  // Create: the form checks the contracts rules before anything is sent.
  await page.getByTestId('company-new').click();
  await page.getByTestId('company-form-name').fill('Has Space');
  await page.getByTestId('company-form-suffix').fill('bad-suffix');
  await page.getByTestId('company-form-submit').click();
  await expect(page.getByTestId('company-form')).toContainText('Name must not contain spaces');
  await expect(page.getByTestId('company-form')).toContainText('Suffix must be 1–100 letters and digits');
  await page.getByTestId('company-form-name').fill(name);
  await page.getByTestId('company-form-suffix').fill(suffix);
  await page.getByTestId('company-form-adminEmail').fill(`it@${suffix}.test`);
  await page.getByTestId('company-form-submit').click();

  // The first admin and its one-time password.
  const created = page.getByTestId('company-created');
  await expect(created).toBeVisible();
  const username = (await page.getByTestId('company-created-username').innerText()).trim();
  const password = (await page.getByTestId('company-created-password').innerText()).trim();
  expect(username).toBe(`admin_${suffix.toLowerCase()}`);
  expect(password).toMatch(/^.{16}$/);
  await page.getByTestId('company-created-done').click();
  const row = page.getByTestId(`company-row-${name}`);
  await expect(row).toContainText(`it@${suffix}.test`);
  await expect(row.getByTestId('company-state')).toHaveText('Normal');

  // The new admin can sign in.
  const admin = await signInAs(browser, username, password);
  await expect(admin.page).toHaveURL(/\/dashboard\/workplace$/);
  await admin.close();

  // Edit.
  await page.getByTestId(`company-edit-${name}`).click();
  await expect(page.getByTestId('company-form-name')).toHaveValue(name);
  await page.getByTestId('company-form-adminEmail').fill(`ops@${suffix}.test`);
  await page.getByTestId('company-form-submit').click();
  await expect(row).toContainText(`ops@${suffix}.test`);

  // Grant a voice; reopening shows it granted.
  await manage(page, name, 'voice');
  const grants = page.getByTestId('grants-modal');
  await expect(grants.getByTestId('grant-row-Rachel')).toBeVisible();
  await expect(grants.getByTestId('grants-count')).toContainText('0 of');
  await grants.getByTestId('grant-row-Rachel').locator('.arco-checkbox').click();
  await expect(grants.getByTestId('grants-count')).toContainText('1 of');
  await page.getByTestId('grants-save').click();
  await expect(grants).toBeHidden();
  await manage(page, name, 'voice');
  await expect(page.getByTestId('grant-row-Rachel').locator('input[type=checkbox]')).toBeChecked();
  await expect(page.getByTestId('grant-row-Emma').locator('input[type=checkbox]')).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('grants-modal')).toBeHidden();

  // Permissions.
  await manage(page, name, 'permissions');
  const concurrency = page.locator('[data-testid=permissions-maxConcurrency] input, input[data-testid=permissions-maxConcurrency]').first();
  await expect(concurrency).toHaveValue('20');
  await page.getByTestId('permissions-numberReveal').click();
  await concurrency.fill('7');
  await page.getByTestId('permissions-feature-doNotCall').click();
  await page.getByTestId('permissions-save').click();
  await expect(page.getByText('Permissions saved')).toBeVisible();
  await manage(page, name, 'permissions');
  await expect(concurrency).toHaveValue('7');
  await expect(page.getByTestId('permissions-numberReveal')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('permissions-feature-doNotCall').locator('input')).toBeChecked();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Delete: its admin can no longer sign in.
  await page.getByTestId(`company-delete-${name}`).click();
  await page.getByTestId('company-delete-confirm').click();
  await expect(row.getByTestId('company-state')).toHaveText('Deleted');
  const refused = await signInAs(browser, username, password);
  await expect(refused.page.getByText('This account is disabled')).toBeVisible();
  await expect(refused.page).toHaveURL(/\/login/);
  await refused.close();

  // The state filter finds it among the deleted.
  await page.getByTestId('company-search-keyword').fill(name);
  await page.getByTestId('company-search-submit').click();
  await expect(page.getByTestId(`company-row-${name}`)).toBeVisible();
  await expect(page.locator('[data-testid^=company-row-]')).toHaveCount(1);

  // Restore: sign-in comes back.
  await page.getByTestId(`company-restore-${name}`).click();
  await page.getByTestId('company-restore-confirm').click();
  await expect(row.getByTestId('company-state')).toHaveText('Normal');
  const back = await signInAs(browser, username, password);
  await expect(back.page).toHaveURL(/\/dashboard\/workplace$/);
  await back.close();
});

test('DEV adds a voice from the catalogue reached through the company list', async ({ page }) => {
  const nickname = `Voice${stamp}`.slice(0, 20);
  await signIn(page, 'dev');
  await openCompanies(page);
  await page.getByTestId('company-open-voices').click();
  await expect(page).toHaveURL(/\/operation\/voiceList$/);
  await expect(page.getByTestId('voice-row-Xiaomei')).toBeVisible();

  await page.getByTestId('voice-new').click();
  await page.getByTestId('voice-form-nickname').fill('Bad-name!');
  await page.getByTestId('voice-form-originalVoiceId').fill('zh female');
  await page.getByTestId('voice-form-submit').click();
  await expect(page.getByTestId('voice-form')).toContainText('Nickname may contain only English letters, digits or Chinese characters');
  await expect(page.getByTestId('voice-form')).toContainText(
    'Voice ID may contain only English letters, digits, _, -, . and : (no spaces)',
  );
  // The vendor's own id, as Volcano writes it (issue 35).
  await page.getByTestId('voice-form-nickname').fill(nickname);
  await page.getByTestId('voice-form-originalVoiceId').fill(`zh_female-${stamp}.v2`);
  await page.getByTestId('voice-form-submit').click();
  const row = page.getByTestId(`voice-row-${nickname}`);
  await expect(row).toContainText(`zh_female-${stamp}.v2`);
  await expect(row).toContainText('Volcano Engine');
  await expect(row).toContainText('dev');
});

test('DEV adds a tag', async ({ page }) => {
  const alias = `e_${letters}`;
  await signIn(page, 'dev');
  await page.getByTestId('side-menu').getByTestId('menu-tags').click();
  await expect(page).toHaveURL(/\/operation\/tags$/);
  await page.getByTestId('tag-new').click();
  await page.getByTestId('tag-form-name').fill(`Tag ${stamp}`);
  await page.getByTestId('tag-form-alias').fill('Upper_Case');
  await page.getByTestId('tag-form-description').fill('Made by the browser test');
  await page.getByTestId('tag-form-submit').click();
  await expect(page.getByTestId('tag-form')).toContainText('Alias must be at most 30 lowercase letters and underscores');
  await page.getByTestId('tag-form-alias').fill(alias);
  await page.getByTestId('tag-form-submit').click();
  await expect(page.getByTestId(`tag-row-${alias}`)).toContainText(`Tag ${stamp}`);
});

test('an ADMIN never sees the operation menu and is sent away from /operation/companyList', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page.getByTestId('side-menu').getByTestId('menu-operation')).toHaveCount(0);
  await page.goto('/operation/companyList');
  await expect(page).toHaveURL(new RegExp(`${DEMO.admin.landing}$`));
  await expect(page.getByTestId('company-list')).toHaveCount(0);
});
