import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support.ts';

/**
 * Every create/edit form of the console (issue 17, points 1 and 2): pressed empty it shows its errors on the
 * fields, keeps the first in view and throws nothing; filled with its required fields only it saves with its
 * defaults; opened again it saves unchanged. A refused confirm (a voice still granted) shows the server's
 * message without an error in the console. The task form has its own test in projects.spec.ts.
 */

const run = Date.now().toString(36).slice(-5);
/** Letters only (tag aliases take lowercase letters and underscores). */
const letters = run.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
/** A phone number unique to this run (accounts and profiles keep phones unique platform-wide). */
const phone = (n: number) => `+86139${String(parseInt(run, 36) % 100_000).padStart(5, '0')}${n}0`;

/** Console errors and uncaught page errors (an unhandled "form validate error" lands here) while a test runs. */
function watchErrors(page: Page): string[] {
  const seen: string[] = [];
  page.on('pageerror', (error) => seen.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(`console error: ${message.text()}`);
  });
  return seen;
}

let errors: string[] = [];
test.beforeEach(({ page }) => {
  errors = watchErrors(page);
});
test.afterEach(() => {
  expect(errors, 'nothing thrown or logged as an error in the browser').toEqual([]);
});

/** The visible element of a test id (tabs keep visited pages mounted, hidden). */
const byId = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

/** Types into a field whether the test id sits on the input or on its wrapper. */
async function fill(page: Page, testId: string, value: string) {
  const target = byId(page, testId);
  const isInput = await target.evaluate((el) => el.tagName === 'INPUT' || el.tagName === 'TEXTAREA');
  await (isInput ? target : target.locator('input, textarea').first()).fill(value);
}

/** Opens an Arco select and picks the option showing `text`. */
async function choose(page: Page, testId: string, text: string) {
  await byId(page, testId).click();
  await page.locator('.arco-select-option:visible', { hasText: text }).first().click();
}

/**
 * Presses save on a form left empty: it stays open, shows at least one message under a field, and the first
 * refused field is in view.
 */
async function refusesEmpty(page: Page, form: Locator, save: Locator) {
  await save.click();
  const firstError = form.locator('.arco-form-item-status-error').first();
  await expect(firstError).toBeVisible();
  await expect(firstError.locator('.arco-form-message')).not.toBeEmpty();
  await expect(firstError).toBeInViewport();
  await expect(form).toBeVisible();
}

/** Saves a form and waits for it to close. */
async function saves(save: Locator, form: Locator) {
  await save.click();
  await expect(form).toBeHidden();
}

// Each test fills several forms; on a busy shared machine one form takes tens of seconds.
test.describe.configure({ timeout: 240_000 });

test('ADMIN account and SIP line forms refuse empty input on their fields and save with their defaults', async ({ page }) => {
  await signIn(page, 'admin');

  // Account: user name, alias, e-mail, phone and password; level and state keep their defaults.
  await page.goto('/system/account-manage');
  const account = byId(page, 'account-form');
  const accountSave = byId(page, 'account-submit');
  await byId(page, 'accounts-new').click();
  await refusesEmpty(page, account, accountSave);
  await fill(page, 'account-username', `form${run}`);
  await fill(page, 'account-alias', 'Defaults');
  await fill(page, 'account-email', `form${run}@acme.example`);
  await fill(page, 'account-phone', phone(1));
  await fill(page, 'account-password', 'Agent#Pass1');
  await saves(accountSave, account);
  await byId(page, `account-edit-form${run}`).click();
  await saves(accountSave, account);

  // SIP line: concurrency has no default; trunk, port, pacing and state do.
  await page.goto('/system/sip-manage');
  const sip = byId(page, 'sip-form');
  const sipSave = byId(page, 'sip-submit');
  await byId(page, 'sip-new').click();
  await refusesEmpty(page, sip, sipSave);
  await fill(page, 'sip-alias', `Form line ${run}`);
  await fill(page, 'sip-username', `form-${run}`);
  await fill(page, 'sip-password', 'Carrier#Secret1');
  await fill(page, 'sip-domain', 'sip.carrier.example');
  await fill(page, 'sip-concurrency', '3');
  await saves(sipSave, sip);
  await byId(page, `sip-edit-Form line ${run}`).click();
  await saves(sipSave, sip);
});

test('ADMIN project, profile and do-not-call forms refuse empty input on their fields and save with their defaults', async ({ page }) => {
  await signIn(page, 'admin');

  // Project: a name; the encryption type keeps its default.
  await page.goto('/project/projectListAdmin');
  const project = byId(page, 'project-form');
  const projectSave = byId(page, 'project-form-submit');
  await byId(page, 'project-new').click();
  await refusesEmpty(page, project, projectSave);
  await fill(page, 'project-name', `Form${run}`);
  await saves(projectSave, project);
  await byId(page, `project-edit-Form${run}`).click();
  await saves(projectSave, project);

  // Profile: saved unchanged; then emptied, refused on its fields.
  await page.goto('/system/self-info');
  const profile = byId(page, 'profile-form');
  await byId(page, 'profile-edit').click();
  await saves(byId(page, 'profile-submit'), profile);
  await byId(page, 'profile-edit').click();
  await fill(page, 'profile-alias', '');
  await fill(page, 'profile-email', '');
  await refusesEmpty(page, profile, byId(page, 'profile-submit'));
  await page.keyboard.press('Escape');

  // Do-not-call: numbers; the note is optional.
  await page.goto('/system/dnc');
  const dncForm = page.locator('.arco-modal').filter({ has: page.getByTestId('dnc-phones') });
  await byId(page, 'dnc-add').click();
  await refusesEmpty(page, dncForm, byId(page, 'dnc-save'));
  await fill(page, 'dnc-phones', phone(2));
  await saves(byId(page, 'dnc-save'), dncForm);
});

test('DEV company, permissions and grants forms refuse empty input on their fields and save with their defaults', async ({ page }) => {
  await signIn(page, 'dev');

  // Company: name, suffix and the admin's e-mail; time zone and admin user name default.
  await page.goto('/operation/companyList');
  const company = byId(page, 'company-form');
  const companySave = byId(page, 'company-form-submit');
  await byId(page, 'company-new').click();
  await refusesEmpty(page, company, companySave);
  await fill(page, 'company-form-name', `FormCo${run}`);
  await fill(page, 'company-form-suffix', `form${run}`);
  await fill(page, 'company-form-adminEmail', `it@form${run}.test`);
  await companySave.click();
  await byId(page, 'company-created-done').click();
  await byId(page, `company-edit-FormCo${run}`).click();
  await saves(companySave, company);

  // Permissions and grants of the new company, saved as they open.
  await byId(page, `company-manage-FormCo${run}`).click();
  await byId(page, 'company-manage-permissions').click();
  await byId(page, 'permissions-save').click();
  await expect(page.getByText('Permissions saved')).toBeVisible();
  await byId(page, `company-manage-FormCo${run}`).click();
  await byId(page, 'company-manage-voice').click();
  await saves(byId(page, 'grants-save'), byId(page, 'grants-modal'));
});

test('DEV voice and tag forms refuse empty input on their fields and save with their defaults', async ({ page }) => {
  await signIn(page, 'dev');

  // Voice: nickname and the vendor's voice id; the vendor keeps its default.
  await page.goto('/operation/voiceList');
  const voice = byId(page, 'voice-form');
  const voiceSave = byId(page, 'voice-form-submit');
  await byId(page, 'voice-new').click();
  await refusesEmpty(page, voice, voiceSave);
  await fill(page, 'voice-form-nickname', `Form${run}`);
  await fill(page, 'voice-form-originalVoiceId', `v${run}`);
  await saves(voiceSave, voice);
  await byId(page, `voice-edit-Form${run}`).click();
  await saves(voiceSave, voice);

  // Tag.
  await page.goto('/operation/tags');
  const tag = byId(page, 'tag-form');
  const tagSave = byId(page, 'tag-form-submit');
  await byId(page, 'tag-new').click();
  await refusesEmpty(page, tag, tagSave);
  await fill(page, 'tag-form-name', `Form ${run}`);
  await fill(page, 'tag-form-alias', `form_${letters}`);
  await fill(page, 'tag-form-description', 'Saved with its defaults');
  await saves(tagSave, tag);
  await byId(page, `tag-edit-form_${letters}`).click();
  await saves(tagSave, tag);
});

test('DEV model, processor and scenario forms refuse empty input on their fields and save with their defaults', async ({ page }) => {
  await signIn(page, 'dev');

  // Model: vendor, names and URL; type, key header and an empty key keep their defaults.
  await page.goto('/operation/llm');
  const llm = byId(page, 'llm-form');
  const llmSave = byId(page, 'llm-form-save');
  await byId(page, 'llm-new').click();
  await refusesEmpty(page, llm, llmSave);
  await fill(page, 'llm-vendor', 'FormVendor');
  await fill(page, 'llm-modelName', `Form model ${run}`);
  await fill(page, 'llm-calledName', `form-${run}`);
  await fill(page, 'llm-url', 'http://127.0.0.1:9/v1');
  await saves(llmSave, llm);
  await byId(page, `llm-edit-form-${run}`).click();
  await saves(llmSave, llm);

  // Processor: alias, model and prompt; type, state, temperature keep their defaults.
  await page.goto('/operation/processor');
  const processor = byId(page, 'processor-form');
  const processorSave = byId(page, 'processor-form-save');
  await byId(page, 'processor-new').click();
  await refusesEmpty(page, processor, processorSave);
  await fill(page, 'processor-alias', `p${run}`);
  await choose(page, 'processor-llmVendor', 'FormVendor');
  await choose(page, 'processor-llmId', `form-${run}`);
  await fill(page, 'processor-systemPrompt', 'Answer briefly.');
  await saves(processorSave, processor);
  await byId(page, `processor-edit-p${run}`).click();
  await saves(processorSave, processor);

  // Scenario: a name; everything else as the editor starts (the built-in speech engines need no URL).
  await page.goto('/operation/scenario/add');
  await expect(byId(page, 'scenario-editor')).toBeVisible();
  await byId(page, 'scenario-save').click();
  await expect(byId(page, 'scn-name-error')).toBeInViewport();
  await fill(page, 'scn-name', `Form scenario ${run}`);
  await byId(page, 'scenario-save').click();
  await expect(page).toHaveURL(/\/operation\/scenario\/edit\?id=/);
  await expect(byId(page, 'scenario-editor-version')).toHaveText('v1');
  await byId(page, 'scenario-save').click();
  await expect(page.getByText('Nothing changed')).toBeVisible();
});

test('a refused confirm (deleting a voice companies hold) shows the server message, with nothing in the console', async ({ page }) => {
  await signIn(page, 'dev');
  await page.goto('/operation/voiceList');
  await byId(page, 'voice-delete-Xiaomei').click();
  await byId(page, 'voice-delete-confirm').click();
  await expect(page.locator('.arco-message').filter({ hasText: 'AcmeOutreach' })).toBeVisible();
  await expect(byId(page, 'voice-delete-Xiaomei')).toBeVisible();
});
