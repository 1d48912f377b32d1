/**
 * The speech engines behind a call, as the conversation runtime and the telephony side see them. Every
 * engine is chosen per scenario (`dialogAsr`, `operatorAsr`, `tts`: provider + URL) and per task (the
 * voice: voice id, cluster key); the offline engines (espeak-ng, pocketsphinx, Silero VAD) are the
 * embedded default and need no key.
 *
 * Audio here is always 16-bit PCM, 8 kHz, mono (the call's rate); an engine that wants another rate
 * resamples inside.
 */

/** Who the TTS speaks as: the task's voice and the scenario's TTS provider. */
export interface TtsVoice {
  /** Scenario `tts` provider (`seed`, `ali`, `azure_en_us`, … or `offline`). */
  provider: string;
  /** Scenario TTS URL (ignored by the offline engine). */
  url: string | null;
  /** The voice's original voice id at the provider (espeak-ng voice name offline, e.g. `en-us`). */
  voiceId: string;
  /** The voice's cluster key (provider-specific: Volcano's cluster, Azure's region, …). */
  clusterKey: string | null;
  /** BCP-47 language of the call (`zh-CN`, `en-US`): picks the offline voice when voiceId does not. */
  language: string;
  /** Unsealed credentials, when the provider needs them; never logged, never sent to the browser. */
  credentials?: Readonly<Record<string, string>>;
}

export interface TtsRequest {
  /** One sentence. */
  text: string;
  voice: TtsVoice;
  /** Aborting stops synthesis mid-sentence; the iterator then ends without throwing. */
  signal: AbortSignal;
}

export interface TtsEngine {
  /** PCM chunks (8 kHz, 16-bit) as they are made; the first as early as the engine allows. */
  synthesize(request: TtsRequest): AsyncIterable<Int16Array>;
}

/** One transcript from an ASR session; times are ms since the answer, on the call's audio clock. */
export interface Transcript {
  text: string;
  final: boolean;
  /** Start and end of the speech it covers. */
  startMs: number;
  endMs: number;
  /** 0–1 where the engine gives one. */
  confidence: number | null;
  /** A final for a turn no recogniser could hear (the vendor failed and no offline model serves the language). */
  unheard?: true;
}

export interface AsrSessionEvents {
  transcript: [Transcript];
  error: [Error];
}

/** One call side's recogniser: frames in, partial and final transcripts out. */
export interface AsrSession {
  /** 20 ms frames, in order. */
  push(samples: Int16Array, atMs: number): void;
  /**
   * The VAD heard the callee stop (the turn may yet go on): recognise what is held now and emit it as a
   * partial, leaving the utterance open. For a recogniser with no partials of its own at a pause (the
   * offline one decodes in batches), so that preemptive generation has words to start on while the
   * endpointing delay runs. Absent: the recogniser's own partials are all there is.
   */
  settle?(): void;
  /**
   * The VAD heard a first quiet window (the callee may have stopped, or may go on): recognise what is held now
   * and emit it as a partial, ending nothing — speech that resumes is the same utterance. What a speculation
   * starts on, before the VAD's end of speech. Absent: the recogniser's own partials are all there is.
   */
  peek?(): void;
  /** Speech ended (from the VAD + endpointing): finish the current utterance and emit its final. */
  flush(): void;
  on<E extends keyof AsrSessionEvents>(event: E, listener: (...args: AsrSessionEvents[E]) => void): this;
  off<E extends keyof AsrSessionEvents>(event: E, listener: (...args: AsrSessionEvents[E]) => void): this;
  /** Stops recognising and frees the engine; no event after it. */
  close(): void;
}

export interface AsrOptions {
  provider: string;
  url: string | null;
  language: string;
  /** Phrases the callee is likely to say (router keywords, tool aliases, common replies): the offline grammar. */
  phrases: readonly string[];
  credentials?: Readonly<Record<string, string>>;
}

export interface AsrEngine {
  open(options: AsrOptions): AsrSession;
}

/**
 * Voice activity on the callee's audio. Inside speech, `speech-pause` is the first quiet window (the callee may
 * have stopped: a tentative end, dated where the quiet began) and `speech-resume` a window of speech after it
 * (they went on); `speech-end` confirms the pause once the VAD's whole hang-over has been quiet.
 */
export type VadEvent = { type: 'speech-start' | 'speech-pause' | 'speech-resume' | 'speech-end'; atMs: number };

export interface Vad {
  /** One 20 ms frame; returns the events it caused (usually none). */
  push(samples: Int16Array, atMs: number): VadEvent[];
  /**
   * A VAD that decides asynchronously (an ONNX model judging windows off the frame loop) delivers its
   * events here as soon as they are known, and `push` then returns []. Added by the speech branch.
   */
  listen?(listener: (event: VadEvent) => void): void;
  /**
   * An asynchronous VAD's progress: the call time up to which its windows are judged (their events
   * delivered). It lags the newest frame, by seconds on a loaded machine; absent: up to the last push.
   */
  readonly judgedMs?: number;
  reset(): void;
  close(): void;
}
