import type { TaskOptions } from '@dialwise/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import { api, signedIn, simulatedTaskInput } from './support.ts';
import { type AudioFlow, audioFlow, fakeMicrophone, keepPeerConnections, shoot, speakInto } from './web-call-support.ts';

/**
 * A task's test call handed over to a person, with no telephone anywhere (issue 31): an ADMIN's "Call me in the
 * browser" on a task of the demo scenario, whose microphone (Chromium's fake capture, espeak-ng made here) asks
 * "Talk to a person."; the scenario's transfer tool offers the call to the agent signed in at the seat of that
 * task's project — a second Chromium, since the fake microphone's file is a browser-wide flag, whose microphone
 * is the agent's voice. The offer says it is a test call (no number) and carries the handover note and the
 * conversation; the agent accepts; then each page's own RTP statistics show the other's audio arriving. The
 * call record is a test call, transferred, and the agent's to file.
 *
 * The task is in a project of its own, and the seat signs in for that project alone
 * (`/projectOp/callDisplay/{id}`): no call of another test's task can ring it meanwhile.
 */
const dir = mkdtempSync(join(tmpdir(), 'dialwise-test-call-transfer-'));
const TESTER_WAV = join(dir, 'tester.wav');
const AGENT_WAV = join(dir, 'agent.wav');
const TEST_CALL = 'Test call (browser)';

test.use(fakeMicrophone(TESTER_WAV));
test.beforeAll(() => {
  // The request every 14 s (the file loops): one said over the protected opening is followed by another.
  speakInto(TESTER_WAV, 'Talk to a person.', dir, 12);
  speakInto(AGENT_WAV, 'Hello, this is Agent Lin from Acme. How can I help you today?', dir, 2);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface CallRecordDetail {
  test: boolean;
  phone: string;
  transferOutcome: string;
  transferSummary: string | null;
  conversation: { speaker: string; text: string }[];
}

/**
 * Waits until audio arrives on the page's call after `from`: more packets and bytes, and the received audio's
 * energy growing (speech, not the silence a quiet far end sends). Answers the figures it saw.
 */
async function audioArrives(page: Page, from: AudioFlow): Promise<AudioFlow> {
  let now = from;
  await expect
    .poll(
      async () => {
        now = await audioFlow(page);
        return (
          now.packetsReceived > from.packetsReceived + 100 &&
          now.bytesReceived > from.bytesReceived &&
          now.totalAudioEnergy > from.totalAudioEnergy + 0.001
        );
      },
      { timeout: 45_000 },
    )
    .toBe(true);
  return now;
}

test('a test call asks for a person: the seat of its project gets the offer marked as a test call with the handover note, accepts, and audio flows both ways', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`tester: ${error.message}`));
  await keepPeerConnections(page.context());
  await signedIn(page, 'admin');

  // A project of the demo agent's with a task of the demo scenario (it transfers when the callee asks for a person).
  const stamp = String(Date.now()).slice(-6);
  const operators = await api<{ id: string; username: string }[]>(page, '/api/projects/operators');
  const agent = operators.find((operator) => operator.username === 'agent')!;
  const project = await api<{ id: string }>(page, '/api/projects/create', {
    name: `Handover${stamp}`,
    encryptionType: 'PLAIN_TEXT',
    operatorIds: [agent.id],
  });
  const options = await api<TaskOptions>(page, '/api/tasks/options');
  const taskName = 'Handover';
  await api(page, '/api/tasks/create', simulatedTaskInput(options, project.id, taskName));

  // The agent, in a browser of their own, waits for calls of that project.
  const agentBrowser = await chromium.launch(fakeMicrophone(AGENT_WAV).launchOptions);
  try {
    await handOver(page, agentBrowser, project.id, taskName, errors);
  } finally {
    await agentBrowser.close();
  }
  expect(errors).toEqual([]);
});

/** The seat waits, the tester calls and asks for a person, the seat takes the call; audio both ways; on record. */
async function handOver(page: Page, agentBrowser: Browser, projectId: string, taskName: string, errors: string[]) {
  const agentContext = await agentBrowser.newContext({
    baseURL: test.info().project.use.baseURL,
    permissions: ['microphone'],
    locale: 'en-US',
  });
  await keepPeerConnections(agentContext);
  const seat = await agentContext.newPage();
  seat.on('pageerror', (error) => errors.push(`seat: ${error.message}`));
  await signedIn(seat, 'agent');
  await seat.goto(`/projectOp/callDisplay/${projectId}`);
  await expect(seat.getByTestId('seat-devices')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  await seat.getByTestId('seat-start').click();
  await expect(seat.getByTestId('seat-connection')).toHaveAttribute('data-state', 'connected');
  await seat.getByTestId('seat-sign-in').click();
  await expect(seat.getByTestId('seat-state')).toHaveAttribute('data-state', 'waiting');

  // The tester calls from the task's row, with a name in the business info (the handover note names the customer).
  await page.goto(`/project/taskList/${projectId}`);
  await page.getByTestId(`task-test-call-${taskName}`).click();
  const dialog = page.getByTestId('test-call');
  await expect(dialog.getByTestId('seat-mic-status')).toContainText('Ready', { timeout: 20_000 });
  await dialog.getByTestId('test-call-prologue-info').fill('Mr Li');
  await dialog.getByTestId('test-call-business-info').fill('name=Li&plan=gold');
  const started = page.waitForResponse((response) => response.url().endsWith('/api/tasks/test-call'));
  await dialog.getByTestId('test-call-start').click();
  const { data } = (await (await started).json()) as { data: { callId: string } };

  // The offer: a test call in place of a number, the handover note, the conversation so far.
  await expect(seat.getByTestId('seat-offer')).toBeVisible({ timeout: 90_000 });
  await expect(seat.getByTestId('seat-offer-number')).toHaveText(TEST_CALL);
  await expect(seat.getByTestId('seat-offer-why-text')).toContainText(/^The customer, Li, heard the renewal reminder\. .*person/);
  await expect(seat.getByTestId('seat-customer-number')).toHaveText(TEST_CALL);
  const said = seat.getByTestId('seat-info').getByTestId('call-record-conversation');
  await expect(said.getByTestId('call-line-ai').first()).toBeVisible();
  await expect(
    said
      .getByTestId('call-line-customer')
      .filter({ hasText: /person/ })
      .first(),
  ).toBeVisible();
  await shoot(seat, 'seat-test-call-offer-en-light');
  await seat.getByTestId('seat-accept').click();

  // Pre-voice (the AI tells the tester it connects them), then the agent is put through.
  const panel = seat.getByTestId('seat-call');
  await expect(panel).toHaveAttribute('data-phase', 'connected', { timeout: 60_000 });
  await expect(seat.getByTestId('seat-call-number')).toHaveText(TEST_CALL);
  await expect(dialog.getByTestId('test-call-transferred')).toBeVisible({ timeout: 20_000 });

  // From here each page hears only the other: the agent's voice reaches the tester, the tester's the agent.
  const [testerFrom, seatFrom] = await Promise.all([audioFlow(page), audioFlow(seat)]);
  const [testerNow, seatNow] = await Promise.all([audioArrives(page, testerFrom), audioArrives(seat, seatFrom)]);
  // And each page went on sending its microphone.
  expect(testerNow.packetsSent).toBeGreaterThan(testerFrom.packetsSent);
  expect(seatNow.packetsSent).toBeGreaterThan(seatFrom.packetsSent);
  await shoot(seat, 'seat-test-call-connected-en-light');
  await shoot(page, 'test-call-transferred-en-light');

  // The label in Chinese and the dark theme, switched from the seat's top bar (no reload: the call goes on).
  await seat.getByTestId('nav-locale').click();
  await seat.getByTestId('locale-zh-CN').click();
  await expect(seat.getByTestId('seat-call-number')).toHaveText('测试通话（浏览器）');
  await expect(seat.getByTestId('seat-customer-number')).toHaveText('测试通话（浏览器）');
  await seat.getByTestId('nav-theme').click();
  await expect(seat.locator('body')).toHaveAttribute('arco-theme', 'dark');
  await shoot(seat, 'seat-test-call-connected-zh-dark');
  await seat.getByTestId('nav-theme').click();
  await seat.getByTestId('nav-locale').click();
  await seat.getByTestId('locale-en-US').click();

  // The agent hangs up; the tester's dialog says the call ended.
  await seat.getByTestId('seat-hang-up').click();
  await expect(seat.getByTestId('seat-call-ended')).toHaveAttribute('data-reason', 'seat-hung-up');
  await expect(dialog.getByTestId('test-call-ended')).toBeVisible({ timeout: 20_000 });
  // Left to file later, it waits among the agent's calls to file, marked as a test call.
  await seat.getByTestId('seat-next').click();
  await expect(seat.getByTestId(`seat-to-file-number-${data.callId}`)).toHaveText(TEST_CALL);

  // On record: a test call, transferred with its note, the agent's (the calls an agent files are the ones they took).
  await expect
    .poll(async () => (await api<CallRecordDetail>(page, '/api/call-records/get', { id: data.callId })).transferOutcome, {
      timeout: 20_000,
    })
    .toBe('success');
  const record = await api<CallRecordDetail>(page, '/api/call-records/get', { id: data.callId });
  expect(record).toMatchObject({ test: true, phone: '' });
  expect(record.transferSummary).toMatch(/^The customer, Li,/);
  expect(record.conversation.some((line) => line.speaker === 'customer' && /person/.test(line.text))).toBe(true);
  const unfiled = await api<{ list: { id: string; test: boolean }[] }>(seat, '/api/seat/unfiled');
  expect(unfiled.list.find((call) => call.id === data.callId)).toMatchObject({ test: true });
}
