import { describe, expect, it } from 'vitest';
import { rms } from '../telephony/media/audio.ts';
import { EspeakTts, espeakVoice } from './espeak-tts.ts';
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
