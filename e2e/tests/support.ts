import { expect, test, type Page } from '@playwright/test';
import { formatWallClock } from '@dialwise/contracts';

export const PASSWORD = 'Dialwise@2026';
/** The session cookie's name (contracts' AUTH_COOKIE). */
const AUTH_COOKIE = 'Authorization';

export const DEMO = {
  admin: { username: 'admin', role: 'admin', landing: '/dashboard/workplace' },
  dev: { username: 'dev', role: 'admin', landing: '/project/projectListAdmin' },
  agent: { username: 'agent', role: 'agent', landing: '/operator/index' },
} as const;

export type DemoUser = keyof typeof DEMO;

/** Fills the login form as a user would; does not wait for where it lands. */
export async function fillLogin(page: Page, who: DemoUser): Promise<void> {
  const user = DEMO[who];
  await page.getByTestId('login-username').fill(user.username);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId(`login-role-${user.role}`).click();
  await page.getByTestId('login-submit').click();
}

/**
 * Each demo account's session token, kept across the tests of this worker: a test that needs "admin signed in"
 * reuses it instead of filling the login form again (the form itself is covered by shell.spec.ts). A test that
 * signs the account in by the form, or out, ends that session; the next `signIn` notices and opens a new one.
 */
const sessions = new Map<DemoUser, string>();

/**
 * Signs in as a demo account and waits for the role's landing page. On this suite's own server the session is
 * opened (or reused) through the API, forcing out any other; `path` on another server (the seat tests' own)
 * goes through its login form, accepting the force-login prompt when it appears.
 */
export async function signIn(page: Page, who: DemoUser, path = '/login'): Promise<void> {
  if (path !== '/login') {
    // A browser still signed in as someone else is sent from /login to its landing page: forget that session here.
    await page.context().clearCookies();
    await page.goto(path);
    await fillLogin(page, who);
    await acceptForceLogin(page);
    await expect(page).toHaveURL(new RegExp(`${DEMO[who].landing}$`));
    return;
  }
  await signedIn(page, who);
  await page.goto(DEMO[who].landing);
  await expect(page).toHaveURL(new RegExp(`${DEMO[who].landing}$`));
}

/**
 * Gives the browser a session of the demo account (opened or reused through the API, as `signIn` does) without
 * opening any page: for a test whose next step opens its own page (`page.goto`), the role's landing page would
 * be one more full page load (the ADMIN's is the workplace with its charts) that the test never looks at.
 */
export async function signedIn(page: Page, who: DemoUser): Promise<void> {
  // A browser still signed in as someone else keeps no cookie of that session.
  await page.context().clearCookies();
  const baseURL = test.info().project.use.baseURL!;
  const kept = sessions.get(who);
  if (kept) {
    await page.context().addCookies([{ name: AUTH_COOKIE, value: kept, url: baseURL }]);
    const check = (await (await page.request.post('/api/user/getSelfInfo', { data: {} })).json()) as { code: number };
    if (check.code === 200) return;
    sessions.delete(who);
    await page.context().clearCookies();
  }
  const user = DEMO[who];
  const answer = await page.request.post('/api/user/login', {
    data: { username: user.username, password: PASSWORD, role: user.role, force: true },
  });
  const envelope = (await answer.json()) as { code: number; message: string; data: { token: string } };
  if (envelope.code !== 200) throw new Error(`sign-in as ${who}: ${envelope.code} ${envelope.message}`);
  sessions.set(who, envelope.data.token);
  // The answer's Set-Cookie reaches the browser's cookie store on its own, but not always before the test's next
  // navigation on a loaded machine (the full run once loaded the next page without it and landed on login): put
  // the cookie there ourselves and wait for it, as the kept-session path does.
  await page.context().addCookies([{ name: AUTH_COOKIE, value: envelope.data.token, url: baseURL }]);
}

/**
 * Opens `path` inside the console already on screen, as its own links do: the router changes the page without
 * loading the app again (a full `page.goto` parses the bundle and fetches the session anew, seconds on a loaded
 * machine). For tests that visit many pages and check what each shows, not how it was reached.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    // What the browser's back button sends: the router reads the new location and renders its page.
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}

/** Clicks "Sign in here" if the signed-in-elsewhere prompt shows up, else returns as soon as the page leaves login. */
export async function acceptForceLogin(page: Page): Promise<void> {
  const confirm = page.getByTestId('force-login-confirm');
  const leftLogin = (url: URL) => !url.pathname.startsWith('/login');
  const landed = page.waitForURL(leftLogin, { timeout: 10_000 }).then(() => 'landed' as const);
  const prompted = confirm.waitFor({ state: 'visible', timeout: 10_000 }).then(() => 'prompted' as const);
  // The losing wait is abandoned: awaiting both would sit out its whole timeout on every sign-in.
  landed.catch(() => undefined);
  prompted.catch(() => undefined);
  if ((await Promise.race([landed, prompted])) === 'prompted') {
    await confirm.click();
    await page.waitForURL(leftLogin, { timeout: 10_000 });
  }
}

export async function authCookie(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === 'Authorization')?.value;
}

/** The demo customer's time zone: the console shows AcmeOutreach's times, and counts its days, in it. */
export const DEMO_ZONE = 'Asia/Shanghai';

/** `2026-03-03 07:30` (or with seconds): an instant as the console shows it in `zone` (the console's own formatter). */
export function inZone(at: string | Date, zone = DEMO_ZONE, seconds = false): string {
  return formatWallClock(new Date(at), zone, { seconds });
}

/** The day `days` before today in the company's calendar, `YYYY-MM-DD` (what the boards' presets ask for). */
export function companyDaysAgo(days: number, zone = DEMO_ZONE): string {
  const today = inZone(new Date(), zone).slice(0, 10);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

/** Calls the API as the signed-in page (its session cookie); any answer but 200 fails the test, naming the call. */
export async function api<T>(page: Page, path: string, body: unknown = {}): Promise<T> {
  const response = await page.request.post(path, { data: body });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

/**
 * The answers the board itself got from `/api/boards/summary`, by filter. A board shows the answer to its own
 * request; asking the API again a moment later can differ by a call, because the demo's tasks (and other
 * specs' tasks on the shared server) keep calling. Compare the tiles with these, not with a fresh request.
 */
export function watchBoardSummaries<T>(page: Page): { shown: (filter: Record<string, unknown>) => T | undefined } {
  const answers: { body: Record<string, unknown>; data: T }[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('/api/boards/summary')) return;
    const envelope = (await response.json().catch(() => undefined)) as { code: number; data: T } | undefined;
    if (envelope?.code === 200) answers.push({ body: response.request().postDataJSON() as Record<string, unknown>, data: envelope.data });
  });
  const same = (body: Record<string, unknown>, filter: Record<string, unknown>) =>
    ['from', 'to', 'projectId', 'taskId'].every((key) => (body[key] ?? undefined) === (filter[key] ?? undefined));
  return { shown: (filter) => [...answers].reverse().find((answer) => same(answer.body, filter))?.data };
}

/** Opens the select with this test id (the one on screen) and picks the first option showing `text`. */
export async function choose(page: Page, testId: string, text: string | RegExp): Promise<void> {
  await page.locator(`[data-testid="${testId}"]:visible`).click();
  await page.locator('.arco-select-popup:visible .arco-select-option').filter({ hasText: text }).first().click();
}

/** The ids of a demo task, found by its project's and its own name. */
export async function demoTask(page: Page, projectName: string, taskName: string): Promise<{ projectId: string; taskId: string }> {
  const projects = await api<{ list: { id: string; name: string }[] }>(page, '/api/projects/list', { page: 1, pageSize: 100 });
  const project = projects.list.find((p) => p.name === projectName)!;
  const tasks = await api<{ list: { id: string; name: string }[] }>(page, '/api/tasks/list', {
    projectId: project.id,
    page: 1,
    pageSize: 100,
  });
  return { projectId: project.id, taskId: tasks.list.find((t) => t.name === taskName)!.id };
}

/** From a project's task list: opens the new-task form and fills what every task needs (name, scenario, voice, lines). */
export async function startNewTask(page: Page, name: string): Promise<void> {
  await page.getByTestId('task-new').click();
  await page.getByTestId('task-name').fill(name);
  await choose(page, 'task-scenario', /.+/);
  await choose(page, 'task-voice', /.+/);
  await choose(page, 'task-lines', /concurrent/);
  // Closes the last select's popup.
  await page.getByTestId('task-form-title').click();
}

/** Records every toast the page shows from now on, however briefly, in `window.toasts`; answers a reader. */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { toasts: string[] }).toasts = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.arco-message')) {
        if (!seen.includes(toast.textContent ?? '')) seen.push(toast.textContent ?? '');
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { toasts: string[] }).toasts);
}

/** The task the browser tests create to get calls: the fault tests' own (at any hour, on the demo's simulated lines). */
export { simulatedTaskInput } from '../../apps/server/test/demo-task-input.ts';
