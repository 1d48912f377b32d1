import type { TtsEngine, TtsRequest } from '../../engines.ts';
import { decodeMulaw } from '../shared/audio.ts';
import { resolveCredentials } from '../shared/credentials.ts';
import type { VendorDeps } from '../shared/deps.ts';
import { postStream } from '../shared/http-stream.ts';
import { endpoint, type ProviderProfile } from '../providers.ts';

/** ElevenLabs' low-latency model, used when the voice's cluster key names no other `model_id`. */
export const ELEVENLABS_DEFAULT_MODEL = 'eleven_flash_v2_5';

/**
 * ElevenLabs streaming text to speech: POST `<url>/<voice id>/stream?output_format=ulaw_8000` with the
 * `xi-api-key` header; the body is raw G.711 μ-law at 8 kHz (the telephony format), decoded here to PCM
 * byte by byte as it arrives.
 * Docs: https://elevenlabs.io/docs/api-reference/text-to-speech/stream (output_format, model_id).
 */
export function elevenLabsTts(deps: VendorDeps, provider: string, profile: ProviderProfile): TtsEngine {
  return {
    async *synthesize({ text, voice, signal }: TtsRequest) {
      const credentials = await resolveCredentials(deps, provider, voice.credentials, ['apiKey']);
      const base = endpoint(voice.url, profile.ttsUrl);
      const url = new URL(`${base.pathname.replace(/\/+$/, '')}/${encodeURIComponent(voice.voiceId)}/stream`, base);
      url.searchParams.set('output_format', 'ulaw_8000');
      const body = JSON.stringify({ text, model_id: voice.clusterKey || ELEVENLABS_DEFAULT_MODEL });
      const headers = { 'xi-api-key': credentials.apiKey!, 'Content-Type': 'application/json', Accept: 'audio/basic' };
      for await (const bytes of postStream(deps.connector, provider, url, { headers, body }, signal)) yield decodeMulaw(bytes);
    },
  };
}
