import type { AsrEngine, AsrOptions } from '../../engines.ts';
import { pcmBytes } from '../shared/audio.ts';
import { VendorAsrSession, type UtteranceIo } from '../shared/asr-session.ts';
import { resolveCredentials } from '../shared/credentials.ts';
import type { VendorDeps } from '../shared/deps.ts';
import { VendorError, type VendorFailure } from '../shared/vendor-error.ts';
import { WsChannel } from '../shared/ws-channel.ts';
import { endpoint, type ProviderProfile } from '../providers.ts';

/** The least audio Scribe commits ("You need at least 0.3s of uncommitted audio before committing"). */
const MIN_COMMIT_MS = 300;

interface ScribeMessage {
  message_type?: string;
  text?: string;
  words?: Array<{ text?: string; start?: number; end?: number; type?: string }>;
  error?: string;
}

/**
 * ElevenLabs Scribe realtime speech to text over WebSocket: `input_audio_chunk` messages (base64 PCM at
 * 8 kHz), a chunk with `commit: true` at end of speech (manual commit: our VAD decides), and back
 * `partial_transcript` and `committed_transcript_with_timestamps` (words with start/end in seconds).
 * Errors arrive as messages (`auth_error`, `commit_throttled`, … see `SCRIBE_ERRORS`) before the socket closes.
 * Docs: https://elevenlabs.io/docs/api-reference/speech-to-text/v-1-speech-to-text-realtime and
 * https://elevenlabs.io/docs/eleven-api/guides/how-to/speech-to-text/realtime/server-side-streaming
 */
export function elevenLabsAsr(deps: VendorDeps, provider: string, profile: ProviderProfile): AsrEngine {
  return {
    open(options: AsrOptions) {
      return new VendorAsrSession(async (io) => {
        const credentials = await resolveCredentials(deps, provider, options.credentials, ['apiKey']);
        const url = endpoint(options.url, profile.asrUrl!);
        url.searchParams.set('model_id', 'scribe_v2_realtime');
        url.searchParams.set('audio_format', 'pcm_8000');
        url.searchParams.set('commit_strategy', 'manual');
        url.searchParams.set('include_timestamps', 'true');
        url.searchParams.set('language_code', options.language.split('-')[0]!);
        const channel = await WsChannel.open(deps.connector, url, { 'xi-api-key': credentials.apiKey! }, provider, io.signal);
        let sentMs = 0;
        let committed: (() => void) | null = null;
        const reading = read(
          channel,
          provider,
          io,
          () => sentMs,
          () => committed?.(),
        );
        reading.catch(io.fail);
        const chunk = (samples: Int16Array, commit: boolean) =>
          JSON.stringify({
            message_type: 'input_audio_chunk',
            audio_base_64: pcmBytes(samples).toString('base64'),
            commit,
            sample_rate: 8000,
          });
        return {
          send: (samples) => {
            sentMs += samples.length / 8;
            channel.send(chunk(samples, false));
          },
          finish: () =>
            new Promise<void>((resolve, reject) => {
              committed = resolve;
              reading.then(resolve, reject);
              // Scribe refuses a commit of less than 0.3 s of audio (commit_throttled); a short "yes" is padded
              // with silence to that length instead of failing the turn.
              const missing = Math.ceil(((MIN_COMMIT_MS - sentMs) * 8000) / 1000);
              channel.send(chunk(new Int16Array(Math.max(0, missing)), true));
            }),
          abort: () => channel.close(),
        };
      });
    },
  };
}

async function read(channel: WsChannel, provider: string, io: UtteranceIo, sentMs: () => number, onCommitted: () => void) {
  while (true) {
    const message = await channel.next();
    if (!message) return;
    let m: ScribeMessage;
    try {
      m = JSON.parse(message.data.toString('utf8')) as ScribeMessage;
    } catch {
      throw new VendorError('protocol', provider, 'a message is not JSON');
    }
    const type = m.message_type ?? '';
    if (type === 'partial_transcript') io.emit({ text: m.text ?? '', final: false, startMs: 0, endMs: sentMs(), confidence: null });
    else if (type === 'committed_transcript_with_timestamps') {
      const words = (m.words ?? []).filter((w) => w.type !== 'spacing');
      const startMs = Math.round((words[0]?.start ?? 0) * 1000);
      const endMs = Math.round((words.at(-1)?.end ?? sentMs() / 1000) * 1000);
      io.emit({ text: m.text ?? '', final: true, startMs, endMs, confidence: null });
      onCommitted();
    } else if (Object.hasOwn(SCRIBE_ERRORS, type) || type.endsWith('error')) {
      throw new VendorError(
        Object.hasOwn(SCRIBE_ERRORS, type) ? SCRIBE_ERRORS[type]! : 'vendor',
        provider,
        `${type}: ${m.error ?? 'no detail'}`,
        type,
      );
    }
  }
}

/**
 * Every error message Scribe realtime sends (the `message_type`s of the Python SDK's error events), and
 * what each means here. Each ends the utterance at once as a typed failure: the caller falls back and
 * the turn is still answered. `insufficient_audio_activity` comes after the commit of a quiet reply
 * (`commit_throttled` after a short one, which the padding in `finish` avoids); one left unread would keep
 * the flush waiting its 10 s and leave the turn with no final and no failure.
 */
const SCRIBE_ERRORS: Readonly<Record<string, VendorFailure>> = {
  error: 'vendor',
  auth_error: 'auth',
  unaccepted_terms_error: 'auth',
  quota_exceeded: 'vendor',
  rate_limited: 'vendor',
  queue_overflow: 'vendor',
  resource_exhausted: 'vendor',
  session_time_limit_exceeded: 'vendor',
  transcriber_error: 'vendor',
  commit_throttled: 'vendor',
  insufficient_audio_activity: 'vendor',
  input_error: 'protocol',
  chunk_size_exceeded: 'protocol',
};
