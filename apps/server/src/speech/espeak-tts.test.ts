import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rms } from '../audio/pcm.ts';
import { ESPEAK_SOURCE, sentenceParts } from './espeak-server.ts';
import { EspeakTts, espeakVoice } from './espeak-tts.ts';
import { buildHelper } from './native-helper.ts';
import { toPinyin } from './mandarin-pinyin.ts';
import { PromptCache } from './prompt-cache.ts';
import { offlineVoice } from './whole-clip.ts';

async function collect(stream: AsyncIterable<Int16Array>): Promise<Int16Array[]> {
  const chunks: Int16Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

const samplesOf = (chunks: Int16Array[]) => chunks.reduce((n, c) => n + c.length, 0);

describe('espeak-ng TTS', () => {
  it('speaks a sentence as 8 kHz audio of about its spoken length, in chunks', async () => {
    const tts = new EspeakTts({ cache: new PromptCache() });
    const chunks = await collect(
      tts.synthesize({
        text: 'Hello, this is Lin from Acme, calling about your order.',
        voice: offlineVoice('en-US'),
        signal: new AbortController().signal,
      }),
    );
    const seconds = samplesOf(chunks) / 8000;
    expect(seconds).toBeGreaterThan(2);
    expect(seconds).toBeLessThan(6);
    expect(rms(chunks.reduce((a, c) => (c.length > a.length ? c : a)))).toBeGreaterThan(500);
  });

  it('stops mid-sentence when aborted: the stream ends quietly with less audio, and nothing is cached', async () => {
    const cache = new PromptCache();
    const tts = new EspeakTts({ cache });
    const text = 'This is a long sentence that keeps going for quite a while, so that it can be cut off in the middle of it.';
    const whole = samplesOf(
      await collect(
        new EspeakTts({ cache: new PromptCache() }).synthesize({
          text,
          voice: offlineVoice('en-US'),
          signal: new AbortController().signal,
        }),
      ),
    );
    const abort = new AbortController();
    let heard = 0;
    for await (const chunk of tts.synthesize({ text, voice: offlineVoice('en-US'), signal: abort.signal })) {
      heard += chunk.length;
      abort.abort();
    }
    expect(heard).toBeGreaterThan(0);
    expect(heard).toBeLessThan(whole);
    expect(cache.size).toBe(0);
  });

  it('answers a repeated prompt from its cache, as one chunk', async () => {
    const cache = new PromptCache();
    const tts = new EspeakTts({ cache });
    const request = { text: 'Sorry, could you say that again?', voice: offlineVoice('en-US'), signal: new AbortController().signal };
    const first = await collect(tts.synthesize(request));
    expect(cache.size).toBe(1);
    const again = await collect(tts.synthesize(request));
    expect(again).toHaveLength(1);
    expect(again[0]!.length).toBe(samplesOf(first));
  });

  it('speaks Mandarin through pinyin with tone numbers (cmn-latn-pinyin)', async () => {
    expect(toPinyin('您好，我是小美。方便吗？')).toBe('nin2 hao3 , wo3 shi4 xiao3 mei3 . fang1 bian4 ma5 ?');
    expect(toPinyin('Plain English stays.')).toBe('Plain English stays.');
    const chunks = await collect(
      new EspeakTts({ cache: new PromptCache() }).synthesize({
        text: '您好，我是小美。',
        voice: offlineVoice('zh-CN'),
        signal: new AbortController().signal,
      }),
    );
    expect(samplesOf(chunks) / 8000).toBeGreaterThan(1);
  });

  it('picks the espeak voice from the voice id when it names one, else by language', () => {
    expect(espeakVoice({ voiceId: 'en-us+f3', language: 'en-US' })).toBe('en-us+f3');
    expect(espeakVoice({ voiceId: 'cmn', language: 'zh-CN' })).toBe('cmn-latn-pinyin');
    expect(espeakVoice({ voiceId: 'BV001_streaming', language: 'zh-CN' })).toBe('cmn-latn-pinyin');
    expect(espeakVoice({ voiceId: '', language: 'en-US' })).toBe('en-us');
  });

  it('keeps the prompt cache within its byte budget, least recently used out first', () => {
    const cache = new PromptCache(4000);
    cache.set('a', new Int16Array(500));
    cache.set('b', new Int16Array(500));
    cache.get('a');
    cache.set('c', new Int16Array(500));
    cache.set('d', new Int16Array(500));
    cache.set('e', new Int16Array(500));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    cache.set('huge', new Int16Array(8000));
    expect(cache.get('huge')).toBeUndefined();
  });
});

describe('the synthesis servers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dialwise-tts-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const say = (tts: EspeakTts, text: string, signal = new AbortController().signal) =>
    collect(tts.synthesize({ text, voice: offlineVoice('en-US'), signal }));

  it('speaks many sentences at once on at most one process per core, each its own sentence whole', async () => {
    const tts = new EspeakTts({ cache: new PromptCache() });
    const texts = Array.from(
      { length: 8 },
      (_, i) => `Sentence number ${i + 1} is ${i % 2 ? 'short' : 'a little longer than the others'}.`,
    );
    const alone = await Promise.all(
      texts.slice(0, 2).map(async (text) => samplesOf(await say(new EspeakTts({ cache: new PromptCache() }), text))),
    );
    const together = await Promise.all(texts.map(async (text) => samplesOf(await say(tts, text))));
    together.slice(0, 2).forEach((samples, i) => expect(Math.abs(samples - alone[i]!)).toBeLessThan(alone[i]! * 0.1));
    expect(together[0]).toBeGreaterThan(together[1]!);
    expect(await tts.processes()).toBeGreaterThan(0);
    expect(await tts.processes()).toBeLessThanOrEqual(Math.min(4, availableParallelism()));
    await tts.close();
  });

  it('a sentence cancelled mid-way stops, and the next one on the same server is spoken whole', async () => {
    const tts = new EspeakTts({ cache: new PromptCache() });
    const abort = new AbortController();
    let heard = 0;
    const long = 'This sentence goes on and on for a good long while so that it can be stopped. '.repeat(20);
    for await (const chunk of tts.synthesize({ text: long, voice: offlineVoice('en-US'), signal: abort.signal })) {
      heard += chunk.length;
      abort.abort();
    }
    expect(heard).toBeGreaterThan(0);
    expect(heard).toBeLessThan(8000 * 10);
    const whole = samplesOf(await say(new EspeakTts({ cache: new PromptCache() }), 'The next one.'));
    // Whole, give or take the little a long-lived espeak's sentences differ from a fresh one's (espeak-server.c).
    expect(Math.abs(samplesOf(await say(tts, 'The next one.')) - whole)).toBeLessThan(whole * 0.1);
    expect(await tts.processes()).toBe(1);
    await tts.close();
  });

  it('a server that ends mid-sentence fails that sentence, and the next sentence gets a new one', async () => {
    const tts = new EspeakTts({ cache: new PromptCache() });
    const stream = tts
      .synthesize({
        // Minutes of speech: espeak is still making it when its server ends.
        text: 'This sentence is cut short when its server ends under it, so it fails half said. '.repeat(40),
        voice: offlineVoice('en-US'),
        signal: new AbortController().signal,
      })
      [Symbol.asyncIterator]();
    expect((await stream.next()).done).toBe(false);
    await tts.close();
    const rest = (async () => {
      while (!(await stream.next()).done) {
        // the chunks espeak had made before its server ended
      }
    })();
    await expect(rest).rejects.toThrow(/the offline voice ended/);
    expect(await tts.processes()).toBe(0);
    expect(samplesOf(await say(tts, 'A new server speaks this one.'))).toBeGreaterThan(8000);
    expect(await tts.processes()).toBe(1);
    await tts.close();
  });

  it('a text longer than a server takes (1,000 bytes) is spoken whole, part after part', async () => {
    const text = 'Every word of this long answer is spoken, however long the model made it. '.repeat(30);
    const parts = sentenceParts(text);
    expect(parts.length).toBeGreaterThan(1);
    const tts = new EspeakTts({ cache: new PromptCache() });
    let separately = 0;
    for (const part of parts) separately += samplesOf(await say(tts, part));
    const whole = samplesOf(await say(tts, text));
    expect(Math.abs(whole - separately)).toBeLessThan(separately * 0.05);
    await tts.close();
  });

  it('a server that cannot be built says what it needs', async () => {
    const broken = join(dir, 'voice-broken.c');
    writeFileSync(broken, 'int main(void) { return nothing; }\n');
    await expect(buildHelper({ ...ESPEAK_SOURCE, path: broken })).rejects.toThrow(
      /voice-broken could not be built \(it needs the Debian packages gcc, libc6-dev, pkgconf, libespeak-ng-dev and libsoxr-dev\)/,
    );
  });
});
