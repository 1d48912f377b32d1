import { expect, test } from '@playwright/test';
import { api, signedIn } from './support.ts';

/** Names unique to this run: the e2e server is shared by every test of the run. */
const run = Date.now().toString(36).slice(-5);

/**
 * Issue 15 point 8 in the console: someone else saves a project while its edit form is open; saving the form
 * changes nothing, says so above the fields and offers a reload, which brings the other person's version;
 * the edit then saves on top of it.
 */
test('an edit form opened before someone else saved shows the conflict, reloads, then saves', async ({ page }) => {
  const opened = `Opened-${run}`;
  const theirs = `Theirs-${run}`;
  const mine = `Mine-${run}`;
  await signedIn(page, 'admin');
  const project = await api<{ id: string; version: number }>(page, '/api/projects/create', { name: opened, encryptionType: 'MD5' });

  await page.goto('/project/projectListAdmin');
  await page.getByTestId(`project-edit-${opened}`).click();
  await expect(page.getByTestId('project-name')).toHaveValue(opened);

  // Another administrator renames it meanwhile (from the version the form also opened).
  await api(page, '/api/projects/update', { id: project.id, version: project.version, name: theirs, encryptionType: 'MD5' });

  await page.getByTestId('project-name').fill(mine);
  await page.getByTestId('project-form-submit').click();
  const notice = page.getByTestId('stale-edit-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Someone else changed this');
  await expect(notice).toContainText('your changes were not saved');
  // Nothing was overwritten: the stored name is still theirs.
  expect((await api<{ name: string }>(page, '/api/projects/get', { id: project.id })).name).toBe(theirs);

  await page.getByTestId('stale-edit-reload').click();
  await expect(notice).toBeHidden();
  await expect(page.getByTestId('project-name')).toHaveValue(theirs);

  await page.getByTestId('project-name').fill(mine);
  await page.getByTestId('project-form-submit').click();
  await expect(page.getByTestId('project-form')).toBeHidden();
  await expect(page.getByTestId(`project-name-${mine}`)).toBeVisible();
  expect(await api<{ name: string; version: number }>(page, '/api/projects/get', { id: project.id })).toMatchObject({
    name: mine,
    version: project.version + 2,
  });
});
