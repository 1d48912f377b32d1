import { linearToMulaw } from '../../src/speech/vendors/shared/audio.ts';
import { httpPeer, startFakeVendor, streamTtsChunks, tone } from './fake-vendor.ts';

export const ELEVEN_KEY = 'eleven-good-key';

/**
 * ElevenLabs, faked: streaming TTS (`/v1/text-to-speech/<voice>/stream?output_format=ulaw_8000`,
 * `xi-api-key`) answering raw μ-law bytes in chunks, and Scribe realtime STT over WebSocket
 * (`input_audio_chunk` with base64 PCM, `commit: true` → `committed_transcript_with_timestamps`).
 * A wrong key: HTTP 401 for TTS; an `auth_error` message then close for STT.
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
      seen.ttsBodies.push(JSON.parse(body.toString('utf8')));
      if (request.headers['xi-api-key'] !== ELEVEN_KEY) {
        response
          .writeHead(401, { 'content-type': 'application/json' })
          .end('{"detail":{"status":"invalid_api_key","message":"Invalid API key"}}');
        return;
      }
      const mode = request.url!.split('/')[1];
      const ulaw = Buffer.from(Array.from(tone(1600), linearToMulaw));
      response.writeHead(200, { 'content-type': 'audio/basic' });
      const whole = await streamTtsChunks(mode, httpPeer(response), (q) => response.write(ulaw.subarray(q * 400, q * 400 + 400)));
      if (whole) response.end();
    },
    ws: (socket, request) => {
      seen.sttQueries.push(request.url!);
      const mode = request.url!.split('/')[1];
      if (request.headers['xi-api-key'] !== ELEVEN_KEY) {
        socket.send(JSON.stringify({ message_type: 'auth_error', error: 'You must be authenticated to use this endpoint.' }));
        socket.close(1008);
        return;
      }
      socket.send(JSON.stringify({ message_type: 'session_started', session_id: 'fake', config: { sample_rate: 8000 } }));
      let chunks = 0;
      socket.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString('utf8')) as { message_type: string; audio_base_64: string; commit: boolean };
        seen.sttBytes += Buffer.from(message.audio_base_64, 'base64').length;
        chunks++;
        if (mode === 'drop' && chunks === 4) return socket.terminate();
        if (chunks === 3) socket.send(JSON.stringify({ message_type: 'partial_transcript', text: 'call me' }));
        if (message.commit) {
          seen.commits++;
          socket.send(JSON.stringify({ message_type: 'committed_transcript', text: 'Call me tomorrow.' }));
          socket.send(
            JSON.stringify({
              message_type: 'committed_transcript_with_timestamps',
              text: 'Call me tomorrow.',
              words: [
                { text: 'Call', start: 0.24, end: 0.4, type: 'word' },
                { text: ' ', start: 0.4, end: 0.42, type: 'spacing' },
                { text: 'tomorrow.', start: 0.6, end: 1.05, type: 'word' },
              ],
            }),
          );
        }
      });
    },
  });
  return { fake, seen };
}
