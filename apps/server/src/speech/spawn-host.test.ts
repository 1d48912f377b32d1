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

  it('reports a command that cannot start', async () => {
    const { error, code } = await outcome(hostedSpawn('no-such-command-dialwise', []));
    expect(code).toBeNull();
    expect(error).toMatch(/ENOENT/);
  });
});
