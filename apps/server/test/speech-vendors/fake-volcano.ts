import { gzipSync } from 'node:zlib';
import { decodeFrame, MessageType } from '../../src/speech/vendors/volcano/volcano-frame.ts';
import { pcmLe, sleep, startFakeVendor, tone } from './fake-vendor.ts';

// biome-ignore lint/suspicious/noExplicitAny: the requests are read as loosely as a vendor would
type Json = any;

export const VOLC_TOKEN = 'volc-good-token';

/** A server frame, written here independently of the adapter's encoder (header, sequence, size, gzip). */
function serverFrame(type: number, flags: number, payload: Buffer, sequence: number | null, json: boolean, errorCode?: number) {
  const body = gzipSync(payload);
  const parts = [Buffer.from([0x11, (type << 4) | flags, ((json ? 1 : 0) << 4) | 1, 0])];
  const int = (n: number, signed = false) => {
    const b = Buffer.alloc(4);
    if (signed) b.writeInt32BE(n);
    else b.writeUInt32BE(n);
    return b;
  };
  if (errorCode !== undefined) parts.push(int(errorCode));
  else if (sequence !== null) parts.push(int(sequence, true));
  parts.push(int(body.length), body);
  return Buffer.concat(parts);
}

/**
 * Volcano Engine openspeech, faked: the TTS binary WebSocket (`Authorization: Bearer; <token>`, one
 * gzipped JSON request, audio-only responses with sequence numbers, the last negative) and the
 * big-model streaming ASR (X-Api-* headers, gzipped JSON then gzipped 16 kHz PCM, full server responses
 * with utterances). Path picks the behaviour: `/ok`, `/drop`, `/slow`, `/error`.
 */
export async function startFakeVolcano() {
  const seen = {
    ttsRequests: [] as Json[],
    asrRequests: [] as Json[],
    asrHeaders: [] as Record<string, unknown>[],
    asrSamples: 0,
    lastFlagSeen: false,
  };
  const fake = await startFakeVendor({
    authorize: (request) => request.headers.authorization === `Bearer; ${VOLC_TOKEN}` || request.headers['x-api-access-key'] === VOLC_TOKEN,
    ws: (socket, request) => {
      const mode = request.url!.split('/')[1];
      const isAsr = request.url!.includes('sauc');
      if (isAsr) seen.asrHeaders.push(request.headers);
      let audioPackets = 0;
      let samples = 0;
      socket.on('message', async (data: Buffer) => {
        const frame = decodeFrame(data);
        if (!isAsr) {
          seen.ttsRequests.push(JSON.parse(frame.payload.toString('utf8')));
          if (mode === 'error') {
            socket.send(serverFrame(MessageType.error, 0, Buffer.from('{"code":3050,"message":"voice_type not found"}'), null, true, 3050));
            return;
          }
          const audio = pcmLe(tone(1600));
          for (let i = 1; i <= 4 || mode === 'slow'; i++) {
            if (socket.readyState !== socket.OPEN) return;
            const last = i === 4 && mode !== 'slow';
            const part = audio.subarray(((i - 1) % 4) * 800, ((i - 1) % 4) * 800 + 800);
            socket.send(serverFrame(MessageType.audioOnlyResponse, last ? 0b0011 : 0b0001, part, last ? -i : i, false));
            if (mode === 'drop' && i === 1) return socket.terminate();
            await sleep(mode === 'slow' ? 20 : 5);
          }
          return;
        }
        if (frame.type === MessageType.fullClientRequest) {
          seen.asrRequests.push(JSON.parse(frame.payload.toString('utf8')));
          return;
        }
        audioPackets++;
        samples += frame.payload.length / 2;
        seen.asrSamples = samples;
        const ms = Math.round(samples / 16);
        const last = frame.flags === 0b0010;
        if (last) seen.lastFlagSeen = true;
        if (mode === 'drop' && audioPackets === 2) return socket.terminate();
        const utterances = [
          { text: 'hello', start_time: 100, end_time: 400, definite: true },
          { text: last ? 'I want the offer' : 'I want', start_time: 600, end_time: ms, definite: false },
        ];
        const body = Buffer.from(JSON.stringify({ result: { text: 'hello I want', utterances } }));
        socket.send(serverFrame(MessageType.fullServerResponse, last ? 0b0011 : 0b0001, body, last ? -audioPackets : audioPackets, true));
      });
    },
  });
  return { fake, seen };
}
