import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALI_AK, ALI_TOKEN, popSignature, startFakeAlibaba } from '../../../../test/speech-vendors/fake-alibaba.ts';
import { tone } from '../../../../test/speech-vendors/fake-vendor.ts';
import { concat } from '../../../audio/pcm.ts';
import { listen, pushFrames, synthesize, testDeps, voice } from '../../../../test/speech-vendors/harness.ts';
import { createVendorEngines } from '../index.ts';
import { ALI_TOKEN_URLS, popEncode, signQuery } from './ali-token.ts';

let ali: Awaited<ReturnType<typeof startFakeAlibaba>>;
beforeAll(async () => {
  ali = await startFakeAlibaba();
});
afterAll(() => ali.fake.close());

const withToken = { ali: { appKey: 'appkey-8k', token: ALI_TOKEN } };
const asr = (mode = 'ok') => ({ provider: 'ali', url: ali.fake.url(`/${mode}/ws/v1`, 'ws'), language: 'zh-CN', phrases: [] });

describe('Alibaba NLS TTS (against a local fake of the gateway)', () => {
  it('streams the binary PCM until SynthesisCompleted; StartSynthesis carries app key, voice, pcm at 8 kHz', async () => {
    const engines = createVendorEngines(testDeps(withToken).deps);
    const chunks = await synthesize(engines.tts('ali')!, '您好', voice('ali', ali.fake.url('/ok/ws/v1', 'ws'), { voiceId: 'xiaoyun' }));
    expect(Array.from(concat(...chunks))).toEqual(Array.from(tone(1600)));
    expect(chunks.length).toBe(4);
    const start = ali.seen.commands.at(-1)!;
    expect(start.header).toMatchObject({ namespace: 'SpeechSynthesizer', name: 'StartSynthesis', appkey: 'appkey-8k' });
    expect(start.header.task_id).toMatch(/^[0-9a-f]{32}$/);
    expect(start.payload).toMatchObject({ text: '您好', voice: 'xiaoyun', format: 'pcm', sample_rate: 8000 });
  });

  it('gets a token with the AccessKey pair (signed CreateToken) and caches it', async () => {
    const { deps } = testDeps({ ali_sea: { appKey: 'appkey-8k', ...ALI_AK } }, { aliTokenUrl: () => ali.fake.url('/') });
    const engines = createVendorEngines(deps);
    const before = ali.seen.tokenCalls;
    await synthesize(engines.tts('ali_sea')!, 'Hi', voice('ali_sea', ali.fake.url('/ok/ws/v1', 'ws'), { voiceId: 'abby' }));
    await synthesize(engines.tts('ali_sea')!, 'Hi again', voice('ali_sea', ali.fake.url('/ok/ws/v1', 'ws'), { voiceId: 'abby' }));
    expect(ali.seen.tokenCalls - before).toBe(1);
    expect(ali.seen.tokenRegions.at(-1)).toBe('ap-southeast-1');
  });

  it('asks the token service of the region: nlsmeta.ap-southeast-1 (as the international pages write it) for ali_sea', () => {
    expect(ALI_TOKEN_URLS.ali_sea).toBe('https://nlsmeta.ap-southeast-1.aliyuncs.com/');
    expect(ALI_TOKEN_URLS.ali).toBe('https://nls-meta.cn-shanghai.aliyuncs.com/');
  });

  it('signs CreateToken as the document’s own example: the same signature as the document and as the fake’s own signer', () => {
    const example = {
      AccessKeyId: 'my_access_key_id',
      Action: 'CreateToken',
      Format: 'JSON',
      RegionId: 'cn-shanghai',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: 'b924c8c3-6d03-4c5d-ad36-d984d3116788',
      SignatureVersion: '1.0',
      Timestamp: '2019-04-18T08:32:31Z',
      Version: '2019-02-28',
    };
    expect(signQuery(example, 'my_access_key_secret')).toBe('hHq4yNsPitlfDJ2L0nQPdugdEzM=');
    expect(popSignature('GET', example, 'my_access_key_secret')).toBe('hHq4yNsPitlfDJ2L0nQPdugdEzM=');
  });

  it('an unknown AccessKey id is an auth error; a token host that does not resolve a network error naming the host', async () => {
    const unknown = testDeps(
      { ali: { appKey: 'appkey-8k', accessKeyId: 'LTAI-nobody', accessKeySecret: 'x' } },
      { aliTokenUrl: () => ali.fake.url('/') },
    );
    const refused = await synthesize(
      createVendorEngines(unknown.deps).tts('ali')!,
      'x',
      voice('ali', ali.fake.url('/ok/ws/v1', 'ws')),
    ).catch((e) => e);
    expect(refused).toMatchObject({ failure: 'auth', vendorCode: 'InvalidAccessKeyId.NotFound' });
    const nowhere = testDeps({ ali: { appKey: 'appkey-8k', ...ALI_AK } }, { aliTokenUrl: () => 'https://nlsmeta.nowhere.invalid/' });
    const lost = await synthesize(createVendorEngines(nowhere.deps).tts('ali')!, 'x', voice('ali', ali.fake.url('/ok/ws/v1', 'ws'))).catch(
      (e) => e,
    );
    expect(lost).toMatchObject({ failure: 'network' });
    expect(lost.message).toContain('CreateToken at nlsmeta.nowhere.invalid');
  });

  it('a wrong AccessKey secret, and a bad token, are typed auth errors', async () => {
    const { deps } = testDeps(
      { ali: { appKey: 'appkey-8k', accessKeyId: ALI_AK.accessKeyId, accessKeySecret: 'wrong' } },
      { aliTokenUrl: () => ali.fake.url('/') },
    );
    const signed = await synthesize(
      createVendorEngines(deps).tts('ali')!,
      'x',
      voice('ali', ali.fake.url('/ok/ws/v1', 'ws'), { voiceId: 'xiaoyun' }),
    ).catch((e) => e);
    expect(signed).toMatchObject({ failure: 'auth', vendorCode: 'SignatureDoesNotMatch' });
    const badTokenDeps = testDeps({ ali: { appKey: 'appkey-8k', token: 'bad-TOKEN-must-not-leak' } });
    const badToken = createVendorEngines(badTokenDeps.deps);
    const refused = await synthesize(
      badToken.tts('ali')!,
      'x',
      voice('ali', ali.fake.url('/ok/ws/v1', 'ws'), { voiceId: 'xiaoyun' }),
    ).catch((e) => e);
    expect(refused).toMatchObject({ failure: 'auth', vendorCode: 40000001 });
    // The gateway quotes the token it refused; neither the error nor the log repeats it.
    expect(refused.message).toContain("The token '…' is invalid");
    expect(badTokenDeps.logged.join('\n')).toContain('speech vendor TTS failed');
    expect(badTokenDeps.logged.join('\n')).not.toContain('must-not-leak');
    const none = createVendorEngines(testDeps({ ali: { appKey: 'appkey-8k' } }).deps);
    expect(
      await synthesize(none.tts('ali')!, 'x', voice('ali', ali.fake.url('/ok/ws/v1', 'ws'), { voiceId: 'xiaoyun' })).catch((e) => e),
    ).toMatchObject({
      failure: 'credentials',
    });
  });

  it('cancels mid-sentence (the socket closes at the gateway) and reports a dropped connection', async () => {
    const engines = createVendorEngines(testDeps(withToken).deps);
    const closed = ali.fake.closed(1);
    expect(
      (await synthesize(engines.tts('ali')!, 'x', voice('ali', ali.fake.url('/slow/ws/v1', 'ws'), { voiceId: 'xiaoyun' }), 2)).length,
    ).toBe(2);
    await closed;
    const dropped = await synthesize(
      engines.tts('ali')!,
      'x',
      voice('ali', ali.fake.url('/drop/ws/v1', 'ws'), { voiceId: 'xiaoyun' }),
    ).catch((e) => e);
    expect(dropped).toMatchObject({ failure: 'disconnected' });
  });
});

describe('Alibaba NLS real-time transcription (against a local fake of the gateway)', () => {
  it('holds audio until TranscriptionStarted, emits partial and final on the call clock, stops on flush', async () => {
    const engines = createVendorEngines(testDeps(withToken).deps);
    const session = engines.asr('ali')!.open(asr());
    const heard = listen(session);
    pushFrames(session, 10, 2000);
    session.flush();
    expect(await heard.final()).toEqual({ text: '我想了解一下。', final: true, startMs: 2320, endMs: 2900, confidence: 0.88 });
    expect(heard.transcripts[0]).toMatchObject({ text: '我想', final: false, startMs: 2320, endMs: 2600 });
    expect(ali.seen.audioBeforeStart).toBe(0);
    expect(ali.seen.audioBytes).toBeGreaterThanOrEqual(3200);
    const names = ali.seen.commands.slice(-2).map((c) => c.header.name);
    expect(names).toEqual(['StartTranscription', 'StopTranscription']);
    expect(ali.seen.commands.at(-2)!.payload).toMatchObject({ format: 'pcm', sample_rate: 8000, enable_intermediate_result: true });
    session.close();
  });

  it('a bad token, a dropped connection: typed errors; close() is quiet', async () => {
    const bad = createVendorEngines(testDeps({ ali: { appKey: 'appkey-8k', token: 'bad' } }).deps)
      .asr('ali')!
      .open(asr());
    const badHeard = listen(bad);
    pushFrames(bad, 2, 0);
    expect(await badHeard.failed()).toMatchObject({ failure: 'auth' });
    const engines = createVendorEngines(testDeps(withToken).deps);
    const dropped = engines.asr('ali')!.open(asr('drop'));
    const heard = listen(dropped);
    pushFrames(dropped, 10, 0);
    expect(await heard.failed()).toMatchObject({ failure: 'disconnected' });
    const quiet = engines.asr('ali')!.open(asr());
    const quietHeard = listen(quiet);
    const closed = ali.fake.closed(1);
    pushFrames(quiet, 3, 0);
    await new Promise((resolve) => quiet.on('transcript', resolve));
    quiet.close();
    await closed;
    expect(quietHeard.error).toBeNull();
  });

  it('an AppKey the account does not have is an auth error (40020105)', async () => {
    const session = createVendorEngines(testDeps({ ali: { appKey: 'appkey-gone', token: ALI_TOKEN } }).deps)
      .asr('ali')!
      .open(asr());
    pushFrames(session, 2, 0);
    expect(await listen(session).failed()).toMatchObject({ failure: 'auth', vendorCode: 40020105 });
  });

  it('a project whose model is not 8 kHz refuses the call’s audio, and the error says what to set up', async () => {
    const session = createVendorEngines(testDeps({ ali: { appKey: 'appkey-16k', token: ALI_TOKEN } }).deps)
      .asr('ali')!
      .open(asr());
    pushFrames(session, 2, 0);
    const error = await listen(session).failed();
    expect(error).toMatchObject({ failure: 'vendor', vendorCode: 41050008 });
    expect(error.message).toContain('UNSUPPORTED_SAMPLE_RATE');
    expect(error.message).toContain('8 kHz telephone model');
  });

  it('encodes the signature query the way Alibaba documents (RFC 3986, space as %20)', () => {
    expect(popEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
  });
});
