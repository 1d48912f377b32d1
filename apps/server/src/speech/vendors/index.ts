import type { AsrEngine, TtsEngine } from '../engines.ts';
import { aliAsr } from './alibaba/ali-asr.ts';
import { aliTts } from './alibaba/ali-tts.ts';
import { azureAsr } from './azure/azure-asr.ts';
import { azureTts } from './azure/azure-tts.ts';
import { elevenLabsAsr } from './elevenlabs/elevenlabs-asr.ts';
import { elevenLabsTts } from './elevenlabs/elevenlabs-tts.ts';
import { minimaxTts } from './minimax/minimax-tts.ts';
import { PROVIDERS } from './providers.ts';
import type { VendorDeps } from './shared/deps.ts';
import { volcanoAsr } from './volcano/volcano-asr.ts';
import { volcanoTts } from './volcano/volcano-tts.ts';
import { VendorError } from './shared/vendor-error.ts';

export interface VendorEngines {
  /** The TTS engine of a scenario provider (`seed`, `azure_en_us`…); null for an unknown provider. */
  tts(provider: string): TtsEngine | null;
  /** The streaming ASR engine of a provider; null when the vendor offers none (MiniMax) or it is unknown. */
  asr(provider: string): AsrEngine | null;
}

/**
 * The vendors' engines behind the speech interfaces. Cheap to create (nothing connects until a
 * sentence is spoken or a session gets audio), so a registry may make one per company with a
 * company-bound credentials lookup.
 */
export function createVendorEngines(deps: VendorDeps): VendorEngines {
  return {
    tts(provider) {
      const engine = ttsOf(deps, provider);
      return engine && loggedTts(deps, provider, engine);
    },
    asr(provider) {
      const engine = asrOf(deps, provider);
      return engine && loggedAsr(deps, provider, engine);
    },
  };
}

/** What a failure log holds: the provider and the typed failure, never a credential or the audio. */
function failureDetails(provider: string, error: unknown) {
  return error instanceof VendorError
    ? { provider, failure: error.failure, vendorCode: error.vendorCode, error: error.message }
    : { provider, failure: 'unexpected', error: String(error) };
}

function loggedTts(deps: VendorDeps, provider: string, engine: TtsEngine): TtsEngine {
  return {
    async *synthesize(request) {
      try {
        yield* engine.synthesize(request);
      } catch (error) {
        deps.logger.warn(failureDetails(provider, error), 'speech vendor TTS failed');
        throw error;
      }
    },
  };
}

function loggedAsr(deps: VendorDeps, provider: string, engine: AsrEngine): AsrEngine {
  return {
    open(options) {
      const session = engine.open(options);
      session.on('error', (error) => deps.logger.warn(failureDetails(provider, error), 'speech vendor ASR failed'));
      return session;
    },
  };
}

function ttsOf(deps: VendorDeps, provider: string): TtsEngine | null {
  const profile = PROVIDERS[provider];
  if (!profile) return null;
  switch (profile.vendor) {
    case 'alibaba':
      return aliTts(deps, provider, profile);
    case 'volcano':
      return volcanoTts(deps, provider, profile);
    case 'azure':
      return azureTts(deps, provider, profile);
    case 'minimax':
      return minimaxTts(deps, provider, profile);
    case 'elevenlabs':
      return elevenLabsTts(deps, provider, profile);
  }
}

function asrOf(deps: VendorDeps, provider: string): AsrEngine | null {
  const profile = PROVIDERS[provider];
  if (!profile?.asrUrl) return null;
  switch (profile.vendor) {
    case 'alibaba':
      return aliAsr(deps, provider, profile);
    case 'volcano':
      return volcanoAsr(deps, provider, profile);
    case 'azure':
      return azureAsr(deps, provider, profile);
    case 'elevenlabs':
      return elevenLabsAsr(deps, provider, profile);
    case 'minimax':
      return null;
  }
}
