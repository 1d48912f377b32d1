import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process.ts';

/**
 * A throwaway PostgreSQL cluster of the test's own, started as .ci/run starts the CI one (initdb, trust
 * authentication on loopback, fsync off), so a test may stop and start it under a running server without
 * touching the database the rest of the suite shares. The binaries are Debian's (PG_BIN overrides); as
 * root the cluster runs as the `postgres` user, as PostgreSQL requires.
 */
export interface PgCluster {
  url: string;
  /** Stops the server (fast shutdown: open sessions are terminated, as in a real restart). */
  stop(): void;
  start(): void;
  /** Stops it and removes its files. */
  destroy(): void;
}

function binaries(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((x, y) => Number(x) - Number(y)) : [];
  if (versions.length === 0) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql (set PG_BIN)');
  return join(root, versions.at(-1)!, 'bin');
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = binaries();
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'dialwise-faults-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(data, uid, gid);
  }
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, tool), args, { stdio: 'pipe' });
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${data} -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', data, '-l', join(data, 'log'), '-w', '-o', options, 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(data, { recursive: true, force: true });
    },
  };
}
