import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { onTestFailed } from 'vitest';
import { createScratchDatabase } from '../scratch-database.ts';
import { DEMO_PASSWORD } from './campaign.ts';
import { join, resolve } from 'node:path';

const SERVER_DIR = resolve(import.meta.dirname, '../..');

/** A free TCP port on loopback (closed again at once; the server binds it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * One real server process, started as `npm start` starts it (`tsx src/main.ts`: Node with tsx's loader,
 * here `node --import tsx` so the process we hold is the server itself and kill -9 hits it, not a wrapper),
 * with its own port and the environment the test gives. Its output is kept for the assertions (an unhandled
 * rejection would end the process and print there).
 */
export class ServerProcess {
  readonly url: string;
  private child: ChildProcess | null = null;
  private output = '';
  private exited: Promise<number | null> = Promise.resolve(null);

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly args: string[] = [],
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Starts the process and resolves when its health probe answers (the dialer has started by then). */
  async start(timeoutMs = 180_000): Promise<void> {
    // Warnings in the output come with where they were raised.
    const flags = ['--trace-warnings', '--trace-deprecation', '--stack-trace-limit=40'];
    const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'src/main.ts', ...this.args], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => this.keep(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.keep(chunk));
    this.exited = new Promise((resolveExit) => child.once('exit', (code, signal) => resolveExit(signal ? null : code)));
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${this.name} exited while starting:\n${this.log()}`);
      if (await this.healthy()) return;
      await pause(250);
    }
    throw new Error(`${this.name} did not answer its health probe in ${timeoutMs} ms:\n${this.log()}`);
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  async healthy(): Promise<boolean> {
    try {
      const response = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      return response.ok;
    } catch {
      return false;
    }
  }

  /** kill -9: no shutdown hook runs, open transactions and sockets are cut where they are. */
  async kill9(): Promise<void> {
    if (!this.running) return;
    this.child!.kill('SIGKILL');
    await this.exited;
    this.saveLog();
  }

  /** A clean stop (SIGTERM: the server hangs up its calls and closes), killed if it takes too long. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.child!.kill('SIGTERM');
    const done = await Promise.race([this.exited.then(() => true), pause(30_000).then(() => false)]);
    if (done) this.saveLog();
    else await this.kill9();
  }

  /** FAULT_LOG_DIR=<folder> keeps each process's output there (<name>.log), to read after a run. */
  private saveLog() {
    const dir = process.env.FAULT_LOG_DIR;
    if (dir) appendFileSync(join(dir, `${this.name}.log`), this.output);
  }

  /**
   * What Node prints when a process ends on an unhandled rejection or an unheard 'error' event (not the
   * server's own "unhandled error" log line of a request that failed with a 500).
   */
  crashReport(): string | null {
    const match =
      /Unhandled 'error' event|UnhandledPromiseRejection|unhandledRejection|uncaughtException|triggerUncaughtException|^Node\.js v\d+/m.exec(
        this.output,
      );
    return match ? this.output.slice(Math.max(0, match.index - 2_000), match.index + 2_000) : null;
  }

  /** Everything the process printed (stdout and stderr, interleaved). */
  log(): string {
    return this.output;
  }

  private keep(chunk: Buffer) {
    this.output += chunk.toString('utf8');
    // The last megabyte is plenty to read a failure; a long run must not grow without bound.
    if (this.output.length > 2_000_000) this.output = this.output.slice(-1_000_000);
  }
}

export function pause(ms: number): Promise<void> {
  return new Promise((resolvePause) => setTimeout(resolvePause, ms));
}

/** Polls `check` until it answers a value (not undefined/false), or fails with `what` after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs: number,
  everyMs = 500,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    await pause(everyMs);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
}

/**
 * What every test of several server processes starts from: a scratch database on `databaseUrl` with a small
 * pool of the test's own on it, a data folder, and the environment the processes share (the database, the
 * folder, one secret key, the demo password, SIP on loopback, warnings only). Each is registered in
 * `cleanups` to be removed after the file.
 */
export async function processWorld(
  databaseUrl: string,
  prefix: string,
  cleanups: Array<() => Promise<void>>,
  poolSize = 1,
): Promise<{ db: pg.Pool; dataDir: string; env: Record<string, string> }> {
  const scratch = await createScratchDatabase(databaseUrl, prefix);
  cleanups.push(scratch.drop);
  const db = new pg.Pool({ connectionString: scratch.url, max: poolSize });
  cleanups.push(() => db.end());
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix.replaceAll('_', '-')}-`));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const env = {
    DATABASE_URL: scratch.url,
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString('base64'),
    DEMO_PASSWORD,
    SIP_BIND: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  return { db, dataDir, env };
}

/** Prints the last output of the processes (as they are then: one may have been restarted) when the test fails. */
export function showOutputOnFailure(servers: () => ServerProcess[]): void {
  onTestFailed(() => {
    for (const server of servers()) console.log(`--- ${server.name} output (last 20 kB) ---\n${server.log().slice(-20_000)}`);
  });
}
