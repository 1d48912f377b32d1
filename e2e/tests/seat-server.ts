import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * A server of our own for the seat's browser tests, next to the suite's shared one: simulated callees at
 * their real pace (the suite's server runs them ten times faster, and a transferred callee would hang up
 * before the seat had said a word) and short seat clocks so a lost heartbeat shows within seconds. Same
 * built console, same code, its own empty database with the demo data.
 */
export interface OwnServer {
  url: string;
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`)).ok;
  } catch {
    return false;
  }
}

export async function startOwnServer(port: number, env: Record<string, string> = {}): Promise<OwnServer> {
  const url = `http://127.0.0.1:${port}`;
  // A server left over on the port (a killed run) would answer the health check and serve stale code.
  if (await answers(url)) throw new Error(`port ${port} is already taken: stop the server listening there`);
  const dataDir = mkdtempSync(join(tmpdir(), 'dialwise-seat-e2e-'));
  const child: ChildProcess = spawn('npm', ['run', 'start', '-w', '@dialwise/server'], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_PASSWORD: 'Dialwise@2026',
      SIMULATED_TIME_SCALE: '1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const stopChild = async () => {
    // npm → tsx → node: the whole process group goes.
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((done) => child.once('exit', done));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stopChild();
      throw new Error(`the seat test server exited: ${stderr}`);
    }
    if (await answers(url)) break;
    if (Date.now() > deadline) {
      await stopChild();
      throw new Error(`the seat test server did not start: ${stderr}`);
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  return { url, stop: stopChild };
}
