/**
 * The offline speech engines' own programs (sphinx-server.c, espeak-server.c): small C servers on the Debian
 * speech libraries that keep an engine loaded across sentences and turns, where a process per sentence or
 * per turn spent most of its CPU starting. Each is built from its source on first use with the system's
 * compiler (`cc` with every warning an error and the usual hardening: HELPER_CFLAGS; libraries' flags from
 * `pkg-config`), into a cache folder beside the installed packages, named by the source's hash and the
 * flags; a build that fails says which Debian packages it needs.
 *
 * A running helper is started by the spawn host (the server never forks), listens on a Unix socket it is
 * given, in a folder of its own only this user can enter, and serves one connection: frames both ways in
 * the spawn host's format (spawn-frames.ts: kind, id, length, payload), none longer than MAX_FRAME_BYTES.
 * It ends when the connection closes, or when the peer breaks the framing (native-helper.h).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FrameReader, frame } from './spawn-frames.ts';
import { type HostedProcess, hostedSpawn } from './spawn-host.ts';

/** Built binaries live beside the installed packages (git ignores them). */
const CACHE_DIR = resolve(import.meta.dirname, '../../../../node_modules/.cache/dialwise');
/** What every helper's source includes: the socket, the frames. */
const SHARED_HEADER = resolve(import.meta.dirname, 'native-helper.h');

/** The largest frame payload either side sends or takes (MAX_FRAME in native-helper.h). */
export const MAX_FRAME_BYTES = 65_536;

/**
 * Every warning is an error; fortified libc calls, stack protector and stack-clash probes, a position-independent
 * executable, its relocations read-only once loaded (full RELRO). Debian's `hardening=+all` without
 * `-fcf-protection`, which only x86 compilers take.
 */
export const HELPER_CFLAGS = [
  '-O2',
  '-Wall',
  '-Wextra',
  '-Werror',
  // Undefined first: compilers that fortify by default (Ubuntu's, at level 3) would warn of a redefinition.
  '-U_FORTIFY_SOURCE',
  '-D_FORTIFY_SOURCE=2',
  '-fstack-protector-strong',
  '-fstack-clash-protection',
  '-fPIE',
  '-pie',
  '-Wl,-z,relro,-z,now',
] as const;

/**
 * Tests run the helpers under AddressSanitizer (with its leak checker and UBSan): the same source and
 * warnings, no fortify (ASan checks those calls itself), frame pointers for its reports.
 */
const SANITIZED_CFLAGS = ['-O1', '-g', '-Wall', '-Wextra', '-Werror', '-fno-omit-frame-pointer', '-fsanitize=address,undefined'];

/** A sun_path holds 108 bytes on Linux, its NUL included. */
const MAX_SOCKET_PATH_BYTES = 107;

export interface HelperSource {
  /** The C file. */
  path: string;
  /** Its libraries, as pkg-config names them. */
  libraries: readonly string[];
  /** The Debian packages a build needs, for the error that says so. */
  packages: string;
}

const building = new Map<string, Promise<string>>();

/**
 * Builds a helper once per source version (a few hundred ms of the compiler) and resolves its path;
 * `sanitized` builds the AddressSanitizer variant the hostile-peer tests run.
 */
export function buildHelper(source: HelperSource, { sanitized = false } = {}): Promise<string> {
  const key = `${source.path}${sanitized ? ' sanitized' : ''}`;
  let built = building.get(key);
  if (!built) {
    built = build(source, sanitized ? SANITIZED_CFLAGS : HELPER_CFLAGS).catch((error: unknown) => {
      building.delete(key);
      throw error;
    });
    building.set(key, built);
  }
  return built;
}

async function build({ path, libraries, packages }: HelperSource, flags: readonly string[]): Promise<string> {
  // Named by what goes into it: its source, the header the helpers share, the flags, the libraries.
  const hash = createHash('sha256')
    .update(readFileSync(path))
    .update(readFileSync(SHARED_HEADER))
    .update(flags.join(' '))
    .update(libraries.join(' '))
    .digest('hex')
    .slice(0, 16);
  const name = path.replace(/^.*\//, '').replace(/\.c$/, '');
  const binary = join(CACHE_DIR, `${name}-${hash}`);
  if (existsSync(binary)) return binary;
  mkdirSync(CACHE_DIR, { recursive: true });
  const partial = `${binary}.${process.pid}.tmp`;
  const compile = hostedSpawn('sh', [
    '-c',
    `cc ${flags.join(' ')} -o "$1" "$2" $(pkg-config --cflags --libs ${libraries.join(' ')}) -lm`,
    'sh',
    partial,
    path,
  ]);
  const said: string[] = [];
  compile.stderr.on('data', (data: Buffer) => said.push(String(data)));
  compile.stdout.resume();
  const { code, error } = await compile.exited;
  if (error || code !== 0) {
    const detail = (error ?? said.join('')).trim().split('\n').slice(0, 3).join(' ');
    throw new Error(`${name} could not be built (it needs the Debian packages ${packages}): ${detail}`);
  }
  // Renamed into place whole, so a concurrent server never runs a half-written binary.
  renameSync(partial, binary);
  return binary;
}

/**
 * A new folder for one helper's socket, mode 0700 (mkdtemp's), so no other user can connect to the socket
 * before our server does; the path is checked to fit a sun_path, which would otherwise cut it silently.
 */
export function helperSocketPath(label: string): { dir: string; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'dialwise-'));
  const path = join(dir, `${label}.sock`);
  const bytes = Buffer.byteLength(path);
  if (bytes > MAX_SOCKET_PATH_BYTES) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `the offline ${label}'s socket path ${path} is ${bytes} bytes, over the ${MAX_SOCKET_PATH_BYTES} a Unix socket takes: set TMPDIR to a shorter folder`,
    );
  }
  return { dir, path };
}

export interface HelperEvents {
  frame(kind: string, id: number, payload: Buffer): void;
  /** The process ended (or never started): nothing more comes from it. */
  ended(error: Error): void;
}

/** One running helper and its connection; frames sent before it is built and listening wait in memory. */
export class NativeHelper {
  private child: HostedProcess | null = null;
  private socket: Socket | null = null;
  private readonly waiting: Buffer[] = [];
  private over = false;
  private stopping = false;

  constructor(
    binary: Promise<string>,
    private readonly label: string,
    private readonly events: HelperEvents,
  ) {
    binary.then(
      (built) => this.launch(built),
      (error: unknown) => this.end(error instanceof Error ? error : new Error(String(error))),
    );
  }

  private launch(binary: string): void {
    if (this.stopping) return this.end(new Error(`the offline ${this.label} ended (stopped before it started)`));
    let socketPath: { dir: string; path: string };
    try {
      socketPath = helperSocketPath(this.label);
    } catch (error) {
      return this.end(error as Error);
    }
    const { dir, path } = socketPath;
    const child = hostedSpawn(binary, [path]);
    this.child = child;
    const stderr: string[] = [];
    child.stderr.on('data', (data: Buffer) => stderr.push(String(data)));
    // Its first line says it listens (it removes the socket's name once connected).
    child.stdout.once('data', () => this.connect(path));
    void child.exited.then(({ code, signal, error }) => {
      // The helper removes its socket's name once connected; one that ended before that leaves it behind.
      rmSync(dir, { recursive: true, force: true });
      const why = error ?? `exited with ${code ?? signal}${stderr.length ? `: ${stderr.join('').trim().slice(-300)}` : ''}`;
      this.end(new Error(`the offline ${this.label} ended (${why})`));
    });
  }

  get ended(): boolean {
    return this.over;
  }

  /** Throws a RangeError for a payload over MAX_FRAME_BYTES: callers split what can be long. */
  send(kind: string, id: number, payload?: Buffer): void {
    if (payload && payload.length > MAX_FRAME_BYTES) {
      throw new RangeError(`a frame of ${payload.length} bytes for the offline ${this.label}, over the ${MAX_FRAME_BYTES} allowed`);
    }
    if (this.over) return;
    const message = frame(kind.charCodeAt(0), id, payload);
    if (this.socket) this.socket.write(message);
    else this.waiting.push(message);
  }

  /** Closes the connection; the process then exits, and `ended` follows. */
  stop(): void {
    this.stopping = true;
    if (this.socket) this.socket.end();
    else this.child?.kill();
  }

  private connect(path: string): void {
    if (this.over) return;
    const socket = connect(path);
    const reader = new FrameReader((kind, id, payload) => this.events.frame(String.fromCharCode(kind), id, payload), MAX_FRAME_BYTES);
    socket.on('connect', () => {
      this.socket = socket;
      for (const message of this.waiting.splice(0)) socket.write(message);
    });
    socket.on('data', (data: Buffer) => {
      if (reader.push(data)) return;
      // A helper that breaks the framing is not trusted further: it is ended, its jobs are told.
      this.child?.kill();
      this.end(new Error(`the offline ${this.label} sent a frame over ${MAX_FRAME_BYTES} bytes`));
    });
    socket.on('error', (error) => {
      // Stopped, the connection may break as the process exits: its exit says what happened.
      if (!this.stopping) this.end(new Error(`the offline ${this.label}'s connection failed: ${error.message}`));
    });
  }

  private end(error: Error): void {
    if (this.over) return;
    this.over = true;
    this.socket?.destroy();
    this.events.ended(error);
  }
}

/** A job's handle on the process that serves it. */
export interface HelperJob {
  send(kind: string, payload?: Buffer): void;
  /** The job is over (its process may go idle). */
  finish(): void;
}

export interface PoolHandler<Job> {
  /** A frame for a job; returns true when it ended the job. */
  frame(job: Job, kind: string, payload: Buffer): boolean;
  /** The job's process ended under it. */
  lost(job: Job, error: Error): void;
}

/** How long a process with no job stays up for the next one. */
const IDLE_MS = 30_000;

/**
 * Processes of one helper, one per core at most (each works one thread), serving jobs (a call's recogniser,
 * a sentence): a new job goes to the process with the fewest jobs. When a process ends, its jobs are told
 * and the next job starts a new one; a process with no job for a while is ended.
 */
export class HelperPool<Job> {
  private readonly processes = new Set<PooledProcess<Job>>();
  private nextId = 1;
  private readonly size = Math.max(1, Math.min(4, availableParallelism()));

  /** `binary` may still be building: jobs wait for it, and all fail with its error if it does not build. */
  constructor(
    private readonly binary: Promise<string>,
    private readonly label: string,
    private readonly handler: PoolHandler<Job>,
  ) {
    // Heard by each process's helper; a pool that never gets a job must not leave it unhandled.
    binary.catch(() => undefined);
  }

  /** How many processes run now. */
  get running(): number {
    return this.processes.size;
  }

  start(job: Job): HelperJob {
    const process = this.pick();
    const id = this.nextId++;
    process.jobs.set(id, job);
    process.busy();
    return {
      send: (kind, payload) => process.helper.send(kind, id, payload),
      finish: () => process.finish(id),
    };
  }

  /** Ends every process (their jobs are told). */
  close(): void {
    for (const process of [...this.processes]) process.stop();
  }

  /** The process with the fewest jobs, or a new one while there are fewer than cores and each is busy. */
  private pick(): PooledProcess<Job> {
    let least: PooledProcess<Job> | null = null;
    for (const process of this.processes) if (!least || process.jobs.size < least.jobs.size) least = process;
    if (least && (least.jobs.size === 0 || this.processes.size >= this.size)) return least;
    const process = new PooledProcess<Job>(this.binary, this.label, this.handler, (ended) => this.processes.delete(ended));
    this.processes.add(process);
    return process;
  }
}

class PooledProcess<Job> {
  readonly jobs = new Map<number, Job>();
  readonly helper: NativeHelper;
  private idle: NodeJS.Timeout | null = null;

  constructor(
    binary: Promise<string>,
    label: string,
    handler: PoolHandler<Job>,
    private readonly onEnd: (process: PooledProcess<Job>) => void,
  ) {
    this.helper = new NativeHelper(binary, label, {
      frame: (kind, id, payload) => {
        const job = this.jobs.get(id);
        if (job && handler.frame(job, kind, payload)) this.finish(id);
      },
      ended: (error) => {
        const jobs = [...this.jobs.values()];
        this.jobs.clear();
        if (this.idle) clearTimeout(this.idle);
        this.onEnd(this);
        for (const job of jobs) handler.lost(job, error);
      },
    });
  }

  busy(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
  }

  finish(id: number): void {
    if (!this.jobs.delete(id) || this.jobs.size > 0 || this.helper.ended) return;
    this.idle = setTimeout(() => this.stop(), IDLE_MS);
    this.idle.unref();
  }

  /** Closes the connection: the process exits and its jobs are told. */
  stop(): void {
    if (this.idle) clearTimeout(this.idle);
    this.helper.stop();
    this.onEnd(this);
  }
}
