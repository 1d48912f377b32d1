import type { AmdResult, AmdThresholds } from '@dialwise/contracts';
import { FRAME_MS, FRAME_SAMPLES } from '../telephony/media/audio.ts';
import { AmdDetector } from './amd-detector.ts';

/**
 * Runs the detector over recorded audio as a call would deliver it: 20 ms frames, `answerAtMs` into the
 * clip being the answer (what comes before is early media). Past the clip's end the line is silent until
 * the detector decides (it always does by its total analysis time).
 */
export function classifyClip(samples: Int16Array, answerAtMs: number, thresholds?: AmdThresholds): AmdResult {
  const detector = new AmdDetector(thresholds);
  const silent = new Int16Array(FRAME_SAMPLES);
  for (let i = 0; detector.decision === null; i++) {
    const start = i * FRAME_SAMPLES;
    const frame = start + FRAME_SAMPLES <= samples.length ? samples.subarray(start, start + FRAME_SAMPLES) : silent;
    detector.push(frame, i * FRAME_MS - answerAtMs);
  }
  return detector.decision!;
}
