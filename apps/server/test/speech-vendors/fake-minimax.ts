import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { httpPeer, pcmLe, startFakeVendor, streamTtsChunks, tone } from './fake-vendor.ts';

export const MINIMAX_KEY = 'minimax-good-key';
export const MINIMAX_VOICES = ['female-shaonv', 'male-qn-qingse'];
const MODELS = ['speech-2.6-hd', 'speech-2.6-turbo', 'speech-02-hd', 'speech-02-turbo', 'speech-01-hd', 'speech-01-turbo'];
const RATES = [8000, 16000, 22050, 24000, 32000, 44100];
/** Text that trips the fake's content check, answered mid-stream with base_resp 1026. */
export const MINIMAX_SENSITIVE = 'forbidden words';

// biome-ignore lint/suspicious/noExplicitAny: the body is read as loosely as the vendor reads it
type Json = any;

/**
 * MiniMax T2A v2 (`POST /v1/t2a_v2`), faked from its API reference, not from our code. Every answer is HTTP
 * 200; failures are `base_resp.status_code` ≠ 0, either as a plain JSON body (before streaming: 1004 no or
 * wrong key, 2013 invalid parameters — unknown model or voice, a sample rate outside 8000…44100, a bad
 * format — ) or as a server-sent event inside the stream (1026 sensitive input). A good request with
 * `stream: true` is answered with `data: {…}` events: `data.audio` hex PCM with `status: 1`, then a closing
 * `status: 2` event with `extra_info`, whose `data.audio` repeats the whole sentence unless
 * `stream_options.exclude_aggregated_audio` is true. The URL's first segment: `ok`, `slow`, `drop`.
 */
export async function startFakeMinimax() {
  const seen = { bodies: [] as Json[], urls: [] as string[], aggregatedSent: [] as boolean[] };
  const fake = await startFakeVendor({
    http: async (request, raw, response) => {
      seen.urls.push(request.url!);
      const mode = request.url!.split('/')[1];
      const refuse = (status_code: number, status_msg: string): void => {
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ trace_id: randomUUID(), base_resp: { status_code, status_msg } }));
      };
      const auth = request.headers.authorization ?? '';
      if (!auth.startsWith('Bearer '))
        return refuse(1004, "login fail: Please carry the API secret key in the 'Authorization' field of the request header");
      if (auth !== `Bearer ${MINIMAX_KEY}`) return refuse(2049, 'invalid api key');
      let body: Json;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return refuse(2013, 'invalid params, body is not JSON');
      }
      seen.bodies.push(body);
      const problem = check(body);
      if (problem) return refuse(2013, `invalid params, ${problem}`);
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      await stream(response, mode, body, seen);
    },
  });
  return { fake, seen };
}

function check(body: Json): string | null {
  if (!MODELS.includes(body.model)) return `model ${body.model}`;
  if (typeof body.text !== 'string' || !body.text.trim() || body.text.length >= 10_000) return 'text';
  if (!MINIMAX_VOICES.includes(body.voice_setting?.voice_id)) return `voice_id ${body.voice_setting?.voice_id} does not exist`;
  const audio = body.audio_setting ?? {};
  if (!RATES.includes(audio.sample_rate ?? 32000)) return `sample_rate ${audio.sample_rate}`;
  if (!['mp3', 'pcm', 'flac', 'wav'].includes(audio.format ?? 'mp3')) return `format ${audio.format}`;
  if (![1, 2].includes(audio.channel ?? 1)) return 'channel';
  if (body.stream_options !== undefined && typeof body.stream_options.exclude_aggregated_audio !== 'boolean') return 'stream_options';
  if (body.stream !== true) return 'this fake streams only';
  return null;
}

async function stream(response: ServerResponse, mode: string | undefined, body: Json, seen: { aggregatedSent: boolean[] }) {
  const trace_id = randomUUID();
  const event = (payload: object, status_msg = '') =>
    response.write(`data: ${JSON.stringify({ ...payload, trace_id, base_resp: { status_code: 0, status_msg } })}\n\n`);
  if (body.text.includes(MINIMAX_SENSITIVE)) {
    response.end(`data: ${JSON.stringify({ trace_id, base_resp: { status_code: 1026, status_msg: 'input new_sensitive' } })}\n\n`);
    return;
  }
  const audio = pcmLe(tone(1600));
  const whole = await streamTtsChunks(mode, httpPeer(response), (q) =>
    event({ data: { audio: audio.subarray(q * 800, q * 800 + 800).toString('hex'), status: 1, ced: '' } }),
  );
  if (!whole) return;
  const aggregated = body.stream_options?.exclude_aggregated_audio !== true;
  seen.aggregatedSent.push(aggregated);
  event(
    {
      data: { audio: aggregated ? audio.toString('hex') : '', status: 2, ced: '' },
      extra_info: {
        audio_length: 200,
        audio_sample_rate: body.audio_setting.sample_rate,
        audio_size: audio.length,
        bitrate: 128000,
        word_count: body.text.length,
        invisible_character_ratio: 0,
        usage_characters: body.text.length,
        audio_format: body.audio_setting.format,
        audio_channel: 1,
      },
    },
    'success',
  );
  response.end();
}
