/**
 * The spec's speech providers (scenario `dialogAsr`, `operatorAsr`, `tts`) and what each means on the
 * wire: which vendor protocol, its default endpoints, and the language or region the id names. The
 * scenario's URL, when set, replaces the default endpoint (a proxy, a private deployment, a test fake).
 */
export type Vendor = 'alibaba' | 'volcano' | 'azure' | 'minimax' | 'elevenlabs';

export interface ProviderProfile {
  vendor: Vendor;
  /** Default endpoints (the scenario URL wins). */
  ttsUrl: string;
  asrUrl: string | null;
  /**
   * The language the provider id names (`azure_en_sg` → en-SG); null: the call's language. Alibaba sends
   * none: the AppKey's project in its console fixes the language and the 8 kHz model.
   */
  language: string | null;
  /** Azure region; Alibaba region of the token service. */
  region?: string;
}

const ALI_CN = 'wss://nls-gateway-cn-shanghai.aliyuncs.com/ws/v1';
const ALI_SEA = 'wss://nls-gateway-ap-southeast-1.aliyuncs.com/ws/v1';
const VOLC_TTS = 'wss://openspeech.bytedance.com/api/v1/tts/ws_binary';
/** Bidirectional streaming (partials); the `nostream` endpoint is the one that takes a `language`. */
const VOLC_ASR = 'wss://openspeech.bytedance.com/api/v3/sauc/bigmodel';
const VOLC_ASR_LANG = 'wss://openspeech.bytedance.com/api/v3/sauc/bigmodel_nostream';

function azure(region: string, language: string | null, china = false): ProviderProfile {
  const domain = china ? 'azure.cn' : 'microsoft.com';
  return {
    vendor: 'azure',
    region,
    language,
    ttsUrl: `https://${region}.tts.speech.${domain}/cognitiveservices/v1`,
    asrUrl: `wss://${region}.stt.speech.${domain}/speech/recognition/conversation/cognitiveservices/v1`,
  };
}

export const PROVIDERS: Readonly<Record<string, ProviderProfile>> = {
  ali: { vendor: 'alibaba', region: 'cn-shanghai', language: null, ttsUrl: ALI_CN, asrUrl: ALI_CN },
  ali_sea: { vendor: 'alibaba', region: 'ap-southeast-1', language: null, ttsUrl: ALI_SEA, asrUrl: ALI_SEA },
  seed: { vendor: 'volcano', language: null, ttsUrl: VOLC_TTS, asrUrl: VOLC_ASR },
  seed_cross: { vendor: 'volcano', language: null, ttsUrl: VOLC_TTS, asrUrl: VOLC_ASR },
  seed_en: { vendor: 'volcano', language: 'en-US', ttsUrl: VOLC_TTS, asrUrl: VOLC_ASR_LANG },
  seed_id: { vendor: 'volcano', language: 'id-ID', ttsUrl: VOLC_TTS, asrUrl: VOLC_ASR_LANG },
  azure_id: azure('southeastasia', 'id-ID'),
  azure_china: azure('chinaeast2', null, true),
  azure_en_us: azure('eastus', 'en-US'),
  azure_en_sg: azure('southeastasia', 'en-SG'),
  azure_malaysia: azure('southeastasia', 'ms-MY'),
  minimax: { vendor: 'minimax', language: null, ttsUrl: 'https://api.minimax.io/v1/t2a_v2', asrUrl: null },
  elevenlabs: {
    vendor: 'elevenlabs',
    language: null,
    ttsUrl: 'https://api.elevenlabs.io/v1/text-to-speech',
    asrUrl: 'wss://api.elevenlabs.io/v1/speech-to-text/realtime',
  },
};

/** The endpoint to use: the scenario's URL when given, else the provider's default. */
export function endpoint(configured: string | null, fallback: string): URL {
  return new URL(configured?.trim() ? configured.trim() : fallback);
}
