import type { AsrEngine, AsrOptions } from '../../engines.ts';
import { pcmBytes } from '../shared/audio.ts';
import { type EmitTranscript, VendorAsrSession, type UtteranceStream } from '../shared/asr-session.ts';
import { resolveCredentials } from '../shared/credentials.ts';
import type { VendorDeps } from '../shared/deps.ts';
import { VendorError } from '../shared/vendor-error.ts';
import { WsChannel } from '../shared/ws-channel.ts';
import { endpoint, type ProviderProfile } from '../providers.ts';
import { azureHost } from './azure-region.ts';
import { audioMessage, azureId, parseTextMessage, textMessage, ticksToMs, wavHeader } from './azure-stt-messages.ts';

interface Hypothesis {
  Text?: string;
  Offset?: number;
  Duration?: number;
}
interface Phrase {
  RecognitionStatus?: string;
  DisplayText?: string;
  Offset?: number;
  Duration?: number;
  NBest?: Array<{ Display?: string; Confidence?: number }>;
}

/**
 * Azure Speech streaming recognition over its WebSocket: `speech.config`, then 8 kHz PCM audio
 * messages (WAV header first, an empty message at end of speech); the service answers `turn.start`,
 * `speech.hypothesis` (partials), `speech.phrase` (finals) and `turn.end`.
 * Docs: https://learn.microsoft.com/previous-versions/azure/cognitive-services/speech/api-reference-rest/websocketprotocol
 * and https://learn.microsoft.com/azure/ai-services/speech-service/rest-speech-to-text-short (endpoint, language, format).
 */
export function azureAsr(deps: VendorDeps, provider: string, profile: ProviderProfile): AsrEngine {
  return {
    open(options: AsrOptions) {
      return new VendorAsrSession(async ({ emit, fail, signal }) => {
        const credentials = await resolveCredentials(deps, provider, options.credentials, ['subscriptionKey']);
        const region = credentials.region || profile.region!;
        const url = endpoint(
          options.url,
          `wss://${region}.stt.speech.${azureHost(provider)}/speech/recognition/conversation/cognitiveservices/v1`,
        );
        url.searchParams.set('language', profile.language ?? options.language);
        url.searchParams.set('format', 'detailed');
        const channel = await WsChannel.open(
          deps.connector,
          url,
          { 'Ocp-Apim-Subscription-Key': credentials.subscriptionKey!, 'X-ConnectionId': azureId() },
          provider,
          signal,
        );
        const requestId = azureId();
        channel.send(
          textMessage('speech.config', requestId, {
            context: { system: { name: 'dialwise', version: '1.0.0' }, os: { platform: 'Node.js' }, audio: { source: { type: 'Stream' } } },
          }),
        );
        channel.send(audioMessage(requestId, wavHeader(8000)));
        const done = readTurn(channel, provider, emit);
        done.catch(fail);
        const stream: UtteranceStream = {
          send: (samples) => channel.send(audioMessage(requestId, pcmBytes(samples))),
          finish: async () => {
            channel.send(audioMessage(requestId, Buffer.alloc(0)));
            await done;
          },
          abort: () => channel.close(),
        };
        return stream;
      });
    },
  };
}

/** Reads the turn's messages until `turn.end`, emitting partials and finals. */
async function readTurn(channel: WsChannel, provider: string, emit: EmitTranscript) {
  while (true) {
    const message = await channel.next();
    if (!message) return;
    if (message.binary) continue;
    const { path, body } = parseTextMessage(message.data.toString('utf8'));
    if (path === 'speech.hypothesis') {
      const h = body as Hypothesis;
      const startMs = ticksToMs(h.Offset);
      emit({ text: h.Text ?? '', final: false, startMs, endMs: startMs + ticksToMs(h.Duration), confidence: null });
    } else if (path === 'speech.phrase') {
      const p = body as Phrase;
      if (p.RecognitionStatus === 'Error') throw new VendorError('vendor', provider, 'recognition failed', 'Error');
      if (p.RecognitionStatus !== 'Success') continue;
      const best = p.NBest?.[0];
      const startMs = ticksToMs(p.Offset);
      emit({
        text: best?.Display ?? p.DisplayText ?? '',
        final: true,
        startMs,
        endMs: startMs + ticksToMs(p.Duration),
        confidence: best?.Confidence ?? null,
      });
    } else if (path === 'turn.end') return;
  }
}
