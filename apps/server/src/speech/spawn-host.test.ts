import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type HostedProcess, hostedSpawn } from './spawn-host.ts';

/** Everything a hosted process printed, and how it ended. */
async function outcome(run: HostedProcess) {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  run.stdout.on('data', (b: Buffer) => out.push(b));
  run.stderr.on('data', (b: Buffer) => err.push(b));
  const exit = await run.exited;
  return { stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString(), ...exit };
}

describe('the spawn host', () => {
  it('runs a command with its stdin, stdout, stderr and exit code relayed', async () => {
    const run = hostedSpawn('sh', ['-c', 'tr a-z A-Z; echo oops >&2; exit 3']);
    run.stdin.end('hello host\n');
    expect(await outcome(run)).toMatchObject({ stdout: 'HELLO HOST\n', stderr: 'oops\n', code: 3, signal: null });
  });

  it('relays binary output whole, across many frames', async () => {
    const run = hostedSpawn('head', ['-c', '300000', '/dev/zero']);
    const { stdout, code } = await outcome(run);
    expect(code).toBe(0);
    expect(stdout.length).toBe(300_000);
  });

  it('runs many at once, each with its own output', async () => {
    const runs = Array.from({ length: 20 }, (_, i) => hostedSpawn('sh', ['-c', `echo ${i}`]));
    const outputs = await Promise.all(runs.map(outcome));
    expect(outputs.map((o) => o.stdout)).toEqual(runs.map((_, i) => `${i}\n`));
  });

  it('kills a pipeline whole (its process group), and says it was killed', async () => {
    // The shell says its child's pid once both run; killing the shell alone would leave the child sleeping.
    const run = hostedSpawn('bash', ['-c', 'sleep 300 | cat & echo "$(jobs -p)"; wait']);
    const ended = outcome(run);
    const child = Number(await new Promise<string>((resolve) => run.stdout.once('data', (b: Buffer) => resolve(b.toString()))));
    expect(child).toBeGreaterThan(0);
    run.kill();
    expect((await ended).signal).toBe('SIGKILL');
    // The child is dead too: gone, or a zombie its new parent has not reaped (Linux's /proc says which).
    const alive = () => {
      try {
        return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${child}/stat`, 'utf8'));
      } catch {
        return false;
      }
    };
    await expect.poll(alive).toBe(false);
  });

  it('reports a command that cannot start', async () => {
    const { error, code } = await outcome(hostedSpawn('no-such-command-dialwise', []));
    expect(code).toBeNull();
    expect(error).toMatch(/ENOENT/);
  });
});
