/**
 * Offline ASR: pocketsphinx in JSGF grammar mode (see sphinx-grammar.ts for why grammar mode, and its
 * limits), English only: there is no Mandarin model on this machine, so `open()` for another language
 * throws `AsrUnavailable` and the call voice degrades visibly (see SpeechCallVoice).
 *
 * A call's session is a decoder in one of the recognition servers (sphinx-server.ts): every 20 ms frame
 * goes to it as it comes (the server upsamples it to the model's 16 kHz), `flush()` (end of the turn, from
 * the VAD + endpointing) asks for the turn's final, and the next turn starts from the telephone cepstral
 * mean again, which is what makes short replies recognisable. A pause inside the turn ends one of
 * pocketsphinx's own utterances: what it recognised so far comes as a partial.
 */
import { EventEmitter } from 'node:events';
import { rms } from '../audio/pcm.ts';
import type { AsrEngine, AsrOptions, AsrSession, AsrSessionEvents } from './engines.ts';
import { grammarFiles, type SphinxFiles } from './sphinx-grammar.ts';
import { buildHelper } from './native-helper.ts';
import { RecognitionPool, type ServerSession, SPHINX_SOURCE } from './sphinx-server.ts';
import { warmSpawnHost } from './spawn-host.ts';

export class AsrUnavailable extends Error {
  constructor(
    readonly language: string,
    reason = `no offline speech recogniser for ${language}: configure a vendor ASR for the scenario`,
  ) {
    super(reason);
  }
}

export interface SphinxOptions {
  /** Where the telephone model folder and the grammars are written (made once, reused). */
  workDir: string;
}

export class SphinxAsr implements AsrEngine {
  private readonly pool: RecognitionPool;
  /** Why there is no recogniser, once its build failed (sessions opened before that fail with the same words). */
  private unavailable: string | null = null;
  private readonly building: Promise<unknown>;

  constructor(private readonly options: SphinxOptions) {
    warmSpawnHost();
    const binary = buildHelper(SPHINX_SOURCE);
    this.pool = new RecognitionPool(binary);
    this.building = binary.catch((error: unknown) => {
      this.unavailable = error instanceof Error ? error.message : String(error);
    });
  }

  /** Resolves once the recognition server is built (or known not to build: `open()` then says why). */
  async ready(): Promise<void> {
    await this.building;
  }

  open(options: AsrOptions): AsrSession {
    if (!options.language.toLowerCase().startsWith('en')) throw new AsrUnavailable(options.language);
    if (this.unavailable) throw new AsrUnavailable(options.language, this.unavailable);
    return new SphinxSession(grammarFiles(this.options.workDir, options.phrases), this.pool);
  }

  /** The recognition servers, for a session with a grammar of its own (answering-machine detection); null: unavailable. */
  get servers(): RecognitionPool | null {
    return this.unavailable ? null : this.pool;
  }

  /** The recognition processes running now (0 until the first session, or when the recogniser is unavailable). */
  get processes(): number {
    return this.pool.processes;
  }

  /** Ends the recognition servers (after the calls' voices are closed); a later session starts a new one. */
  async close(): Promise<void> {
    this.pool.close();
  }
}

/** Frames quieter than this (RMS) do not mark the start of what the callee said. */
const SPEECH_RMS = 300;

class SphinxSession extends EventEmitter<AsrSessionEvents> implements AsrSession {
  private readonly server: ServerSession;
  private closed = false;
  private startMs: number | null = null;
  private lastMs = 0;
  /** Each flush's span of speech, in order: the finals come back in the same order. */
  private readonly flushed: Array<{ startMs: number; endMs: number }> = [];

  constructor(files: SphinxFiles, pool: RecognitionPool) {
    super();
    const phrases = files.phrases;
    const events = {
      partial: (text: string) =>
        !this.closed &&
        endsInPhrase(text, phrases) &&
        this.emit('transcript', { text, final: false, startMs: this.startMs ?? this.lastMs, endMs: this.lastMs, confidence: null }),
      final: (text: string) => {
        const span = this.flushed.shift();
        if (!this.closed && span) this.emit('transcript', { text, final: true, ...span, confidence: null });
      },
      error: (error: Error) => {
        if (!this.closed) this.emit('error', error);
      },
    };
    this.server = pool.open(files, events);
  }

  push(samples: Int16Array, atMs: number): void {
    if (this.closed) return;
    this.lastMs = atMs + samples.length / 8;
    if (this.startMs === null && rms(samples) >= SPEECH_RMS) this.startMs = atMs;
    this.server.audio(samples);
  }

  settle(): void {
    if (!this.closed) this.server.settle();
  }

  peek(): void {
    if (!this.closed) this.server.peek();
  }

  flush(): void {
    if (this.closed) return;
    this.flushed.push({ startMs: this.startMs ?? this.lastMs, endMs: this.lastMs });
    this.startMs = null;
    this.server.flush();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.server.close();
    this.removeAllListeners();
  }
}

/**
 * Whether words the recogniser answered end in a whole phrase of the grammar (or are none). Every part of a turn
 * pocketsphinx ended (at its own pause, a settle, the flush) is one phrase of the grammar; only a peek's open
 * utterance can stop short of one ("who is" of "who is this", "talk to a" of "talk to a person"), and the final
 * then reads otherwise: such words are not passed on, so no speculation is started on them to be cancelled (on 30
 * espeak-ng lines in 3 voices, the 8 peeks that read otherwise than the final all stopped short of a phrase).
 */
function endsInPhrase(text: string, phrases: readonly string[]): boolean {
  return text === '' || phrases.some((phrase) => text === phrase || text.endsWith(` ${phrase}`));
}
