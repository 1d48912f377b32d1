/**
 * The offline voice's processes: a few long-lived synthesis servers (espeak-server.c, built and run as a
 * native helper: native-helper.ts) that keep espeak-ng loaded and resample with libsoxr (the library behind
 * sox's high-quality `rate`), instead of an `espeak-ng | sox` pipeline per sentence: that cost ~29 ms of CPU
 * a sentence, most of it starting espeak and loading its voice data; the server spends ~5 ms.
 *
 * One process per core at most (HelperPool); a sentence goes to the process with the fewest sentences in
 * hand, which speaks them one at a time, in order. When a process ends, its sentences fail (the caller's
 * failure path: SpeechCallVoice records it) and the next sentence starts a new one.
 */
import { resolve } from 'node:path';
import { type HelperSource, HelperPool } from './native-helper.ts';

export const ESPEAK_SOURCE: HelperSource = {
  path: resolve(import.meta.dirname, 'espeak-server.c'),
  libraries: ['espeak-ng', 'soxr'],
  packages: 'gcc, libc6-dev, pkgconf, libespeak-ng-dev and libsoxr-dev',
};

/**
 * The longest text one request carries, in UTF-8 bytes (MAX_SENTENCE in espeak-server.c, which refuses
 * more): a bound on what reaches espeak-ng's text buffers, where its crafted-text faults were.
 */
export const MAX_SENTENCE_BYTES = 1000;

/**
 * Cuts a text into parts of at most MAX_SENTENCE_BYTES, each ending after a space or punctuation where
 * there is one in reach (else at a character's end): spoken one after another they say the whole text.
 */
export function sentenceParts(text: string): string[] {
  const parts: string[] = [];
  let rest = text;
  while (Buffer.byteLength(rest) > MAX_SENTENCE_BYTES) {
    // The longest prefix within the bound, whole code points only.
    let end = 0;
    let bytes = 0;
    for (const char of rest) {
      const size = Buffer.byteLength(char);
      if (bytes + size > MAX_SENTENCE_BYTES) break;
      bytes += size;
      end += char.length;
    }
    const head = rest.slice(0, end);
    const breakAt = Math.max(head.lastIndexOf(' '), ...[...',.;:!?，。；：！？、'].map((mark) => head.lastIndexOf(mark)));
    const cut = breakAt > end / 2 ? breakAt + 1 : end;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest) parts.push(rest);
  return parts;
}

/** What one sentence's request hears back. */
export interface SentenceEvents {
  audio(samples: Int16Array): void;
  done(): void;
  error(error: Error): void;
}

export class SynthesisPool {
  private readonly pool: HelperPool<SentenceEvents>;

  constructor(binary: Promise<string>) {
    this.pool = new HelperPool<SentenceEvents>(binary, 'voice', {
      frame: (sentence, kind, payload) => {
        if (kind === 'A') {
          // Copied into an aligned array of its own: the payload is a view into the connection's buffer.
          const samples = new Int16Array(payload.length >> 1);
          Buffer.from(samples.buffer).set(payload.subarray(0, samples.length * 2));
          sentence.audio(samples);
          return false;
        }
        if (kind === 'D') sentence.done();
        else sentence.error(new Error(`espeak-ng: ${String(payload)}`));
        return true;
      },
      lost: (sentence, error) => sentence.error(error),
    });
  }

  /** How many processes speak now. */
  get processes(): number {
    return this.pool.running;
  }

  /** Starts a sentence; the returned function cancels it (nothing more is heard of it). */
  speak(request: { voice: string; wordsPerMinute: number; text: string }, events: SentenceEvents): () => void {
    const job = this.pool.start(events);
    // One line each for the voice and the rate; the text is the rest, whatever it holds.
    job.send('S', Buffer.from(`${request.voice}\n${request.wordsPerMinute}\n${request.text}`));
    return () => {
      job.send('X');
      job.finish();
    };
  }

  /** Ends every process (the sentences they were making fail). */
  close(): void {
    this.pool.close();
  }
}
