import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO, acceptForceLogin, fillLogin, type DemoUser } from './support.ts';

/**
 * Page weight on the wire, from a cold browser: a new context has an empty cache. Every response the
 * page fetched is counted by its `encodedDataLength` in Chromium's network log (CDP `Network.loadingFinished`):
 * the bytes that crossed the wire, compressed, headers included — html, scripts, styles, images, API answers.
 *
 * Issue goals: the login page ≤ 150 kB, each role's first page after sign-in ≤ 350 kB, measured in the sign-in flow
 * (the login page, then what the browser fetches after "Sign in"); the test holds both. The login page draws nothing
 * with Arco (features/auth/LoginPage.tsx), the console's strings come in the language shown, and the ADMIN's landing
 * page draws its one trend line in SVG rather than with ECharts. A first page opened cold with a session carries the
 * login page's first chunk too: its bars below hold today's figures (+5 %) so nothing grows unseen.
 */
const GOAL_LOGIN = 150_000;
const GOAL_AFTER_SIGN_IN = 350_000;
const HELD_COLD_FIRST_PAGE = { admin: 385_000, dev: 416_000, agent: 445_000 } as const;

/** What proves each role's first page is on screen (the workplace's chart included: charts come after the paint). */
const READY: Record<DemoUser, (page: Page) => Locator> = {
  admin: (page) => page.getByTestId('wp-trend').locator('svg'),
  dev: (page) => page.getByTestId('project-table').locator('tbody tr').first(),
  agent: (page) => page.getByTestId('seat-page'),
};

interface Fetched {
  url: string;
  bytes: number;
  encoding: string | undefined;
  cacheControl: string | undefined;
}

/** Records every response of `page` from now on, with its bytes on the wire; `settled()` waits for a quiet network. */
async function networkLog(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const pending = new Map<string, Fetched>();
  const done: Fetched[] = [];
  let lastActivity = Date.now();
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    pending.set(event.requestId, {
      url: event.response.url,
      bytes: 0,
      encoding: headers['content-encoding'],
      cacheControl: headers['cache-control'],
    });
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFinished', (event) => {
    const fetched = pending.get(event.requestId);
    if (fetched) done.push({ ...fetched, bytes: event.encodedDataLength });
    pending.delete(event.requestId);
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFailed', () => {
    lastActivity = Date.now();
  });
  return {
    /** Everything fetched so far, and forgets it (the next call counts from here). */
    take(): Fetched[] {
      return done.splice(0);
    },
    /** Resolves once nothing has been received for 1.5 s (the page's lazy chunks and charts have come). */
    async settled(): Promise<void> {
      await expect.poll(() => pending.size === 0 && Date.now() - lastActivity > 1_500, { timeout: 30_000, intervals: [250] }).toBe(true);
    },
  };
}

const total = (fetched: Fetched[]) => fetched.reduce((sum, f) => sum + f.bytes, 0);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const summary = (fetched: Fetched[]) =>
  [...fetched]
    .sort((a, b) => b.bytes - a.bytes)
    .map((f) => `${String(f.bytes).padStart(7)} ${f.encoding ?? '-'} ${new URL(f.url).pathname}`)
    .join('\n');

async function coldPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

test.describe('page weight on the wire, cold cache', () => {
  test('the login page: every script and style sheet in brotli, hashed files immutable, the page revalidated', async ({ browser }) => {
    const page = await coldPage(browser);
    const log = await networkLog(page);
    await page.goto('/login');
    await expect(page.getByTestId('login-submit')).toBeVisible();
    await log.settled();
    const fetched = log.take();
    const bytes = total(fetched);
    test.info().annotations.push({ type: 'login page', description: `${kB(bytes)} in ${fetched.length} responses (goal 150 kB)` });
    await test.info().attach('login page responses', { body: summary(fetched), contentType: 'text/plain' });

    const assets = fetched.filter((f) => new URL(f.url).pathname.startsWith('/assets/'));
    expect(assets.some((f) => f.url.endsWith('.js'))).toBe(true);
    expect(assets.some((f) => f.url.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      expect(asset.encoding, asset.url).toBe('br');
      expect(asset.cacheControl, asset.url).toBe('public, max-age=31536000, immutable');
    }
    const document = fetched.find((f) => new URL(f.url).pathname === '/login')!;
    expect(document.encoding).toBe('br');
    expect(document.cacheControl).toBe('no-cache');
    expect(bytes).toBeLessThanOrEqual(GOAL_LOGIN);
    await page.context().close();
  });

  test('the server picks the encoding the browser accepts and says it varies by it', async ({ request }) => {
    const html = await request.get('/login', { headers: { 'accept-encoding': 'gzip' } });
    expect(html.headers()).toMatchObject({ 'content-encoding': 'gzip', 'cache-control': 'no-cache', vary: 'accept-encoding' });
    const script = (await html.text()).match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
    for (const [accepted, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const answer = await request.get(script, { headers: { 'accept-encoding': accepted } });
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-encoding'], accepted).toBe(encoding);
      expect(answer.headers()).toMatchObject({ 'cache-control': 'public, max-age=31536000, immutable', vary: 'accept-encoding' });
      expect(answer.headers()['content-type']).toContain('javascript');
    }
  });

  for (const who of ['admin', 'dev', 'agent'] as const) {
    test(`${who}: the first page after signing in on the login page, and the same page opened cold`, async ({ browser }) => {
      const page = await coldPage(browser);
      const log = await networkLog(page);
      await page.goto('/login');
      await expect(page.getByTestId('login-submit')).toBeVisible();
      await log.settled();
      const login = log.take();

      await fillLogin(page, who);
      await acceptForceLogin(page);
      await expect(page).toHaveURL(new RegExp(`${DEMO[who].landing}$`));
      await expect(READY[who](page)).toBeVisible({ timeout: 30_000 });
      await log.settled();
      const afterSignIn = log.take();
      const cookies = await page.context().cookies();
      await page.context().close();

      // The same page in a browser with the session but nothing cached: everything the page needs, the first chunk included.
      const cold = await coldPage(browser);
      await cold.context().addCookies(cookies.filter((cookie) => cookie.name === 'Authorization'));
      const coldLog = await networkLog(cold);
      await cold.goto(DEMO[who].landing);
      await expect(READY[who](cold)).toBeVisible({ timeout: 30_000 });
      await coldLog.settled();
      const opened = coldLog.take();
      await cold.context().close();

      test.info().annotations.push({
        type: `${who} first page`,
        description: `after sign-in ${kB(total(afterSignIn))} (goal 350 kB; login page ${kB(total(login))}); opened cold ${kB(total(opened))}`,
      });
      await test.info().attach(`${who} responses after sign-in`, { body: summary(afterSignIn), contentType: 'text/plain' });
      await test.info().attach(`${who} responses opened cold`, { body: summary(opened), contentType: 'text/plain' });
      expect(total(afterSignIn)).toBeLessThanOrEqual(GOAL_AFTER_SIGN_IN);
      expect(total(opened)).toBeLessThanOrEqual(HELD_COLD_FIRST_PAGE[who]);
      // Nothing the login page fetched is fetched again after signing in: hashed files come from the cache.
      const again = afterSignIn.filter((f) => f.bytes > 0 && f.url.includes('/assets/') && login.some((l) => l.url === f.url));
      expect(again.map((f) => f.url)).toEqual([]);
    });
  }
});
