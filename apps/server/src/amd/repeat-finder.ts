/**
 * A recording played again. Carriers loop their announcements after the answer ("The number you dialed has
 * been disconnected." — a pause — the same words again), in any language; a person never says a second of
 * speech twice the same way, and a voicemail greeting does not repeat itself (it beeps, or its line goes
 * quiet). So when the callee's voice starts again after a pause, its first second is compared with the
 * greeting's first second, frame by frame: the spectral shape of each 20 ms frame (frame-features.ts, the
 * level taken out), correlated over the whole second at the best of a few frames' offset (the voice's onset
 * is found a frame or two early or late, and the second play's frames are cut at another point of it).
 *
 * A recording played twice through the line correlates at 0.89–0.97 (line noise and μ-law differ between
 * the plays); different speech of the same voice at most ~0.8, a person's second "Hello?" after their
 * first too, which is why both seconds must be mostly voice: a short word and a pause are not a recording.
 */
import { SHAPE_BANDS } from './frame-features.ts';

/** How much of the restart is compared with the greeting's start: 1 s. */
export const REPEAT_FRAMES = 50;
/** Offsets tried, in frames either way. */
const MAX_LAG = 3;
/** Both seconds compared must be at least this share voice. */
export const REPEAT_MIN_VOICED = 0.6;
/** Correlation of the two seconds' shapes from which they are one recording played again. */
export const REPEAT_MIN_SIMILARITY = 0.85;
/**
 * Other words are told sooner: after 300 ms, a correlation this low is not the recording again (a voicemail's
 * next sentence, a list of words with pauses between them), and the greeting's rules go on deciding.
 */
const EARLY_FRAMES = 15;
const EARLY_MIN_SIMILARITY = 0.6;

export class RepeatFinder {
  /** Per frame since the answer: its shape (null: too quiet to measure) and whether it was voice. */
  private readonly shapes: Array<Float32Array | null> = [];
  private readonly voiced: boolean[] = [];

  shape(frame: number, shape: Float32Array | null): void {
    this.shapes[frame] = shape;
  }

  voice(frame: number, voiced: boolean): void {
    this.voiced[frame] = voiced;
  }

  /** The share of voice frames among the `n` from `from` (frames not heard yet count as not voice). */
  voicedShare(from: number, n = REPEAT_FRAMES): number {
    let count = 0;
    for (let i = from; i < from + n; i++) if (this.voiced[i]) count++;
    return count / n;
  }

  /** Whether a restart at `restart` can still be the greeting played again at frame `now` (enough voice left). */
  private mayRepeat(restart: number, now: number): boolean {
    let silent = 0;
    for (let i = restart; i <= now && i < restart + REPEAT_FRAMES; i++) if (!this.voiced[i]) silent++;
    return silent <= (1 - REPEAT_MIN_VOICED) * REPEAT_FRAMES;
  }

  /**
   * Whether the voice from `restart` is the greeting from `greeting` again, at frame `now`: true or false
   * once it can be told, null until then.
   */
  repeats(greeting: number, restart: number, now: number): boolean | null {
    if (!this.mayRepeat(restart, now)) return false;
    if (now === restart + EARLY_FRAMES + MAX_LAG && this.similarity(greeting, restart, EARLY_FRAMES) < EARLY_MIN_SIMILARITY) return false;
    if (now < restart + REPEAT_FRAMES + MAX_LAG) return null;
    return this.similarity(greeting, restart, REPEAT_FRAMES) >= REPEAT_MIN_SIMILARITY;
  }

  /** How alike the `frames` from `restart` are to those from `greeting`: the best correlation over the offsets. */
  similarity(greeting: number, restart: number, frames = REPEAT_FRAMES): number {
    let best = -1;
    for (let lag = -MAX_LAG; lag <= MAX_LAG; lag++) best = Math.max(best, this.correlation(greeting, restart + lag, frames));
    return best;
  }

  private correlation(a: number, b: number, frames: number): number {
    let n = 0;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let syy = 0;
    let sxy = 0;
    for (let i = 0; i < frames; i++) {
      const x = this.shapes[a + i];
      const y = this.shapes[b + i];
      if (!x || !y) continue;
      for (let k = 0; k < SHAPE_BANDS; k++) {
        n++;
        sx += x[k]!;
        sy += y[k]!;
        sxx += x[k]! * x[k]!;
        syy += y[k]! * y[k]!;
        sxy += x[k]! * y[k]!;
      }
    }
    // Frames too quiet to measure in either second leave too little to compare.
    if (n < REPEAT_MIN_VOICED * frames * SHAPE_BANDS) return -1;
    const cov = sxy - (sx * sy) / n;
    const vx = sxx - (sx * sx) / n;
    const vy = syy - (sy * sy) / n;
    return vx > 0 && vy > 0 ? cov / Math.sqrt(vx * vy) : -1;
  }
}
