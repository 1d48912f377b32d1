/**
 * Byte streams of 16-bit little-endian PCM (what sox and pocketsphinx read and write) to and from
 * samples, and the 8 kHz → 16 kHz step the offline recogniser needs.
 */

/** Turns byte chunks into whole samples, carrying an odd last byte over to the next chunk. */
export class SampleChunker {
  private carry: Buffer | null = null;

  push(bytes: Buffer): Int16Array | null {
    let data = bytes;
    if (this.carry) {
      data = Buffer.concat([this.carry, bytes]);
      this.carry = null;
    }
    const whole = data.length - (data.length % 2);
    if (whole < data.length) this.carry = Buffer.from(data.subarray(whole));
    if (whole === 0) return null;
    // Copy into a fresh aligned array: the stream may reuse or unalign its buffers.
    const out = new Int16Array(whole / 2);
    Buffer.from(out.buffer).set(data.subarray(0, whole));
    return out;
  }
}

/** Samples as little-endian bytes (a view, no copy: Int16Array is little-endian on every platform Node runs on here). */
export function pcmBytes(samples: Int16Array): Buffer {
  return Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
}

/** Taps on each side of the half-band interpolator: 2 ms of delay, images above 4 kHz down by ~70 dB. */
const HALF_TAPS = 16;
const COEFFS = halfBandCoefficients(HALF_TAPS);

/**
 * 8 kHz → 16 kHz: the input samples are kept as the even outputs and the odd ones are interpolated by a
 * Blackman-windowed sinc (a half-band low-pass: the images of 0–4 kHz speech at 4–8 kHz must go, or the
 * recogniser's wideband filters hear them as speech — a short 4-point interpolator recognised nothing).
 * Telephone audio carries nothing above 3.4 kHz, so this is all the recogniser needs, at a fraction of
 * the cost of another sox process per call. Keeps the last input samples between frames (no clicks).
 */
export class Upsampler {
  private readonly line = new Float64Array(2 * HALF_TAPS);

  process(input: Int16Array): Int16Array {
    const out = new Int16Array(input.length * 2);
    const line = this.line;
    const n = line.length;
    for (let i = 0; i < input.length; i++) {
      line.copyWithin(0, 1);
      line[n - 1] = input[i]!;
      // Centre between line[HALF_TAPS-1] and line[HALF_TAPS]: output delayed by HALF_TAPS input samples.
      let odd = 0;
      for (let k = 0; k < HALF_TAPS; k++) odd += COEFFS[k]! * (line[HALF_TAPS - 1 - k]! + line[HALF_TAPS + k]!);
      out[2 * i] = clamp(line[HALF_TAPS - 1]!);
      out[2 * i + 1] = clamp(odd);
    }
    return out;
  }
}

function halfBandCoefficients(half: number): Float64Array {
  const coeffs = new Float64Array(half);
  for (let k = 0; k < half; k++) {
    const x = k + 0.5; // distance of tap k from the interpolated instant, in input samples
    const sinc = Math.sin(Math.PI * x) / (Math.PI * x);
    // Blackman window over the taps' span (±half input samples around the interpolated instant).
    const w = 0.42 + 0.5 * Math.cos((Math.PI * x) / half) + 0.08 * Math.cos((2 * Math.PI * x) / half);
    coeffs[k] = sinc * w;
  }
  // Normalise to unity gain at DC (the taps on both sides sum to 1).
  const sum = 2 * coeffs.reduce((a, b) => a + b, 0);
  for (let k = 0; k < half; k++) coeffs[k]! /= sum;
  return coeffs;
}

function clamp(value: number): number {
  return value > 32767 ? 32767 : value < -32768 ? -32768 : Math.round(value);
}
