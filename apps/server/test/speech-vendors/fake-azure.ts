import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WebSocket } from 'ws';
import { httpPeer, pcmLe, startFakeVendor, streamTtsChunks, tone } from './fake-vendor.ts';

export const AZURE_KEY = 'azure-good-key';
export const AZURE_VOICES = [
  'en-US-JennyNeural',
  'en-US-Ava:DragonHDLatestNeural',
  'zh-CN-XiaoxiaoNeural',
  'zh-CN-shaanxi-XiaoniNeural',
  'id-ID-GadisNeural',
  'ms-MY-YasminNeural',
  'en-SG-LunaNeural',
];
const OUTPUT_FORMATS = [
  'raw-8khz-16bit-mono-pcm',
  'raw-16khz-16bit-mono-pcm',
  'riff-8khz-16bit-mono-pcm',
  'audio-16khz-32kbitrate-mono-mp3',
];

/**
 * Azure Speech, faked from Microsoft's REST and WebSocket protocol documents, not from our code.
 *
 * TTS: `POST …/cognitiveservices/v1` with `Ocp-Apim-Subscription-Key`, `Content-Type: application/ssml+xml`,
 * `X-Microsoft-OutputFormat` (one of the documented names, else 400) and a `User-Agent`; the SSML must be a
 * `<speak version="1.0" … xml:lang>` with a `<voice name>` the region has (else 400). The body is chunked PCM.
 *
 * STT: `wss …/speech/recognition/conversation/cognitiveservices/v1?language=…&format=simple|detailed` with the
 * key and an `X-ConnectionId` (a GUID, header or query). Text messages are `Name: value` header lines (`Path`, `X-RequestId`
 * of 32 hex, `X-Timestamp`, `Content-Type`), a blank line and JSON; binary messages a 2-byte big-endian
 * header length, those headers with `Path: audio`, then audio. `speech.config` must come before any audio and
 * the first audio message must be a RIFF/WAVE header for 16-bit mono PCM at 8 or 16 kHz: otherwise the
 * service closes with 1007 and a reason, as it does. It answers `turn.start`, `speech.startDetected`,
 * `speech.hypothesis`, `speech.phrase` (detailed: `NBest` with `Display`, `Confidence`; offsets in 100 ns
 * ticks; `InitialSilenceTimeout` for silence) and `turn.end`. The URL's first segment: `ok`, `slow`, `drop`,
 * `error` (a phrase with `RecognitionStatus: Error`).
 */
export async function startFakeAzure() {
  const seen = {
    ssml: [] as string[],
    outputFormats: [] as string[],
    languages: [] as string[],
    audioBytes: 0,
    wavHeader: false,
    configs: 0,
    /** Turns answered InitialSilenceTimeout whose socket the client then closed. */
    silentTurnsClosed: 0,
  };
  const fake = await startFakeVendor({
    authorize: (request) => request.headers['ocp-apim-subscription-key'] === AZURE_KEY,
    http: async (request, body, response) => {
      seen.ssml.push(body.toString('utf8'));
      seen.outputFormats.push(String(request.headers['x-microsoft-outputformat']));
      await tts(request, body.toString('utf8'), response);
    },
    refuse: (request) => {
      if (!request.url!.includes('/speech/recognition/') && !request.headers.upgrade) return null;
      const url = new URL(request.url!, 'http://x');
      const connection = request.headers['x-connectionid'] ?? url.searchParams.get('X-ConnectionId');
      if (!/^[0-9A-Fa-f]{32}$/.test(String(connection ?? '').replaceAll('-', '')))
        return { status: 400, body: '{"error":"X-ConnectionId is missing or malformed"}' };
      if (!/^[a-z]{2,3}-[A-Z]{2}$/.test(url.searchParams.get('language') ?? ''))
        return { status: 400, body: '{"error":"language is missing or malformed"}' };
      if (!['simple', 'detailed', null].includes(url.searchParams.get('format')))
        return { status: 400, body: '{"error":"format must be simple or detailed"}' };
      return null;
    },
    ws: (socket, request) => {
      seen.languages.push(new URL(request.url!, 'http://x').searchParams.get('language') ?? '');
      stt(socket, request, seen);
    },
  });
  return { fake, seen };
}

// ---------- TTS ----------

async function tts(request: IncomingMessage, ssml: string, response: ServerResponse) {
  const mode = request.url!.split('/')[1];
  const bad = (status: number, message: string) => {
    response.writeHead(status, { 'content-type': 'text/plain' }).end(message);
  };
  if (!String(request.headers['content-type']).startsWith('application/ssml+xml'))
    return bad(415, 'Content-Type must be application/ssml+xml');
  if (!request.headers['user-agent']) return bad(400, 'User-Agent is required');
  if (!OUTPUT_FORMATS.includes(String(request.headers['x-microsoft-outputformat']))) return bad(400, 'Unsupported output format');
  if (!/^<speak [^>]*version="1\.0"[^>]*xml:lang="[a-z]{2,3}-[A-Z]{2}"[^>]*>[\s\S]*<\/speak>$/.test(ssml.trim()))
    return bad(400, 'Invalid SSML');
  const voice = /<voice [^>]*name="([^"]+)"/.exec(ssml)?.[1];
  if (!voice || !AZURE_VOICES.includes(voice)) return bad(400, `Unsupported voice ${voice}.`);
  response.writeHead(200, { 'content-type': 'audio/x-wav' });
  const audio = pcmLe(tone(1600));
  const whole = await streamTtsChunks(mode, httpPeer(response), (q) => response.write(audio.subarray(q * 800, q * 800 + 800)));
  if (whole) response.end();
}

// ---------- STT ----------

/** `Name: value` lines up to a blank line; names compared case-insensitively. */
function headerLines(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\r\n')) {
    const at = line.indexOf(':');
    if (at > 0) out[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return out;
}

function validHeaders(h: Record<string, string>): boolean {
  return /^[0-9A-Fa-f]{32}$/.test(h['x-requestid'] ?? '') && !Number.isNaN(Date.parse(h['x-timestamp'] ?? '')) && Boolean(h.path);
}

function stt(
  socket: WebSocket,
  request: IncomingMessage,
  seen: { audioBytes: number; wavHeader: boolean; configs: number; silentTurnsClosed: number },
) {
  const mode = new URL(request.url!, 'http://x').pathname.split('/')[1];
  const close = (reason: string) => socket.close(1007, reason);
  let configured = false;
  let audioMessages = 0;
  let samples = 0;
  let loud = false;
  let requestId = '';
  let silent = false;
  socket.on('close', () => {
    if (silent) seen.silentTurnsClosed++;
  });
  const send = (path: string, body: object) =>
    socket.send(`X-RequestId:${requestId}\r\nContent-Type:application/json; charset=utf-8\r\nPath:${path}\r\n\r\n${JSON.stringify(body)}`);
  socket.on('message', (data: Buffer, binary: boolean) => {
    if (!binary) {
      const text = data.toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const headers = headerLines(split >= 0 ? text.slice(0, split) : text);
      if (split < 0 || !validHeaders(headers)) return close('Invalid message: headers');
      if (headers.path?.toLowerCase() === 'speech.config') {
        try {
          JSON.parse(text.slice(split + 4));
        } catch {
          return close('Invalid speech.config: not JSON');
        }
        configured = true;
        seen.configs++;
      }
      return;
    }
    if (data.length < 2) return close('Invalid message: binary header length');
    const length = data.readUInt16BE(0);
    const headers = headerLines(data.subarray(2, 2 + length).toString('ascii'));
    const audio = data.subarray(2 + length);
    if (!validHeaders(headers) || headers.path?.toLowerCase() !== 'audio') return close('Invalid message: audio headers');
    if (!configured) return close('speech.config must be sent before audio');
    requestId = headers['x-requestid']!;
    audioMessages++;
    if (audioMessages === 1) {
      const wav =
        audio.length >= 44 &&
        audio.toString('ascii', 0, 4) === 'RIFF' &&
        audio.toString('ascii', 8, 12) === 'WAVE' &&
        audio.readUInt16LE(20) === 1 &&
        audio.readUInt16LE(22) === 1 &&
        [8000, 16000].includes(audio.readUInt32LE(24)) &&
        audio.readUInt16LE(34) === 16;
      if (!wav) return close('Unsupported audio format');
      seen.wavHeader = true;
      send('turn.start', { context: { serviceTag: 'fake-service-tag' } });
      return;
    }
    if (audio.length === 0) {
      if (mode === 'error') send('speech.phrase', { RecognitionStatus: 'Error', Offset: 0, Duration: 0 });
      else if (!loud) {
        silent = true;
        send('speech.phrase', { RecognitionStatus: 'InitialSilenceTimeout', Offset: 0, Duration: samples * 1250 });
      }
      // 100 ns ticks: offset 200 ms, duration 600 ms.
      else
        send('speech.phrase', {
          RecognitionStatus: 'Success',
          Offset: 2_000_000,
          Duration: 6_000_000,
          NBest: [
            {
              Confidence: 0.93,
              Lexical: 'yes i am interested',
              ITN: 'yes i am interested',
              MaskedITN: 'yes i am interested',
              Display: 'Yes, I am interested.',
            },
          ],
        });
      send('speech.endDetected', { Offset: samples * 1250 });
      send('turn.end', {});
      return;
    }
    seen.audioBytes += audio.length;
    samples += audio.length / 2;
    for (let i = 0; i + 1 < audio.length && !loud; i += 2) if (Math.abs(audio.readInt16LE(i)) > 300) loud = true;
    if (audioMessages === 3 && loud) send('speech.startDetected', { Offset: 2_000_000 });
    if (audioMessages === 6) send('speech.hypothesis', { Text: 'yes i am', Offset: 2_000_000, Duration: 3_000_000 });
    if (audioMessages === 9 && mode === 'drop') socket.terminate();
  });
}
