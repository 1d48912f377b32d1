import type { TtsEngine, TtsRequest } from '../../engines.ts';
import { PcmAssembler } from '../shared/audio.ts';
import { resolveCredentials } from '../shared/credentials.ts';
import type { VendorDeps } from '../shared/deps.ts';
import { WsChannel } from '../shared/ws-channel.ts';
import { endpoint, type ProviderProfile } from '../providers.ts';
import { aliToken } from './ali-token.ts';
import { nlsCommand, nlsFailure, nlsId, parseNlsEvent } from './nls-messages.ts';

/**
 * Alibaba NLS speech synthesis over the gateway WebSocket: `StartSynthesis` (namespace
 * SpeechSynthesizer) with `format: pcm`, `sample_rate: 8000` and the voice; the audio comes back as
 * binary messages until `SynthesisCompleted`, or `TaskFailed`. The token travels in `X-NLS-Token`.
 * Docs: https://www.alibabacloud.com/help/en/isi/developer-reference/api-reference-for-speech-synthesis
 */
export function aliTts(deps: VendorDeps, provider: string, profile: ProviderProfile): TtsEngine {
  return {
    async *synthesize({ text, voice, signal }: TtsRequest) {
      const credentials = await resolveCredentials(deps, provider, voice.credentials, ['appKey']);
      const token = await aliToken(deps, provider, credentials);
      const url = endpoint(voice.url, profile.ttsUrl);
      const channel = await WsChannel.open(deps.connector, url, { 'X-NLS-Token': token }, provider, signal);
      try {
        channel.send(
          nlsCommand('SpeechSynthesizer', 'StartSynthesis', nlsId(), credentials.appKey!, {
            text,
            voice: voice.voiceId,
            format: 'pcm',
            sample_rate: 8000,
            volume: 50,
            speech_rate: 0,
            pitch_rate: 0,
          }),
        );
        const pcm = new PcmAssembler();
        while (true) {
          const message = await channel.next();
          if (!message) return;
          if (message.binary) {
            const samples = pcm.push(message.data);
            if (samples.length) yield samples;
            continue;
          }
          const event = parseNlsEvent(message.data.toString('utf8'));
          if (event.header.name === 'TaskFailed') throw nlsFailure(provider, event);
          if (event.header.name === 'SynthesisCompleted') return;
        }
      } finally {
        channel.close();
      }
    },
  };
}
