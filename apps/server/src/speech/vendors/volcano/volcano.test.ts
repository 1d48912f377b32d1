import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tone } from '../../../../test/speech-vendors/fake-vendor.ts';
import { concat } from '../../../telephony/media/audio.ts';
import { startFakeVolcano, VOLC_TOKEN } from '../../../../test/speech-vendors/fake-volcano.ts';
import { listen, pushFrames, synthesize, testDeps, voice } from '../../../../test/speech-vendors/harness.ts';
import { createVendorEngines } from '../index.ts';
import { decodeFrame, encodeFrame, Flags, MessageType } from './volcano-frame.ts';

let volc: Awaited<ReturnType<typeof startFakeVolcano>>;
beforeAll(async () => {
  volc = await startFakeVolcano();
});
afterAll(() => volc.fake.close());

const creds = { appId: 'app-1', accessToken: VOLC_TOKEN };
const good = { seed: creds, seed_en: creds, seed_id: creds, seed_cross: creds };

describe('Volcano binary framing', () => {
  it('writes header, sequence, size and gzipped payload, and reads them back', () => {
    const frame = encodeFrame(MessageType.audioOnlyRequest, Flags.lastWithSequence, Buffer.from([1, 2, 3, 4]), -7);
    expect([...frame.subarray(0, 4)]).toEqual([0x11, 0x23, 0x01, 0x00]);
    expect(frame.readInt32BE(4)).toBe(-7);
    const back = decodeFrame(frame);
    expect(back).toMatchObject({ type: MessageType.audioOnlyRequest, flags: Flags.lastWithSequence, sequence: -7, json: false });
    expect([...back.payload]).toEqual([1, 2, 3, 4]);
    const json = decodeFrame(encodeFrame(MessageType.fullClientRequest, Flags.none, { a: 1 }));
    expect(json.json).toBe(true);
    expect(JSON.parse(json.payload.toString())).toEqual({ a: 1 });
  });
});

describe('Volcano TTS (against a local fake of the binary WebSocket)', () => {
  it('streams 8 kHz PCM until the negative sequence, with app id, cluster and voice in the request', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const chunks = await synthesize(
      engines.tts('seed')!,
      '你好',
      voice('seed', volc.fake.url('/ok/tts', 'ws'), { voiceId: 'BV700', clusterKey: 'volcano_icl' }),
    );
    expect(chunks.length).toBe(4);
    expect(Array.from(concat(...chunks))).toEqual(Array.from(tone(1600)));
    expect(volc.seen.ttsRequests.at(-1)).toMatchObject({
      app: { appid: 'app-1', cluster: 'volcano_icl' },
      audio: { voice_type: 'BV700', encoding: 'pcm', rate: 8000 },
      request: { text: '你好', operation: 'submit' },
    });
  });

  it('uses the standard cluster when the voice has none; aborting closes the socket', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const closed = volc.fake.closed(1);
    const chunks = await synthesize(engines.tts('seed_en')!, 'Hello', voice('seed_en', volc.fake.url('/slow/tts', 'ws')), 1);
    expect(chunks.length).toBe(1);
    await closed;
    expect(volc.seen.ttsRequests.at(-1).app.cluster).toBe('volcano_tts');
  });

  it('a sentence whose signal is already aborted yields nothing and does not throw', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const controller = new AbortController();
    controller.abort();
    const chunks: Int16Array[] = [];
    for await (const chunk of engines
      .tts('seed')!
      .synthesize({ text: 'x', voice: voice('seed', volc.fake.url('/ok/tts', 'ws')), signal: controller.signal }))
      chunks.push(chunk);
    expect(chunks).toEqual([]);
  });

  it('a refused token is a typed auth error; an error frame a vendor error with its code', async () => {
    const wrong = createVendorEngines(testDeps({ seed: { appId: 'a', accessToken: 'bad' } }).deps);
    expect(await synthesize(wrong.tts('seed')!, 'x', voice('seed', volc.fake.url('/ok/tts', 'ws'))).catch((e) => e)).toMatchObject({
      failure: 'auth',
      vendorCode: 401,
    });
    const engines = createVendorEngines(testDeps(good).deps);
    const error = await synthesize(engines.tts('seed')!, 'x', voice('seed', volc.fake.url('/error/tts', 'ws'))).catch((e) => e);
    expect(error).toMatchObject({ failure: 'vendor', vendorCode: 3050 });
    expect(error.message).toContain('voice_type not found');
  });

  it('a socket dying mid-sentence is a typed disconnected error', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const error = await synthesize(engines.tts('seed')!, 'x', voice('seed', volc.fake.url('/drop/tts', 'ws'))).catch((e) => e);
    expect(error).toMatchObject({ failure: 'disconnected' });
  });
});

describe('Volcano streaming ASR (against a local fake of the big-model protocol)', () => {
  it('upsamples to 16 kHz in 100 ms packets, sends hot words, emits partials, definite and last finals', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const session = engines.asr('seed_en')!.open({
      provider: 'seed_en',
      url: volc.fake.url('/ok/api/v3/sauc/bigmodel', 'ws'),
      language: 'zh-CN',
      phrases: ['yes', 'not interested'],
    });
    const heard = listen(session);
    pushFrames(session, 25, 1000);
    session.flush();
    await new Promise<void>((resolve) => {
      const check = () => (heard.transcripts.filter((t) => t.final).length >= 2 ? resolve() : setTimeout(check, 10));
      check();
    });
    const finals = heard.transcripts.filter((t) => t.final);
    expect(finals).toEqual([
      { text: 'hello', final: true, startMs: 1100, endMs: 1400, confidence: null },
      expect.objectContaining({ text: 'I want the offer', final: true, startMs: 1600 }),
    ]);
    expect(heard.transcripts.some((t) => !t.final && t.text === 'I want')).toBe(true);
    // 25 frames of 160 samples at 8 kHz → about 8000 samples at 16 kHz.
    expect(volc.seen.asrSamples).toBeGreaterThanOrEqual(7990);
    expect(volc.seen.lastFlagSeen).toBe(true);
    const request = volc.seen.asrRequests.at(-1);
    expect(request.audio).toMatchObject({ format: 'pcm', rate: 16000, language: 'en-US' });
    expect(JSON.parse(request.request.corpus.context)).toEqual({ hotwords: [{ word: 'yes' }, { word: 'not interested' }] });
    expect(volc.seen.asrHeaders.at(-1)).toMatchObject({ 'x-api-app-key': 'app-1', 'x-api-resource-id': 'volc.bigasr.sauc.duration' });
    session.close();
  });

  it('close() mid-utterance ends the vendor stream', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const session = engines.asr('seed')!.open({ provider: 'seed', url: volc.fake.url('/ok/sauc', 'ws'), language: 'zh-CN', phrases: [] });
    const heard = listen(session);
    const closed = volc.fake.closed(1);
    pushFrames(session, 6, 0);
    await new Promise((resolve) => session.on('transcript', resolve));
    session.close();
    await closed;
    expect(heard.error).toBeNull();
  });

  it('a refused key and a dropped connection are typed errors', async () => {
    const wrong = createVendorEngines(testDeps({ seed: { appId: 'a', accessToken: 'bad' } }).deps);
    const refused = wrong.asr('seed')!.open({ provider: 'seed', url: volc.fake.url('/ok/sauc', 'ws'), language: 'zh-CN', phrases: [] });
    pushFrames(refused, 2, 0);
    expect(await listen(refused).failed()).toMatchObject({ failure: 'auth' });
    const engines = createVendorEngines(testDeps(good).deps);
    const dropped = engines.asr('seed')!.open({ provider: 'seed', url: volc.fake.url('/drop/sauc', 'ws'), language: 'zh-CN', phrases: [] });
    const heard = listen(dropped);
    pushFrames(dropped, 20, 0);
    expect(await heard.failed()).toMatchObject({ failure: 'disconnected' });
  });
});
