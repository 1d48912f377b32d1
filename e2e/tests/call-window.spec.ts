import type { TaskOptions } from '@dialwise/contracts';
import { expect, test } from '@playwright/test';
import { wallClock } from '@dialwise/contracts';
import { api, companyDaysAgo, demoTask, DEMO_ZONE, signedIn, simulatedTaskInput } from './support.ts';

/**
 * A started task that may not call now says why and when it will, in the task list and in its Real-time
 * drawer (the company's time, its zone named); the demo's any-hour task calls whenever it is started.
 */
const EN_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const ZH_DAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'];

test('a task started outside its calling days says when it calls next, in the list and its live drawer, in both languages', async ({
  page,
}) => {
  await signedIn(page, 'admin');
  // Its only calling day is three days from today in the company's calendar: it waits until then, 09:00.
  const today = wallClock(new Date(), DEMO_ZONE).weekday;
  const day = ((today + 2) % 7) + 1;
  const date = companyDaysAgo(-3).slice(5);
  const project = await api<{ id: string }>(page, '/api/projects/create', {
    name: `Win${String(Date.now()).slice(-6)}`,
    encryptionType: 'PLAIN_TEXT',
  });
  const options = await api<TaskOptions>(page, '/api/tasks/options');
  const name = 'One day a week';
  const task = await api<{ id: string }>(page, '/api/tasks/create', {
    ...simulatedTaskInput(options, project.id, name),
    callStart: '09:00',
    callEnd: '10:00',
    weekdays: [day],
  });
  const upload = await page.request.post(`/api/subtasks/upload?taskId=${task.id}`, {
    headers: { 'content-type': 'text/csv', 'x-upload-filename': 'numbers.csv' },
    data: Buffer.from('phoneNumber,prologueInfo,businessInfo,remark\n13911110001,Hi,a=1,\n13911110002,Hi,a=2,\n'),
  });
  expect(await upload.text()).toContain('"accepted":2');

  await page.goto(`/project/taskList/${project.id}`);
  const row = page.locator('.arco-table-tr', { hasText: name });
  // Not started: nothing to say.
  await expect(row.getByTestId('task-dial-state')).toHaveCount(0);
  await page.getByTestId(`task-start-${name}`).click();
  await expect(row.getByTestId('task-status-in_progress')).toBeVisible();
  const english = `Waiting for the calling window: ${EN_DAYS[day - 1]} ${date} 09:00 (${DEMO_ZONE})`;
  await expect(row.getByTestId('task-dial-state')).toHaveText(english);
  await row.getByTestId('task-dial-state').hover();
  await expect(page.locator('.arco-tooltip-content:visible')).toContainText(`${EN_DAYS[today - 1]} is not a calling day of this task`);

  // The task's live drawer says the same above its figures.
  await page.getByTestId(`task-realtime-${name}`).click();
  const drawer = page.getByTestId('realtime-drawer');
  await expect(drawer.getByTestId('realtime-dial-state')).toContainText(english);
  // Escape closes it with the focus outside (the list refreshing under it takes the focus; Arco's own Escape
  // needs the focus inside, and at load 11 the drawer stayed open over the next clicks).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.getByTestId('nav-locale').click();
  await page.getByTestId('locale-zh-CN').click();
  const chinese = `等待呼叫时段：${date}（${ZH_DAYS[day - 1]}）09:00 (${DEMO_ZONE}) 开始外呼`;
  await expect(row.getByTestId('task-dial-state')).toHaveText(chinese);
  await page.getByTestId(`task-realtime-${name}`).click();
  await expect(drawer.getByTestId('realtime-dial-state')).toContainText(chinese);
  await expect(drawer.getByTestId('realtime-dial-state')).toContainText(`不是本任务的呼叫日`);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.getByTestId('nav-locale').click();
  await page.getByTestId('locale-en-US').click();
  await api(page, '/api/tasks/action', { taskId: task.id, action: 'abort' });
});

test('the demo task "Any-hour demo" calls whenever it is started', async ({ page }) => {
  const name = 'Any-hour demo';
  await signedIn(page, 'admin');
  const demo = await demoTask(page, 'Spring renewal', name);
  await page.goto(`/project/taskList/${demo.projectId}`);
  const row = page.locator('.arco-table-tr', { hasText: name });
  await expect(row).toContainText('00:00–23:59');
  await expect(row).toContainText('Every day');
  await page.getByTestId(`task-start-${name}`).click();
  await expect(row.getByTestId('task-status-in_progress')).toBeVisible();
  // Calls go out: the pending count falls and the live drawer counts them (the last minute of a company day excepted).
  await expect(page.getByTestId(`task-counts-${name}`)).not.toHaveText(/^200 \//, { timeout: 30_000 });
  await expect(row.getByTestId('task-dial-state')).toHaveCount(0);
  await page.getByTestId(`task-realtime-${name}`).click();
  const drawer = page.getByTestId('realtime-drawer');
  await expect(drawer.getByTestId('realtime-total')).toHaveText(/^[1-9][\d,]*$/, { timeout: 30_000 });
  await expect(drawer.getByTestId('realtime-dial-state')).toHaveCount(0);
  await page.keyboard.press('Escape');
  // The other browser tests share this server and its boards: its calls stop here.
  await api(page, '/api/tasks/action', { taskId: demo.taskId, action: 'abort' });
});
