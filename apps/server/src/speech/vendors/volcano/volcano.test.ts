import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tone } from '../../../../test/speech-vendors/fake-vendor.ts';
import { startFakeVolcano, VOLC_APP_ID, VOLC_TOKEN } from '../../../../test/speech-vendors/fake-volcano.ts';
import { listen, pushFrames, synthesize, testDeps, voice } from '../../../../test/speech-vendors/harness.ts';
import { concat } from '../../../audio/pcm.ts';
import { createVendorEngines } from '../index.ts';
import { decodeFrame, encodeFrame, Flags, isLast, MessageType } from './volcano-frame.ts';
import { HOTWORD_TOKENS_STREAMING, hotwordTokens, pickHotwords } from './volcano-hotwords.ts';

let volc: Awaited<ReturnType<typeof startFakeVolcano>>;
beforeAll(async () => {
  volc = await startFakeVolcano();
});
afterAll(() => volc.fake.close());

const creds = { appId: VOLC_APP_ID, accessToken: VOLC_TOKEN };
const good = { seed: creds, seed_en: creds, seed_id: creds, seed_cross: creds };
const ttsVoice = (path: string, extra = {}) => voice('seed', volc.fake.url(path, 'ws'), { voiceId: 'BV700_streaming', ...extra });
const be32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

describe('Volcano binary framing, against the documents’ own example frames', () => {
  it('writes the headers the ASR example and the TTS demo write (0x11 0x10 0x11 0x00, 0x11 0x20 0x01 0x00, last 0x11 0x22 0x01 0x00)', () => {
    expect([...encodeFrame(MessageType.fullClientRequest, Flags.none, { a: 1 }).subarray(0, 4)]).toEqual([0x11, 0x10, 0x11, 0x00]);
    expect([...encodeFrame(MessageType.audioOnlyRequest, Flags.none, Buffer.from([1, 2])).subarray(0, 4)]).toEqual([
      0x11, 0x20, 0x01, 0x00,
    ]);
    const last = encodeFrame(MessageType.audioOnlyRequest, Flags.lastNoSequence, Buffer.from([1, 2]));
    expect([...last.subarray(0, 4)]).toEqual([0x11, 0x22, 0x01, 0x00]);
    // No sequence with flags 0b0010: the payload size follows the header.
    expect(last.readUInt32BE(4)).toBe(last.length - 8);
  });

  it('reads the ASR example: full server responses with sequence 1 and 3 (flags 0b0011), gzip JSON, and its error frame', () => {
    const result = Buffer.from(
      '{"result":{"text":"这是字节跳动， 今日头条母公司。","utterances":[{"definite":true,"end_time":1705,"start_time":0,"text":"这是字节跳动，"}]}}',
    );
    const body = gzipSync(result);
    const first = Buffer.concat([Buffer.from([0x11, 0x91, 0x11, 0x00]), be32(1), be32(body.length), body]);
    expect(decodeFrame(first, 'seed')).toMatchObject({ type: MessageType.fullServerResponse, sequence: 1, json: true });
    const final = decodeFrame(Buffer.concat([Buffer.from([0x11, 0x93, 0x11, 0x00]), be32(3), be32(body.length), body]), 'seed');
    expect(final.sequence).toBe(3);
    expect(isLast(final)).toBe(true);
    expect(JSON.parse(final.payload.toString()).result.utterances[0].text).toBe('这是字节跳动，');
    const message = Buffer.from('{"code":45000001,"message":"invalid request"}');
    const error = decodeFrame(
      Buffer.concat([Buffer.from([0x11, 0xf0, 0x10, 0x00]), be32(45000001), be32(message.length), message]),
      'seed',
    );
    expect(error).toMatchObject({ type: MessageType.error, errorCode: 45000001 });
    expect(error.payload.toString()).toBe(message.toString());
  });

  it('reads the TTS document’s audio responses: an ACK of one header, a sequence for any non-zero flag, audio never gunzipped blindly', () => {
    expect(decodeFrame(Buffer.from([0x11, 0xb0, 0x00, 0x00]), 'seed')).toMatchObject({
      type: MessageType.audioOnlyResponse,
      sequence: null,
    });
    const pcm = Buffer.from([1, 0, 2, 0]);
    // 0b0010 on an audio-only response: a (negative) sequence follows, as the TTS document and demo read it.
    const last = decodeFrame(Buffer.concat([Buffer.from([0x11, 0xb2, 0x01, 0x00]), be32(-4), be32(4), pcm]), 'seed');
    expect(last).toMatchObject({ sequence: -4 });
    expect([...last.payload]).toEqual([...pcm]);
    expect(isLast(last)).toBe(true);
    const zipped = gzipSync(pcm);
    expect([
      ...decodeFrame(Buffer.concat([Buffer.from([0x11, 0xb1, 0x01, 0x00]), be32(2), be32(zipped.length), zipped]), 'seed').payload,
    ]).toEqual([...pcm]);
  });

  it('a frame it cannot read is a typed protocol error, never a plain Error', () => {
    const broken = Buffer.concat([Buffer.from([0x11, 0x91, 0x11, 0x00]), be32(1), be32(5), Buffer.from('nope!')]);
    expect(() => decodeFrame(broken, 'seed')).toThrow(expect.objectContaining({ name: 'VendorError', failure: 'protocol' }));
    expect(() => decodeFrame(Buffer.from([0x11]), 'seed')).toThrow(expect.objectContaining({ failure: 'protocol' }));
    const short = Buffer.concat([Buffer.from([0x11, 0x91, 0x10, 0x00]), be32(1), be32(50), Buffer.from('{}')]);
    expect(() => decodeFrame(short, 'seed')).toThrow(expect.objectContaining({ failure: 'protocol' }));
  });
});

describe('Volcano TTS (against a fake of the binary WebSocket built from its document)', () => {
  it('streams 8 kHz PCM after the ACK until the negative sequence, with app id, cluster, voice and a fresh reqid', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const chunks = await synthesize(
      engines.tts('seed')!,
      '你好',
      ttsVoice('/ok/tts', { voiceId: 'S_clone_voice_1', clusterKey: 'volcano_icl' }),
    );
    expect(chunks.length).toBe(4);
    expect(Array.from(concat(...chunks))).toEqual(Array.from(tone(1600)));
    expect(volc.seen.ttsRequests.at(-1)).toMatchObject({
      app: { appid: VOLC_APP_ID, cluster: 'volcano_icl' },
      audio: { voice_type: 'S_clone_voice_1', encoding: 'pcm', rate: 8000 },
      request: { text: '你好', operation: 'submit' },
    });
  });

  it.each([
    ['raw', 'audio under no compression bits'],
    ['echo', 'raw audio under gzip bits (the demo never decompresses audio)'],
    ['gzip', 'audio that really is gzipped'],
    ['last2', 'a last frame flagged 0b0010 with its negative sequence'],
  ])('reads %s: %s', async (mode) => {
    const engines = createVendorEngines(testDeps(good).deps);
    const chunks = await synthesize(engines.tts('seed')!, 'Hello', ttsVoice(`/${mode}/tts`));
    expect(Array.from(concat(...chunks))).toEqual(Array.from(tone(1600)));
  });

  it('uses the standard cluster when the voice has none; aborting closes the socket', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const closed = volc.fake.closed(1);
    const chunks = await synthesize(
      engines.tts('seed_en')!,
      'Hello',
      voice('seed_en', volc.fake.url('/slow/tts', 'ws'), { voiceId: 'BV700_streaming' }),
      1,
    );
    expect(chunks.length).toBe(1);
    await closed;
    expect(volc.seen.ttsRequests.at(-1).app.cluster).toBe('volcano_tts');
  });

  it('a sentence whose signal is already aborted yields nothing and does not throw', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const controller = new AbortController();
    controller.abort();
    const chunks: Int16Array[] = [];
    for await (const chunk of engines.tts('seed')!.synthesize({ text: 'x', voice: ttsVoice('/ok/tts'), signal: controller.signal }))
      chunks.push(chunk);
    expect(chunks).toEqual([]);
  });

  it('a wrong token is a typed auth error; a voice the account lacks, and a text too long, vendor errors with their codes', async () => {
    const wrong = createVendorEngines(testDeps({ seed: { appId: VOLC_APP_ID, accessToken: 'bad' } }).deps);
    const refused = await synthesize(wrong.tts('seed')!, 'x', ttsVoice('/ok/tts')).catch((e) => e);
    expect(refused).toMatchObject({ failure: 'auth', vendorCode: 3001 });
    expect(refused.message).toContain('requested grant not found');
    const engines = createVendorEngines(testDeps(good).deps);
    const noVoice = await synthesize(engines.tts('seed')!, 'x', ttsVoice('/ok/tts', { voiceId: 'BV999_streaming' })).catch((e) => e);
    expect(noVoice).toMatchObject({ failure: 'vendor', vendorCode: 3050 });
    expect(noVoice.message).toContain('BV999_streaming not found');
    const long = await synthesize(engines.tts('seed')!, '长'.repeat(400), ttsVoice('/ok/tts')).catch((e) => e);
    expect(long).toMatchObject({ failure: 'vendor', vendorCode: 3010 });
  });

  it('a socket dying mid-sentence is a typed disconnected error', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const error = await synthesize(engines.tts('seed')!, 'x', ttsVoice('/drop/tts')).catch((e) => e);
    expect(error).toMatchObject({ failure: 'disconnected' });
  });
});

describe('Volcano hot words', () => {
  it('counts tokens on the safe side: a CJK character each, a token per four letters of a word', () => {
    expect(hotwordTokens('不感兴趣')).toBe(4);
    expect(hotwordTokens('not interested')).toBe(1 + 3);
    expect(hotwordTokens('OK 好的')).toBe(1 + 2);
  });

  it('keeps the bidirectional endpoint within 100 tokens, whole phrases in order; the nostream endpoint takes up to 5,000 words', () => {
    const phrases = Array.from({ length: 60 }, (_, i) => `offer number${i}`);
    const picked = pickHotwords(phrases, false);
    expect(picked.reduce((sum, p) => sum + hotwordTokens(p), 0)).toBeLessThanOrEqual(HOTWORD_TOKENS_STREAMING);
    expect(picked).toEqual(phrases.slice(0, picked.length));
    expect(pickHotwords(['a'.repeat(401), 'yes', 'yes'], false)).toEqual(['yes']);
    expect(pickHotwords(phrases, true)).toEqual(phrases);
  });
});

describe('Volcano streaming ASR (against a fake of the big-model protocol built from its document)', () => {
  const open = (provider: string, path: string, phrases: string[] = []) =>
    createVendorEngines(testDeps(good).deps)
      .asr(provider)!
      .open({ provider, url: volc.fake.url(path, 'ws'), language: 'zh-CN', phrases });
  const finals = (heard: ReturnType<typeof listen>, count: number) =>
    new Promise<void>((resolve) => {
      const check = () => (heard.transcripts.filter((t) => t.final).length >= count ? resolve() : setTimeout(check, 10));
      check();
    });

  it('upsamples to 16 kHz in 100 ms packets, sends hot words within the cap, emits partials, definite and last finals', async () => {
    // Sixty three-word phrases: the old cap of 50 phrases sent about 150 words; the fake refuses over 100 tokens.
    const phrases = ['yes', 'not interested', ...Array.from({ length: 60 }, (_, i) => `call me back${i}`)];
    const session = open('seed', '/ok/api/v3/sauc/bigmodel', phrases);
    const heard = listen(session);
    pushFrames(session, 25, 1000);
    session.flush();
    await finals(heard, 2);
    expect(heard.error).toBeNull();
    expect(heard.transcripts.filter((t) => t.final)).toEqual([
      { text: 'hello', final: true, startMs: 1100, endMs: 1400, confidence: null },
      expect.objectContaining({ text: 'I want the offer', final: true, startMs: 1600 }),
    ]);
    expect(heard.transcripts.some((t) => !t.final && t.text === 'I want')).toBe(true);
    // 25 frames of 160 samples at 8 kHz → about 8000 samples at 16 kHz.
    expect(volc.seen.asrSamples).toBeGreaterThanOrEqual(7990);
    expect(volc.seen.lastFlagSeen).toBe(true);
    const request = volc.seen.asrRequests.at(-1);
    expect(request.audio).toMatchObject({ format: 'pcm', rate: 16000, bits: 16 });
    expect(request.audio.language).toBeUndefined();
    const words = JSON.parse(request.request.corpus.context).hotwords.map((h: { word: string }) => h.word);
    expect(words.slice(0, 2)).toEqual(['yes', 'not interested']);
    expect(words.length).toBeLessThan(phrases.length);
    const headers = volc.seen.asrHeaders.at(-1)!;
    expect(headers).toMatchObject({ 'x-api-app-key': VOLC_APP_ID, 'x-api-resource-id': 'volc.bigasr.sauc.duration' });
    expect(headers['x-api-connect-id']).toMatch(/^[0-9a-f-]{36}$/);
    session.close();
  });

  it.each([
    ['last2', 'a last response flagged 0b0010 with no sequence'],
    ['docseq', 'a last response flagged 0b0011 with a positive sequence, as the example writes it'],
  ])('ends the utterance on %s: %s', async (mode) => {
    const session = open('seed', `/${mode}/api/v3/sauc/bigmodel`);
    const heard = listen(session);
    pushFrames(session, 12, 0);
    session.flush();
    await finals(heard, 2);
    expect(heard.transcripts.filter((t) => t.final).map((t) => t.text)).toEqual(['hello', 'I want the offer']);
    expect(heard.error).toBeNull();
    session.close();
  });

  it('seed_en pins the language on the nostream endpoint, which takes it', async () => {
    const session = open('seed_en', '/ok/api/v3/sauc/bigmodel_nostream', ['yes']);
    const heard = listen(session);
    pushFrames(session, 10, 0);
    session.flush();
    await finals(heard, 2);
    expect(volc.seen.asrRequests.at(-1).audio.language).toBe('en-US');
    session.close();
  });

  it('close() mid-utterance ends the vendor stream', async () => {
    const session = open('seed', '/ok/sauc');
    const heard = listen(session);
    const closed = volc.fake.closed(1);
    pushFrames(session, 6, 0);
    await new Promise((resolve) => session.on('transcript', resolve));
    session.close();
    await closed;
    expect(heard.error).toBeNull();
  });

  it('a refused key, a resource the account was not granted, and a dropped connection are typed errors', async () => {
    const wrong = createVendorEngines(testDeps({ seed: { appId: VOLC_APP_ID, accessToken: 'bad' } }).deps);
    const refused = wrong.asr('seed')!.open({ provider: 'seed', url: volc.fake.url('/ok/sauc', 'ws'), language: 'zh-CN', phrases: [] });
    pushFrames(refused, 2, 0);
    expect(await listen(refused).failed()).toMatchObject({ failure: 'auth', vendorCode: 401 });
    const concurrent = createVendorEngines(testDeps({ seed: { ...creds, asrResourceId: 'volc.bigasr.sauc.concurrent' } }).deps);
    const notGranted = concurrent
      .asr('seed')!
      .open({ provider: 'seed', url: volc.fake.url('/ok/sauc', 'ws'), language: 'zh-CN', phrases: [] });
    pushFrames(notGranted, 2, 0);
    const denied = await listen(notGranted).failed();
    expect(denied).toMatchObject({ failure: 'auth', vendorCode: 403 });
    expect(denied.message).toContain('requested resource not granted');
    const dropped = open('seed', '/drop/sauc');
    const heard = listen(dropped);
    pushFrames(dropped, 20, 0);
    expect(await heard.failed()).toMatchObject({ failure: 'disconnected' });
  });
});
