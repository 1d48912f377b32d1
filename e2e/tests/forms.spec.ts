import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedIn } from './support.ts';

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

/**
 * One form's round from its list page: the add button opens it; pressed empty it refuses; with only its
 * required fields (`fillRequired`) it saves; opened again from its row's edit button it saves unchanged.
 */
async function addsAndEdits(
  page: Page,
  round: { path: string; add: string; form: string; save: string; edit: string; fillRequired(): Promise<void> },
) {
  await page.goto(round.path);
  const form = byId(page, round.form);
  const save = byId(page, round.save);
  await byId(page, round.add).click();
  await refusesEmpty(page, form, save);
  await round.fillRequired();
  await saves(save, form);
  await byId(page, round.edit).click();
  await saves(save, form);
}

// Each test fills several forms; on a busy shared machine one form takes tens of seconds.
test.describe.configure({ timeout: 240_000 });

test('ADMIN account and SIP line forms refuse empty input on their fields and save with their defaults', async ({ page }) => {
  await signedIn(page, 'admin');

  // Account: user name, alias, e-mail, phone and password; level and state keep their defaults.
  await addsAndEdits(page, {
    path: '/system/account-manage',
    add: 'accounts-new',
    form: 'account-form',
    save: 'account-submit',
    edit: `account-edit-form${run}`,
    fillRequired: async () => {
      await fill(page, 'account-username', `form${run}`);
      await fill(page, 'account-alias', 'Defaults');
      await fill(page, 'account-email', `form${run}@acme.example`);
      await fill(page, 'account-phone', phone(1));
      await fill(page, 'account-password', 'Agent#Pass1');
    },
  });

  // SIP line: concurrency has no default; trunk, port, pacing and state do.
  await addsAndEdits(page, {
    path: '/system/sip-manage',
    add: 'sip-new',
    form: 'sip-form',
    save: 'sip-submit',
    edit: `sip-edit-Form line ${run}`,
    fillRequired: async () => {
      await fill(page, 'sip-alias', `Form line ${run}`);
      await fill(page, 'sip-username', `form-${run}`);
      await fill(page, 'sip-password', 'Carrier#Secret1');
      await fill(page, 'sip-domain', 'sip.carrier.example');
      await fill(page, 'sip-concurrency', '3');
    },
  });
});

test('ADMIN project, profile and do-not-call forms refuse empty input on their fields and save with their defaults', async ({ page }) => {
  await signedIn(page, 'admin');

  // Project: a name; the encryption type keeps its default.
  await addsAndEdits(page, {
    path: '/project/projectListAdmin',
    add: 'project-new',
    form: 'project-form',
    save: 'project-form-submit',
    edit: `project-edit-Form${run}`,
    fillRequired: async () => {
      await fill(page, 'project-name', `Form${run}`);
    },
  });

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
  await signedIn(page, 'dev');

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
  await signedIn(page, 'dev');

  // Voice: nickname and the vendor's voice id; the vendor keeps its default.
  await addsAndEdits(page, {
    path: '/operation/voiceList',
    add: 'voice-new',
    form: 'voice-form',
    save: 'voice-form-submit',
    edit: `voice-edit-Form${run}`,
    fillRequired: async () => {
      await fill(page, 'voice-form-nickname', `Form${run}`);
      await fill(page, 'voice-form-originalVoiceId', `v${run}`);
    },
  });

  // Tag.
  await addsAndEdits(page, {
    path: '/operation/tags',
    add: 'tag-new',
    form: 'tag-form',
    save: 'tag-form-submit',
    edit: `tag-edit-form_${letters}`,
    fillRequired: async () => {
      await fill(page, 'tag-form-name', `Form ${run}`);
      await fill(page, 'tag-form-alias', `form_${letters}`);
      await fill(page, 'tag-form-description', 'Saved with its defaults');
    },
  });
});

test('DEV model, processor and scenario forms refuse empty input on their fields and save with their defaults', async ({ page }) => {
  await signedIn(page, 'dev');

  // Model: vendor, names and URL; type, key header and an empty key keep their defaults.
  await addsAndEdits(page, {
    path: '/operation/llm',
    add: 'llm-new',
    form: 'llm-form',
    save: 'llm-form-save',
    edit: `llm-edit-form-${run}`,
    fillRequired: async () => {
      await fill(page, 'llm-vendor', 'FormVendor');
      await fill(page, 'llm-modelName', `Form model ${run}`);
      await fill(page, 'llm-calledName', `form-${run}`);
      await fill(page, 'llm-url', 'http://127.0.0.1:9/v1');
    },
  });

  // Processor: alias, model and prompt; type, state, temperature keep their defaults.
  await addsAndEdits(page, {
    path: '/operation/processor',
    add: 'processor-new',
    form: 'processor-form',
    save: 'processor-form-save',
    edit: `processor-edit-p${run}`,
    fillRequired: async () => {
      await fill(page, 'processor-alias', `p${run}`);
      await choose(page, 'processor-llmVendor', 'FormVendor');
      await choose(page, 'processor-llmId', `form-${run}`);
      await fill(page, 'processor-systemPrompt', 'Answer briefly.');
    },
  });

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
  await signedIn(page, 'dev');
  await page.goto('/operation/voiceList');
  await byId(page, 'voice-delete-Xiaomei').click();
  await byId(page, 'voice-delete-confirm').click();
  await expect(page.locator('.arco-message').filter({ hasText: 'AcmeOutreach' })).toBeVisible();
  await expect(byId(page, 'voice-delete-Xiaomei')).toBeVisible();
});
