/**
 * What the detector measures on each 20 ms frame of the callee's audio (160 samples of 8 kHz PCM): its
 * level in dBFS, and whether it is a tone — one or two steady sinusoids holding most of the frame's energy
 * (a beep, ringback, a busy or special information tone), which speech never is for long.
 *
 * Tones are found with a bank of Goertzel filters every 25 Hz from 300 to 2100 Hz: a 20 ms window resolves
 * 50 Hz, so a tone between two filters still gives ≥ 80 % of its power to the nearer one. The bank runs only
 * on frames loud enough to matter, so a silent line costs one sum of squares per frame.
 */
import { SAMPLE_RATE } from '../telephony/media/audio.ts';

export const BANK_LOW_HZ = 300;
export const BANK_HIGH_HZ = 2100;
export const BANK_STEP_HZ = 25;

/** Frames quieter than this are never voice nor tone, whatever the noise floor. */
const FLOOR_DBFS = -55;

export interface FrameFeatures {
  /** RMS level, dB relative to full scale (−100 for digital silence). */
  dbfs: number;
  /** The strongest filter's share of the frame's energy, 0..1 (≈ 1 for a pure tone). */
  toneShare: number;
  /** The two strongest (non-neighbouring) filters' share: dual tones such as US ringback 440+480 Hz. */
  dualShare: number;
  /** Frequency of the strongest filter, Hz (0 when the frame was too quiet to look). */
  peakHz: number;
}

interface Filter {
  hz: number;
  coeff: number;
}

const FILTERS: readonly Filter[] = Array.from({ length: (BANK_HIGH_HZ - BANK_LOW_HZ) / BANK_STEP_HZ + 1 }, (_, i) => {
  const hz = BANK_LOW_HZ + i * BANK_STEP_HZ;
  return { hz, coeff: 2 * Math.cos((2 * Math.PI * hz) / SAMPLE_RATE) };
});

/** Power of `samples` at one frequency (Goertzel), scaled so a full-length pure tone there gives its energy Σx². */
function goertzelPower(samples: Int16Array, coeff: number): number {
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < samples.length; i++) {
    const s0 = samples[i]! + coeff * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  const power = s1 * s1 + s2 * s2 - coeff * s1 * s2;
  return (2 * power) / samples.length;
}

const powers = new Float64Array(FILTERS.length);

export function frameFeatures(samples: Int16Array): FrameFeatures {
  let energy = 0;
  for (let i = 0; i < samples.length; i++) energy += samples[i]! * samples[i]!;
  const rms = Math.sqrt(energy / Math.max(1, samples.length));
  const dbfs = rms > 0 ? 20 * Math.log10(rms / 32768) : -100;
  if (dbfs < FLOOR_DBFS) return { dbfs, toneShare: 0, dualShare: 0, peakHz: 0 };
  let best = 0;
  for (let i = 0; i < FILTERS.length; i++) {
    powers[i] = goertzelPower(samples, FILTERS[i]!.coeff);
    if (powers[i]! > powers[best]!) best = i;
  }
  // The second tone must be at least 75 Hz away, or it is the same tone's leakage into the next filter.
  let second = 0;
  for (let i = 0; i < FILTERS.length; i++) if (Math.abs(i - best) >= 3 && powers[i]! > second) second = powers[i]!;
  const toneShare = Math.min(1, powers[best]! / energy);
  return { dbfs, toneShare, dualShare: Math.min(1, (powers[best]! + second) / energy), peakHz: FILTERS[best]!.hz };
}
