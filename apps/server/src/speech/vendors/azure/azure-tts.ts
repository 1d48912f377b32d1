import type { TtsEngine, TtsRequest } from '../../engines.ts';
import { PcmAssembler } from '../shared/audio.ts';
import { resolveCredentials } from '../shared/credentials.ts';
import type { VendorDeps } from '../shared/deps.ts';
import { postStream } from '../shared/http-stream.ts';
import { endpoint, type ProviderProfile } from '../providers.ts';
import { azureHost } from './azure-region.ts';

/**
 * Azure Speech text to speech over REST, streamed: SSML in, `raw-8khz-16bit-mono-pcm` out, so the
 * body is the call's audio as it is made (no resampling, no container).
 * Docs: https://learn.microsoft.com/azure/ai-services/speech-service/rest-text-to-speech
 * (headers `Ocp-Apim-Subscription-Key`, `X-Microsoft-OutputFormat`; audio outputs list).
 */
/**
 * An Azure voice is entered as Azure writes it (`en-US-JennyNeural`) and sent as it is. Rows saved while the
 * catalogue allowed only letters and digits hold it without hyphens (`enUSJennyNeural`): that form is still
 * read as language, region and name.
 */
export function azureVoiceName(voiceId: string): string {
  // Language, region, an optional lower-case dialect (`zhCNshaanxiXiaoniNeural` → zh-CN-shaanxi-XiaoniNeural), name.
  const compact = /^([a-z]{2,3})([A-Z]{2})([a-z]+)?([A-Z][A-Za-z0-9]*)$/.exec(voiceId);
  if (!compact) return voiceId;
  return [compact[1], compact[2], compact[3], compact[4]].filter(Boolean).join('-');
}

export function azureTts(deps: VendorDeps, provider: string, profile: ProviderProfile): TtsEngine {
  return {
    async *synthesize({ text, voice, signal }: TtsRequest) {
      const credentials = await resolveCredentials(deps, provider, voice.credentials, ['subscriptionKey']);
      // The voice's cluster key is its Azure region; the provider's region otherwise.
      const region = voice.clusterKey || credentials.region || profile.region!;
      const url = endpoint(voice.url, `https://${region}.tts.speech.${azureHost(provider)}/cognitiveservices/v1`);
      const language = profile.language ?? voice.language;
      const ssml =
        `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="${escapeXml(language)}">` +
        `<voice name="${escapeXml(azureVoiceName(voice.voiceId))}">${escapeXml(text)}</voice></speak>`;
      const pcm = new PcmAssembler();
      const body = postStream(
        deps.connector,
        provider,
        url,
        {
          headers: {
            'Ocp-Apim-Subscription-Key': credentials.subscriptionKey!,
            'Content-Type': 'application/ssml+xml',
            'X-Microsoft-OutputFormat': 'raw-8khz-16bit-mono-pcm',
            'User-Agent': 'dialwise',
          },
          body: ssml,
        },
        signal,
      );
      for await (const bytes of body) {
        const samples = pcm.push(bytes);
        if (samples.length) yield samples;
      }
    },
  };
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}
