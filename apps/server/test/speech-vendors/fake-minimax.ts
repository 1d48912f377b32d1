import { httpPeer, pcmLe, startFakeVendor, streamTtsChunks, tone } from './fake-vendor.ts';

export const MINIMAX_KEY = 'minimax-good-key';

/**
 * MiniMax T2A v2, faked: POST with `stream: true` answered as server-sent events whose `data.audio` is
 * hex PCM (`status: 1`), closed by a `status: 2` event repeating the whole audio. A wrong key answers
 * HTTP 200 with `base_resp.status_code` 1004, as MiniMax does.
 */
export async function startFakeMinimax() {
  const seen = { bodies: [] as Array<Record<string, unknown>>, urls: [] as string[] };
  const fake = await startFakeVendor({
    http: async (request, body, response) => {
      seen.bodies.push(JSON.parse(body.toString('utf8')));
      seen.urls.push(request.url!);
      const mode = request.url!.split('/')[1];
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      if (request.headers.authorization !== `Bearer ${MINIMAX_KEY}`) {
        response.end(
          `data: ${JSON.stringify({ data: null, base_resp: { status_code: 1004, status_msg: 'login fail: Please carry the API secret key' } })}\n\n`,
        );
        return;
      }
      const audio = pcmLe(tone(1600));
      const event = (payload: object) =>
        response.write(`data: ${JSON.stringify({ ...payload, base_resp: { status_code: 0, status_msg: '' } })}\n\n`);
      const whole = await streamTtsChunks(mode, httpPeer(response), (q) =>
        event({ data: { audio: audio.subarray(q * 800, q * 800 + 800).toString('hex'), status: 1 } }),
      );
      if (!whole) return;
      event({ data: { audio: audio.toString('hex'), status: 2 }, extra_info: { audio_sample_rate: 8000 } });
      response.end();
    },
  });
  return { fake, seen };
}
