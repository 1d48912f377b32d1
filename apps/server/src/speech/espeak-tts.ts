/**
 * Offline TTS: espeak-ng, resampled to the call's 8 kHz by sox, one pipeline per sentence, started by the
 * spawn host (spawn-host.ts: never forked from the server's own large process):
 *
 *   espeak-ng -v <voice> --stdout  (22,050 Hz WAV, length field unset)
 *     | tail (drops its 44-byte header) | sox raw 22,050 → raw 8,000 (high-quality `rate -h`)  → chunks
 *
 * Chunks are handed out as sox writes them, so the first audio goes out while espeak still speaks the
 * end of the sentence. Aborting kills both processes at once and ends the stream quietly. Whole clips go
 * to a shared prompt cache: prologues, fallbacks, fillers and wake-ups repeat on every call.
 */
import type { TtsEngine, TtsRequest, TtsVoice } from './engines.ts';
import { toPinyin } from './mandarin-pinyin.ts';
import { concat } from '../telephony/media/audio.ts';
import { SampleChunker } from './pcm-stream.ts';
import { PromptCache } from './prompt-cache.ts';
import { hostedSpawn, warmSpawnHost } from './spawn-host.ts';

const WAV_HEADER_BYTES = 44;
const ESPEAK_RATE = 22_050;

export interface EspeakOptions {
  /** Words per minute (espeak's default is 175; telephone prompts read better a little slower). */
  wordsPerMinute?: number;
  cache?: PromptCache;
}

/** The espeak-ng voice for a call: the voice id when it names one of espeak's voices, else by language. */
export function espeakVoice(voice: Pick<TtsVoice, 'voiceId' | 'language'>): string {
  const id = voice.voiceId.trim();
  // espeak names: a language tag, optionally "+variant" (en-us+f3, cmn-latn-pinyin).
  if (/^[a-z]{2,3}(-[a-z0-9]+)*(\+[a-z0-9]+)?$/i.test(id) && id.length <= 32) {
    if (/^cmn$|^zh$|^cmn\+/i.test(id)) return 'cmn-latn-pinyin'; // plain cmn reads Hanzi as letters
    return id.toLowerCase();
  }
  return voice.language.toLowerCase().startsWith('zh') ? 'cmn-latn-pinyin' : 'en-us';
}

export class EspeakTts implements TtsEngine {
  readonly cache: PromptCache;
  private readonly wpm: number;

  constructor(options: EspeakOptions = {}) {
    this.cache = options.cache ?? new PromptCache();
    this.wpm = options.wordsPerMinute ?? 160;
    warmSpawnHost();
  }

  async *synthesize(request: TtsRequest): AsyncIterable<Int16Array> {
    const { signal } = request;
    const voiceName = espeakVoice(request.voice);
    const text = voiceName.startsWith('cmn') ? toPinyin(request.text) : request.text;
    if (!text.trim() || signal.aborted) return;
    const key = `${voiceName}\u0000${this.wpm}\u0000${text}`;
    const cached = this.cache.get(key);
    if (cached) {
      yield cached;
      return;
    }
    const run = startPipeline(voiceName, this.wpm, text);
    const stop = () => run.kill();
    signal.addEventListener('abort', stop, { once: true });
    const chunks: Int16Array[] = [];
    try {
      const chunker = new SampleChunker();
      for await (const bytes of run.output) {
        if (signal.aborted) return;
        const samples = chunker.push(bytes as Buffer);
        if (!samples) continue;
        chunks.push(samples);
        yield samples;
      }
      if (signal.aborted) return;
      const failure = await run.failure;
      if (failure) throw new Error(failure);
      this.cache.set(key, concat(...chunks));
    } finally {
      signal.removeEventListener('abort', stop);
      run.kill();
    }
  }
}

interface Pipeline {
  output: NodeJS.ReadableStream;
  /** Resolves null when the pipeline exited cleanly, else what went wrong. */
  failure: Promise<string | null>;
  kill(): void;
}

/**
 * espeak-ng | tail (drops the WAV header) | sox, as one bash pipeline (pipefail: any of them failing fails
 * it), started by the spawn host so that the server's event loop never pays for the processes' start.
 */
const PIPELINE =
  'set -o pipefail; espeak-ng -v "$1" -s "$2" -b 1 --stdout' +
  ` | tail -c +${WAV_HEADER_BYTES + 1}` +
  ` | sox -t raw -r ${ESPEAK_RATE} -e signed-integer -b 16 -c 1 - -t raw -r 8000 -e signed-integer -b 16 -c 1 - rate -h`;

function startPipeline(voice: string, wpm: number, text: string): Pipeline {
  const run = hostedSpawn('bash', ['-c', PIPELINE, 'espeak', voice, String(wpm)]);
  // The text goes in on stdin, never as an argument: a line starting with "-" is not an option.
  run.stdin.end(`${text}\n`);
  const errors: string[] = [];
  run.stderr.on('data', (d: Buffer) => errors.push(String(d)));
  const failure = run.exited.then(({ code, signal, error }) =>
    code === 0 ? null : `espeak-ng/sox failed (${error ?? code ?? signal}): ${errors.join(' ').trim().slice(0, 300)}`,
  );
  let ended = false;
  void run.exited.then(() => {
    ended = true;
  });
  return {
    output: run.stdout,
    failure,
    kill: () => {
      if (!ended) run.kill();
    },
  };
}
