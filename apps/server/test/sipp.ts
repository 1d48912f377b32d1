/**
 * Runs sipp (Debian `sip-tester`) as the far end of a call on loopback: every run gets its own free SIP,
 * media and control ports and its own folder, and is killed by `stop()` (call it in afterEach).
 * `exited` resolves with sipp's exit code: 0 when every call of the scenario succeeded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const SIPP_BIN = process.env.SIPP_BIN ?? '/usr/bin/sipp';
export const SCENARIOS = resolve(import.meta.dirname, '../src/telephony/sipp');

export interface SippOptions {
  /** A file of src/telephony/sipp/ (or an absolute path). */
  scenario: string;
  /** -key name value pairs, read as [name] in the scenario. */
  keys?: Record<string, string | number>;
  rtpEcho?: boolean;
  /** -m: stop after this many calls (default 1). */
  calls?: number;
  /** -d: the length of the scenario's <pause/> in ms. */
  pauseMs?: number;
  /** sipp quits after this many seconds whatever happens (default 20). */
  timeoutS?: number;
  extraArgs?: string[];
  address?: string;
  /** Log every SIP message to a file (default true; the benchmark turns it off). */
  traceMessages?: boolean;
}

export interface Sipp {
  address: string;
  port: number;
  mediaPort: number;
  process: ChildProcess;
  exited: Promise<number>;
  /** sipp's error log and stderr, to explain a failed run. */
  diagnostics(): Promise<string>;
  stop(): Promise<void>;
}

/** A UDP port free right now (the kernel's choice). */
export function freeUdpPort(address = '127.0.0.1'): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, address, () => {
      const { port } = socket.address();
      socket.close(() => resolvePort(port));
    });
  });
}

function portsFree(first: number, count: number, address: string): Promise<boolean> {
  return new Promise((done) => {
    const sockets: ReturnType<typeof createSocket>[] = [];
    const finish = (ok: boolean) => {
      let left = sockets.length;
      if (left === 0) done(ok);
      for (const s of sockets)
        s.close(() => {
          if (--left === 0) done(ok);
        });
    };
    const next = (i: number) => {
      if (i === count) return finish(true);
      const s = createSocket('udp4');
      s.once('error', () => {
        s.close();
        finish(false);
      });
      s.bind(first + i, address, () => {
        sockets.push(s);
        next(i + 1);
      });
    };
    next(0);
  });
}

/** An even port p with p..p+3 free: sipp's RTP echo binds the media port and the one two above it. */
async function freeMediaPorts(address: string): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = (await freeUdpPort(address)) & ~1;
    if (base < 65000 && (await portsFree(base, 4, address))) return base;
  }
  throw new Error('no free media ports for sipp');
}

/** Whether a UDP port is bound on the machine (read from /proc: probing by binding would race sipp). */
async function udpPortBound(port: number): Promise<boolean> {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/udp', '/proc/net/udp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    // "  sl  local_address …" rows: "  12: 0100007F:B26E 00000000:0000 07 …"
    if (text.split('\n').some((line) => /^\s*\d+:\s+[0-9A-F]+:([0-9A-F]{4})\s/.exec(line)?.[1] === hex)) return true;
  }
  return false;
}

export async function startSipp(options: SippOptions): Promise<Sipp> {
  const address = options.address ?? '127.0.0.1';
  const port = await freeUdpPort(address);
  const mediaPort = await freeMediaPorts(address);
  const controlPort = await freeUdpPort(address);
  const dir = mkdtempSync(join(tmpdir(), 'dialwise-sipp-'));
  const scenario = options.scenario.startsWith('/') ? options.scenario : join(SCENARIOS, options.scenario);
  const args = [
    '-sf',
    scenario,
    '-i',
    address,
    '-p',
    String(port),
    '-mi',
    address,
    '-mp',
    String(mediaPort),
    '-cp',
    String(controlPort),
    '-m',
    String(options.calls ?? 1),
    '-nostdin',
    '-timeout',
    `${options.timeoutS ?? 20}s`,
    '-trace_err',
  ];
  if (options.traceMessages !== false) args.push('-trace_msg');
  if (options.rtpEcho) args.push('-rtp_echo');
  if (options.pauseMs !== undefined) args.push('-d', String(options.pauseMs));
  for (const [key, value] of Object.entries(options.keys ?? {})) args.push('-key', key, String(value));
  args.push(...(options.extraArgs ?? []));

  const child = spawn(SIPP_BIN, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number>((done) => {
    child.once('exit', (code, signal) => done(code ?? (signal ? 128 : 1)));
    child.once('error', (error) => {
      stderr += String(error);
      done(127);
    });
  });

  const diagnostics = async () => {
    const logs = readdirSync(dir)
      .filter((f) => f.endsWith('.log'))
      .map((f) => `--- ${f}\n${readFileSync(join(dir, f), 'utf8')}`);
    return [`sipp ${args.join(' ')}`, stderr, ...logs].join('\n');
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };

  // Ready once its SIP port is bound (or it died: then the caller sees `exited`).
  let running = true;
  void exited.then(() => {
    running = false;
  });
  const deadline = Date.now() + 5000;
  while (running && !(await udpPortBound(port))) {
    if (Date.now() > deadline) {
      const why = await diagnostics();
      await stop();
      throw new Error(`sipp did not bind its port:\n${why}`);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  if (!running) throw new Error(`sipp exited at start:\n${await diagnostics()}`);
  return { address, port, mediaPort, process: child, exited, diagnostics, stop };
}
