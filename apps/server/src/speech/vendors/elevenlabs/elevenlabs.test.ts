import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ELEVEN_KEY, SCRIBE_ERROR_TYPES, startFakeElevenLabs } from '../../../../test/speech-vendors/fake-elevenlabs.ts';
import { tone } from '../../../../test/speech-vendors/fake-vendor.ts';
import { concat } from '../../../audio/pcm.ts';
import { listen, pushFrames, synthesize, testDeps, voice } from '../../../../test/speech-vendors/harness.ts';
import { createVendorEngines } from '../index.ts';

let el: Awaited<ReturnType<typeof startFakeElevenLabs>>;
beforeAll(async () => {
  el = await startFakeElevenLabs();
});
afterAll(() => el.fake.close());

const good = { elevenlabs: { apiKey: ELEVEN_KEY } };

describe('ElevenLabs streaming TTS in ulaw_8000 (against a local fake)', () => {
  it('asks for ulaw_8000 and decodes μ-law to PCM within G.711 quantisation', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const chunks = await synthesize(
      engines.tts('elevenlabs')!,
      'Hello',
      voice('elevenlabs', el.fake.url('/ok/v1/text-to-speech'), { voiceId: 'JBFqnCBsd6RMkjVDRZzb' }),
    );
    expect(chunks.length).toBeGreaterThan(1);
    const got = concat(...chunks);
    const want = tone(1600);
    expect(got.length).toBe(want.length);
    // μ-law keeps about 12 bits: every sample within 3 % of full scale of the original.
    expect(Math.max(...Array.from(got, (s, i) => Math.abs(s - want[i]!)))).toBeLessThan(1000);
    expect(el.seen.ttsUrls.at(-1)).toBe('/ok/v1/text-to-speech/JBFqnCBsd6RMkjVDRZzb/stream?output_format=ulaw_8000');
    expect(el.seen.ttsBodies.at(-1)).toEqual({ text: 'Hello', model_id: 'eleven_flash_v2_5' });
  });

  it('cancels mid-sentence; a wrong key is auth, a cut body disconnected', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const closed = el.fake.closed(1);
    expect(
      (
        await synthesize(
          engines.tts('elevenlabs')!,
          'x',
          voice('elevenlabs', el.fake.url('/slow/v1/text-to-speech'), { voiceId: '21m00Tcm4TlvDq8ikWAM' }),
          2,
        )
      ).length,
    ).toBe(2);
    await closed;
    const wrong = createVendorEngines(testDeps({ elevenlabs: { apiKey: 'bad' } }).deps);
    const refused = await synthesize(wrong.tts('elevenlabs')!, 'x', voice('elevenlabs', el.fake.url('/ok/v1/text-to-speech'))).catch(
      (e) => e,
    );
    expect(refused).toMatchObject({ failure: 'auth', vendorCode: 401 });
    expect(refused.message).toContain('Invalid API key');
    const cut = await synthesize(
      engines.tts('elevenlabs')!,
      'x',
      voice('elevenlabs', el.fake.url('/drop/v1/text-to-speech'), { voiceId: '21m00Tcm4TlvDq8ikWAM' }),
    ).catch((e) => e);
    expect(cut).toMatchObject({ failure: 'disconnected' });
  });

  it('a voice the account lacks and a model that does not exist are vendor errors in ElevenLabs’ words', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const url = el.fake.url('/ok/v1/text-to-speech');
    const noVoice = await synthesize(engines.tts('elevenlabs')!, 'x', voice('elevenlabs', url, { voiceId: 'nope' })).catch((e) => e);
    expect(noVoice).toMatchObject({ failure: 'vendor', vendorCode: 404 });
    expect(noVoice.message).toContain('voice_not_found');
    const noModel = await synthesize(
      engines.tts('elevenlabs')!,
      'x',
      voice('elevenlabs', url, { voiceId: 'JBFqnCBsd6RMkjVDRZzb', clusterKey: 'eleven_v9' }),
    ).catch((e) => e);
    expect(noModel).toMatchObject({ failure: 'vendor', vendorCode: 400 });
    expect(noModel.message).toContain('model_not_found');
  });
});

describe('ElevenLabs Scribe realtime STT (against a local fake)', () => {
  it('streams base64 PCM at 8 kHz, commits on flush, emits partial and timed final', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const session = engines
      .asr('elevenlabs')!
      .open({ provider: 'elevenlabs', url: el.fake.url('/ok/v1/speech-to-text/realtime', 'ws'), language: 'en-US', phrases: [] });
    const heard = listen(session);
    // 400 ms: Scribe commits nothing under 0.3 s.
    pushFrames(session, 20, 300);
    session.flush();
    expect(await heard.final()).toEqual({ text: 'Call me tomorrow.', final: true, startMs: 540, endMs: 1350, confidence: null });
    expect(heard.transcripts.filter((t) => t.final)).toHaveLength(1);
    expect(heard.transcripts[0]).toMatchObject({ text: 'call me', final: false });
    expect(el.seen.sttBytes).toBe(6400);
    expect(el.seen.commits).toBe(1);
    const query = new URL(el.seen.sttQueries.at(-1)!, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      audio_format: 'pcm_8000',
      commit_strategy: 'manual',
      language_code: 'en',
      model_id: 'scribe_v2_realtime',
    });
    session.close();
  });

  it('an auth_error message is a typed auth error; a dropped socket is disconnected; close() is quiet', async () => {
    const wrong = createVendorEngines(testDeps({ elevenlabs: { apiKey: 'bad' } }).deps);
    const refused = wrong
      .asr('elevenlabs')!
      .open({ provider: 'elevenlabs', url: el.fake.url('/ok/rt', 'ws'), language: 'en-US', phrases: [] });
    pushFrames(refused, 2, 0);
    expect(await listen(refused).failed()).toMatchObject({ failure: 'auth', vendorCode: 'auth_error' });
    const engines = createVendorEngines(testDeps(good).deps);
    const dropped = engines
      .asr('elevenlabs')!
      .open({ provider: 'elevenlabs', url: el.fake.url('/drop/rt', 'ws'), language: 'en-US', phrases: [] });
    const heard = listen(dropped);
    pushFrames(dropped, 10, 0);
    expect(await heard.failed()).toMatchObject({ failure: 'disconnected' });
    const quiet = engines
      .asr('elevenlabs')!
      .open({ provider: 'elevenlabs', url: el.fake.url('/ok/rt', 'ws'), language: 'en-US', phrases: [] });
    const quietHeard = listen(quiet);
    const closed = el.fake.closed(1);
    pushFrames(quiet, 4, 0);
    await new Promise((resolve) => quiet.on('transcript', resolve));
    quiet.close();
    await closed;
    expect(quietHeard.error).toBeNull();
  });

  // A quiet reply is refused after its commit. The turn must fail (the caller falls back and still answers
  // it), not wait out the 10 s finish timeout with no final and no error: this test would then time out
  // waiting for the failure.
  it('a reply under 0.3 s is padded with silence to the 0.3 s Scribe commits (no commit_throttled) and gets its final', async () => {
    const session = createVendorEngines(testDeps(good).deps)
      .asr('elevenlabs')!
      .open({ provider: 'elevenlabs', url: el.fake.url('/ok/rt', 'ws'), language: 'en-US', phrases: [] });
    const heard = listen(session);
    const before = el.seen.sttBytes;
    pushFrames(session, 10, 0);
    session.flush();
    expect(await heard.final()).toMatchObject({ text: 'Call me tomorrow.', final: true });
    expect(el.seen.sttBytes - before).toBe(0.3 * 8000 * 2);
    expect(heard.error).toBeNull();
    session.close();
  });

  it('a quiet reply (insufficient_audio_activity) fails the utterance at once, as a typed vendor error', async () => {
    const session = createVendorEngines(testDeps(good).deps)
      .asr('elevenlabs')!
      .open({ provider: 'elevenlabs', url: el.fake.url('/ok/rt', 'ws'), language: 'en-US', phrases: [] });
    const heard = listen(session);
    for (let i = 0; i < 25; i++) session.push(new Int16Array(160), i * 20);
    session.flush();
    expect(await heard.failed()).toMatchObject({ failure: 'vendor', vendorCode: 'insufficient_audio_activity' });
  });

  it('messages it has no use for (committed_transcript, committed_transcript_entities) change nothing: one final, no error', async () => {
    const session = createVendorEngines(testDeps(good).deps)
      .asr('elevenlabs')!
      .open({ provider: 'elevenlabs', url: el.fake.url('/entities/rt', 'ws'), language: 'en-US', phrases: [] });
    const heard = listen(session);
    pushFrames(session, 20, 0);
    session.flush();
    expect(await heard.final()).toMatchObject({ text: 'Call me tomorrow.', final: true });
    pushFrames(session, 20, 1000);
    session.flush();
    await vi.waitFor(() => expect(heard.transcripts.filter((t) => t.final)).toHaveLength(2), { timeout: 5000 });
    expect(heard.error).toBeNull();
    session.close();
  });

  const kinds: Record<string, string> = {
    auth_error: 'auth',
    unaccepted_terms_error: 'auth',
    input_error: 'protocol',
    chunk_size_exceeded: 'protocol',
  };
  it.each(SCRIBE_ERROR_TYPES)('the %s message is a typed error with its type as the code', async (type) => {
    const session = createVendorEngines(testDeps(good).deps)
      .asr('elevenlabs')!
      .open({ provider: 'elevenlabs', url: el.fake.url(`/err-${type}/rt`, 'ws'), language: 'en-US', phrases: [] });
    const heard = listen(session);
    pushFrames(session, 3, 0);
    const error = await heard.failed();
    expect(error).toMatchObject({ name: 'VendorError', failure: kinds[type] ?? 'vendor', vendorCode: type });
    expect(error.message).toContain('as the service sends it');
  });
});
