import type { AmdResult, AmdThresholds } from '@dialwise/contracts';
import { FRAME_MS, FRAME_SAMPLES } from '../audio/pcm.ts';
import { AmdDetector } from './amd-detector.ts';
import type { GreetingWords } from './amd-words.ts';

/**
 * Runs the detector over recorded audio as a call would deliver it: 20 ms frames, `answerAtMs` into the
 * clip being the answer (what comes before is early media). Past the clip's end the line is silent until
 * the detector decides (it always does by its total analysis time).
 */
export function classifyClip(samples: Int16Array, answerAtMs: number, thresholds?: AmdThresholds): AmdResult {
  const detector = new AmdDetector(thresholds);
  for (let i = 0; detector.decision === null; i++) detector.push(frameAt(samples, i), i * FRAME_MS - answerAtMs);
  return detector.decision!;
}

/**
 * The same with a recogniser listening to the greeting, at the pace of a call: after the answer a frame
 * every 20 ms of wall time (early media goes at once: the recogniser hears nothing of it). The recogniser
 * decodes as the audio comes and answers while the line goes on, as on a call, so the decision time on the
 * clip's clock includes its real answer time.
 */
export async function classifyClipLive(
  samples: Int16Array,
  answerAtMs: number,
  words: GreetingWords,
  thresholds?: AmdThresholds,
): Promise<AmdResult> {
  const detector = new AmdDetector(thresholds, { words });
  const answerFrame = Math.ceil(answerAtMs / FRAME_MS);
  let startedAt = 0;
  try {
    for (let i = 0; detector.decision === null; i++) {
      if (i === answerFrame) startedAt = performance.now();
      if (i > answerFrame) {
        const wait = startedAt + (i - answerFrame) * FRAME_MS - performance.now();
        await new Promise((resolve) => (wait > 0 ? setTimeout(resolve, wait) : setImmediate(resolve)));
      }
      detector.push(frameAt(samples, i), i * FRAME_MS - answerAtMs);
    }
    return detector.decision!;
  } finally {
    detector.dispose();
  }
}

const SILENT = new Int16Array(FRAME_SAMPLES);

function frameAt(samples: Int16Array, i: number): Int16Array {
  const start = i * FRAME_SAMPLES;
  return start + FRAME_SAMPLES <= samples.length ? samples.subarray(start, start + FRAME_SAMPLES) : SILENT;
}
