/**
 * Offline TTS: espeak-ng, resampled to the call's 8 kHz by libsoxr, in the synthesis servers
 * (espeak-server.ts: long-lived processes that keep espeak loaded; an `espeak-ng | sox` pipeline per sentence
 * spent ~29 ms of CPU starting, the server ~5 ms a sentence).
 *
 * Chunks (about 100 ms each) are handed out as espeak makes them, so the first audio goes out while espeak
 * still speaks the end of the sentence. Aborting cancels the sentence at once and ends the stream quietly.
 * Whole clips go to a shared prompt cache: prologues, fallbacks, fillers and wake-ups repeat on every call.
 */
import type { TtsEngine, TtsRequest, TtsVoice } from './engines.ts';
import { toPinyin } from './mandarin-pinyin.ts';
import { concat } from '../audio/pcm.ts';
import { ESPEAK_SOURCE, SynthesisPool, sentenceParts } from './espeak-server.ts';
import { buildHelper } from './native-helper.ts';
import { PromptCache } from './prompt-cache.ts';
import { warmSpawnHost } from './spawn-host.ts';

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
  /** The synthesis servers (built on first use: a failed build fails each sentence with what it needs). */
  private readonly servers: SynthesisPool;

  constructor(options: EspeakOptions = {}) {
    this.cache = options.cache ?? new PromptCache();
    this.wpm = options.wordsPerMinute ?? 160;
    warmSpawnHost();
    this.servers = new SynthesisPool(buildHelper(ESPEAK_SOURCE));
  }

  /** How many synthesis processes run now (0 before the first sentence). */
  processes(): number {
    return this.servers.processes;
  }

  /** Ends the synthesis servers (after the calls' voices are closed); a later sentence starts a new one. */
  async close(): Promise<void> {
    this.servers.close();
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
    const chunks: Int16Array[] = [];
    // A text longer than a synthesis server takes is spoken part after part, each cut where a word ends.
    for (const part of sentenceParts(text)) {
      yield* this.speakPart(voiceName, part, signal, chunks);
      if (signal.aborted) return;
    }
    this.cache.set(key, concat(...chunks));
  }

  /** One request to a synthesis server: its chunks as they come (also kept in `chunks`); throws its failure. */
  private async *speakPart(voiceName: string, text: string, signal: AbortSignal, chunks: Int16Array[]): AsyncIterable<Int16Array> {
    const queue: Int16Array[] = [];
    let over = false;
    let failure: Error | null = null;
    let wake: (() => void) | null = null;
    const cancel = this.servers.speak(
      { voice: voiceName, wordsPerMinute: this.wpm, text },
      {
        audio: (samples) => {
          queue.push(samples);
          wake?.();
        },
        done: () => {
          over = true;
          wake?.();
        },
        error: (error) => {
          failure = error;
          over = true;
          wake?.();
        },
      },
    );
    const stop = () => {
      if (!over) cancel();
      over = true;
      wake?.();
    };
    signal.addEventListener('abort', stop, { once: true });
    try {
      for (;;) {
        for (let samples = queue.shift(); samples; samples = queue.shift()) {
          if (signal.aborted) return;
          chunks.push(samples);
          yield samples;
        }
        if (over) break;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = null;
      }
      if (signal.aborted) return;
      if (failure) throw failure;
    } finally {
      signal.removeEventListener('abort', stop);
      // The consumer stopped reading before the end: the sentence is not wanted any more.
      if (!over) cancel();
    }
  }
}
