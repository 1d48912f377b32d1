import type { AsrEngine, AsrOptions } from '../../engines.ts';
import { pcmBytes } from '../shared/audio.ts';
import { VendorAsrSession, type UtteranceIo } from '../shared/asr-session.ts';
import { resolveCredentials } from '../shared/credentials.ts';
import type { VendorDeps } from '../shared/deps.ts';
import { WsChannel } from '../shared/ws-channel.ts';
import { endpoint, type ProviderProfile } from '../providers.ts';
import { aliToken } from './ali-token.ts';
import { nlsCommand, nlsFailure, nlsId, parseNlsEvent } from './nls-messages.ts';

const NAMESPACE = 'SpeechTranscriber';

/**
 * Alibaba NLS real-time transcription: `StartTranscription` (8 kHz PCM, intermediate results on),
 * audio as binary messages once `TranscriptionStarted` arrives, `StopTranscription` at end of speech.
 * Events: `TranscriptionResultChanged` (partial), `SentenceEnd` (final, with `begin_time` and `time`
 * in ms), `TranscriptionCompleted`, `TaskFailed`.
 * Docs: https://www.alibabacloud.com/help/en/isi/developer-reference/api-reference-for-real-time-speech-recognition
 */
export function aliAsr(deps: VendorDeps, provider: string, profile: ProviderProfile): AsrEngine {
  return {
    open(options: AsrOptions) {
      return new VendorAsrSession(async (io) => {
        const credentials = await resolveCredentials(deps, provider, options.credentials, ['appKey']);
        const token = await aliToken(deps, provider, credentials);
        const url = endpoint(options.url, profile.asrUrl!);
        const channel = await WsChannel.open(deps.connector, url, { 'X-NLS-Token': token }, provider, io.signal);
        const taskId = nlsId();
        const appKey = credentials.appKey!;
        channel.send(
          nlsCommand(NAMESPACE, 'StartTranscription', taskId, appKey, {
            format: 'pcm',
            sample_rate: 8000,
            enable_intermediate_result: true,
            enable_punctuation_prediction: true,
            enable_inverse_text_normalization: true,
          }),
        );
        // Audio sent before TranscriptionStarted is refused by the gateway: hold it until then.
        const held: Buffer[] = [];
        let started = false;
        let markStarted = () => {};
        const startedOnce = new Promise<void>((resolve) => {
          markStarted = resolve;
        });
        const reading = read(channel, provider, io, () => {
          started = true;
          for (const audio of held.splice(0)) channel.send(audio);
          markStarted();
        });
        reading.catch(io.fail);
        return {
          send: (samples) => {
            const audio = pcmBytes(samples);
            if (started) channel.send(audio);
            else held.push(audio);
          },
          finish: async () => {
            await Promise.race([startedOnce, reading]);
            if (started) channel.send(nlsCommand(NAMESPACE, 'StopTranscription', taskId, appKey));
            await reading;
          },
          abort: () => channel.close(),
        };
      });
    },
  };
}

async function read(channel: WsChannel, provider: string, io: UtteranceIo, onStarted: () => void) {
  let sentenceStart = 0;
  while (true) {
    const message = await channel.next();
    if (!message) return;
    if (message.binary) continue;
    const event = parseNlsEvent(message.data.toString('utf8'));
    const p = event.payload ?? {};
    const num = (key: string) => (typeof p[key] === 'number' ? (p[key] as number) : 0);
    switch (event.header.name) {
      case 'TranscriptionStarted':
        onStarted();
        break;
      case 'SentenceBegin':
        sentenceStart = num('time');
        break;
      case 'TranscriptionResultChanged':
        io.emit({ text: String(p.result ?? ''), final: false, startMs: sentenceStart, endMs: num('time'), confidence: null });
        break;
      case 'SentenceEnd':
        io.emit({
          text: String(p.result ?? ''),
          final: true,
          startMs: num('begin_time'),
          endMs: num('time'),
          confidence: typeof p.confidence === 'number' ? p.confidence : null,
        });
        break;
      case 'TranscriptionCompleted':
        return;
      case 'TaskFailed':
        throw nlsFailure(provider, event);
    }
  }
}
