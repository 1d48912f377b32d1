import { expect, test, type Browser, type Page } from '@playwright/test';
import { api, signedIn } from './support.ts';

/**
 * The operation area end to end: a DEV creates a company (with its first admin), builds a scenario (two
 * routers, a transfer tool, a filler stream), grants the company a voice, a processor and that scenario,
 * and the company's ADMIN then finds exactly the granted scenario and voice in the task form.
 */
const stamp = Date.now().toString(36);

async function grant(page: Page, company: string, kind: 'voice' | 'processor' | 'scenario', label: string) {
  await page.getByTestId(`company-manage-${company}`).click();
  await page.getByTestId(`company-manage-${kind}`).filter({ visible: true }).click();
  const modal = page.getByTestId('grants-modal');
  await modal.getByTestId(`grant-row-${label}`).locator('.arco-checkbox').click();
  await page.getByTestId('grants-save').click();
  await expect(modal).toBeHidden();
}

async function signInAs(browser: Browser, username: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-role-admin').click();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/workplace$/);
  return page;
}

/** The texts an Arco Select offers. */
async function options(page: Page, testId: string): Promise<string[]> {
  await page.getByTestId(testId).click();
  const popup = page.locator('.arco-select-popup:visible');
  await expect(popup).toBeVisible();
  const texts = (await popup.locator('.arco-select-option').allInnerTexts()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  // Wait for the popup's closing animation: the next select's popup must be the only one visible.
  await expect(popup).toHaveCount(0);
  return texts;
}

test('what a DEV grants a company is exactly what its ADMIN can choose in the task form', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const company = `GrantCo${stamp}`;
  const suffix = `g${stamp}`;
  const scenarioName = `Grant flow ${stamp}`;
  await signedIn(page, 'dev');

  // A scenario of the catalogue, built from the demo's document: two routers, a transfer tool, a filler stream.
  const demo = (await api<{ list: { id: string; name: string }[] }>(page, '/api/operation/scenarios/list', { keyword: 'Renewal reminder' }))
    .list[0]!;
  const { document } = await api<{ document: Record<string, unknown> & { routers: unknown[]; tools: unknown[] } }>(
    page,
    '/api/operation/scenarios/get',
    { id: demo.id },
  );
  expect(document.routers.length).toBeGreaterThanOrEqual(2);
  await api(page, '/api/operation/scenarios/create', { document: { ...document, name: scenarioName } });
  const processor = (
    await api<{ list: { alias: string; type: string; state: string }[] }>(page, '/api/operation/processors/list', { pageSize: 50 })
  ).list.find((p) => p.state === 'valid')!;

  // The company and its first admin, through the console.
  await page.goto('/operation/companyList');
  await page.getByTestId('company-new').click();
  await page.getByTestId('company-form-name').fill(company);
  await page.getByTestId('company-form-suffix').fill(suffix);
  await page.getByTestId('company-form-adminEmail').fill(`it@${suffix}.test`);
  await page.getByTestId('company-form-submit').click();
  const username = (await page.getByTestId('company-created-username').innerText()).trim();
  const password = (await page.getByTestId('company-created-password').innerText()).trim();
  await page.getByTestId('company-created-done').click();

  await grant(page, company, 'voice', 'Emma');
  await grant(page, company, 'processor', processor.alias);
  await grant(page, company, 'scenario', scenarioName);

  // Its admin adds a line and a project, then opens the task form.
  const admin = await signInAs(browser, username, password);
  await api(admin, '/api/sip-lines/create', {
    alias: 'Main trunk',
    concurrency: 5,
    cps: 2,
    status: 'enabled',
    trunk: 'simulated',
    sipUsername: 'acc',
    password: 'Line#Pass1',
    domain: 'sip.example.test',
    port: 5060,
  });
  const project = await api<{ id: string }>(admin, '/api/projects/create', { name: `Proj${stamp}`, encryptionType: 'PLAIN_TEXT' });
  await admin.goto(`/project/newTask/${project.id}`);
  await expect(admin.getByTestId('task-form')).toBeVisible();
  expect(await options(admin, 'task-scenario')).toEqual([scenarioName]);
  expect(await options(admin, 'task-voice')).toEqual(['Emma']);
  await admin.context().close();
});
