import { existsSync } from 'node:fs';
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
    const run = hostedSpawn('bash', ['-c', 'sleep 30 | cat']);
    const started = Date.now();
    setTimeout(() => run.kill(), 200);
    const { signal } = await outcome(run);
    expect(signal).toBe('SIGKILL');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('starts a command at a lower CPU priority when asked, and what the command starts inherits it', async () => {
    const host = await outcome(hostedSpawn('nice', []));
    const lowered = await outcome(hostedSpawn('sh', ['-c', 'sh -c nice'], { nice: 10 }));
    expect(lowered.code).toBe(0);
    expect(Number(lowered.stdout)).toBe(Math.min(19, Number(host.stdout) + 10));
  });

  it('lowers the scheduling group of a command started at a lower priority, where the kernel groups by session', async () => {
    // Each hosted command is a session of its own; with autogroup on, niceness alone would not rank it below the server.
    const run = await outcome(hostedSpawn('sh', ['-c', 'sleep 0.2; cat /proc/self/autogroup || echo none'], { nice: 10 }));
    expect(run.stdout).toMatch(existsSync('/proc/self/autogroup') ? /^\/autogroup-\d+ nice 10\n$/ : /none/);
  });

  it('reports a command that cannot start', async () => {
    const { error, code } = await outcome(hostedSpawn('no-such-command-dialwise', []));
    expect(code).toBeNull();
    expect(error).toMatch(/ENOENT/);
  });
});
