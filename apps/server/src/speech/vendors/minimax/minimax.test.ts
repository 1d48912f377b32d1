import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tone } from '../../../../test/speech-vendors/fake-vendor.ts';
import { concat } from '../../../audio/pcm.ts';
import { MINIMAX_KEY, MINIMAX_SENSITIVE, startFakeMinimax } from '../../../../test/speech-vendors/fake-minimax.ts';
import { synthesize, testDeps, voice } from '../../../../test/speech-vendors/harness.ts';
import { createVendorEngines } from '../index.ts';

let mm: Awaited<ReturnType<typeof startFakeMinimax>>;
beforeAll(async () => {
  mm = await startFakeMinimax();
});
afterAll(() => mm.fake.close());

const good = { minimax: { apiKey: MINIMAX_KEY, groupId: 'g-1' } };

describe('MiniMax T2A streaming (against a local fake of the SSE API)', () => {
  it('decodes the hex PCM of each status-1 event and skips the closing status-2 repeat', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const chunks = await synthesize(
      engines.tts('minimax')!,
      'Hello',
      voice('minimax', mm.fake.url('/ok/v1/t2a_v2'), { voiceId: 'female-shaonv' }),
    );
    expect(chunks.length).toBe(4);
    expect(Array.from(concat(...chunks))).toEqual(Array.from(tone(1600)));
    expect(mm.seen.bodies.at(-1)).toMatchObject({
      model: 'speech-02-turbo',
      text: 'Hello',
      stream: true,
      voice_setting: { voice_id: 'female-shaonv' },
      audio_setting: { sample_rate: 8000, format: 'pcm', channel: 1 },
      stream_options: { exclude_aggregated_audio: true },
    });
    expect(mm.seen.urls.at(-1)).toBe('/ok/v1/t2a_v2?GroupId=g-1');
    // The closing event did not carry the sentence's audio a second time.
    expect(mm.seen.aggregatedSent.at(-1)).toBe(false);
  });

  it('the cluster key picks the model; aborting mid-sentence drops the request', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const closed = mm.fake.closed(1);
    const chunks = await synthesize(
      engines.tts('minimax')!,
      'Hi',
      voice('minimax', mm.fake.url('/slow/v1/t2a_v2'), { voiceId: 'male-qn-qingse', clusterKey: 'speech-02-hd' }),
      2,
    );
    expect(chunks.length).toBe(2);
    await closed;
    expect(mm.seen.bodies.at(-1)!.model).toBe('speech-02-hd');
  });

  it('a wrong key (HTTP 200, base_resp 2049 in a plain JSON body) is a typed auth error; a cut stream is disconnected', async () => {
    const url = mm.fake.url('/ok/v1/t2a_v2');
    const wrong = createVendorEngines(testDeps({ minimax: { apiKey: 'nope' } }).deps);
    const refused = await synthesize(wrong.tts('minimax')!, 'x', voice('minimax', url, { voiceId: 'female-shaonv' })).catch((e) => e);
    expect(refused).toMatchObject({ failure: 'auth', vendorCode: 2049 });
    const engines = createVendorEngines(testDeps(good).deps);
    const cut = await synthesize(
      engines.tts('minimax')!,
      'x',
      voice('minimax', mm.fake.url('/drop/v1/t2a_v2'), { voiceId: 'female-shaonv' }),
    ).catch((e) => e);
    expect(cut).toMatchObject({ failure: 'disconnected' });
  });

  it('base_resp errors: invalid parameters (2013) before the stream, sensitive input (1026) inside it, are vendor errors with the message', async () => {
    const engines = createVendorEngines(testDeps(good).deps);
    const url = mm.fake.url('/ok/v1/t2a_v2');
    const noVoice = await synthesize(engines.tts('minimax')!, 'x', voice('minimax', url, { voiceId: 'nobody' })).catch((e) => e);
    expect(noVoice).toMatchObject({ failure: 'vendor', vendorCode: 2013 });
    expect(noVoice.message).toContain('voice_id nobody does not exist');
    const sensitive = await synthesize(
      engines.tts('minimax')!,
      `say ${MINIMAX_SENSITIVE}`,
      voice('minimax', url, { voiceId: 'female-shaonv' }),
    ).catch((e) => e);
    expect(sensitive).toMatchObject({ failure: 'vendor', vendorCode: 1026 });
  });

  it('offers no streaming ASR', () => {
    expect(createVendorEngines(testDeps(good).deps).asr('minimax')).toBeNull();
  });
});
