import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WebSocket } from 'ws';
import { httpPeer, startFakeVendor, streamTtsChunks, tone } from './fake-vendor.ts';

export const ELEVEN_KEY = 'eleven-good-key';
export const ELEVEN_VOICES = ['JBFqnCBsd6RMkjVDRZzb', '21m00Tcm4TlvDq8ikWAM'];

/** Every error `message_type` of Scribe realtime (the Python SDK's `RealtimeEvents` error events). */
export const SCRIBE_ERROR_TYPES = [
  'error',
  'auth_error',
  'quota_exceeded',
  'commit_throttled',
  'transcriber_error',
  'unaccepted_terms_error',
  'rate_limited',
  'input_error',
  'queue_overflow',
  'resource_exhausted',
  'session_time_limit_exceeded',
  'chunk_size_exceeded',
  'insufficient_audio_activity',
] as const;

const OUTPUT_FORMATS = [
  'mp3_22050_32',
  'mp3_44100_64',
  'mp3_44100_128',
  'pcm_8000',
  'pcm_16000',
  'pcm_22050',
  'pcm_24000',
  'pcm_44100',
  'pcm_48000',
  'ulaw_8000',
  'alaw_8000',
  'opus_48000_64',
];
const TTS_MODELS = ['eleven_flash_v2_5', 'eleven_turbo_v2_5', 'eleven_multilingual_v2', 'eleven_v3'];
/** Scribe realtime's `audio_format` values and the sample rate each means (the SDK's `AudioFormat`). */
const STT_FORMATS: Record<string, number> = {
  pcm_8000: 8000,
  pcm_16000: 16000,
  pcm_22050: 22050,
  pcm_24000: 24000,
  pcm_44100: 44100,
  pcm_48000: 48000,
  ulaw_8000: 8000,
};

/**
 * ElevenLabs, faked from its API reference and its Python SDK, not from our code.
 *
 * TTS: `POST /v1/text-to-speech/<voice_id>/stream?output_format=…` with `xi-api-key` and `{text, model_id}`;
 * `ulaw_8000` answers raw G.711 μ-law bytes (encoded here from the ITU table). Refusals in ElevenLabs'
 * shapes: 401 `invalid_api_key`, 404 `voice_not_found`, 400 `model_not_found`, 422 for a bad query or body.
 *
 * Scribe realtime: `wss …/v1/speech-to-text/realtime?model_id&audio_format&commit_strategy&include_timestamps
 * &language_code` with `xi-api-key`. A bad key: `auth_error` then close; bad query: `input_error` then close;
 * otherwise `session_started` with the config. `input_audio_chunk` {audio_base_64, commit, sample_rate,
 * previous_text?} is checked (the rate must match `audio_format`, `previous_text` only with the first chunk);
 * `partial_transcript` every third chunk; a commit needs 0.3 s of uncommitted audio (`commit_throttled`, then
 * the socket closes as the service does) and some speech in it (`insufficient_audio_activity`), and answers
 * `committed_transcript` and, with timestamps on, `committed_transcript_with_timestamps`.
 * The URL's first path segment picks a behaviour: `ok`, `slow`, `drop`, `entities` (a
 * `committed_transcript_entities` after each commit, as entity detection sends), or `err-<type>` (that error
 * message after the first chunk, then close).
 */
export async function startFakeElevenLabs() {
  const seen = {
    ttsUrls: [] as string[],
    ttsBodies: [] as Array<Record<string, unknown>>,
    sttQueries: [] as string[],
    sttBytes: 0,
    commits: 0,
  };
  const fake = await startFakeVendor({
    http: async (request, body, response) => {
      seen.ttsUrls.push(request.url!);
      await tts(request, body, response, seen);
    },
    ws: (socket, request) => {
      seen.sttQueries.push(request.url!);
      stt(socket, request, seen);
    },
  });
  return { fake, seen };
}

// ---------- TTS ----------

const json = (response: ServerResponse, status: number, body: object) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

async function tts(request: IncomingMessage, raw: Buffer, response: ServerResponse, seen: { ttsBodies: Array<Record<string, unknown>> }) {
  const url = new URL(request.url!, 'http://x');
  const mode = url.pathname.split('/')[1];
  const voice = /\/text-to-speech\/([^/]+)\/stream$/.exec(url.pathname)?.[1];
  if (request.headers['xi-api-key'] !== ELEVEN_KEY)
    return json(response, 401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
  let body: { text?: unknown; model_id?: unknown };
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return json(response, 422, { detail: [{ type: 'json_invalid', loc: ['body'], msg: 'JSON decode error' }] });
  }
  seen.ttsBodies.push(body as Record<string, unknown>);
  const format = url.searchParams.get('output_format') ?? 'mp3_44100_128';
  if (!OUTPUT_FORMATS.includes(format))
    return json(response, 422, {
      detail: [{ type: 'enum', loc: ['query', 'output_format'], msg: `Input should be one of ${OUTPUT_FORMATS.join(', ')}` }],
    });
  if (typeof body.text !== 'string' || !body.text.trim())
    return json(response, 422, { detail: [{ type: 'missing', loc: ['body', 'text'], msg: 'Field required' }] });
  if (body.model_id !== undefined && !TTS_MODELS.includes(String(body.model_id)))
    return json(response, 400, {
      detail: { status: 'model_not_found', message: `A model with model ID ${body.model_id} does not exist.` },
    });
  if (!voice || !ELEVEN_VOICES.includes(voice))
    return json(response, 404, { detail: { status: 'voice_not_found', message: `A voice with voice_id ${voice} was not found.` } });
  if (format !== 'ulaw_8000') return json(response, 500, { detail: { status: 'fake', message: 'this fake speaks ulaw_8000 only' } });
  const ulaw = Buffer.from(Array.from(tone(1600), g711Ulaw));
  response.writeHead(200, { 'content-type': 'audio/basic' });
  const whole = await streamTtsChunks(mode, httpPeer(response), (q) => response.write(ulaw.subarray(q * 400, q * 400 + 400)));
  if (whole) response.end();
}

/** Linear 16-bit → G.711 μ-law by the ITU-T segment table (bias 132, clip 32635). */
const SEGMENT_ENDS = [0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff, 0x1fff, 0x3fff, 0x7fff];
function g711Ulaw(sample: number): number {
  const negative = sample < 0;
  const biased = Math.min(Math.abs(sample), 32635) + 132;
  const segment = SEGMENT_ENDS.findIndex((end) => biased <= end);
  const mantissa = (biased >> (segment + 3)) & 0x0f;
  return (negative ? 0x7f : 0xff) ^ ((segment << 4) | mantissa);
}

// ---------- Scribe realtime ----------

function stt(socket: WebSocket, request: IncomingMessage, seen: { sttBytes: number; commits: number }) {
  const url = new URL(request.url!, 'http://x');
  const mode = url.pathname.split('/')[1] ?? '';
  const q = url.searchParams;
  const send = (message: object) => socket.send(JSON.stringify(message));
  const refuse = (message_type: string, error: string, code = 1008) => {
    send({ message_type, error });
    socket.close(code, message_type);
  };
  if (request.headers['xi-api-key'] !== ELEVEN_KEY) return refuse('auth_error', 'You must be authenticated to use this endpoint.');
  const rate = STT_FORMATS[q.get('audio_format') ?? 'pcm_16000'];
  if (q.get('model_id') !== 'scribe_v2_realtime') return refuse('input_error', `Invalid model_id: ${q.get('model_id')}`);
  if (!rate) return refuse('input_error', `Invalid audio_format: ${q.get('audio_format')}`);
  if (!['manual', 'vad'].includes(q.get('commit_strategy') ?? 'manual')) return refuse('input_error', 'Invalid commit_strategy');
  const language = q.get('language_code');
  if (language !== null && !/^[a-z]{2,3}$/.test(language)) return refuse('input_error', `Invalid language_code: ${language}`);
  const timestamps = q.get('include_timestamps') === 'true';
  send({
    message_type: 'session_started',
    session_id: 'fake-session',
    config: {
      sample_rate: rate,
      audio_format: q.get('audio_format'),
      language_code: language,
      commit_strategy: q.get('commit_strategy') ?? 'manual',
      include_timestamps: timestamps,
      model_id: 'scribe_v2_realtime',
    },
  });
  let chunks = 0;
  let uncommitted: Buffer[] = [];
  socket.on('message', (data: Buffer) => {
    let m: { message_type?: string; audio_base_64?: unknown; commit?: unknown; sample_rate?: unknown; previous_text?: unknown };
    try {
      m = JSON.parse(data.toString('utf8'));
    } catch {
      return refuse('input_error', 'Invalid JSON');
    }
    if (m.message_type !== 'input_audio_chunk') return refuse('input_error', `Unknown message_type: ${m.message_type}`);
    if (typeof m.audio_base_64 !== 'string' || typeof m.commit !== 'boolean' || typeof m.sample_rate !== 'number')
      return refuse('input_error', 'audio_base_64, commit and sample_rate are required');
    if (m.sample_rate !== rate)
      return refuse('input_error', `sample_rate ${m.sample_rate} does not match audio_format ${q.get('audio_format')}`);
    if (m.previous_text != null && chunks > 0) return refuse('input_error', 'previous_text can only be sent with the first audio chunk');
    const audio = Buffer.from(m.audio_base_64, 'base64');
    chunks++;
    seen.sttBytes += audio.length;
    uncommitted.push(audio);
    if (mode.startsWith('err-')) return refuse(mode.slice(4), `a ${mode.slice(4)} as the service sends it`, 1000);
    if (mode === 'drop' && chunks === 4) return socket.terminate();
    if (chunks === 3) send({ message_type: 'partial_transcript', text: 'call me' });
    if (!m.commit) return;
    const pending = Buffer.concat(uncommitted);
    const seconds = pending.length / 2 / rate;
    if (seconds < 0.3)
      return refuse(
        'commit_throttled',
        `Commit request ignored: only ${seconds.toFixed(2)}s of uncommitted audio. You need at least 0.3s of uncommitted audio before committing.`,
        1000,
      );
    if (rms(pending) < 100) return refuse('insufficient_audio_activity', 'No speech was detected in the committed audio.', 1000);
    uncommitted = [];
    seen.commits++;
    send({ message_type: 'committed_transcript', text: 'Call me tomorrow.' });
    if (timestamps)
      send({
        message_type: 'committed_transcript_with_timestamps',
        text: 'Call me tomorrow.',
        language_code: language ?? 'en',
        words: [
          { text: 'Call', start: 0.24, end: 0.4, type: 'word', logprob: -0.1 },
          { text: ' ', start: 0.4, end: 0.42, type: 'spacing', logprob: 0 },
          { text: 'tomorrow.', start: 0.6, end: 1.05, type: 'word', logprob: -0.2 },
        ],
      });
    if (mode === 'entities') send({ message_type: 'committed_transcript_entities', text: 'Call me tomorrow.', entities: [] });
  });
}

function rms(pcm: Buffer): number {
  let sum = 0;
  for (let i = 0; i + 1 < pcm.length; i += 2) sum += pcm.readInt16LE(i) ** 2;
  return Math.sqrt(sum / Math.max(1, pcm.length / 2));
}
