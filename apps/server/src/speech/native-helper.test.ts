/**
 * The native helpers against a hostile peer: each helper (built with AddressSanitizer, its leak checker and
 * UBSan) is sent what our server never sends — a length of 0xFFFFFFFF, frames past the bound, truncated
 * frames, unknown kinds, a session opened twice, thousands of random frames and raw random bytes — and
 * must refuse it cleanly: an answer or an exit with a status of its own, never a signal, never a sanitizer
 * report. Then the Node side: the socket's folder and path, the frame bound both ways, the build's flags.
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../telephony/simulated/simulated-callee.ts';
import { ESPEAK_SOURCE, MAX_SENTENCE_BYTES, sentenceParts } from './espeak-server.ts';
import { buildHelper, type HelperSource, helperSocketPath, MAX_FRAME_BYTES, NativeHelper } from './native-helper.ts';
import { FrameReader } from './spawn-frames.ts';
import { grammarFiles } from './sphinx-grammar.ts';
import { SPHINX_SOURCE } from './sphinx-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'dialwise-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const frame = (kind: string | number, id: number, payload: Buffer = Buffer.alloc(0), length = payload.length) => {
  const header = Buffer.alloc(9);
  header.writeUInt8(typeof kind === 'number' ? kind : kind.charCodeAt(0), 0);
  header.writeUInt32LE(id, 1);
  header.writeUInt32LE(length, 5);
  return Buffer.concat([header, payload]);
};

interface Answer {
  kind: string;
  id: number;
  text: string;
}

interface Run {
  /** The exit status (null when a signal ended it). */
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  answers: Answer[];
}

/** What a sanitizer says when it finds something: any of it fails the test. */
const SANITIZER_REPORT = /AddressSanitizer|LeakSanitizer|runtime error:/;

let socketCount = 0;

/**
 * Runs a helper on a private socket, writes `input` (waiting `until` answers have come when asked), then
 * closes our side and waits for the helper to exit. The helper sees exactly these bytes.
 */
async function converse(
  binary: string,
  input: Buffer[],
  until: (answers: Answer[]) => boolean = () => true,
  socketPath = (() => {
    const own = join(dir, `s${socketCount++}`);
    mkdirSync(own, { mode: 0o700 });
    return join(own, 'h.sock');
  })(),
): Promise<Run> {
  const child = spawn(binary, [socketPath], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ASAN_OPTIONS: 'detect_leaks=1:exitcode=86',
      UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1:exitcode=87',
    },
  });
  const stderr: string[] = [];
  child.stderr.on('data', (data: Buffer) => stderr.push(String(data)));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const listening = await Promise.race([once(child.stdout, 'data').then(() => true), exited.then(() => false)]);
  const answers: Answer[] = [];
  if (listening) {
    const socket = connect(socketPath);
    socket.on('error', () => undefined); // the helper may close first: its exit says why
    let settle: () => void = () => undefined;
    const settled = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const reader = new FrameReader((kind, id, payload) => {
      answers.push({ kind: String.fromCharCode(kind), id, text: payload.toString('latin1') });
      if (until(answers)) settle();
    }, MAX_FRAME_BYTES);
    socket.on('data', (data: Buffer) => reader.push(data));
    socket.on('close', () => settle());
    await once(socket, 'connect');
    for (const part of input) socket.write(part);
    if (until(answers)) settle();
    await settled;
    socket.end();
  }
  const [code, signal] = await exited;
  return { code, signal, stderr: stderr.join(''), answers };
}

/** Exited by itself with `code` (not a signal), and no sanitizer report. */
function expectClean(run: Run, code: number): void {
  expect(run.stderr).not.toMatch(SANITIZER_REPORT);
  expect(run.signal).toBeNull();
  expect(run.code).toBe(code);
}

const helpers: Array<{ name: string; source: HelperSource; binary?: string }> = [
  { name: 'sphinx-server', source: SPHINX_SOURCE },
  { name: 'espeak-server', source: ESPEAK_SOURCE },
];

beforeAll(async () => {
  for (const helper of helpers) helper.binary = await buildHelper(helper.source, { sanitized: true });
}, 120_000);

describe.each(helpers)('$name against a hostile peer (AddressSanitizer)', (helper) => {
  const binary = () => helper.binary!;

  it('a length of 0xFFFFFFFF after a frame that grew the buffer: refused, the connection closed (status 3)', async () => {
    const run = await converse(binary(), [frame('Z', 1, Buffer.alloc(10)), frame('Z', 1, Buffer.alloc(4096, 7), 0xffffffff)]);
    expectClean(run, 3);
    expect(run.stderr).toContain(`a frame of 4294967295 bytes, over the ${MAX_FRAME_BYTES} allowed`);
  });

  it(`frames up to ${MAX_FRAME_BYTES} bytes are read; one byte more closes the connection`, async () => {
    const run = await converse(
      binary(),
      [frame('Z', 1, Buffer.alloc(MAX_FRAME_BYTES, 1)), frame('Z', 2, Buffer.alloc(MAX_FRAME_BYTES + 1, 1))],
      (answers) => answers.length === 1,
    );
    expectClean(run, 3);
    expect(run.answers).toEqual([{ kind: 'E', id: 1, text: 'unknown request' }]);
    expect(run.stderr).toContain(`a frame of ${MAX_FRAME_BYTES + 1} bytes`);
  });

  it('an unknown kind and empty frames of every kind are answered or ignored, and the helper serves on', async () => {
    const kinds = ['O', 'A', 'F', 'C', 'S', 'X', 'Z', 0, 255];
    const run = await converse(
      binary(),
      kinds.map((kind, i) => frame(kind, i + 1)),
      (answers) => answers.some((answer) => answer.id === 9),
    );
    expectClean(run, 0);
    expect(run.answers).toContainEqual({ kind: 'E', id: 7, text: 'unknown request' });
    expect(run.answers).toContainEqual({ kind: 'E', id: 9, text: 'unknown request' });
  });

  it('a frame cut short (in its header, in its payload) ends the helper quietly', async () => {
    expectClean(await converse(binary(), [frame('S', 1, Buffer.from('en-us\n160\nHello')).subarray(0, 5)]), 0);
    expectClean(await converse(binary(), [frame('O', 1, Buffer.alloc(2000, 65)).subarray(0, 900)]), 0);
  });

  it('3,000 random frames on one connection, then 30 connections of raw random bytes: no crash, no leak', async () => {
    const random = seededRandom(20261129);
    const kinds = ['O', 'A', 'F', 'C', 'S', 'X', 'Z'];
    const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(random() * 256)));
    // Two real decoders for the recogniser's audio and flushes to reach (the voice refuses the open as unknown).
    const files = grammarFiles(dir, ['call me later']);
    const open = Buffer.from(`${files.modelDir}\n${files.dictPath}\n${files.grammarPath}`);
    const frames: Buffer[] = [frame('O', 0, open), frame('O', 1, open)];
    for (let i = 0; i < 3000; i++) {
      const kind = random() < 0.95 ? kinds[Math.floor(random() * kinds.length)]! : Math.floor(random() * 256);
      // Text-like payloads reach past the first line checks (a voice, a rate, a path); the rest is noise.
      const payload =
        random() < 0.3
          ? Buffer.concat([
              Buffer.from(random() < 0.5 ? 'en-us\n' : 'x\n'),
              Buffer.from(`${Math.floor(random() * 1e6) - 5e5}\n`),
              bytes(random() * 200),
            ])
          : bytes(random() * 320);
      frames.push(frame(kind, Math.floor(random() * 8), payload));
    }
    const run = await converse(binary(), frames);
    expectClean(run, 0);
    for (let i = 0; i < 30; i++) {
      const raw = await converse(binary(), [bytes(1 + random() * 3000)]);
      expect(raw.stderr).not.toMatch(SANITIZER_REPORT);
      expect(raw.signal).toBeNull();
      expect([0, 3]).toContain(raw.code);
    }
  }, 240_000);

  it('a socket path a sun_path would cut, or in a folder others can enter, is refused (status 2)', async () => {
    const deep = join(dir, 'd'.repeat(60), 'e'.repeat(60));
    mkdirSync(deep, { recursive: true, mode: 0o700 });
    const long = await converse(binary(), [], undefined, join(deep, 'h.sock'));
    expectClean(long, 2);
    expect(long.stderr).toMatch(/the socket path is \d+ bytes; a Unix socket takes 1 to 107/);
    const open = join(dir, `open-${helper.name}`);
    mkdirSync(open);
    chmodSync(open, 0o755);
    const shared = await converse(binary(), [], undefined, join(open, 'h.sock'));
    expectClean(shared, 2);
    expect(shared.stderr).toContain(`the socket's folder ${open} must be a folder of this user that no one else can enter (mode 0700)`);
  });
});

describe('sphinx-server sessions', () => {
  it('a session id opened twice is refused, and the first decoder still serves it', async () => {
    const files = grammarFiles(dir, ['call me later']);
    const open = Buffer.from(`${files.modelDir}\n${files.dictPath}\n${files.grammarPath}`);
    const run = await converse(
      (await buildHelper(SPHINX_SOURCE, { sanitized: true }))!,
      [frame('O', 1, open), frame('O', 1, open), frame('A', 1, Buffer.alloc(3200)), frame('F', 1), frame('C', 1)],
      (answers) => answers.some((answer) => answer.kind === 'F'),
    );
    expectClean(run, 0);
    expect(run.answers).toEqual([
      { kind: 'E', id: 1, text: 'this session is open already' },
      { kind: 'F', id: 1, text: '' },
    ]);
  }, 60_000);
});

describe('espeak-server sentences', () => {
  it(`speaks a text of ${MAX_SENTENCE_BYTES} bytes and refuses one byte more`, async () => {
    const words = 'Word '.repeat(MAX_SENTENCE_BYTES / 5);
    const run = await converse(
      (await buildHelper(ESPEAK_SOURCE, { sanitized: true }))!,
      [frame('S', 1, Buffer.from(`en-us\n450\n${words.slice(0, -1)}.`)), frame('S', 2, Buffer.from(`en-us\n450\n${words}.`))],
      (answers) => answers.some((answer) => answer.id === 2),
    );
    expectClean(run, 0);
    expect(run.answers.filter((answer) => answer.id === 1).at(-1)?.kind).toBe('D');
    expect(run.answers.filter((answer) => answer.id === 1 && answer.kind === 'A').length).toBeGreaterThan(10);
    expect(run.answers.filter((answer) => answer.id === 2)).toEqual([
      { kind: 'E', id: 2, text: `a sentence of ${MAX_SENTENCE_BYTES + 1} bytes, over the ${MAX_SENTENCE_BYTES} the voice takes` },
    ]);
  }, 60_000);

  it('a longer text is cut into parts within the bound, where words end, and nothing is lost', () => {
    const text = 'The quick brown fox jumps over the lazy dog, again and again. '.repeat(60);
    const parts = sentenceParts(text);
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.join('')).toBe(text);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(MAX_SENTENCE_BYTES);
    for (const part of parts.slice(0, -1)) expect(part).toMatch(/[ ,.]$/);
    // No space anywhere: cut at a character's end, never inside one (3-byte characters).
    const unbroken = '语'.repeat(1000);
    const cut = sentenceParts(unbroken);
    expect(cut.join('')).toBe(unbroken);
    expect(cut.map((part) => Buffer.byteLength(part))).toEqual([999, 999, 999, 3]);
    expect(sentenceParts('Short.')).toEqual(['Short.']);
  });
});

describe('the Node side of a helper', () => {
  it('puts each socket in a folder of its own (0700), and refuses a path a sun_path would cut', () => {
    const { dir: own, path } = helperSocketPath('voice');
    try {
      expect(statSync(own).mode & 0o777).toBe(0o700);
      expect(path).toBe(join(own, 'voice.sock'));
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
    const saved = process.env.TMPDIR;
    const longTmp = join(dir, 't'.repeat(100));
    mkdirSync(longTmp, { recursive: true });
    process.env.TMPDIR = longTmp;
    try {
      expect(() => helperSocketPath('voice')).toThrow(/socket path .* is \d+ bytes, over the 107 a Unix socket takes: set TMPDIR/);
    } finally {
      process.env.TMPDIR = saved;
      if (saved === undefined) delete process.env.TMPDIR;
    }
  });

  it('never sends a frame over the bound, and stops reading a peer that announces one', () => {
    const helper = new NativeHelper(new Promise<string>(() => undefined), 'voice', { frame: () => undefined, ended: () => undefined });
    expect(() => helper.send('S', 1, Buffer.alloc(MAX_FRAME_BYTES + 1))).toThrow(RangeError);
    expect(() => helper.send('S', 1, Buffer.alloc(MAX_FRAME_BYTES))).not.toThrow();
    const got: number[] = [];
    const reader = new FrameReader((_kind, id) => got.push(id), MAX_FRAME_BYTES);
    expect(reader.push(frame('A', 1, Buffer.alloc(MAX_FRAME_BYTES)))).toBe(true);
    expect(reader.push(frame('A', 2, Buffer.alloc(0), 0xffffffff))).toBe(false);
    expect(got).toEqual([1]);
  });

  it('a helper that sends a frame over the bound is ended, its job told, and the server carries on', async () => {
    // A "helper" that answers our request with a frame for another id, then a length of 0xFFFFFFFF.
    const hostile = join(dir, 'hostile-helper.mjs');
    writeFileSync(
      hostile,
      `#!${process.execPath}
import { createServer } from 'node:net';
const server = createServer((socket) => socket.once('data', () => {
  const header = (id, length) => { const h = Buffer.alloc(9); h.write('A', 0, 'latin1'); h.writeUInt32LE(id, 1); h.writeUInt32LE(length, 5); return h; };
  socket.write(Buffer.concat([header(99, 2), Buffer.alloc(2), header(1, 0xffffffff), Buffer.alloc(64)]));
}));
server.listen(process.argv[2], () => console.log('listening'));
`,
    );
    chmodSync(hostile, 0o700);
    const frames: number[] = [];
    const ended = new Promise<Error>((resolve) => {
      const helper = new NativeHelper(Promise.resolve(hostile), 'voice', { frame: (_kind, id) => frames.push(id), ended: resolve });
      helper.send('S', 1, Buffer.from('en-us\n160\nHello.'));
    });
    expect((await ended).message).toBe(`the offline voice sent a frame over ${MAX_FRAME_BYTES} bytes`);
    expect(frames).toEqual([99]);
  });

  it('builds with every warning an error and the hardening flags: PIE, full RELRO, stack protector, fortified calls', async () => {
    for (const source of [SPHINX_SOURCE, ESPEAK_SOURCE]) {
      const binary = await buildHelper(source);
      const headers = execFileSync('readelf', ['-h', '-l', '-d', '--dyn-syms', '-W', binary], { encoding: 'utf8' });
      expect(headers).toMatch(/Type:\s+DYN/); // position-independent
      expect(headers).toContain('GNU_RELRO');
      expect(headers).toMatch(/BIND_NOW|FLAGS_1.*NOW/);
      expect(headers).toContain('__stack_chk_fail');
      expect(headers).toMatch(/__\w+_chk\b/); // a fortified libc call (_FORTIFY_SOURCE)
    }
    const warned = join(dir, 'warned.c');
    writeFileSync(warned, 'int main(void) { int unused; return 0; }\n');
    await expect(buildHelper({ ...SPHINX_SOURCE, path: warned })).rejects.toThrow(/warned could not be built/);
  });
});
