/**
 * Starting a process from the server blocks its event loop for as long as the kernel takes to copy the
 * server's page tables (fork): measured on the 2-core machine, 3.6 ms p50 for a 10 MB process, 22 ms for
 * 300 MB, 101 ms for 1 GB — per process started. The offline voice starts one per spoken sentence, so a
 * server with many speaking calls would stall its media clock on every sentence. Instead the server starts
 * one small host process once (spawn-host-process.ts) and asks it to start the commands: their stdin,
 * stdout, stderr and exit travel as frames over the host's pipes (spawn-frames.ts), and the fork happens
 * in the host's small address space.
 *
 * One host per server process, started on first use, restarted on the next use if it died (what it ran
 * then ends with an error). It does not keep the server alive: its pipes are unreferenced while nothing runs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { resolve } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { type ExitReport, FROM_HOST, FrameReader, type StartRequest, TO_HOST, frame } from './spawn-frames.ts';

const SERVER_DIR = resolve(import.meta.dirname, '../..');
const HOST_SCRIPT = resolve(import.meta.dirname, 'spawn-host-process.ts');

export interface HostedProcess {
  readonly stdin: Writable;
  readonly stdout: PassThrough;
  readonly stderr: PassThrough;
  /** Resolves once the process ended (or could not start: `error`). */
  readonly exited: Promise<ExitReport>;
  /** SIGKILL; the exit still arrives through `exited`. */
  kill(): void;
}

interface Hosted {
  stdout: PassThrough;
  stderr: PassThrough;
  exit(report: ExitReport): void;
}

class SpawnHost {
  private child: ChildProcess | null = null;
  private nextId = 1;
  private readonly hosted = new Map<number, Hosted>();

  /** The host's process id while it runs (the speech benchmark counts its CPU and its children's). */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  spawn(command: string, args: readonly string[]): HostedProcess {
    const host = this.host();
    const id = this.nextId++;
    const send = (kind: number, payload?: Buffer) => {
      if (host.stdin && !host.stdin.destroyed) host.stdin.write(frame(kind, id, payload));
    };
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let settle: (report: ExitReport) => void = () => undefined;
    const exited = new Promise<ExitReport>((done) => {
      settle = done;
    });
    this.hosted.set(id, {
      stdout,
      stderr,
      exit: (report) => {
        this.hosted.delete(id);
        this.holdOpen();
        stdout.end();
        stderr.end();
        // After the output's last 'data' events, which a flowing stream may emit a tick later.
        setImmediate(() => settle(report));
      },
    });
    this.holdOpen();
    const stdin = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        send(TO_HOST.stdin, chunk);
        callback();
      },
      final(callback) {
        send(TO_HOST.stdinEnd);
        callback();
      },
    });
    const request: StartRequest = { command, args: [...args] };
    send(TO_HOST.start, Buffer.from(JSON.stringify(request)));
    return { stdin, stdout, stderr, exited, kill: () => send(TO_HOST.kill) };
  }

  /** Starts the host ahead of the first command (it takes a moment to load), leaving it unreferenced. */
  warm(): void {
    this.host();
    this.holdOpen();
  }

  private host(): ChildProcess {
    if (this.child) return this.child;
    const child = spawn(process.execPath, ['--import', 'tsx', HOST_SCRIPT], { cwd: SERVER_DIR, stdio: ['pipe', 'pipe', 'inherit'] });
    const reader = new FrameReader((kind, id, payload) => {
      const hosted = this.hosted.get(id);
      if (!hosted) return;
      if (kind === FROM_HOST.stdout) hosted.stdout.write(payload);
      else if (kind === FROM_HOST.stderr) hosted.stderr.write(payload);
      else if (kind === FROM_HOST.exit) hosted.exit(JSON.parse(String(payload)) as ExitReport);
    });
    child.stdout?.on('data', (chunk: Buffer) => reader.push(chunk));
    child.stdin?.on('error', () => undefined);
    const lost = (why: string) => {
      if (this.child !== child) return;
      this.child = null;
      for (const hosted of [...this.hosted.values()]) hosted.exit({ code: null, signal: null, error: why });
    };
    child.once('error', (error) => lost(`the spawn host did not start: ${error.message}`));
    child.once('exit', (code, signal) => lost(`the spawn host exited (${code ?? signal})`));
    this.child = child;
    return child;
  }

  /** Keeps the server's event loop open while a hosted process runs, and no longer. */
  private holdOpen(): void {
    const child = this.child;
    if (!child) return;
    const busy = this.hosted.size > 0;
    for (const end of [child.stdin, child.stdout] as (Socket | null)[]) {
      if (busy) end?.ref();
      else end?.unref();
    }
    if (busy) child.ref();
    else child.unref();
  }
}

const shared = new SpawnHost();

/** Starts the spawn host now, so that the first sentence or recogniser does not wait for it to load. */
export function warmSpawnHost(): void {
  shared.warm();
}

/** Starts `command` with `args` from the server's spawn host (no shell unless the command is one). */
export function hostedSpawn(command: string, args: readonly string[]): HostedProcess {
  return shared.spawn(command, args);
}

/** The spawn host's process id, null while none runs. */
export function spawnHostPid(): number | null {
  return shared.pid;
}
