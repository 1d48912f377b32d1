import { randomUUID } from 'node:crypto';
import type { AsrEngine, AsrOptions } from '../../engines.ts';
import { pcmBytes, Resampler } from '../shared/audio.ts';
import { VendorAsrSession, type UtteranceIo } from '../shared/asr-session.ts';
import { resolveCredentials } from '../shared/credentials.ts';
import type { VendorDeps } from '../shared/deps.ts';
import { VendorError } from '../shared/vendor-error.ts';
import { WsChannel } from '../shared/ws-channel.ts';
import { endpoint, type ProviderProfile } from '../providers.ts';
import { decodeFrame, encodeFrame, Flags, isLast, MessageType } from './volcano-frame.ts';
import { pickHotwords } from './volcano-hotwords.ts';
import { volcanoError } from './volcano-tts.ts';

/** The hour-billed streaming resource; a company on the concurrency plan stores its own resource id. */
export const VOLCANO_DEFAULT_ASR_RESOURCE = 'volc.bigasr.sauc.duration';
/** The service takes 16 kHz only; packets of 100 ms are what it recommends (100–200 ms). */
const RATE = 16_000;
const PACKET_SAMPLES = RATE / 10;

interface Utterance {
  text?: string;
  start_time?: number;
  end_time?: number;
  definite?: boolean;
}
interface AsrResult {
  result?: { text?: string; utterances?: Utterance[] } | null;
}

/**
 * Volcano Engine big-model streaming ASR (`/api/v3/sauc/bigmodel`): the `X-Api-App-Key`,
 * `X-Api-Access-Key`, `X-Api-Resource-Id` headers, one gzipped JSON full client request, then gzipped
 * 16 kHz PCM audio-only requests (the last flagged negative). Responses carry a sequence number and the
 * utterances so far; a `definite` utterance is final. Our 8 kHz frames are upsampled.
 * Docs: https://www.volcengine.com/docs/6561/1354869
 */
export function volcanoAsr(deps: VendorDeps, provider: string, profile: ProviderProfile): AsrEngine {
  return {
    open(options: AsrOptions) {
      return new VendorAsrSession(async (io) => {
        const credentials = await resolveCredentials(deps, provider, options.credentials, ['appId', 'accessToken']);
        const url = endpoint(options.url, profile.asrUrl!);
        const channel = await WsChannel.open(
          deps.connector,
          url,
          {
            'X-Api-App-Key': credentials.appId!,
            'X-Api-Access-Key': credentials.accessToken!,
            'X-Api-Resource-Id': credentials.asrResourceId || VOLCANO_DEFAULT_ASR_RESOURCE,
            'X-Api-Connect-Id': randomUUID(),
          },
          provider,
          io.signal,
        );
        // The document takes `language` (and 5,000 hot words) on the nostream endpoint only.
        const nostream = url.pathname.endsWith('_nostream');
        const hotwords = pickHotwords(options.phrases, nostream).map((word) => ({ word }));
        channel.send(
          encodeFrame(MessageType.fullClientRequest, Flags.none, {
            user: { uid: 'dialwise' },
            audio: {
              format: 'pcm',
              codec: 'raw',
              rate: RATE,
              bits: 16,
              channel: 1,
              ...(profile.language && nostream ? { language: profile.language } : {}),
            },
            request: {
              model_name: 'bigmodel',
              enable_itn: true,
              enable_punc: true,
              show_utterances: true,
              result_type: 'full',
              ...(hotwords.length ? { corpus: { context: JSON.stringify({ hotwords }) } } : {}),
            },
          }),
        );
        const reading = read(channel, provider, io);
        reading.catch(io.fail);
        const upsample = new Resampler(8000, RATE);
        let packet: Int16Array[] = [];
        let packetSamples = 0;
        const sendPacket = (last: boolean) => {
          const audio = new Int16Array(packetSamples);
          let at = 0;
          for (const part of packet) {
            audio.set(part, at);
            at += part.length;
          }
          packet = [];
          packetSamples = 0;
          channel.send(encodeFrame(MessageType.audioOnlyRequest, last ? Flags.lastNoSequence : Flags.none, pcmBytes(audio)));
        };
        return {
          send: (samples) => {
            const wide = upsample.push(samples);
            packet.push(wide);
            packetSamples += wide.length;
            if (packetSamples >= PACKET_SAMPLES) sendPacket(false);
          },
          finish: async () => {
            sendPacket(true);
            await reading;
          },
          abort: () => channel.close(),
        };
      });
    },
  };
}

/** Emits partials and each definite utterance once; at the last response, what is left becomes final. */
async function read(channel: WsChannel, provider: string, io: UtteranceIo) {
  const finalised = new Set<number>();
  while (true) {
    const message = await channel.next();
    if (!message) return;
    const frame = decodeFrame(message.data, provider);
    if (frame.type === MessageType.error) throw volcanoError(provider, frame.errorCode, frame.payload);
    if (frame.type !== MessageType.fullServerResponse) continue;
    let body: AsrResult;
    try {
      body = JSON.parse(frame.payload.toString('utf8')) as AsrResult;
    } catch {
      throw new VendorError('protocol', provider, 'a response is not JSON');
    }
    const last = isLast(frame);
    for (const u of body.result?.utterances ?? []) {
      const startMs = u.start_time ?? 0;
      if (finalised.has(startMs)) continue;
      const final = u.definite === true || last;
      if (final) finalised.add(startMs);
      io.emit({ text: u.text ?? '', final, startMs, endMs: u.end_time ?? startMs, confidence: null });
    }
    if (last) return;
  }
}
