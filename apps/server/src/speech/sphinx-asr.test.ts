import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linearToUlaw, ulawToLinear } from '../telephony/media/g711.ts';
import { EspeakTts } from './espeak-tts.ts';
import { grammarFiles, normalizePhrase } from './sphinx-grammar.ts';
import { AsrUnavailable, SphinxAsr } from './sphinx-asr.ts';
import { recognise, synthesise } from './speech-test-kit.ts';

/** pocketsphinx in grammar mode on espeak speech through G.711 μ-law (telephone audio), two voices. */
const dir = mkdtempSync(join(tmpdir(), 'dialwise-asr-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const asr = new SphinxAsr({ workDir: dir });
const tts = new EspeakTts();
const PHRASES = ['transfer me to an agent', 'price', 'call back tomorrow'];

const telephone = (clip: Int16Array) => clip.map((s) => ulawToLinear(linearToUlaw(s)));
const padded = (clip: Int16Array) => {
  const out = new Int16Array(clip.length + 4000);
  out.set(clip, 2000);
  return out;
};

describe('pocketsphinx grammar ASR', () => {
  it.each([
    ['How much does it cost?', 'en-us+f3', 'how much does it cost'],
    ["I'm not interested.", 'en-us+f3', 'not interested'],
    ['Can I talk to a person please', 'en-us+f3', 'talk to a person'],
    ['Call me later.', 'en-us+f3', 'call me later'],
  ])('recognises "%s" (%s) as "%s"', async (sentence, voice, expected) => {
    const clip = padded(telephone(await synthesise(tts, sentence, voice)));
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
