import { parseBinaryMessage, parseTextMessage } from '../../src/speech/vendors/azure/azure-stt-messages.ts';
import { httpPeer, pcmLe, startFakeVendor, streamTtsChunks, tone } from './fake-vendor.ts';

export const AZURE_KEY = 'azure-good-key';

/**
 * Azure Speech, faked: REST TTS answering `raw-8khz-16bit-mono-pcm` in chunks, and the STT WebSocket
 * protocol (speech.config, audio messages with a WAV header first, an empty one to end; answers
 * turn.start, speech.hypothesis, speech.phrase, turn.end). The first path segment picks a behaviour:
 * `ok`, `drop` (the connection dies mid-stream) or `slow` (audio never ends: for cancelling).
 */
export async function startFakeAzure() {
  const seen = {
    ssml: [] as string[],
    outputFormats: [] as string[],
    languages: [] as string[],
    audioBytes: 0,
    wavHeader: false,
    configs: 0,
  };
  const fake = await startFakeVendor({
    authorize: (request) => request.headers['ocp-apim-subscription-key'] === AZURE_KEY,
    http: async (request, body, response) => {
      seen.ssml.push(body.toString('utf8'));
      seen.outputFormats.push(String(request.headers['x-microsoft-outputformat']));
      const mode = request.url!.split('/')[1];
      response.writeHead(200, { 'content-type': 'audio/basic' });
      const audio = pcmLe(tone(1600));
      // An odd split, so samples straddle network chunks.
      const whole = await streamTtsChunks(mode, httpPeer(response), (q) => response.write(audio.subarray(q * 800, q * 800 + 800)));
      if (whole) response.end();
    },
    ws: (socket, request) => {
      const url = new URL(request.url!, 'http://x');
      seen.languages.push(url.searchParams.get('language') ?? '');
      const mode = url.pathname.split('/')[1];
      let frames = 0;
      let requestId = '';
      const send = (path: string, body: object) =>
        socket.send(
          `X-RequestId:${requestId}\r\nContent-Type:application/json; charset=utf-8\r\nPath:${path}\r\n\r\n${JSON.stringify(body)}`,
        );
      socket.on('message', (data: Buffer, binary: boolean) => {
        if (!binary) {
          const message = parseTextMessage(data.toString('utf8'));
          if (message.path === 'speech.config') seen.configs++;
          return;
        }
        const { headers, payload } = parseBinaryMessage(data);
        requestId = headers['x-requestid'] ?? '';
        if (payload.subarray(0, 4).toString('ascii') === 'RIFF') {
          seen.wavHeader = true;
          send('turn.start', { context: { serviceTag: 'fake' } });
          return;
        }
        if (payload.length === 0) {
          // 100 ns ticks: offset 200 ms, duration 600 ms.
          send('speech.phrase', {
            RecognitionStatus: 'Success',
            Offset: 2_000_000,
            Duration: 6_000_000,
            NBest: [{ Confidence: 0.93, Display: 'Yes, I am interested.' }],
          });
          send('turn.end', {});
          return;
        }
        seen.audioBytes += payload.length;
        frames++;
        if (frames === 5) send('speech.hypothesis', { Text: 'yes i am', Offset: 2_000_000, Duration: 3_000_000 });
        if (frames === 8 && mode === 'drop') socket.terminate();
      });
    },
  });
  return { fake, seen };
}
