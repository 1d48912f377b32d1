import { expect, test, type Page } from '@playwright/test';
import { signedIn } from './support.ts';

/**
 * The scenario test bench and the callback secret, as provider staff (DEV) on the demo data: the demo
 * scenario answered by the demo model our own server serves, each decision shown as it is taken; a
 * company's callback secret rotated and shown once.
 */

function visible(page: Page, testId: string) {
  return page.getByTestId(testId).filter({ visible: true });
}

test('the test bench talks to the saved scenario: the prologue, a routed answer streamed by the model, and its timings', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signedIn(page, 'dev');
  await page.goto('/operation/scenario');
  await page.getByTestId('scenario-edit-Renewal reminder').click();
  await expect(visible(page, 'scenario-editor')).toBeVisible();
  await visible(page, 'scenario-bench-open').click();
  const bench = visible(page, 'scenario-bench');
  await expect(bench).toBeVisible();
  await bench.getByTestId('bench-start').click();
  // The callee answers the prologue's question as it is asked: the second line (interruptible) is cut by the
  // callee's speech and the turn is answered at once. Said during the first line (protected), the turn would
  // wait behind both lines, ~9 s of real-time speech: that wait, not the machine, used up the timeout.
  await expect(bench.getByTestId('bench-said-ai')).toHaveCount(2, { timeout: 20_000 });
  await bench.getByTestId('bench-line').fill('How much does it cost?');
  await bench.getByTestId('bench-say').click();
  await expect(bench.getByTestId('bench-said-customer')).toHaveText(/How much does it cost\?/);
  // The router asks the demo model's judge first (a model round trip).
  await expect(bench.getByTestId('bench-routed').first()).toContainText('Conversation', { timeout: 20_000 });
  await expect(bench.getByTestId('bench-stream-main').first()).not.toBeEmpty({ timeout: 20_000 });
  // Two prologue lines, then at least one sentence of the answer.
  await expect.poll(() => bench.getByTestId('bench-said-ai').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);

  await bench.getByRole('tab', { name: 'Timings' }).click();
  await expect(bench.getByTestId('call-turns')).toBeVisible();
  await expect(bench.getByTestId('call-turn-answer').first()).toBeVisible({ timeout: 20_000 });

  await bench.getByRole('tab', { name: 'Conversation' }).click();
  await bench.getByTestId('bench-line').fill('Can I talk to a real person?');
  await bench.getByTestId('bench-say').click();
  await expect(bench.getByTestId('bench-tool').first()).toContainText('transfer', { timeout: 20_000 });
  await bench.getByTestId('bench-hangup').click();
  await expect(bench.getByTestId('bench-ended')).toBeVisible();
  expect(errors).toEqual([]);
});

test("a company's callback secret is rotated and shown once", async ({ page }) => {
  await signedIn(page, 'dev');
  await page.goto('/operation/companyList');
  await page.getByTestId('company-manage-AcmeOutreach').click();
  await page.getByTestId('company-manage-callback-secret').click();
  const modal = page.getByTestId('callback-secret');
  await expect(modal).toBeVisible();
  await modal.getByTestId('callback-secret-rotate').click();
  await page.getByTestId('callback-secret-rotate-confirm').click();
  await expect(modal.getByTestId('callback-secret-value')).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/);
  await page.getByTestId('callback-secret-done').click();
  await expect(modal).toBeHidden();
  // Opened again, it says the secret is set, and never shows it.
  await page.getByTestId('company-manage-AcmeOutreach').click();
  await page.getByTestId('company-manage-callback-secret').click();
  await expect(page.getByTestId('callback-secret')).toContainText('Set since');
  await expect(page.getByTestId('callback-secret-value')).toHaveCount(0);
});
