import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signedIn, signIn } from './support.ts';

/**
 * The operation catalogue, end to end, as provider staff (DEV): a model tested against a local
 * OpenAI-compatible server, processors of each kind a scenario needs, a scenario built in the editor,
 * saved, edited into version 2, exported; and an import that does not fit the format.
 */

const run = Date.now().toString(36).slice(-4);
const KEY = `sk-e2e-${run}`;

/** A tiny OpenAI-compatible chat completions server on 127.0.0.1 and a random port, in this process. */
let llmServer: Server;
let llmBase = '';
test.beforeAll(async () => {
  llmServer = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return json(404, { error: { message: 'not found' } });
      if (req.headers.authorization !== `Bearer ${KEY}`) return json(401, { error: { message: 'Incorrect API key provided' } });
      const body = JSON.parse(raw) as { model: string; messages: { content: string }[] };
      json(200, {
        choices: [{ index: 0, message: { role: 'assistant', content: `Hello from ${body.model}: ${body.messages.at(-1)?.content}` } }],
      });
    });
  });
  await new Promise<void>((resolve) => llmServer.listen(0, '127.0.0.1', resolve));
  llmBase = `http://127.0.0.1:${(llmServer.address() as AddressInfo).port}/v1`;
});
test.afterAll(async () => {
  llmServer.closeAllConnections();
  await new Promise((resolve) => llmServer.close(resolve));
});

/**
 * The visible element of a test id. Tabs keep visited pages mounted (hidden), so the new-scenario page
 * and the edit page both hold an editor; only the shown one counts.
 */
function byId(page: Page, testId: string) {
  return page.getByTestId(testId).filter({ visible: true });
}

/** Types into the input of a field, whether the test id sits on the input or on its wrapper. */
async function fill(page: Page, testId: string, value: string) {
  const target = byId(page, testId);
  const input = (await target.evaluate((el) => el.tagName === 'INPUT' || el.tagName === 'TEXTAREA'))
    ? target
    : target.locator('input, textarea').first();
  await input.fill(value);
}

/** Opens an Arco select and picks the option showing `text`. */
async function choose(page: Page, testId: string, text: string) {
  await byId(page, testId).click();
  await page.locator('.arco-select-option:visible', { hasText: text }).first().click();
}

test('DEV adds a model and tests it against a local OpenAI-compatible server', async ({ page }) => {
  await signIn(page, 'dev');
  await byId(page, 'side-menu').getByTestId('menu-llm').click();
  await expect(byId(page, 'llm-page')).toBeVisible();

  await byId(page, 'llm-new').click();
  await fill(page, 'llm-vendor', 'OpenAI');
  await fill(page, 'llm-modelName', `E2E model ${run}`);
  await fill(page, 'llm-calledName', `e2e-${run}`);
  await fill(page, 'llm-url', 'ftp://nowhere');
  await fill(page, 'llm-apiKey', KEY);
  await byId(page, 'llm-form-save').click();
  await expect(page.getByText('URL must be an http:// or https:// address')).toBeVisible();
  await fill(page, 'llm-url', llmBase);
  await byId(page, 'llm-form-save').click();
  await expect(byId(page, 'llm-form')).toHaveCount(0);

  const row = byId(page, 'llm-table').locator('tr', { hasText: `e2e-${run}` });
  await expect(row).toContainText('••••••••');
  await expect(row).not.toContainText(KEY);
  await byId(page, `llm-test-e2e-${run}`).click();
  await fill(page, 'llm-test-prompt', 'ping');
  await byId(page, 'llm-test-run').click();
  await expect(byId(page, 'llm-test-ok')).toBeVisible();
  await expect(byId(page, 'llm-test-reply')).toHaveText(`Hello from e2e-${run}: ping`);
  await expect(byId(page, 'llm-test-latency')).toContainText('ms');
});

test('DEV builds a scenario with two routers, a transfer tool and a filler stream, saves it, edits it into version 2 and exports it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedIn(page, 'dev');

  // Processors on the demo model: a main stream, a referee and a filler.
  const alias = { main: `m${run}`, judge: `j${run}`, filler: `f${run}` };
  await page.goto('/operation/processor');
  for (const [type, name] of [
    ['stream', alias.main],
    ['referee', alias.judge],
    ['filler', alias.filler],
  ] as const) {
    await byId(page, 'processor-new').click();
    await fill(page, 'processor-alias', name);
    await byId(page, `processor-type-${type}`).click();
    await choose(page, 'processor-llmVendor', 'Qwen');
    await choose(page, 'processor-llmId', 'qwen2.5:7b-instruct');
    await fill(page, 'processor-systemPrompt', `You are the ${type} of an e2e scenario.`);
    await byId(page, 'processor-form-save').click();
    await expect(byId(page, 'processor-form')).toHaveCount(0);
    await expect(byId(page, `processor-view-${name}`)).toBeVisible();
  }
  await choose(page, 'processor-filter-type', 'Filler');
  await byId(page, 'processor-search').click();
  await expect(byId(page, `processor-view-${alias.main}`)).toHaveCount(0);
  await expect(byId(page, `processor-view-${alias.filler}`)).toBeVisible();

  // The editor: required fields first.
  await byId(page, 'catalogue-scenario').click();
  await byId(page, 'scenario-new').click();
  await expect(byId(page, 'scenario-editor')).toBeVisible();
  const name = `E2E renewal ${run}`;
  await byId(page, 'scenario-save').click();
  await expect(byId(page, 'scn-name-error')).toContainText('Name is required');
  await fill(page, 'scn-name', name);
  // A new scenario speaks and listens with the built-in engines: no address to fill.
  await expect(byId(page, 'scn-dialogAsr-offline')).toBeVisible();
  await expect(byId(page, 'scn-tts-offline')).toBeVisible();
  await expect(byId(page, 'scn-name-error')).toHaveCount(0);

  // Route tools: the default transfer tool, its texts, and the unique-alias rule.
  await fill(page, 'scn-tools-1-alias', 'hangup');
  await expect(byId(page, 'scn-tools-1-alias-error')).toContainText('The alias already exists');
  await fill(page, 'scn-tools-1-alias', 'to_agent');
  await fill(page, 'scn-tools-1-successText', 'Connecting you to a colleague now.');

  // Router 1: the callee asks for a person → the transfer tool.
  await byId(page, 'scn-router-add').click();
  const modal = byId(page, 'scn-router-modal');
  await fill(page, 'scn-router-name', 'Wants a person');
  await byId(page, 'scn-condition-add').click();
  await byId(page, 'scn-condition-add-content').click();
  await modal.getByTestId('scn-routers-0-conditions-0-keywords').locator('input').fill('human');
  await modal.getByTestId('scn-routers-0-conditions-0-keywords').locator('input').press('Enter');
  await byId(page, 'scn-router-target-tool').click();
  await choose(page, 'scn-router-tool', 'to_agent');
  await byId(page, 'scn-router-ok').click();
  await expect(byId(page, 'scn-router-0')).toContainText('to_agent');

  // Router 2: every other turn → referee, then the main stream.
  await byId(page, 'scn-router-add').click();
  await fill(page, 'scn-router-name', 'Conversation');
  await byId(page, 'scn-router-ok').click();
  await expect(byId(page, 'scn-routers-1-target-mainId-error')).toContainText('Choose a processor');
  await choose(page, 'scn-router-main', alias.main);
  await choose(page, 'scn-router-referee', alias.judge);
  await byId(page, 'scn-router-ok').click();
  await expect(byId(page, 'scn-router-1')).toContainText(alias.main);

  // Filler stream.
  await byId(page, 'scn-filler-on').click();
  await choose(page, 'scn-filler-processorId', alias.filler);

  await byId(page, 'scenario-save').click();
  await expect(page).toHaveURL(/\/operation\/scenario\/edit\?id=/);
  await expect(byId(page, 'scenario-editor-version')).toHaveText('v1');
  await expect(byId(page, 'scn-router-0')).toContainText('Wants a person');

  // Edit: a shorter filler interval becomes version 2.
  await fill(page, 'scn-filler-intervalMs', '900');
  await expect(byId(page, 'scenario-editor-dirty')).toBeVisible();
  await byId(page, 'scenario-save').click();
  await expect(page.getByText('Saved as version 2')).toBeVisible();
  await expect(byId(page, 'scenario-editor-version')).toHaveText('v2');

  // Export the saved version.
  const downloading = page.waitForEvent('download');
  await byId(page, 'scenario-editor-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`e2e-renewal-${run}-v2.json`);
  const file = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(file).toMatchObject({ format: 'dialwise.scenario', formatVersion: 1, sourceVersion: 2 });
  expect(file.scenario.name).toBe(name);
  expect(file.scenario.routers.map((r: { name: string }) => r.name)).toEqual(['Wants a person', 'Conversation']);
  expect(file.scenario.tools.find((t: { kind: string }) => t.kind === 'transfer')).toMatchObject({
    alias: 'to_agent',
    successText: 'Connecting you to a colleague now.',
  });
  expect(file.scenario.filler.intervalMs).toBe(900);
  expect(file.processors.map((p: { alias: string }) => p.alias).sort()).toEqual([alias.filler, alias.judge, alias.main].sort());

  // The list shows the new version and the processors it uses.
  await page.goto('/operation/scenario');
  const row = byId(page, 'scenario-table').locator('tr', { hasText: name });
  await expect(row.getByTestId('scenario-version')).toHaveText('v2');
  await expect(row).toContainText(alias.filler);
});

test('importing a file that does not fit the format shows "Scenario format failed" with the failing paths', async ({ page }) => {
  await signedIn(page, 'dev');
  await page.goto('/operation/scenario');
  const bad = {
    format: 'dialwise.scenario',
    formatVersion: 1,
    scenario: {
      name: '',
      dialogAsr: { provider: 'seed', url: 'wss://asr.example.com' },
      tts: { provider: 'robot', url: 'https://tts.example.com' },
      tools: [{ kind: 'transfer', alias: 'x', successText: 'y'.repeat(101) }],
    },
  };
  await page
    .getByTestId('scenario-import-input')
    .setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
  const failed = byId(page, 'scenario-import-failed');
  await expect(failed).toBeVisible();
  await expect(page.locator('.arco-modal-title', { hasText: 'Scenario format failed' })).toBeVisible();
  const paths = failed.getByTestId('scenario-import-failed-path');
  await expect(paths.filter({ hasText: 'scenario.name' })).toContainText('Name is required');
  await expect(paths.filter({ hasText: 'scenario.tts.provider' })).toBeVisible();
  await expect(paths.filter({ hasText: 'scenario.tools.0.successText' })).toContainText('at most 100 characters');

  await page.keyboard.press('Escape');
  await page
    .getByTestId('scenario-import-input')
    .setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"format": ') });
  await expect(byId(page, 'scenario-import-failed-path')).toContainText('The file is not JSON');
});

test('a callback URL at an internal address is refused when the scenario is saved, under its field, in both languages', async ({
  page,
}) => {
  await signedIn(page, 'dev');
  await page.goto('/operation/scenario');
  await byId(page, 'scenario-new').click();
  await expect(byId(page, 'scenario-editor')).toBeVisible();
  const name = `E2E callbacks ${run}`;
  await fill(page, 'scn-name', name);
  await byId(page, 'scn-callback-add').click();
  // The form's own rule holds (an http address): only the server, resolving it, knows it is internal.
  await fill(page, 'scn-callbacks-0-url', 'http://10.20.30.40/hooks/dialwise');
  await byId(page, 'scenario-save').click();
  await expect(byId(page, 'scn-callbacks-0-url-error')).toContainText('points at an internal address');
  await expect(page).not.toHaveURL(/\/operation\/scenario\/edit\?id=/);
  await page.getByTestId('nav-locale').click();
  await page.getByTestId('locale-zh-CN').click();
  await byId(page, 'scenario-save').click();
  await expect(byId(page, 'scn-callbacks-0-url-error')).toContainText('指向内部地址');
  await page.getByTestId('nav-locale').click();
  await page.getByTestId('locale-en-US').click();
  await fill(page, 'scn-callbacks-0-url', 'https://crm.example.com/hooks/dialwise');
  await byId(page, 'scenario-save').click();
  await expect(page).toHaveURL(/\/operation\/scenario\/edit\?id=/);
  await expect(byId(page, 'scenario-editor-version')).toHaveText('v1');
});
