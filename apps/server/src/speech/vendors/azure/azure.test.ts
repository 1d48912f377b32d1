import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tone } from '../../../../test/speech-vendors/fake-vendor.ts';
import { concat } from '../../../audio/pcm.ts';
import { AZURE_KEY, startFakeAzure } from '../../../../test/speech-vendors/fake-azure.ts';
import { listen, pushFrames, synthesize, testDeps, voice } from '../../../../test/speech-vendors/harness.ts';
import { createVendorEngines } from '../index.ts';
import { VOICE_ID_PATTERN } from '@dialwise/contracts';
import { azureVoiceName } from './azure-tts.ts';
import { VendorError } from '../shared/vendor-error.ts';

let azure: Awaited<ReturnType<typeof startFakeAzure>>;
beforeAll(async () => {
  azure = await startFakeAzure();
});
afterAll(() => azure.fake.close());

const jenny = { voiceId: 'en-US-JennyNeural' };
const good = { azure_en_us: { subscriptionKey: AZURE_KEY }, azure_china: { subscriptionKey: AZURE_KEY } };

describe('Azure TTS (against a local fake of the REST API)', () => {
  it('streams the 8 kHz PCM as it arrives, asking for raw-8khz-16bit-mono-pcm with SSML', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const chunks = await synthesize(
      engines.tts('azure_en_us')!,
      'Hello <there> & welcome',
      voice('azure_en_us', azure.fake.url('/ok/tts'), { voiceId: 'en-US-JennyNeural' }),
    );
    expect(chunks.length).toBeGreaterThan(1);
    expect(Array.from(concat(...chunks))).toEqual(Array.from(tone(1600)));
    expect(azure.seen.outputFormats.at(-1)).toBe('raw-8khz-16bit-mono-pcm');
    expect(azure.seen.ssml.at(-1)).toContain('<voice name="en-US-JennyNeural">Hello &lt;there&gt; &amp; welcome</voice>');
    expect(azure.seen.ssml.at(-1)).toContain('xml:lang="en-US"');
  });

  it('sends a voice name as Azure writes it, and rebuilds the hyphens of rows saved in the old letters-and-digits form', async () => {
    expect(azureVoiceName('enUSJennyNeural')).toBe('en-US-JennyNeural');
    expect(azureVoiceName('zhCNXiaoxiaoMultilingualNeural')).toBe('zh-CN-XiaoxiaoMultilingualNeural');
    expect(azureVoiceName('filPHAngeloNeural')).toBe('fil-PH-AngeloNeural');
    expect(azureVoiceName('en-US-JennyNeural')).toBe('en-US-JennyNeural');
    expect(azureVoiceName('Jenny')).toBe('Jenny');
    const engines = createVendorEngines(testDeps(good).deps);
    await synthesize(engines.tts('azure_en_us')!, 'Hi', voice('azure_en_us', azure.fake.url('/ok/tts'), { voiceId: 'enUSJennyNeural' }));
    expect(azure.seen.ssml.at(-1)).toContain('<voice name="en-US-JennyNeural">Hi</voice>');
  });

  it('takes voices with a dialect part as written, and rebuilds them from the old letters-and-digits form', async () => {
    expect(VOICE_ID_PATTERN.test('zh-CN-shaanxi-XiaoniNeural')).toBe(true);
    expect(azureVoiceName('zhCNshaanxiXiaoniNeural')).toBe('zh-CN-shaanxi-XiaoniNeural');
    expect(azureVoiceName('zh-CN-shaanxi-XiaoniNeural')).toBe('zh-CN-shaanxi-XiaoniNeural');
    const engines = createVendorEngines(testDeps(good).deps);
    for (const voiceId of ['zh-CN-shaanxi-XiaoniNeural', 'zhCNshaanxiXiaoniNeural']) {
      const chunks = await synthesize(
        engines.tts('azure_china')!,
        '你好',
        voice('azure_china', azure.fake.url('/ok/tts'), { voiceId, language: 'zh-CN' }),
      );
      expect(chunks.length).toBeGreaterThan(0);
      expect(azure.seen.ssml.at(-1)).toContain('<voice name="zh-CN-shaanxi-XiaoniNeural">你好</voice>');
    }
  });

  it('takes an HD voice (its name has a colon) as written: the form accepts it and the SSML names it', async () => {
    expect(VOICE_ID_PATTERN.test('en-US-Ava:DragonHDLatestNeural')).toBe(true);
    expect(azureVoiceName('en-US-Ava:DragonHDLatestNeural')).toBe('en-US-Ava:DragonHDLatestNeural');
    const engines = createVendorEngines(testDeps(good).deps);
    const chunks = await synthesize(
      engines.tts('azure_en_us')!,
      'Hi',
      voice('azure_en_us', azure.fake.url('/ok/tts'), { voiceId: 'en-US-Ava:DragonHDLatestNeural' }),
    );
    expect(chunks.length).toBeGreaterThan(0);
    expect(azure.seen.ssml.at(-1)).toContain('<voice name="en-US-Ava:DragonHDLatestNeural">Hi</voice>');
  });

  it('a voice the region does not have is a vendor error with Azure’s 400', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const error = await synthesize(
      engines.tts('azure_en_us')!,
      'Hi',
      voice('azure_en_us', azure.fake.url('/ok/tts'), { voiceId: 'en-US-NobodyNeural' }),
    ).catch((e) => e);
    expect(error).toMatchObject({ failure: 'vendor', vendorCode: 400 });
    expect(error.message).toContain('Unsupported voice');
  });

  it('stops mid-sentence when aborted, and the request is dropped at the vendor', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const closed = azure.fake.closed(1);
    const chunks = await synthesize(
      engines.tts('azure_en_us')!,
      'A long sentence',
      voice('azure_en_us', azure.fake.url('/slow/tts'), jenny),
      2,
    );
    expect(chunks.length).toBe(2);
    await closed;
  });

  it('a wrong key is a typed auth error; no key at all a credentials error', async () => {
    const wrong = createVendorEngines(testDeps({ azure_en_us: { subscriptionKey: 'nope' } }).deps);
    const refused = await synthesize(wrong.tts('azure_en_us')!, 'Hi', voice('azure_en_us', azure.fake.url('/ok/tts'), jenny)).catch(
      (e) => e,
    );
    expect(refused).toBeInstanceOf(VendorError);
    expect(refused).toMatchObject({ failure: 'auth', vendorCode: 401 });
    const none = createVendorEngines(testDeps({}).deps);
    const missing = await synthesize(none.tts('azure_en_us')!, 'Hi', voice('azure_en_us', azure.fake.url('/ok/tts'), jenny)).catch(
      (e) => e,
    );
    expect(missing).toMatchObject({ failure: 'credentials' });
    expect(missing.message).toContain('subscriptionKey');
  });

  it('a connection dying mid-stream is a typed disconnected error after the audio already given', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const got: Int16Array[] = [];
    const error = await (async () => {
      for await (const chunk of engines.tts('azure_en_us')!.synthesize({
        text: 'Hi',
        voice: voice('azure_en_us', azure.fake.url('/drop/tts'), jenny),
        signal: new AbortController().signal,
      }))
        got.push(chunk);
    })().catch((e) => e);
    expect(got.length).toBeGreaterThan(0);
    expect(error).toMatchObject({ failure: 'disconnected' });
  });
});

describe('Azure STT (against a local fake of the WebSocket protocol)', () => {
  it('streams frames and emits partial then final transcripts on the call clock', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const session = engines
      .asr('azure_en_us')!
      .open({ provider: 'azure_en_us', url: azure.fake.url('/ok/stt', 'ws'), language: 'zh-CN', phrases: [] });
    const heard = listen(session);
    pushFrames(session, 10, 5000);
    session.flush();
    const final = await heard.final();
    expect(final).toEqual({ text: 'Yes, I am interested.', final: true, startMs: 5200, endMs: 5800, confidence: 0.93 });
    expect(heard.transcripts[0]).toMatchObject({ text: 'yes i am', final: false, startMs: 5200, endMs: 5500 });
    expect(azure.seen.wavHeader).toBe(true);
    expect(azure.seen.audioBytes).toBeGreaterThanOrEqual(10 * 320);
    // azure_en_us names its language: the call's language does not override it.
    expect(azure.seen.languages.at(-1)).toBe('en-US');
    session.close();
  });

  it('azure_china takes the call language; close() ends the stream at the vendor and nothing is emitted after', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const session = engines
      .asr('azure_china')!
      .open({ provider: 'azure_china', url: azure.fake.url('/ok/stt', 'ws'), language: 'zh-CN', phrases: [] });
    const heard = listen(session);
    const before = azure.fake.closed(1);
    pushFrames(session, 6, 0);
    await new Promise((resolve) => session.on('transcript', resolve));
    session.close();
    await before;
    expect(azure.seen.languages.at(-1)).toBe('zh-CN');
    expect(heard.transcripts.every((t) => !t.final)).toBe(true);
  });

  it('a wrong key emits one typed auth error', async () => {
    const engines = createVendorEngines(testDeps({ azure_en_us: { subscriptionKey: 'bad' } }).deps);
    const session = engines
      .asr('azure_en_us')!
      .open({ provider: 'azure_en_us', url: azure.fake.url('/ok/stt', 'ws'), language: 'en-US', phrases: [] });
    const heard = listen(session);
    pushFrames(session, 3, 0);
    expect(await heard.failed()).toMatchObject({ failure: 'auth', vendorCode: 401 });
  });

  it('the vendor dropping the connection mid-utterance emits a typed disconnected error', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const session = engines
      .asr('azure_en_us')!
      .open({ provider: 'azure_en_us', url: azure.fake.url('/drop/stt', 'ws'), language: 'en-US', phrases: [] });
    const heard = listen(session);
    pushFrames(session, 20, 0);
    expect(await heard.failed()).toMatchObject({ failure: 'disconnected' });
  });
});

describe('Azure STT answers that carry no words', () => {
  it('silence ends the turn (InitialSilenceTimeout) with no final and no error; a phrase with status Error is a vendor error', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const quiet = engines
      .asr('azure_en_us')!
      .open({ provider: 'azure_en_us', url: azure.fake.url('/ok/stt', 'ws'), language: 'en-US', phrases: [] });
    const quietHeard = listen(quiet);
    const before = azure.seen.silentTurnsClosed;
    for (let i = 0; i < 10; i++) quiet.push(new Int16Array(160), i * 20);
    quiet.flush();
    // The utterance's stream is closed by us once its turn ended: no final, no error.
    await vi.waitFor(() => expect(azure.seen.silentTurnsClosed).toBe(before + 1), { timeout: 5000 });
    expect(quietHeard.transcripts.filter((t) => t.final)).toEqual([]);
    expect(quietHeard.error).toBeNull();
    quiet.close();
    const failing = engines
      .asr('azure_en_us')!
      .open({ provider: 'azure_en_us', url: azure.fake.url('/error/stt', 'ws'), language: 'en-US', phrases: [] });
    const heard = listen(failing);
    pushFrames(failing, 6, 0);
    failing.flush();
    expect(await heard.failed()).toMatchObject({ failure: 'vendor', vendorCode: 'Error' });
  });
});
