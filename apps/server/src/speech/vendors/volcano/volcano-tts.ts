import { randomUUID } from 'node:crypto';
import type { TtsEngine, TtsRequest } from '../../engines.ts';
import { PcmAssembler } from '../shared/audio.ts';
import { resolveCredentials } from '../shared/credentials.ts';
import type { VendorDeps } from '../shared/deps.ts';
import { VendorError } from '../shared/vendor-error.ts';
import { WsChannel } from '../shared/ws-channel.ts';
import { endpoint, type ProviderProfile } from '../providers.ts';
import { decodeFrame, encodeFrame, Flags, isLast, MessageType } from './volcano-frame.ts';

/** Volcano's standard TTS cluster, when the voice has no cluster key. */
export const VOLCANO_DEFAULT_CLUSTER = 'volcano_tts';

/**
 * Volcano Engine TTS over its binary WebSocket (`/api/v1/tts/ws_binary`): one gzipped JSON full client
 * request (app id, cluster, voice_type, `encoding: pcm`, `rate: 8000`, `operation: submit`), answered
 * by audio-only responses with a sequence number, the last one negative. Authentication is the
 * `Authorization: Bearer; <access token>` header (a semicolon, as Volcano writes it).
 * Docs: https://www.volcengine.com/docs/6561/79821
 */
export function volcanoTts(deps: VendorDeps, provider: string, profile: ProviderProfile): TtsEngine {
  return {
    async *synthesize({ text, voice, signal }: TtsRequest) {
      const credentials = await resolveCredentials(deps, provider, voice.credentials, ['appId', 'accessToken']);
      const url = endpoint(voice.url, profile.ttsUrl);
      const channel = await WsChannel.open(deps.connector, url, { Authorization: `Bearer; ${credentials.accessToken}` }, provider, signal);
      try {
        channel.send(
          encodeFrame(MessageType.fullClientRequest, Flags.none, {
            app: { appid: credentials.appId, token: 'access_token', cluster: voice.clusterKey || VOLCANO_DEFAULT_CLUSTER },
            user: { uid: 'dialwise' },
            audio: { voice_type: voice.voiceId, encoding: 'pcm', rate: 8000, speed_ratio: 1.0 },
            request: { reqid: randomUUID(), text, text_type: 'plain', operation: 'submit' },
          }),
        );
        const pcm = new PcmAssembler();
        while (true) {
          const message = await channel.next();
          if (!message) return;
          const frame = decodeFrame(message.data, provider);
          if (frame.type === MessageType.error) throw volcanoError(provider, frame.errorCode, frame.payload);
          if (frame.type !== MessageType.audioOnlyResponse) continue;
          const samples = pcm.push(frame.payload);
          if (samples.length) yield samples;
          if (isLast(frame)) return;
        }
      } finally {
        channel.close();
      }
    },
  };
}

/** An error frame as a typed error; Volcano reports refused credentials with an auth-worded 3001. */
export function volcanoError(provider: string, code: number | null, payload: Buffer): VendorError {
  let message = payload.toString('utf8');
  try {
    const parsed = JSON.parse(message) as { message?: string; error?: string };
    message = parsed.message ?? parsed.error ?? message;
  } catch {}
  const auth = /auth|token|grant|permission|appid|access denied/i.test(message);
  return new VendorError(auth ? 'auth' : 'vendor', provider, `error ${code}: ${message.slice(0, 300)}`, code);
}
