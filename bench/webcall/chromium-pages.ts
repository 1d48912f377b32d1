/**
 * What the benches that drive Chromium pages share (bench:webcall:heard, bench:webcall:pages): Debian's Chromium
 * with a WAV file as its microphone, a page context signed in with a session token, and the scenario test bench
 * opened in voice mode with the device check passed.
 */
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { PAGE_HOOKS } from './page-recorder.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** One Chromium whose fake microphone plays `wav` (looped; a browser-wide flag: every page of it hears the same file). */
export function launchWithMicrophone(wav: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

/** A context signed in with `token`, its peer connections and bench events kept by the page hooks. */
export async function signedInContext(browser: Browser, base: string, token: string): Promise<BrowserContext> {
  // The CSP allows no blob: worklet; the recorder is the bench's, not the app's.
  const context = await browser.newContext({ baseURL: base, bypassCSP: true, permissions: ['microphone'], locale: 'en-US' });
  await context.addCookies([{ name: 'Authorization', value: token, url: base }]);
  await context.addInitScript(PAGE_HOOKS);
  return context;
}

/** The demo scenario's test bench in voice mode, its microphone checked: the bench's "Talk" is ready to click. */
export async function openVoiceBench(page: Page) {
  await page.goto('/operation/scenario');
  await page.getByTestId('scenario-edit-Renewal reminder').click();
  await page.getByTestId('scenario-bench-open').filter({ visible: true }).click();
  const bench = page.getByTestId('scenario-bench').filter({ visible: true });
  await bench.getByTestId('bench-mode-voice').click();
  await bench.getByTestId('seat-mic-status').filter({ hasText: 'Ready' }).waitFor();
  return bench;
}

/** The page's newest peer connection is up and receiving (the page hooks keep them in `window.benchPeers`). */
export const CALL_CONNECTED = `(() => { const pc = (window.benchPeers || []).at(-1); return pc && pc.connectionState === 'connected' && pc.getReceivers().length > 0; })()`;

/** POSTs to our API at `base` as the session `token`; any answer but 200 throws, naming the call. */
export function apiCaller(base: string) {
  return async <T>(path: string, body: unknown, token?: string): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const envelope = (await response.json()) as { code: number; message: string; data: T };
    if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
    return envelope.data;
  };
}
