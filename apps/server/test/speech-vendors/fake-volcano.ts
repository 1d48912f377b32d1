import type { IncomingMessage } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { WebSocket } from 'ws';
import { pcmLe, sleep, startFakeVendor, tone } from './fake-vendor.ts';

// biome-ignore lint/suspicious/noExplicitAny: requests are read as loosely as the vendor reads them
type Json = any;

export const VOLC_APP_ID = 'app-1';
export const VOLC_TOKEN = 'volc-good-token';
/** The ASR resource this fake account was granted (the hour-billed one). */
export const VOLC_GRANTED_RESOURCE = 'volc.bigasr.sauc.duration';
/** Voice types the fake account may use, per cluster. */
export const VOLC_VOICES: Record<string, string[]> = {
  volcano_tts: ['BV700_streaming', 'zh_female_shuangkuaisisi_moon_bigtts'],
  volcano_icl: ['S_clone_voice_1'],
};

/**
 * Volcano Engine openspeech, faked from its two protocol documents and the TTS demo, not from our code:
 *
 * Frames (both documents): a 4-byte header — version 1 | header size 1, type | flags, serialization |
 * compression, reserved — then a sequence (when the flags say so) or an error code, a big-endian payload
 * size, the payload. Types: 0b0001 full client request, 0b0010 audio-only request, 0b1001 full server
 * response, 0b1011 audio-only server response, 0b1111 error.
 *
 * TTS (`/api/v1/tts/ws_binary`, doc 6561/79821): `Authorization: Bearer; <token>`; one full client request
 * (flags 0000, JSON) with app.appid/token/cluster, user.uid, audio.voice_type/encoding/rate, request.reqid
 * (unique)/text (≤ 1024 bytes)/operation `submit`; answered by an ACK (type 1011, flags 0000, no sequence),
 * audio-only responses with positive sequences, the last with a negative one (flags 0b0011, or 0b0010 as the
 * document also allows). Refusals are error frames with the document's codes (3001 invalid request, 3010 text
 * too long, 3050 voice not found; "requested grant not found" for a wrong token).
 *
 * ASR (`/api/v3/sauc/bigmodel[_nostream]`, doc 6561/1354869): X-Api-App-Key, X-Api-Access-Key,
 * X-Api-Resource-Id (a resource not granted is refused at the upgrade), X-Api-Connect-Id; the first message
 * must be the full client request (rate 16000 only, 16 bits, `model_name: bigmodel`, `language` only on
 * `bigmodel_nostream`, direct hot words ≤ 100 tokens on the bidirectional endpoint); every request is
 * answered with a full server response (the client's compression, sequence 1, 2, …); the last audio packet
 * (flags 0b0010) with the last response. Errors: 45000001 invalid parameters, 45000002 empty audio.
 *
 * The URL's first path segment picks how the fake answers: `ok`; `slow` (TTS audio never ends); `drop`
 * (the socket dies mid-stream); `raw`, `echo`, `gzip` (TTS audio payload sent raw, raw under gzip bits as
 * the demo implies, or really gzipped); `last2` (TTS last frame flags 0b0010; ASR last response flags
 * 0b0010 with no sequence); `docseq` (ASR last response with flags 0b0011 and a positive sequence, as the
 * document's own example writes it).
 */
export async function startFakeVolcano() {
  const seen = {
    ttsRequests: [] as Json[],
    asrRequests: [] as Json[],
    asrHeaders: [] as Record<string, unknown>[],
    asrSamples: 0,
    lastFlagSeen: false,
    reqids: new Set<string>(),
  };
  const fake = await startFakeVendor({
    // The TTS service answers a missing Authorization at the upgrade; the ASR service checks its key headers there.
    authorize: (request) =>
      request.url!.includes('sauc')
        ? request.headers['x-api-app-key'] === VOLC_APP_ID && request.headers['x-api-access-key'] === VOLC_TOKEN
        : typeof request.headers.authorization === 'string',
    refuse: (request) => {
      const resource = request.headers['x-api-resource-id'];
      if (!request.url!.includes('sauc') || resource === VOLC_GRANTED_RESOURCE) return null;
      return { status: 403, body: JSON.stringify({ error: `[resource_id=${resource ?? ''}] requested resource not granted` }) };
    },
    upgradeHeaders: () => ['X-Tt-Logid: 20261129050000FAKEFAKEFAKE0001'],
    ws: (socket, request) => {
      if (request.url!.includes('sauc')) asr(socket, request, seen);
      else tts(socket, request, seen);
    },
  });
  return { fake, seen };
}

// ---------- the wire, as the documents draw it ----------

interface Message {
  type: number;
  flags: number;
  sequence: number | null;
  serialization: number;
  compression: number;
  payload: Buffer;
}

/** Reads a client message. The client side of both documents: a sequence only with flags 0b0001/0b0011. */
function readClient(data: Buffer): Message {
  const headerSize = (data[0]! & 0x0f) * 4;
  if (data[0]! >> 4 !== 1 || headerSize < 4) throw new Error('protocol version or header size');
  const type = data[1]! >> 4;
  const flags = data[1]! & 0x0f;
  const serialization = data[2]! >> 4;
  const compression = data[2]! & 0x0f;
  let at = headerSize;
  let sequence: number | null = null;
  if (flags === 0b0001 || flags === 0b0011) {
    sequence = data.readInt32BE(at);
    at += 4;
  }
  const size = data.readUInt32BE(at);
  const body = data.subarray(at + 4, at + 4 + size);
  if (body.length !== size) throw new Error('payload size');
  return { type, flags, sequence, serialization, compression, payload: compression === 1 ? gunzipSync(body) : body };
}

function u32(n: number, signed = false) {
  const b = Buffer.alloc(4);
  if (signed) b.writeInt32BE(n);
  else b.writeUInt32BE(n);
  return b;
}

/** A server message; the payload is written as given (already compressed when `compression` says so). */
function writeServer(type: number, flags: number, serialization: number, compression: number, payload: Buffer, sequence?: number) {
  const parts: Buffer[] = [Buffer.from([0x11, (type << 4) | flags, (serialization << 4) | compression, 0x00])];
  if (sequence !== undefined) parts.push(u32(sequence, true));
  parts.push(u32(payload.length), payload);
  return Buffer.concat(parts);
}

/** An error frame as the ASR document's example writes it: flags 0000, JSON, no compression. */
function errorFrame(code: number, message: string, extra: object = {}) {
  const body = Buffer.from(JSON.stringify({ code, message, ...extra }));
  return Buffer.concat([Buffer.from([0x11, 0xf0, 0x10, 0x00]), u32(code), u32(body.length), body]);
}

// ---------- TTS ----------

function tts(socket: WebSocket, request: IncomingMessage, seen: { ttsRequests: Json[]; reqids: Set<string> }) {
  const mode = request.url!.split('/')[1];
  const fail = (code: number, message: string, reqid?: string) => {
    socket.send(errorFrame(code, message, reqid ? { reqid } : {}));
    socket.close();
  };
  let started = false;
  socket.on('message', async (data: Buffer) => {
    if (started) return fail(3001, 'invalid request: one synthesis per connection');
    started = true;
    let message: Message;
    let body: Json;
    try {
      message = readClient(data);
      body = JSON.parse(message.payload.toString('utf8'));
    } catch (error) {
      return fail(3001, `invalid request: ${(error as Error).message}`);
    }
    seen.ttsRequests.push(body);
    if (message.type !== 0b0001 || message.flags !== 0 || message.serialization !== 1)
      return fail(3001, 'invalid request: expected a full client request in JSON');
    if (request.headers.authorization !== `Bearer; ${VOLC_TOKEN}` || body.app?.appid !== VOLC_APP_ID)
      return fail(3001, 'authenticate request: load grant: requested grant not found');
    const reqid = body.request?.reqid;
    if (!body.app?.token || !body.user?.uid || !reqid)
      return fail(3001, 'invalid request: app.token, user.uid and request.reqid are required');
    if (seen.reqids.has(reqid)) return fail(3006, 'service interrupted: reqid already used', reqid);
    seen.reqids.add(reqid);
    if (body.request.operation !== 'submit') return fail(3001, 'invalid request: operation must be submit on the WebSocket', reqid);
    if (!['wav', 'pcm', 'ogg_opus', 'mp3'].includes(body.audio?.encoding ?? 'pcm')) return fail(3001, 'invalid request: encoding', reqid);
    if (![8000, 16000, 24000].includes(body.audio?.rate ?? 24000)) return fail(3001, 'invalid request: rate', reqid);
    const text = String(body.request.text ?? '');
    if (!text.trim()) return fail(3011, 'illegal input text!', reqid);
    if (Buffer.byteLength(text) > 1024) return fail(3010, 'text too long', reqid);
    const voices = VOLC_VOICES[body.app.cluster];
    if (!voices) return fail(3031, 'Fail to feed text, reason Init Engine Instance failed', reqid);
    if (!voices.includes(body.audio?.voice_type)) return fail(3050, `voice_type ${body.audio?.voice_type} not found`, reqid);

    // ACK: an audio-only response with flags 0000 and nothing after the header.
    socket.send(Buffer.from([0x11, 0xb0, 0x00, 0x00]));
    const audio = pcmLe(tone(1600));
    for (let i = 1; i <= 4 || mode === 'slow'; i++) {
      if (socket.readyState !== socket.OPEN) return;
      const last = i === 4 && mode !== 'slow';
      const part = audio.subarray(((i - 1) % 4) * 800, ((i - 1) % 4) * 800 + 800);
      const flags = last ? (mode === 'last2' ? 0b0010 : 0b0011) : 0b0001;
      const compression = mode === 'raw' ? 0 : 1;
      const payload = mode === 'gzip' ? gzipSync(part) : part;
      socket.send(writeServer(0b1011, flags, 0, compression, payload, last ? -i : i));
      if (mode === 'drop' && i === 1) return socket.terminate();
      await sleep(mode === 'slow' ? 20 : 5);
    }
  });
}

// ---------- ASR ----------

/** Tokens as this fake's vendor counts them: a CJK character, or a word of other letters, is one. */
function vendorTokens(text: string): number {
  const cjk = text.match(/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/g)?.length ?? 0;
  const words = text.replace(/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/g, ' ').match(/[A-Za-z0-9\u00c0-\u024f]+/g)?.length ?? 0;
  return cjk + words;
}

function asr(
  socket: WebSocket,
  request: IncomingMessage,
  seen: { asrRequests: Json[]; asrHeaders: Record<string, unknown>[]; asrSamples: number; lastFlagSeen: boolean },
) {
  const url = new URL(request.url!, 'http://x');
  const mode = url.pathname.split('/')[1];
  const nostream = url.pathname.endsWith('_nostream');
  seen.asrHeaders.push(request.headers);
  let configured = false;
  let sequence = 0;
  let samples = 0;
  let packets = 0;
  let compression = 1;
  const fail = (code: number, message: string) => {
    socket.send(errorFrame(code, message));
    socket.close();
  };
  const respond = (result: object, last: boolean) => {
    sequence++;
    const json = Buffer.from(JSON.stringify({ audio_info: { duration: Math.round(samples / 16) }, result }));
    const payload = compression === 1 ? gzipSync(json) : json;
    if (last && mode === 'last2') socket.send(writeServer(0b1001, 0b0010, 1, compression, payload));
    else if (last && mode === 'docseq') socket.send(writeServer(0b1001, 0b0011, 1, compression, payload, sequence));
    else socket.send(writeServer(0b1001, last ? 0b0011 : 0b0001, 1, compression, payload, last ? -sequence : sequence));
  };
  socket.on('message', (data: Buffer) => {
    let message: Message;
    try {
      message = readClient(data);
    } catch (error) {
      return fail(45000001, `invalid request: ${(error as Error).message}`);
    }
    if (!configured) {
      if (message.type !== 0b0001) return fail(45000001, 'invalid request: the first message must be the full client request');
      let body: Json;
      try {
        body = JSON.parse(message.payload.toString('utf8'));
      } catch {
        return fail(45000001, 'invalid request: the payload is not JSON');
      }
      seen.asrRequests.push(body);
      const problem = checkAsrRequest(body, nostream);
      if (problem) return fail(45000001, `invalid request: ${problem}`);
      configured = true;
      compression = message.compression;
      return respond({ text: '' }, false);
    }
    if (message.type !== 0b0010) return fail(45000001, 'invalid request: expected an audio-only request');
    packets++;
    samples += message.payload.length / 2;
    seen.asrSamples = samples;
    const last = message.flags === 0b0010 || message.flags === 0b0011;
    if (last) seen.lastFlagSeen = true;
    if (last && samples === 0) return fail(45000002, 'empty audio');
    if (mode === 'drop' && packets === 2) return socket.terminate();
    const ms = Math.round(samples / 16);
    respond(
      {
        text: 'hello I want',
        utterances: [
          { text: 'hello', start_time: 100, end_time: 400, definite: true },
          { text: last ? 'I want the offer' : 'I want', start_time: 600, end_time: ms, definite: false },
        ],
      },
      last,
    );
    if (last) socket.close();
  });
}

function checkAsrRequest(body: Json, nostream: boolean): string | null {
  const audio = body.audio ?? {};
  const req = body.request ?? {};
  if (!['pcm', 'wav', 'ogg', 'mp3'].includes(audio.format)) return 'audio.format';
  if ((audio.rate ?? 16000) !== 16000) return `audio.rate ${audio.rate} (16000 only)`;
  if ((audio.bits ?? 16) !== 16) return 'audio.bits';
  if (![1, 2].includes(audio.channel ?? 1)) return 'audio.channel';
  if (audio.language !== undefined && !nostream) return 'audio.language is taken by bigmodel_nostream only';
  if (req.model_name !== 'bigmodel') return 'request.model_name';
  const context = req.corpus?.context;
  if (context !== undefined) {
    let parsed: Json;
    try {
      parsed = JSON.parse(context);
    } catch {
      return 'request.corpus.context is not a JSON string';
    }
    const words: string[] = (parsed.hotwords ?? []).map((h: Json) => String(h.word ?? ''));
    if (nostream && words.length > 5000) return 'more than 5000 hot words';
    const tokens = words.reduce((sum, w) => sum + vendorTokens(w), 0);
    if (!nostream && tokens > 100) return `hot words of ${tokens} tokens (100 at most)`;
  }
  return null;
}
