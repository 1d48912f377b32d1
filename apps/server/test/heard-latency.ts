/**
 * How long a caller waits for the answer, read from a two-channel recording made at the caller's end: what they
 * said (their microphone, as it left them) and what they heard, on one clock. Speech is found by energy over
 * 20 ms frames (8 kHz, 160 samples); a question is a voiced stretch of the microphone channel (gaps under
 * `bridgeMs` bridged), its end the end of its last voiced frame or, when its length is known, its onset plus
 * that length; the answer's onset is the first voiced frame of
 * the heard channel after `quietFrames` quiet ones, at or after the question's end (and after `answerFrom` when
 * given: fillers are skipped that way), before the next question starts.
 *
 * Used by bench:webcall:heard on what Chromium pages record; tested on synthetic recordings (heard-latency.test.ts).
 */
import { FRAME_SAMPLES, SAMPLE_RATE, rms } from '../src/audio/pcm.ts';

const FRAME_MS = (FRAME_SAMPLES * 1000) / SAMPLE_RATE;

export interface HeardOptions {
  /** RMS over a frame at or above which it is voiced (16-bit full scale 32767). */
  threshold?: number;
  /** Quiet gaps shorter than this inside a question are part of it (the pauses between words). */
  bridgeMs?: number;
  /** Quiet frames in the heard channel before a voiced one counts as the onset of a new line. */
  quietFrames?: number;
  /**
   * How long the question's speech is when it is known (a file played as the microphone): its end is then its
   * onset plus this, not its last frame over the threshold (the capture's gain control and noise suppression
   * soften a question's tail, which the threshold then cuts early). A stretch whose length is not within
   * `knownSlackMs` of it is not that question: it is left out.
   */
  knownSpeechMs?: number;
  knownSlackMs?: number;
  /**
   * When the answer to the question ending at `endMs` may start, from what else is known of the call (the
   * events: the callee's final, a filler said first, the answer handed to speech); null: the question got no
   * answer. Without it, the first onset after the question's end is the answer.
   */
  answerFrom?: (question: { startMs: number; endMs: number; nextStartMs: number }) => number | null;
}

export interface QuestionWait {
  startMs: number;
  endMs: number;
  /** End of the question → first audio of the answer; null when none came before the next question. */
  waitMs: number | null;
  /** The heard channel was voiced while the question was said: it met a line of ours, and is not timed. */
  saidOver: boolean;
}

/** Whether each 20 ms frame is voiced. */
export function voicedFrames(samples: Int16Array, threshold = 400): boolean[] {
  const frames = Math.floor(samples.length / FRAME_SAMPLES);
  return Array.from({ length: frames }, (_, f) => rms(samples.subarray(f * FRAME_SAMPLES, (f + 1) * FRAME_SAMPLES)) >= threshold);
}

/** Voiced stretches as [startMs, endMs), gaps under `bridgeMs` bridged. */
export function voicedSegments(voiced: readonly boolean[], bridgeMs = 300): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [f, loud] of voiced.entries()) {
    if (!loud) continue;
    const at = f * FRAME_MS;
    const open = out.at(-1);
    if (open && at - open[1] < bridgeMs) open[1] = at + FRAME_MS;
    else out.push([at, at + FRAME_MS]);
  }
  return out;
}

/** The first onset (a voiced frame after `quietFrames` quiet ones) in [fromMs, untilMs), in ms. */
export function firstOnset(voiced: readonly boolean[], fromMs: number, untilMs: number, quietFrames = 3): number | null {
  const first = Math.max(0, Math.ceil(fromMs / FRAME_MS - 1e-9));
  let quiet = 0;
  for (let f = Math.max(0, first - quietFrames); f < first; f++) quiet = voiced[f] ? 0 : quiet + 1;
  for (let f = first; f < voiced.length && (f + 1) * FRAME_MS <= untilMs; f++) {
    if (!voiced[f]) quiet++;
    else if (quiet >= quietFrames) return f * FRAME_MS;
    else quiet = 0;
  }
  return null;
}

/** Every question of the microphone channel and how long its answer took to be heard. */
export function questionWaits(said: Int16Array, heard: Int16Array, options: HeardOptions = {}): QuestionWait[] {
  const threshold = options.threshold ?? 400;
  const quietFrames = options.quietFrames ?? 3;
  const known = options.knownSpeechMs;
  const questions = voicedSegments(voicedFrames(said, threshold), options.bridgeMs ?? 300)
    .filter(([start, end]) => known === undefined || Math.abs(end - start - known) <= (options.knownSlackMs ?? 300))
    .map(([start, end]): [number, number] => [start, known === undefined ? end : start + known]);
  const ours = voicedFrames(heard, threshold);
  const end = ours.length * FRAME_MS;
  return questions.map(([startMs, endMs], i) => {
    const nextStartMs = questions[i + 1]?.[0] ?? end;
    const saidOver = ours.slice(Math.floor(startMs / FRAME_MS), Math.ceil(endMs / FRAME_MS)).some(Boolean);
    if (saidOver) return { startMs, endMs, waitMs: null, saidOver };
    const from = options.answerFrom ? options.answerFrom({ startMs, endMs, nextStartMs }) : endMs;
    const onset = from === null ? null : firstOnset(ours, Math.max(endMs, from), nextStartMs, quietFrames);
    return { startMs, endMs, waitMs: onset === null ? null : onset - endMs, saidOver };
  });
}
