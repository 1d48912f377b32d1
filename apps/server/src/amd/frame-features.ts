/**
 * What the detector measures on each 20 ms frame of the callee's audio (160 samples of 8 kHz PCM): its
 * level in dBFS, and whether it is a tone — one or two steady sinusoids holding most of the frame's energy
 * (a beep, ringback, a busy or special information tone), which speech never is for long.
 *
 * Tones are found with a bank of Goertzel filters every 25 Hz from 300 to 2200 Hz (a fax's answering tone is
 * 2100 Hz): a 20 ms window resolves 50 Hz, so a tone between two filters still gives ≥ 80 % of its power to
 * the nearer one. The bank runs only on frames loud enough to matter, so a silent line costs one sum of
 * squares per frame.
 *
 * Ringback is low (400–480 Hz) and its two tones can be close: UK 400 + 450 Hz are 50 Hz apart, which a 20 ms
 * window cannot separate (the sum beats once per frame, so a frame looks like neither one tone nor two).
 * `FrameAnalyzer` therefore also measures, over the last 80 ms (12.5 Hz bins), the share of the energy in the
 * ringback band 325–512 Hz: every country's ringback (UK 400+450, EU 425, US 440+480, China 450, Japan 400
 * modulated by 16 Hz) puts nearly all of its energy there, speech on a telephone line spreads it over
 * 300–3400 Hz.
 */
import { SAMPLE_RATE } from '../audio/pcm.ts';

export const BANK_LOW_HZ = 300;
export const BANK_HIGH_HZ = 2200;
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
  /** Frequency of the second strongest (≥ 75 Hz from the first), Hz: a dual tone's other half (0: not measured). */
  secondHz: number;
  /** Share of the last 80 ms's energy in the ringback band, 325–512 Hz (0 when too quiet or not measured). */
  ringbackShare: number;
  /**
   * The frame's spectral shape: log energy in SHAPE_BANDS bands of the filter bank, their mean removed (so
   * the level does not count); null when the frame was too quiet to look. A recording played again has the
   * same shapes frame after frame (see repeat-finder.ts).
   */
  shape: Float32Array | null;
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

/** The shape's bands: log-spaced over the bank (300–2200 Hz), as the ear and speech's formants are. */
export const SHAPE_BANDS = 10;
const BAND_OF = FILTERS.map((f) =>
  Math.min(SHAPE_BANDS - 1, Math.floor((SHAPE_BANDS * Math.log(f.hz / BANK_LOW_HZ)) / Math.log(BANK_HIGH_HZ / BANK_LOW_HZ))),
);

function shapeOf(energy: number): Float32Array {
  const bands = new Float64Array(SHAPE_BANDS);
  for (let i = 0; i < FILTERS.length; i++) bands[BAND_OF[i]!]! += powers[i]!;
  const shape = new Float32Array(SHAPE_BANDS);
  let mean = 0;
  for (let b = 0; b < SHAPE_BANDS; b++) {
    // A floor a million times under the frame's energy: an empty band is "very quiet", not minus infinity.
    shape[b] = Math.log10(bands[b]! + energy * 1e-6);
    mean += shape[b]! / SHAPE_BANDS;
  }
  for (let b = 0; b < SHAPE_BANDS; b++) shape[b]! -= mean;
  return shape;
}

export function frameFeatures(samples: Int16Array): FrameFeatures {
  let energy = 0;
  for (let i = 0; i < samples.length; i++) energy += samples[i]! * samples[i]!;
  const rms = Math.sqrt(energy / Math.max(1, samples.length));
  const dbfs = rms > 0 ? 20 * Math.log10(rms / 32768) : -100;
  if (dbfs < FLOOR_DBFS) return { dbfs, toneShare: 0, dualShare: 0, peakHz: 0, secondHz: 0, ringbackShare: 0, shape: null };
  let best = 0;
  for (let i = 0; i < FILTERS.length; i++) {
    powers[i] = goertzelPower(samples, FILTERS[i]!.coeff);
    if (powers[i]! > powers[best]!) best = i;
  }
  // The second tone must be at least 75 Hz away, or it is the same tone's leakage into the next filter.
  let second = 0;
  let secondIndex = 0;
  for (let i = 0; i < FILTERS.length; i++) {
    if (Math.abs(i - best) >= 3 && powers[i]! > second) {
      second = powers[i]!;
      secondIndex = i;
    }
  }
  const toneShare = Math.min(1, powers[best]! / energy);
  return {
    dbfs,
    toneShare,
    dualShare: Math.min(1, (powers[best]! + second) / energy),
    peakHz: FILTERS[best]!.hz,
    secondHz: FILTERS[secondIndex]!.hz,
    ringbackShare: 0,
    shape: shapeOf(energy),
  };
}

/** The long window: 4 frames (80 ms, 640 samples), its DFT bins 12.5 Hz apart; the ringback band's bins. */
const LONG_FRAMES = 4;
const LONG_SAMPLES = 640;
const RINGBACK_BINS = Array.from({ length: 16 }, (_, i) => 2 * Math.cos((2 * Math.PI * (26 + i)) / LONG_SAMPLES));

/** Frame features with a memory of the last 80 ms (the ringback band needs the finer bins). */
export class FrameAnalyzer {
  private readonly window = new Int16Array(LONG_SAMPLES);
  private filled = 0;

  push(samples: Int16Array): FrameFeatures {
    const f = frameFeatures(samples);
    const n = samples.length;
    this.window.copyWithin(0, n);
    this.window.set(samples.subarray(0, Math.min(n, LONG_SAMPLES)), LONG_SAMPLES - n);
    this.filled = Math.min(LONG_FRAMES, this.filled + 1);
    if (f.dbfs < FLOOR_DBFS || this.filled < LONG_FRAMES) return f;
    let energy = 0;
    for (let i = 0; i < LONG_SAMPLES; i++) energy += this.window[i]! * this.window[i]!;
    let band = 0;
    // DFT bins are orthogonal: their powers (2|X_k|²/N) add up to the band's energy.
    for (const coeff of RINGBACK_BINS) band += goertzelPower(this.window, coeff);
    return { ...f, ringbackShare: energy > 0 ? Math.min(1, band / energy) : 0 };
  }
}
