import type { TaskOptions } from '@dialwise/contracts';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, signIn, simulatedTaskInput } from './support.ts';
import { startOwnServer, type OwnServer } from './seat-server.ts';

/**
 * The operator seat in Chromium with a fake microphone: a WAV of espeak-ng speech (looped by Chromium) is
 * what the agent "says". A demo task on the simulated lines calls numbers whose callees sometimes ask for a
 * person; the demo scenario's transfer tool offers that call to the signed-in agent — with the handover note
 * the demo model writes — who accepts, listens in pre-voice, speaks once connected (the call's recording must
 * hold the agent's voice on our channel), mutes, hangs up and files the call, or leaves the filing for later
 * (the call waits among the calls to file). These run against a server of their own (see seat-server.ts).
 */
const OWN_PORT = Number(process.env.SEAT_E2E_PORT ?? Number(process.env.E2E_PORT ?? 4310) + 50);
// Written in beforeAll, before the first page launches the browser (the browser is started lazily).
const WAV = join(tmpdir(), `dialwise-seat-agent-${OWN_PORT}.wav`);
/** Debian's espeak-ng (package `espeak-ng`, installed by CI like the server's offline speech). */
const ESPEAK = process.env.ESPEAK_PATH ?? '/usr/bin/espeak-ng';

test.use({
  permissions: ['microphone'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${WAV}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});
// A loaded machine makes every step slow (a page load can take seconds): generous per-test budgets.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let own: OwnServer;
/** The start of the handover note: the demo model's, or the conversation's own after a timeout. */
const HANDOVER_NOTE = /^The customer(, Li, heard the renewal reminder| \(Li\) asked for a person)/;

test.beforeAll(async () => {
  test.setTimeout(360_000);
  execFileSync(ESPEAK, ['-v', 'en-us', '-w', WAV, 'Hello, this is Agent Lin from Acme. How can I help you today?']);
  own = await startOwnServer(OWN_PORT, { SEAT_HEARTBEAT_MS: '1000', SEAT_HEARTBEAT_TIMEOUT_MS: '4000' });
});
test.afterAll(async () => {
  await own?.stop();
  rmSync(WAV, { force: true });
});

async function api<T>(client: APIRequestContext, path: string, body: unknown): Promise<T> {
  const response = await client.post(path, { data: body });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

/** As the demo ADMIN (API only): a project the demo agent works on, a task of the demo scenario with numbers. */
async function transferringTask(name: string, numbers: number) {
  const admin = await request.newContext({ baseURL: own.url });
  await api(admin, '/api/user/login', { username: 'admin', password: PASSWORD, role: 'admin', force: true });
  const operators = await api<{ id: string; username: string }[]>(admin, '/api/projects/operators', {});
  const agent = operators.find((operator) => operator.username === 'agent');
  expect(agent).toBeTruthy();
  const project = await api<{ id: string }>(admin, '/api/projects/create', {
    name,
    encryptionType: 'PLAIN_TEXT',
    operatorIds: [agent!.id],
  });
  const options = await api<TaskOptions>(admin, '/api/tasks/options', {});
  const task = await api<{ id: string }>(admin, '/api/tasks/create', simulatedTaskInput(options, project.id, 'Transfers'));
  const stamp = String(Date.now()).slice(-5);
  const rows = Array.from(
    { length: numbers },
    (_, i) => `139${stamp}${String(i).padStart(3, '0')},Hello customer ${i},plan=gold&name=Li,note ${i}`,
  );
  const upload = await admin.post(`/api/subtasks/upload?taskId=${task.id}`, {
    headers: { 'content-type': 'text/csv', 'x-upload-filename': 'numbers.csv' },
    data: Buffer.from(`phoneNumber,prologueInfo,businessInfo,remark\n${rows.join('\n')}\n`),
  });
  expect(upload.ok()).toBe(true);
  return {
    projectId: project.id,
    start: () => api(admin, '/api/tasks/action', { taskId: task.id, action: 'start' }),
    stop: async () => {
      await api(admin, '/api/tasks/action', { taskId: task.id, action: 'pause' }).catch(() => undefined);
      await admin.dispose();
    },
  };
}

/** The loudest 100 ms of one channel of a 16-bit PCM WAV, as RMS (0–32768). */
function loudestRms(wav: Buffer, channel: number): number {
  const channels = wav.readUInt16LE(22);
  const rate = wav.readUInt32LE(24);
  let offset = 12;
  while (offset + 8 <= wav.length && wav.toString('ascii', offset, offset + 4) !== 'data') offset += 8 + wav.readUInt32LE(offset + 4);
  const start = offset + 8;
  const frames = Math.floor((wav.length - start) / (2 * channels));
  const window = Math.round(rate / 10);
  let loudest = 0;
  for (let from = 0; from + window <= frames; from += window) {
    let sum = 0;
    for (let i = from; i < from + window; i++) {
      const sample = wav.readInt16LE(start + (i * channels + channel) * 2);
      sum += sample * sample;
    }
    loudest = Math.max(loudest, Math.sqrt(sum / window));
  }
  return loudest;
}

/** The seat as the agent sees it, kept with the run's artifacts (`e2e/.artifacts/screens/`) for review. */
async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(import.meta.dirname, '..', '.artifacts', 'screens', `seat-${name}.png`), fullPage: true });
}

/** Switches the theme from the top bar (no reload, so the seat stays connected). */
async function toggleTheme(page: Page, to: 'dark' | 'light') {
  await page.getByTestId('nav-theme').click();
  if (to === 'dark') await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
  else await expect(page.locator('body')).not.toHaveAttribute('arco-theme', 'dark');
}

async function startWork(page: Page) {
  await signIn(page, 'agent', `${own.url}/login`);
  await expect(page.getByTestId('seat-page')).toBeVisible();
  await expect(page.getByTestId('seat-devices')).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  await expect(page.getByTestId('seat-state')).toHaveAttribute('data-state', 'not-connected');
  await expect(page.getByTestId('seat-connection')).toHaveAttribute('data-state', 'not-connected');
  await page.getByTestId('seat-start').click();
  await expect(page.getByTestId('seat-connection')).toHaveAttribute('data-state', 'connected');
  await expect(page.getByTestId('seat-state')).toHaveAttribute('data-state', 'signed-out');
  await page.getByTestId('seat-sign-in').click();
  await expect(page.getByTestId('seat-state')).toHaveAttribute('data-state', 'waiting');
}

/**
 * Takes the next offer through pre-voice to connected, speaks, mutes, unmutes and hangs up: answers the
 * call's id, or null when the call went away under the agent (the offer was withdrawn or came too late, or
 * the customer hung up first; the agent then clicks "Next call").
 */
async function takeCall(page: Page): Promise<string | null> {
  const offer = page.getByTestId('seat-offer');
  const panel = page.getByTestId('seat-call');
  const ended = page.getByTestId('seat-call-ended');
  await expect(offer).toBeVisible({ timeout: 150_000 });
  try {
    await expect(page.getByTestId('seat-offer-countdown')).toHaveText(/Accept within \d+ s/);
    // Warm transfer: the handover note is there before the accept — on the offer and on the customer panel. The
    // demo model writes it ("The customer, Li, heard…": the upload's name field); a model slower than the
    // server's timeout gives way to the conversation's own note ("The customer (Li) asked for a person…").
    await expect(page.getByTestId('seat-offer-why-text')).toContainText(HANDOVER_NOTE);
    // On the ringing card the note takes two lines at most and ends in "…" (a CSS clamp, in any language: Arco's
    // measured ellipsis cut Chinese mid-word without one); its tooltip holds it whole.
    const why = page.getByTestId('seat-offer-why-text');
    expect(await why.evaluate((el) => getComputedStyle(el).getPropertyValue('-webkit-line-clamp'))).toBe('2');
    await expect(why).toHaveAttribute('title', HANDOVER_NOTE);
    await expect(page.getByTestId('seat-summary')).toContainText(HANDOVER_NOTE);
    // A note that ends by quoting the customer closes the quotation.
    expect(await page.getByTestId('seat-summary').textContent()).not.toMatch(/: "[^"]*$/);
    await expect(page.getByTestId('seat-summary')).toContainText(/person|agent|someone/i);
    // The conversation so far, in the call record's words: the AI's opening, then the customer's lines.
    const said = page.getByTestId('seat-info').getByTestId('call-record-conversation');
    await expect(said.getByTestId('call-line-ai').first()).toContainText('AI');
    await expect(said.getByTestId('call-line-customer').first()).toContainText('Customer');
    await page.getByTestId('seat-accept').click({ timeout: 5_000 });
  } catch (error) {
    if (await offer.isVisible()) throw error;
    return null;
  }
  // Where the call stands: the agent speaks (connected), it ended, or it was never ours (refused as too late).
  const where = async () =>
    (await ended.isVisible())
      ? 'ended'
      : (await panel.isVisible())
        ? ((await panel.getAttribute('data-phase', { timeout: 1_000 }).catch(() => null)) ?? 'none')
        : 'gone';
  const timer = async () =>
    (await page
      .getByTestId('seat-call-timer')
      .textContent({ timeout: 1_000 })
      .catch(() => null)) ?? '';
  /** One step of the call, unless the call ends under it: false then. */
  const live = async (step: () => Promise<unknown>) => {
    try {
      await step();
      return true;
    } catch (error) {
      if ((await where()) !== 'connected') return false;
      throw error;
    }
  };
  const next = async () => {
    if (await ended.isVisible()) await page.getByTestId('seat-next').click();
    return null;
  };

  await expect.poll(where, { timeout: 60_000 }).toMatch(/^(connected|ended|gone)$/);
  if ((await where()) !== 'connected') return next();
  const callId = await page.getByTestId('seat-info').getAttribute('data-call');
  // The note stays with the call the agent took.
  await expect(page.getByTestId('seat-summary')).toContainText(HANDOVER_NOTE);
  const connected = await live(async () => {
    await expect(panel).toHaveAttribute('data-pre-voice', 'true');
    await expect(page.getByTestId('seat-state')).toHaveAttribute('data-state', 'in-call');
    await expect(page.getByTestId('seat-sign-out')).toBeDisabled();
    await expect(page.getByTestId('seat-call-phase-hint')).toHaveText('The customer hears you now');
    // The agent speaks for a while (the fake microphone loops the WAV): three seconds on the call's own clock.
    await expect.poll(timer, { timeout: 30_000 }).toMatch(/0:0[3-9]|0:[1-5]\d/);
    await page.getByTestId('seat-mute').click({ timeout: 5_000 });
    await expect(page.getByTestId('seat-mute')).toHaveAttribute('data-muted', 'true');
    await page.getByTestId('seat-mute').click({ timeout: 5_000 });
    await expect(page.getByTestId('seat-mute')).toHaveAttribute('data-muted', 'false');
    await shot(page, 'en-light-call');
    await page.getByTestId('seat-hang-up').click({ timeout: 5_000 });
  });
  if (!connected) return next();
  await expect(ended).toHaveAttribute('data-reason', /seat-hung-up|callee-hung-up/);
  return callId;
}

test('device check: the fake microphone is found, allowed, and its level moves; the speaker test plays', async ({ page }) => {
  await signIn(page, 'agent', `${own.url}/login`);
  const devices = page.getByTestId('seat-devices');
  await expect(devices).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  await expect(page.getByTestId('seat-mic-status')).toHaveText('Ready');
  await expect(page.getByTestId('seat-mic-permission')).toHaveText('Allowed');
  await expect
    .poll(async () => Number(await page.getByTestId('seat-mic-level').getAttribute('data-level')), { timeout: 10_000 })
    .toBeGreaterThan(0.02);
  await page.getByTestId('seat-speaker-test').click();
  // The tone plays for 0.6 s (too short to catch "Playing…" reliably): the button counts finished plays.
  await expect(page.getByTestId('seat-speaker-test')).toHaveAttribute('data-plays', '1');
  await expect(page.getByTestId('seat-speaker-test')).toHaveText('Play test tone');
});

test('transferred calls: ring with the handover note, accept, pre-voice then connected, the agent is heard, mute, hang up; one filed at once, one left to file later', async ({
  page,
}) => {
  test.setTimeout(720_000);
  // Enough numbers that callees asking for a person keep coming for the whole test: while the agent is in a
  // call the others who ask hear "no one is free" and are done, and on a loaded machine 40 ran out.
  const task = await transferringTask(`Seat${String(Date.now()).slice(-6)}`, 150);
  try {
    await startWork(page);
    await task.start();

    // A callee who asks for a person is offered to this seat; the offer may still go away, or the callee hang
    // up before the agent is through, so the agent takes offers until one call has gone all the way.
    let skipped: string | null = null;
    for (let attempt = 0; attempt < 5 && !skipped; attempt++) skipped = await takeCall(page);
    expect(skipped).not.toBeNull();
    // The agent moves on without filing it: the call is not lost, it waits among the calls to file.
    await page.getByTestId('seat-next').click();
    await expect(page.getByTestId(`seat-to-file-${skipped}`)).toBeVisible();

    let callId: string | null = null;
    for (let attempt = 0; attempt < 5 && !callId; attempt++) callId = await takeCall(page);
    expect(callId).not.toBeNull();
    await expect(page.getByTestId('seat-state')).toHaveAttribute('data-state', /waiting|signed-in/);
    // The call the panel files is not listed twice; the skipped one still is.
    await expect(page.getByTestId(`seat-to-file-${callId}`)).toHaveCount(0);
    await expect(page.getByTestId(`seat-to-file-${skipped}`)).toBeVisible();

    // File the call: both choices are required. The form stays with the call the agent took, even when the
    // next transfer rings meanwhile (the seat waits again as soon as it hangs up).
    const info = page.getByTestId('seat-info');
    await expect(info).toHaveAttribute('data-call', callId!);
    await info.getByTestId('call-disposition-save').click();
    await expect(info.getByTestId('call-disposition')).toContainText('Choose the issue type');
    await info.getByTestId('call-issue-type-complaint').click();
    await info.getByTestId('call-resolution-status-follow-up').click();
    await info.getByTestId('call-disposition-note').fill('Call back on Monday about the renewal price');
    await info.getByTestId('call-disposition-save').click();
    await expect(info.getByTestId('call-disposition-saved')).toContainText('Saved by Agent Lin');
    await toggleTheme(page, 'dark');
    await shot(page, 'en-dark-filed');
    await toggleTheme(page, 'light');

    // The skipped call, filed later from the list: the call-record drawer, with the note the agent read.
    await page.getByTestId(`seat-to-file-open-${skipped}`).click();
    const later = page.getByTestId('call-record-drawer');
    await expect(later.getByTestId('call-record-transfer-summary')).toContainText(HANDOVER_NOTE);
    await later.getByTestId('call-issue-type-inquiry').click();
    await later.getByTestId('call-resolution-status-resolved').click();
    await later.getByTestId('call-disposition-save').click();
    await expect(later.getByTestId('call-disposition-saved')).toContainText('Saved by Agent Lin');
    await expect(later.getByTestId('call-record-disposition')).toContainText('Inquiry');
    await shot(page, 'en-light-filed-later');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(`seat-to-file-${skipped}`)).toHaveCount(0);

    // The server received the agent's voice: the call's recording holds it on our channel (right).
    let wav = Buffer.alloc(0);
    await expect
      .poll(
        async () => {
          const response = await page.request.get(`${own.url}/api/call-records/recording/${callId}`);
          if (!response.ok()) return 0;
          wav = Buffer.from(await response.body());
          return wav.length;
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(44);
    expect(loudestRms(wav, 1)).toBeGreaterThan(500);

    // The call record shows what the agent filed, and the note they read before answering.
    await page.getByTestId('seat-next').click();
    await page.getByTestId('operator-nav-records').click();
    await page.goto(`${own.url}/projectOp/callRecordBoardOp/${task.projectId}`);
    await page.getByTestId('call-filter-more').click();
    await page.getByTestId('call-filter-transfer').click();
    await page.locator('.arco-select-popup .arco-select-option', { hasText: 'Transferred' }).click();
    await page.getByTestId('call-filter-submit').click();
    await page.getByTestId(`call-record-open-${callId}`).click();
    const drawer = page.getByTestId('call-record-drawer');
    await expect(drawer.getByTestId('call-record-disposition')).toContainText('Complaint');
    await expect(drawer.getByTestId('call-record-disposition')).toContainText('Follow-up needed');
    await expect(drawer.getByTestId('call-record-disposition-note')).toHaveText('Call back on Monday about the renewal price');
    await expect(drawer.getByTestId('call-record-transfer-summary')).toContainText(HANDOVER_NOTE);
  } finally {
    await task.stop();
  }
});

test('a lost heartbeat drops the seat to disconnected; the agent connects and signs in again', async ({ page }) => {
  let blocked = false;
  // Between the page and the server: once blocked, nothing passes either way (as when the network goes).
  await page.routeWebSocket(/\/ws\/seat$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (!blocked) server.send(message);
    });
    server.onMessage((message) => {
      if (!blocked) ws.send(message);
    });
  });
  await startWork(page);
  blocked = true;
  await expect(page.getByTestId('seat-connection')).toHaveAttribute('data-state', 'disconnected', { timeout: 15_000 });
  await expect(page.getByTestId('seat-state')).toHaveAttribute('data-state', 'not-connected');
  await expect(page.getByTestId('seat-error')).toHaveAttribute('data-code', /server-not-responding|heartbeat-timeout|connection-error/);
  await expect(page.getByTestId('seat-error')).toContainText('connection has been disconnected');
  blocked = false;
  await page.getByTestId('seat-reconnect').click();
  await expect(page.getByTestId('seat-connection')).toHaveAttribute('data-state', 'connected');
  await expect(page.getByTestId('seat-state')).toHaveAttribute('data-state', 'waiting');
});

test('an agent reaches only operator pages, from the top navigation', async ({ page }) => {
  await signIn(page, 'agent', `${own.url}/login`);
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
  await page.getByTestId('operator-nav-projects').click();
  await expect(page).toHaveURL(/\/projectOp\/index$/);
  await page.getByTestId('operator-nav-records').click();
  await expect(page).toHaveURL(/\/projectOp\/callRecordBoardOp/);
  await page.getByTestId('operator-nav-seat').click();
  await expect(page).toHaveURL(/\/operator\/index$/);
  for (const path of ['/project/projectListAdmin', '/system/account-manage', '/operation/companyList', '/board/projectBoard']) {
    await page.goto(`${own.url}${path}`);
    await expect(page).not.toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByTestId('seat-page').or(page.getByText('Whoops, this page is gone'))).toBeVisible();
  }
  // The API refuses them too, whatever the page does.
  const answer = await page.request.post(`${own.url}/api/projects/list`, { data: {} });
  expect(((await answer.json()) as { code: number }).code).toBe(403);
});

test('the seat in Chinese: states, actions and the device check', async ({ page }) => {
  await signIn(page, 'agent', `${own.url}/login`);
  await page.evaluate(() => localStorage.setItem('arco-locale', 'zh-CN'));
  await page.reload();
  await expect(page.getByTestId('seat-page')).toContainText('坐席工作台');
  await expect(page.getByTestId('seat-state')).toHaveText('未连接');
  await expect(page.getByTestId('seat-start')).toHaveText('开始工作');
  await expect(page.getByTestId('seat-devices')).toContainText('设备检测');
  await expect(page.getByTestId('seat-mic-status')).toHaveText('正常', { timeout: 90_000 });
  await expect(page.getByTestId('operator-nav')).toContainText('我的项目');
  await page.getByTestId('seat-start').click();
  await expect(page.getByTestId('seat-connection')).toHaveText('已连接');
  await shot(page, 'zh-light');
  await toggleTheme(page, 'dark');
  await shot(page, 'zh-dark');
  await toggleTheme(page, 'light');
  await page.evaluate(() => localStorage.setItem('arco-locale', 'en-US'));
});
