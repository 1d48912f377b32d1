import type { TtsEngine, TtsRequest } from '../../engines.ts';
import { PcmAssembler } from '../shared/audio.ts';
import { resolveCredentials } from '../shared/credentials.ts';
import type { VendorDeps } from '../shared/deps.ts';
import { lines, postStream } from '../shared/http-stream.ts';
import { VendorError } from '../shared/vendor-error.ts';
import { endpoint, type ProviderProfile } from '../providers.ts';

export const MINIMAX_DEFAULT_MODEL = 'speech-02-turbo';
/** MiniMax answers HTTP 200 and says "bad key" in base_resp: 1004 (authentication failed), 2049 (invalid API key). */
const AUTH_CODES = new Set([1004, 2049]);

interface T2aChunk {
  data?: { audio?: string; status?: number } | null;
  base_resp?: { status_code?: number; status_msg?: string };
}

/**
 * MiniMax T2A v2, streamed: POST with `stream: true` and PCM at 8 kHz; the answer is server-sent
 * events whose `data.audio` is hex-encoded audio. Chunks with `status: 1` are the stream; the closing
 * `status: 2` event is asked to leave out the aggregated audio (`stream_options.exclude_aggregated_audio`),
 * and any audio it still carries is the whole sentence again, so it is skipped.
 * Docs: https://platform.minimax.io/docs/api-reference/speech-t2a-http
 */
export function minimaxTts(deps: VendorDeps, provider: string, profile: ProviderProfile): TtsEngine {
  return {
    async *synthesize({ text, voice, signal }: TtsRequest) {
      const credentials = await resolveCredentials(deps, provider, voice.credentials, ['apiKey']);
      const url = endpoint(voice.url, profile.ttsUrl);
      if (credentials.groupId) url.searchParams.set('GroupId', credentials.groupId);
      const body = JSON.stringify({
        model: voice.clusterKey || MINIMAX_DEFAULT_MODEL,
        text,
        stream: true,
        // Without it the closing `status: 2` event carries the whole sentence's audio again.
        stream_options: { exclude_aggregated_audio: true },
        voice_setting: { voice_id: voice.voiceId, speed: 1, vol: 1, pitch: 0 },
        audio_setting: { sample_rate: 8000, format: 'pcm', channel: 1 },
      });
      const headers = { Authorization: `Bearer ${credentials.apiKey}`, 'Content-Type': 'application/json' };
      const pcm = new PcmAssembler();
      for await (const line of lines(postStream(deps.connector, provider, url, { headers, body }, signal))) {
        const json = line.startsWith('data:') ? line.slice(5).trim() : line.trim().startsWith('{') ? line.trim() : '';
        if (!json) continue;
        let chunk: T2aChunk;
        try {
          chunk = JSON.parse(json) as T2aChunk;
        } catch {
          throw new VendorError('protocol', provider, `an event is not JSON: ${json.slice(0, 80)}`);
        }
        const code = chunk.base_resp?.status_code ?? 0;
        if (code !== 0) {
          const failure = AUTH_CODES.has(code) ? 'auth' : 'vendor';
          throw new VendorError(failure, provider, chunk.base_resp?.status_msg || `status ${code}`, code);
        }
        if (chunk.data?.status === 2 || !chunk.data?.audio) continue;
        const samples = pcm.push(Buffer.from(chunk.data.audio, 'hex'));
        if (samples.length) yield samples;
      }
    },
  };
}
