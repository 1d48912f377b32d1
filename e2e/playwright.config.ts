import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Browser suite: Debian's Chromium against the real server on a fresh embedded database (demo data seeded
 * on first start). Two projects, one worker each at most:
 * - `shared`: every spec but the seat's. They share this one server, its demo accounts (one session per
 *   account: a sign-in forces the previous one out) and its data (the demo task dials, boards count every
 *   call), so they run one at a time, in file order.
 * - `seat`: seat.spec.ts, against a server of its own (seat-server.ts: its own database, port and demo data,
 *   callees at their real pace). Nothing of it is shared with the other project, so it may run beside it:
 *   `E2E_WORKERS=2` does, and the run loses about the seat file's length (its longest, minutes of real-time
 *   calls). Not the default: those calls (15 at a time, with speech) and the seat's Chromium take CPU from the
 *   shared server, and in our runs on the 2-core machine at load 20-150 more of the shared tests' 10-second
 *   waits ran out beside it than in one worker; on a quiet machine or with more cores, use it.
 */
const port = Number(process.env.E2E_PORT ?? 4310);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'dialwise-e2e-'));
// A folder made here is ours to remove at the end (global-teardown.ts); one given by the caller is theirs.
if (!process.env.E2E_DATA_DIR) process.env.E2E_DATA_DIR_OWNED = '1';
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './tests',
  globalTeardown: './global-teardown.ts',
  fullyParallel: false,
  // One worker by default; E2E_WORKERS=2 runs the two projects side by side (each is limited to one below). The
  // seat's is listed first so that, beside the other, it starts at once rather than after the shared first file.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  projects: [
    { name: 'seat', testMatch: /seat\.spec\.ts$/, workers: 1 },
    { name: 'shared', testIgnore: /seat\.spec\.ts$/, workers: 1 },
  ],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  outputDir: './.artifacts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'npm run build -w @dialwise/web && npm run start -w @dialwise/server',
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/health`,
    // The web build runs first; on a busy shared machine it alone can take minutes.
    timeout: 420_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_PASSWORD: 'Dialwise@2026',
      // Simulated callees ring and talk ten times faster, so a started task finishes within a test.
      SIMULATED_TIME_SCALE: '0.1',
      // The scenario test's fake LLM listens on loopback; the demo model is this server's own (always allowed).
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    },
  },
});
