import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linearToUlaw, ulawToLinear } from '../telephony/media/g711.ts';
import { EspeakTts } from './espeak-tts.ts';
import { grammarFiles, normalizePhrase } from './sphinx-grammar.ts';
import type { Transcript } from './engines.ts';
import { AsrUnavailable, SphinxAsr } from './sphinx-asr.ts';
import { buildHelper } from './native-helper.ts';
import { SPHINX_SOURCE } from './sphinx-server.ts';
import { recognise, synthesise } from './speech-test-kit.ts';
import { FRAME_SAMPLES } from '../audio/pcm.ts';

/** pocketsphinx in grammar mode on espeak speech through G.711 μ-law (telephone audio), two voices. */
const dir = mkdtempSync(join(tmpdir(), 'dialwise-asr-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const asr = new SphinxAsr({ workDir: dir });
afterAll(() => asr.close());

/**
 * A test clip, made by a fresh espeak each time: a long-lived one's sentences differ a little with what it
 * said before (espeak-server.c), and a phrase near the recogniser's edge ("Can I talk to a person please")
 * is recognised from one rendering and not from another. The tests want the same input on every run.
 */
async function synthesiseFresh(sentence: string, voice: string): Promise<Int16Array> {
  const tts = new EspeakTts();
  try {
    return await synthesise(tts, sentence, voice);
  } finally {
    await tts.close();
  }
}
const PHRASES = ['transfer me to an agent', 'price', 'call back tomorrow'];

const telephone = (clip: Int16Array) => clip.map((s) => ulawToLinear(linearToUlaw(s)));
/** A turn as the turn listener hands it over: 300 ms before the speech (its pre-roll), 600 ms after (the endpointing delay). */
const padded = (clip: Int16Array) => {
  const out = new Int16Array(2400 + clip.length + 4800);
  out.set(clip, 2400);
  return out;
};

describe('pocketsphinx grammar ASR', () => {
  it.each([
    ['How much does it cost?', 'en-us+f3', 'how much does it cost'],
    ["I'm not interested.", 'en-us+f3', 'not interested'],
    ['Can I talk to a person please', 'en-us+f3', 'talk to a person'],
    ['Call me later.', 'en-us+f3', 'call me later'],
  ])('recognises "%s" (%s) as "%s"', async (sentence, voice, expected) => {
    const clip = padded(telephone(await synthesiseFresh(sentence, voice)));
    expect(await recognise(asr, clip, PHRASES)).toBe(expected);
  });

  it('has no Mandarin model: opening a zh-CN recogniser says so', () => {
    expect(() => asr.open({ provider: 'offline', url: null, language: 'zh-CN', phrases: [] })).toThrow(AsrUnavailable);
  });

  it('builds its grammar from the scenario phrases plus common replies, leaving out words it cannot pronounce', () => {
    const files = grammarFiles(dir, ['Transfer_agent', 'Dialwise premium', 'price!']);
    expect(files.phrases).toContain('transfer agent');
    expect(files.phrases).toContain('price');
    expect(files.phrases).toContain('not interested');
    expect(files.phrases).not.toContain('dialwise premium');
    expect(readFileSync(files.grammarPath, 'utf8')).toMatch(/^#JSGF V1\.0;/);
    expect(readFileSync(files.dictPath, 'utf8')).toMatch(/^agent /m);
    expect(normalizePhrase("  Don't  call-me! ")).toBe("don't call me");
  });

  it('emits nothing after close, and a flush with nothing said gives an empty final', async () => {
    expect(await recognise(asr, new Int16Array(8000), PHRASES)).toBe('');
    const session = asr.open({ provider: 'offline', url: null, language: 'en-US', phrases: PHRASES });
    let events = 0;
    session.on('transcript', () => events++);
    session.push(new Int16Array(160), 0);
    session.flush();
    session.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events).toBe(0);
  });
});

describe('the recognition servers', () => {
  const say = async (sentence: string) => padded(telephone(await synthesiseFresh(sentence, 'en-us+f3')));
  const feed = (session: ReturnType<SphinxAsr['open']>, clip: Int16Array, fromMs = 0) => {
    for (let at = 0; at < clip.length; at += FRAME_SAMPLES) session.push(clip.subarray(at, at + FRAME_SAMPLES), fromMs + at / 8);
  };
  const finals = (session: ReturnType<SphinxAsr['open']>, count: number) =>
    new Promise<Transcript[]>((resolve, reject) => {
      const got: Transcript[] = [];
      session.on('error', reject);
      session.on('transcript', (transcript) => {
        if (transcript.final && got.push(transcript) === count) resolve(got);
      });
    });

  it('decodes turn after turn in one session, each final with its own span, in order', async () => {
    const session = asr.open({ provider: 'offline', url: null, language: 'en-US', phrases: PHRASES });
    const heard = finals(session, 2);
    const first = await say('Call me later.');
    const second = await say('How much does it cost?');
    feed(session, first);
    session.flush();
    feed(session, second, first.length / 8);
    session.flush();
    const [a, b] = await heard;
    session.close();
    expect([a!.text, b!.text]).toEqual(['call me later', 'how much does it cost']);
    expect(a!.endMs).toBe(first.length / 8);
    expect(b!.startMs).toBeGreaterThanOrEqual(first.length / 8);
    expect(b!.endMs).toBe((first.length + second.length) / 8);
  });

  it('settles at a pause: the words so far come at once as a partial, the turn goes on and its final holds both parts', async () => {
    const session = asr.open({ provider: 'offline', url: null, language: 'en-US', phrases: PHRASES });
    const partials: string[] = [];
    session.on('transcript', (transcript) => {
      if (!transcript.final) partials.push(transcript.text);
    });
    const heard = finals(session, 1);
    const first = await say('Call me later.');
    const second = await say('How much does it cost?');
    feed(session, first);
    const settled = new Promise<string>((resolve) => session.on('transcript', (t) => !t.final && resolve(t.text)));
    session.settle?.();
    expect(await settled).toBe('call me later');
    feed(session, second, first.length / 8);
    session.flush();
    const [turn] = await heard;
    session.close();
    expect(turn!.text).toBe('call me later how much does it cost');
    expect(turn!.startMs).toBeLessThan(first.length / 8);
    expect(turn!.endMs).toBe((first.length + second.length) / 8);
    expect(partials).toContain('call me later');
  });

  it('peeks at a pause it is not sure of: the words so far come as a partial and nothing ends, so a phrase peeked at mid-way is heard whole', async () => {
    const session = asr.open({ provider: 'offline', url: null, language: 'en-US', phrases: PHRASES });
    const heard = finals(session, 1);
    const clip = await say('How much does it cost?');
    // Half-way through the words (a quiet window inside them, which the callee goes on from).
    const half = Math.floor(clip.length / 2 / FRAME_SAMPLES) * FRAME_SAMPLES;
    const partials: string[] = [];
    session.on('transcript', (t) => !t.final && partials.push(t.text));
    feed(session, clip.subarray(0, half));
    session.peek?.();
    feed(session, clip.subarray(half), half / 8);
    // Answered in order: the peek's words (if any) before the final.
    session.flush();
    const [turn] = await heard;
    session.close();
    expect(turn!.text).toBe('how much does it cost');
    // What a peek passes on ends in a whole phrase of the grammar: words short of one ("how much") would only
    // start a speculation the final cancels.
    const grammar = [...PHRASES, 'how much does it cost', 'yes', 'no', 'okay'];
    for (const text of partials) expect(grammar.some((phrase) => text === phrase || text.endsWith(` ${phrase}`))).toBe(true);
  });

  it('serves many calls at once from at most one process per core, each call hearing its own callee', async () => {
    const sentences = ['Call me later.', 'How much does it cost?', "I'm not interested.", 'Can I talk to a person please'];
    const expected = ['call me later', 'how much does it cost', 'not interested', 'talk to a person'];
    const clips = await Promise.all(sentences.map(say));
    const sessions = Array.from({ length: 8 }, () => asr.open({ provider: 'offline', url: null, language: 'en-US', phrases: PHRASES }));
    const heard = sessions.map((session) => finals(session, 1));
    sessions.forEach((session, i) => feed(session, clips[i % clips.length]!));
    for (const session of sessions) session.flush();
    const texts = (await Promise.all(heard)).map(([final]) => final!.text);
    expect(texts).toEqual(sessions.map((_, i) => expected[i % expected.length]));
    expect(asr.processes).toBeGreaterThan(0);
    expect(asr.processes).toBeLessThanOrEqual(Math.min(4, availableParallelism()));
    for (const session of sessions) session.close();
  });

  it('answers a flush once its own call is decoded, before the audio of other calls that came first', async () => {
    // The server itself, spoken to in its frames (u8 kind, u32 id, u32 length, payload): every request of the
    // test in one write, so that all of it is waiting when the server starts reading. Call 1 says two things
    // with a pause between (pocketsphinx answers a partial at the pause); call 2 one thing, then it is flushed.
    // (`say` pads each clip as the turn listener does.)
    const binary = await buildHelper(SPHINX_SOURCE);
    const path = join(dir, 'order.sock');
    const server = spawn(binary, [path], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await once(server.stdout, 'data'); // "listening"
      const socket = connect(path);
      await once(socket, 'connect');
      const frame = (kind: string, id: number, payload = Buffer.alloc(0)) => {
        const header = Buffer.alloc(9);
        header.write(kind, 0, 'latin1');
        header.writeUInt32LE(id, 1);
        header.writeUInt32LE(payload.length, 5);
        return Buffer.concat([header, payload]);
      };
      const audio = (id: number, clip: Int16Array) =>
        Array.from({ length: Math.ceil(clip.length / 160) }, (_, i) => {
          const part = clip.slice(i * 160, (i + 1) * 160);
          return frame('A', id, Buffer.from(part.buffer, part.byteOffset, part.byteLength));
        });
      const files = grammarFiles(dir, PHRASES);
      const open = Buffer.from(`${files.modelDir}\n${files.dictPath}\n${files.grammarPath}`);
      const [later, cost, goodbye] = await Promise.all(['Call me later.', 'How much does it cost?', 'Goodbye.'].map(say));
      const pause = new Int16Array(12_000);
      const first = new Int16Array([...later!, ...pause, ...cost!]);
      const answers: string[] = [];
      let finals = 0;
      let buffered = Buffer.alloc(0);
      const done = new Promise<void>((resolve) =>
        socket.on('data', (chunk: Buffer) => {
          buffered = Buffer.concat([buffered, chunk]);
          while (buffered.length >= 9 && buffered.length >= 9 + buffered.readUInt32LE(5)) {
            const length = buffered.readUInt32LE(5);
            const kind = buffered.toString('latin1', 0, 1);
            answers.push(`${buffered.readUInt32LE(1)} ${kind} ${buffered.toString('utf8', 9, 9 + length)}`);
            buffered = buffered.subarray(9 + length);
            if (kind === 'F' && ++finals === 2) resolve();
          }
        }),
      );
      socket.write(
        Buffer.concat([frame('O', 1, open), frame('O', 2, open), ...audio(1, first), ...audio(2, goodbye!), frame('F', 2), frame('F', 1)]),
      );
      await done;
      socket.destroy();
      // Served in arrival order, call 1's partial (its audio came first) was answered before call 2's final.
      const firstOfCall1 = answers.findIndex((answer) => answer.startsWith('1 '));
      expect(answers.indexOf('2 F goodbye')).toBeGreaterThanOrEqual(0);
      expect(answers.indexOf('2 F goodbye')).toBeLessThan(firstOfCall1);
      expect(answers.at(-1)).toBe('1 F call me later how much does it cost');
    } finally {
      server.kill();
    }
  });

  it('a recogniser that ends mid-call is reported on its calls, and the next call gets a new one', async () => {
    const own = new SphinxAsr({ workDir: dir });
    const session = own.open({ provider: 'offline', url: null, language: 'en-US', phrases: PHRASES });
    const failed = new Promise<Error>((resolve) => session.on('error', resolve));
    session.push(new Int16Array(FRAME_SAMPLES), 0);
    await own.close();
    expect((await failed).message).toMatch(/the offline recogniser ended/);
    expect(own.processes).toBe(0);
    expect(await recognise(own, await say('Call me later.'), PHRASES)).toBe('call me later');
    expect(own.processes).toBe(1);
    await own.close();
  });

  it('a recogniser that cannot be built says what it needs', async () => {
    const broken = join(dir, 'broken.c');
    writeFileSync(broken, 'int main(void) { return nothing; }\n');
    await expect(buildHelper({ ...SPHINX_SOURCE, path: broken })).rejects.toThrow(
      /broken could not be built \(it needs the Debian packages gcc, libc6-dev, pkgconf and libpocketsphinx-dev\)/,
    );
  });
});
