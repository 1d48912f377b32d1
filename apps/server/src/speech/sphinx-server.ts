/**
 * The offline recogniser's processes: a few long-lived recognition servers (sphinx-server.c), each holding
 * the pocketsphinx decoders of many calls, instead of one pocketsphinx_continuous process per turn.
 *
 * Why a program of our own: a process per turn cost ~35 ms of CPU before it heard anything (fork, exec, the
 * model and the grammar), on every turn of every call, and each 20 ms frame crossed the spawn host and a
 * `cat` before it reached pocketsphinx. The server loads a call's decoder once, decodes turn after turn, and
 * reads the frames straight from our socket. It is built from its C source on first use with the system's
 * compiler against the Debian pocketsphinx library (packages `gcc`, `pkgconf`, `libpocketsphinx-dev`), into
 * a cache folder keyed by the source's hash; without them the offline recogniser is unavailable and says why
 * (calls then take turns on the VAD alone, as a zh-CN call does).
 *
 * Processes: one per core at most (decoding is CPU work, one thread each), started by the spawn host (so the
 * server never forks a process), each serving one Unix socket connection. They run at the server's priority:
 * at a lower one (nice 10, its session's autogroup lowered too) they were left waiting while a core stood
 * idle — at 100 calls they got 0.44 cores with 0.9 idle and 100 of 364 finals came back (the scheduler
 * balances cores by weight); at the same priority all 365 did, with the media clock 0.10 % late.
 * A call's session goes to the process with the fewest sessions. When a process ends, its sessions report an
 * error and the next session starts a new one. A process with no session for a while is ended.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type HostedProcess, hostedSpawn } from './spawn-host.ts';

const SOURCE = resolve(import.meta.dirname, 'sphinx-server.c');
/** Built binaries live beside the installed packages (git ignores them); keyed by the source's hash. */
const CACHE_DIR = resolve(import.meta.dirname, '../../../../node_modules/.cache/dialwise');
/** How long a process with no session stays up for the next call. */
const IDLE_MS = 30_000;

/** The session's side of a recognition server: what it answers for one session id. */
export interface ServerSessionEvents {
  partial(text: string): void;
  final(text: string): void;
  error(error: Error): void;
}

type Kind = 'O' | 'A' | 'F' | 'C';

const building = new Map<string, Promise<string>>();

/**
 * Builds the server once per source version (a few hundred ms of the compiler) and resolves its path;
 * rejects with the compiler's words when the toolchain or the pocketsphinx headers are missing.
 */
export function buildSphinxServer(sourcePath = SOURCE): Promise<string> {
  let built = building.get(sourcePath);
  if (!built) {
    built = build(sourcePath).catch((error: unknown) => {
      building.delete(sourcePath);
      throw error;
    });
    building.set(sourcePath, built);
  }
  return built;
}

async function build(sourcePath: string): Promise<string> {
  const source = readFileSync(sourcePath);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const binary = join(CACHE_DIR, `sphinx-server-${hash}`);
  if (existsSync(binary)) return binary;
  mkdirSync(CACHE_DIR, { recursive: true });
  const partial = `${binary}.${process.pid}.tmp`;
  const compile = hostedSpawn('sh', [
    '-c',
    'cc -O2 -o "$1" "$2" $(pkg-config --cflags --libs pocketsphinx) -lm',
    'sh',
    partial,
    sourcePath,
  ]);
  const said: string[] = [];
  compile.stderr.on('data', (data: Buffer) => said.push(String(data)));
  compile.stdout.resume();
  const { code, error } = await compile.exited;
  if (error || code !== 0) {
    const detail = (error ?? said.join('')).trim().split('\n').slice(0, 3).join(' ');
    throw new Error(
      `the offline recogniser could not be built (it needs the Debian packages gcc, pkgconf and libpocketsphinx-dev): ${detail}`,
    );
  }
  // Renamed into place whole, so a concurrent server never runs a half-written binary.
  renameSync(partial, binary);
  return binary;
}

let nextSocket = 1;

/** One recognition server process and its connection. */
class RecognitionServer {
  readonly sessions = new Map<number, ServerSessionEvents>();
  private readonly child: HostedProcess;
  private socket: Socket | null = null;
  private readonly waiting: Buffer[] = [];
  private pending = '';
  private idle: NodeJS.Timeout | null = null;
  ended = false;

  constructor(
    binary: string,
    private readonly onEnd: (server: RecognitionServer) => void,
  ) {
    const path = join(tmpdir(), `dialwise-sphinx-${process.pid}-${nextSocket++}.sock`);
    this.child = hostedSpawn(binary, [path]);
    const stderr: string[] = [];
    this.child.stderr.on('data', (data: Buffer) => stderr.push(String(data)));
    // Its first line says it listens (it removes the socket's name once connected).
    this.child.stdout.once('data', () => this.connect(path));
    void this.child.exited.then(({ code, signal, error }) => {
      const why = error ?? `exited with ${code ?? signal}${stderr.length ? `: ${stderr.join('').trim().slice(-300)}` : ''}`;
      this.end(new Error(`the offline recogniser ended (${why})`));
    });
  }

  open(id: number, events: ServerSessionEvents, files: { modelDir: string; dictPath: string; grammarPath: string }): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.sessions.set(id, events);
    this.send('O', id, Buffer.from(`${files.modelDir}\n${files.dictPath}\n${files.grammarPath}`));
  }

  send(kind: Kind, id: number, payload?: Buffer): void {
    if (this.ended) return;
    const header = Buffer.allocUnsafe(9);
    header[0] = kind.charCodeAt(0);
    header.writeUInt32LE(id, 1);
    header.writeUInt32LE(payload?.length ?? 0, 5);
    const message = payload ? Buffer.concat([header, payload]) : header;
    if (this.socket) this.socket.write(message);
    else this.waiting.push(message);
  }

  close(id: number): void {
    if (!this.sessions.delete(id)) return;
    this.send('C', id);
    if (this.sessions.size === 0 && !this.ended) {
      this.idle = setTimeout(() => this.stop(), IDLE_MS);
      this.idle.unref();
    }
  }

  /** Ends the process: its connection closes, and it exits. */
  stop(): void {
    if (this.idle) clearTimeout(this.idle);
    this.socket?.end();
    if (!this.socket) this.child.kill();
    this.ended = true;
    this.onEnd(this);
  }

  private connect(path: string): void {
    if (this.ended) return;
    const socket = connect(path);
    socket.setNoDelay(true);
    socket.on('connect', () => {
      this.socket = socket;
      for (const message of this.waiting.splice(0)) socket.write(message);
    });
    socket.on('data', (data: Buffer) => this.read(String(data)));
    socket.on('error', (error) => this.end(new Error(`the offline recogniser's connection failed: ${error.message}`)));
  }

  private read(text: string): void {
    this.pending += text;
    const lines = this.pending.split('\n');
    this.pending = lines.pop() ?? '';
    for (const line of lines) {
      const [kind, id, ...words] = line.split(' ');
      const session = this.sessions.get(Number(id));
      if (!session) continue;
      const said = words.join(' ');
      if (kind === 'P') session.partial(said);
      else if (kind === 'F') session.final(said);
      else if (kind === 'E') session.error(new Error(`the offline recogniser refused the call: ${said}`));
    }
  }

  private end(error: Error): void {
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    if (!this.ended) {
      this.ended = true;
      this.onEnd(this);
    }
    if (this.idle) clearTimeout(this.idle);
    this.socket?.destroy();
    for (const session of sessions) session.error(error);
  }
}

/** A session of a recognition server, as a SphinxSession sees it. */
export interface ServerSession {
  audio(samples: Int16Array): void;
  flush(): void;
  close(): void;
}

/** The recognition servers of one engine: sessions spread over at most one process per core. */
export class RecognitionPool {
  private readonly servers = new Set<RecognitionServer>();
  private nextId = 1;
  private readonly size = Math.max(1, Math.min(4, availableParallelism()));

  /** How many processes serve the sessions now. */
  get processes(): number {
    return this.servers.size;
  }

  constructor(private readonly binary: string) {}

  open(files: { modelDir: string; dictPath: string; grammarPath: string }, events: ServerSessionEvents): ServerSession {
    const server = this.pick();
    const id = this.nextId++;
    server.open(id, events, files);
    return {
      audio: (samples) => server.send('A', id, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)),
      flush: () => server.send('F', id),
      close: () => server.close(id),
    };
  }

  /** Ends every process (their sessions end with them). */
  close(): void {
    for (const server of [...this.servers]) server.stop();
  }

  /** The live process with the fewest sessions, or a new one while there are fewer than cores and each is busy. */
  private pick(): RecognitionServer {
    let least: RecognitionServer | null = null;
    for (const server of this.servers) if (!least || server.sessions.size < least.sessions.size) least = server;
    if (least && (least.sessions.size === 0 || this.servers.size >= this.size)) return least;
    const server = new RecognitionServer(this.binary, (ended) => this.servers.delete(ended));
    this.servers.add(server);
    return server;
  }
}
