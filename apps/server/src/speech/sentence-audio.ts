/**
 * One sentence's synthesis, started as soon as it is queued (so the next sentence is ready when the one
 * before it ends) and read once by the player. Chunks are buffered until read; aborting kills the TTS.
 */
import type { TtsEngine, TtsVoice } from './engines.ts';

export class SentenceAudio {
  readonly abort = new AbortController();
  private readonly chunks: Int16Array[] = [];
  private finished = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;
  private started = false;
  /** Samples produced so far. */
  samples = 0;

  constructor(
    private readonly tts: TtsEngine,
    private readonly voice: TtsVoice,
    readonly text: string,
  ) {}

  /** Starts synthesis (idempotent). */
  start(): void {
    if (this.started) return;
    this.started = true;
    void this.run();
  }

  get done(): boolean {
    return this.finished;
  }

  get error(): Error | null {
    return this.failure;
  }

  /** The chunks in order as they come; ends when synthesis ends or is aborted. */
  async *read(): AsyncIterable<Int16Array> {
    this.start();
    let index = 0;
    for (;;) {
      if (index < this.chunks.length) {
        yield this.chunks[index++]!;
        continue;
      }
      if (this.finished || this.abort.signal.aborted) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  cancel(): void {
    this.abort.abort();
    this.notify();
  }

  private async run(): Promise<void> {
    try {
      for await (const chunk of this.tts.synthesize({ text: this.text, voice: this.voice, signal: this.abort.signal })) {
        if (this.abort.signal.aborted) break;
        this.chunks.push(chunk);
        this.samples += chunk.length;
        this.notify();
      }
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error));
    } finally {
      this.finished = true;
      this.notify();
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
