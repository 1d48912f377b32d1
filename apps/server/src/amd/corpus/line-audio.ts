/**
 * Offline audio for the AMD corpus and tests: speech from espeak-ng (Debian package), resampled to 8 kHz by
 * sox, and a telephone line around it — line noise, band-limited to 300–3400 Hz (seeded, so the
 * same corpus comes out on every machine), then a G.711 μ-law round trip as a carrier would do.
 * espeak-ng writes 22,050 Hz; sox resamples it (once per distinct utterance, cached).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { linearToUlaw, SIT_SEQUENCE, ulawToLinear } from '../../telephony/index.ts';
import { SAMPLE_RATE, samplesFor } from '../../audio/pcm.ts';

export interface Speech {
  text: string;
  /** espeak-ng voice with an optional variant: `en-us+f2`, `cmn-latn-pinyin+m3` (pinyin text with tone digits). */
  voice: string;
  /** Words per minute (espeak-ng -s). */
  speed: number;
  /** 0–99 (espeak-ng -p). */
  pitch: number;
}

/** Speech as 8 kHz PCM, cached in `cacheDir` by its parameters (espeak-ng and sox are run once per clip). */
export function speak(speech: Speech, cacheDir: string): Int16Array {
  mkdirSync(cacheDir, { recursive: true });
  const key = createHash('sha1').update(JSON.stringify(speech)).digest('hex').slice(0, 16);
  const raw = join(cacheDir, `${key}.raw`);
  if (!existsSync(raw)) {
    const wav = join(cacheDir, `${key}.wav`);
    execFileSync('espeak-ng', ['-v', speech.voice, '-s', String(speech.speed), '-p', String(speech.pitch), '-w', wav, speech.text]);
    execFileSync('sox', [
      '-R',
      '-V1',
      wav,
      '-t',
      'raw',
      '-r',
      String(SAMPLE_RATE),
      '-e',
      'signed-integer',
      '-b',
      '16',
      '-c',
      '1',
      raw,
      'rate',
      '-h',
    ]);
  }
  const bytes = readFileSync(raw);
  return trimSilence(new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2).slice());
}

/** espeak-ng pads its output with silence; a clip's timing is ours to set. */
function trimSilence(samples: Int16Array): Int16Array {
  let start = 0;
  let end = samples.length;
  while (start < end && Math.abs(samples[start]!) < 200) start++;
  while (end > start && Math.abs(samples[end - 1]!) < 200) end--;
  return samples.subarray(start, end);
}

/** Scales to a peak level in dBFS. */
export function atLevel(samples: Int16Array, peakDbfs: number): Int16Array {
  let peak = 1;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  const gain = (32767 * 10 ** (peakDbfs / 20)) / peak;
  return samples.map((s) => Math.max(-32768, Math.min(32767, Math.round(s * gain))));
}

export interface LineOptions {
  /** RMS of the line noise in dBFS (−100: none). */
  noiseDbfs: number;
  /** Random source of the noise. */
  random: () => number;
}

/** The signal as a telephone line delivers it: noise added, 300–3400 Hz, μ-law and back. */
export function telephoneLine(samples: Int16Array, options: LineOptions): Int16Array {
  const noisy = new Int16Array(samples.length);
  // Pink-ish noise (white through a one-pole low-pass) sounds like a line hiss more than white noise does.
  const sigma = 32768 * 10 ** (options.noiseDbfs / 20);
  let state = 0;
  for (let i = 0; i < samples.length; i++) {
    const white = (options.random() * 2 - 1) * Math.sqrt(3);
    state = 0.7 * state + 0.3 * white;
    noisy[i] = clamp(samples[i]! + state * sigma * 2.4);
  }
  const limited = bandLimit(noisy);
  return limited.map((s) => ulawToLinear(linearToUlaw(s)));
}

/**
 * 300–3400 Hz, as a telephone channel passes it: a windowed-sinc band-pass FIR (129 taps, Blackman), in
 * process — a sox process per clip cost more wall time than the whole detection run on a busy machine.
 */
const TAPS = bandPassTaps(300, 3400, 129);

function bandPassTaps(lowHz: number, highHz: number, count: number): Float64Array {
  const taps = new Float64Array(count);
  const mid = (count - 1) / 2;
  const lp = (fc: number, n: number) => (n === 0 ? 2 * fc : Math.sin(2 * Math.PI * fc * n) / (Math.PI * n));
  for (let i = 0; i < count; i++) {
    const n = i - mid;
    const window = 0.42 - 0.5 * Math.cos((2 * Math.PI * i) / (count - 1)) + 0.08 * Math.cos((4 * Math.PI * i) / (count - 1));
    taps[i] = (lp(highHz / SAMPLE_RATE, n) - lp(lowHz / SAMPLE_RATE, n)) * window;
  }
  return taps;
}

function bandLimit(samples: Int16Array): Int16Array {
  const out = new Int16Array(samples.length);
  const mid = (TAPS.length - 1) / 2;
  for (let i = 0; i < samples.length; i++) {
    let acc = 0;
    for (let k = 0; k < TAPS.length; k++) {
      const j = i + mid - k;
      if (j >= 0 && j < samples.length) acc += TAPS[k]! * samples[j]!;
    }
    out[i] = clamp(acc);
  }
  return out;
}

function clamp(value: number): number {
  return Math.max(-32768, Math.min(32767, Math.round(value)));
}

/** A tone of `hz` (or two summed) for `ms`, at a peak level in dBFS, with 5 ms ramps. */
export function toneAt(hz: number | readonly number[], ms: number, peakDbfs: number): Int16Array {
  const freqs = typeof hz === 'number' ? [hz] : hz;
  const out = new Int16Array(samplesFor(ms));
  const ramp = samplesFor(5);
  const amplitude = (32767 * 10 ** (peakDbfs / 20)) / freqs.length;
  for (let i = 0; i < out.length; i++) {
    const envelope = Math.min(1, i / ramp, (out.length - 1 - i) / ramp);
    let v = 0;
    for (const f of freqs) v += Math.sin((2 * Math.PI * f * i) / SAMPLE_RATE);
    out[i] = clamp(v * amplitude * envelope);
  }
  return out;
}

/** The three special information tones of a dead number (SIT_SEQUENCE), back to back at a peak level in dBFS. */
export function sitTones(peakDbfs: number): Int16Array[] {
  return SIT_SEQUENCE.map(({ hz, ms }) => toneAt(hz, ms, peakDbfs));
}
