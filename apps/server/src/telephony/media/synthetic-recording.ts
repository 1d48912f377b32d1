/**
 * Writes a plausible call recording without placing a call: turns of the simulated callee's voice on
 * the left channel and our stand-in speech on the right, alternating, for `durationMs`. For demo data
 * (call records seeded with history need playable recordings) — it takes milliseconds, not the call's
 * length.
 */
import { FRAME_SAMPLES, SILENT_FRAME } from '../../audio/pcm.ts';
import { seededRandom, SyntheticVoice } from '../simulated/simulated-callee.ts';
import type { RecordingInfo } from '../trunk.ts';
import { WavWriter } from './wav-writer.ts';
import { standInSpeech } from '../session/play-prologue-step.ts';

export async function writeSyntheticRecording(path: string, options: { durationMs: number; seed?: number }): Promise<RecordingInfo> {
  const random = seededRandom(options.seed ?? 1);
  const voice = new SyntheticVoice(random);
  const writer = new WavWriter(path, 2);
  const frames = Math.max(0, Math.round(options.durationMs / 20));
  let frame = 0;
  let ours = true; // we speak first: the prologue
  while (frame < frames) {
    const turnFrames = Math.min(frames - frame, 50 + Math.floor(random() * 150)); // 1–4 s turns
    const clip = ours ? standInSpeech('x'.repeat(Math.round((turnFrames * 20) / 70))) : null;
    for (let i = 0; i < turnFrames; i++, frame++) {
      const right = clip ? clip.subarray(i * FRAME_SAMPLES, (i + 1) * FRAME_SAMPLES) : SILENT_FRAME;
      const left = ours ? SILENT_FRAME : voice.nextFrame();
      writer.writeStereo(left, right.length === FRAME_SAMPLES ? right : SILENT_FRAME);
    }
    ours = !ours;
  }
  return writer.close();
}
