import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { api, demoTask, signedIn } from './support.ts';
import { fakeMicrophone, heardSoFar, recognised, recordWhatIsHeard, shoot, speakInto } from './web-call-support.ts';

/**
 * "Call me in the browser" on a task (issue 31), as the demo company's ADMIN on its pending task: Chromium's fake
 * microphone plays "How much does it cost?" (espeak-ng, made here); the dialog calls our server over WebRTC as
 * the task's callee; the page records what it hears and the server's recogniser says what the AI said: its
 * opening, then the price answer. The call record is a test call with both sides' lines and timings.
 */
const dir = mkdtempSync(join(tmpdir(), 'dialwise-test-call-'));
const WAV = join(dir, 'callee.wav');

test.use(fakeMicrophone(WAV));
test.beforeAll(() => speakInto(WAV, 'How much does it cost?', dir, 12));
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface CallRecordDetail {
  test: boolean;
  phone: string;
  answeredAt: string | null;
  durationMs: number;
  conversation: { speaker: string; text: string; atMs: number }[];
  turns: { action: string; heardAfterMs?: number | null }[];
}

test("a task's test call in the browser: the microphone asks the price, the AI is heard saying its opening and then the answer, on record as a test call", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signedIn(page, 'admin');
  const { projectId } = await demoTask(page, 'Spring renewal', 'Renewal calls');
  await page.goto(`/project/taskList/${projectId}`);
  await page.getByTestId('task-test-call-Renewal calls').click();
  const dialog = page.getByTestId('test-call');
  // The device check, as the seat has it: Chromium's fake device passes it.
  await expect(dialog.getByTestId('seat-mic-status')).toContainText('Ready', { timeout: 20_000 });
  // Business info not in key=value form is refused by the form (the contracts' schema), before any call.
  await dialog.getByTestId('test-call-business-info').fill('gold');
  await dialog.getByTestId('test-call-start').click();
  await expect(dialog.getByTestId('test-call-problem')).toContainText('key=value');
  await dialog.getByTestId('test-call-prologue-info').fill('Mr Li');
  await dialog.getByTestId('test-call-business-info').fill('plan=gold');
  await shoot(page, 'test-call-en-light');

  const started = page.waitForResponse((response) => response.url().endsWith('/api/tasks/test-call'));
  await dialog.getByTestId('test-call-start').click();
  const { data } = (await (await started).json()) as { data: { callId: string } };
  await recordWhatIsHeard(page, 'test-call-speaker');

  // The opening, spoken; then the question (the file plays it every 13 s; one that overlaps the protected opening
  // may come out unrecognised, so the test waits for a recognised one).
  await expect(dialog.getByTestId('test-call-said-ai').first()).toBeVisible({ timeout: 30_000 });
  await expect(
    dialog
      .getByTestId('test-call-said-customer')
      .filter({ hasText: /cost|much/ })
      .first(),
  ).toBeVisible({ timeout: 45_000 });
  const mark = (await heardSoFar(page)).length;
  // Audio flows both ways, while the call lasts (the page's own RTP counts).
  const stats = dialog.getByTestId('test-call-stats');
  await expect.poll(async () => Number(await stats.getAttribute('data-sent'))).toBeGreaterThan(100);
  await expect.poll(async () => Number(await stats.getAttribute('data-received'))).toBeGreaterThan(100);
  const aiLines = await dialog.getByTestId('test-call-said-ai').count();
  await expect.poll(() => dialog.getByTestId('test-call-said-ai').count(), { timeout: 30_000 }).toBeGreaterThan(aiLines);
  await shoot(page, 'test-call-en-light-talking');
  // The answer ends "shall I renew it for you?": recognised as the recording grows.
  let opening: string[] = [];
  let answer: string[] = [];
  await expect
    .poll(
      async () => {
        [opening, answer] = recognised(dir, await heardSoFar(page), mark);
        return answer;
      },
      { timeout: 60_000, intervals: [2000] },
    )
    .toContain('shall i renew it for you');

  // The demo scenario says goodbye after two unanswered silences: the call may have ended by now.
  if (await dialog.getByTestId('test-call-hangup').isVisible()) await dialog.getByTestId('test-call-hangup').click();
  await expect(dialog.getByTestId('test-call-ended')).toContainText(/You hung up|The call ended/);
  await shoot(page, 'test-call-en-light-ended');

  // The dialog in Chinese and the dark theme (the language and theme are switched from the top bar, behind the
  // dialog, so it is closed and opened again): its check and the form's refusal in Chinese.
  await page.locator('.arco-modal-close-icon').click();
  await page.getByTestId('nav-locale').click({ timeout: 5000 });
  await page.getByTestId('locale-zh-CN').click();
  await page.getByTestId('nav-theme').click({ timeout: 5000 });
  await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
  await page.getByTestId('task-test-call-Renewal calls').click();
  await expect(dialog.getByTestId('seat-mic-status')).toBeVisible({ timeout: 20_000 });
  await dialog.getByTestId('test-call-business-info').fill('gold');
  await dialog.getByTestId('test-call-start').click();
  await expect(dialog.getByTestId('test-call-problem')).toContainText('业务信息');
  await shoot(page, 'test-call-zh-dark');
  await page.locator('.arco-modal-close-icon').click();
  await page.getByTestId('nav-theme').click({ timeout: 5000 });
  await page.getByTestId('nav-locale').click({ timeout: 5000 });
  await page.getByTestId('locale-en-US').click();

  // The opening is the typed prologue info and the task's prologue in one line: "Mr Li. This is Lin from
  // AcmeOutreach, … Do you have a minute?" (no "Hello": the test once read the silence prompt's "Hello, are you still
  // there?" for it, heard only when the question came late, and failed under load when it came sooner).
  expect(opening).toContain('do you have a minute');
  expect(opening).not.toContain('shall i renew it for you');
  expect(answer).toContain('shall i renew it for you');

  // On record: a test call, no number, both sides' lines with their times, the answer's turn timed.
  await expect
    .poll(async () => (await api<CallRecordDetail>(page, '/api/call-records/get', { id: data.callId })).durationMs, { timeout: 20_000 })
    .toBeGreaterThan(0);
  const record = await api<CallRecordDetail>(page, '/api/call-records/get', { id: data.callId });
  expect(record).toMatchObject({ test: true, phone: '' });
  expect(record.answeredAt).not.toBeNull();
  expect(record.conversation.filter((line) => line.speaker === 'customer').some((line) => /cost|much/.test(line.text))).toBe(true);
  expect(record.conversation.filter((line) => line.speaker === 'ai').length).toBeGreaterThanOrEqual(2);
  expect(record.conversation.every((line) => line.atMs >= 0)).toBe(true);
  expect(record.turns.find((turn) => turn.action === 'answer')?.heardAfterMs).toEqual(expect.any(Number));
  expect(errors).toEqual([]);
});
