/** Audio helpers for vendor streams: bytes ↔ 16-bit PCM, G.711 μ-law, and rate conversion. */

/** Little-endian 16-bit PCM bytes → samples, carrying an odd byte over to the next network chunk. */
export class PcmAssembler {
  private carry: Buffer | null = null;

  push(bytes: Buffer | Uint8Array): Int16Array {
    let data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (this.carry) {
      data = Buffer.concat([this.carry, data]);
      this.carry = null;
    }
    if (data.length % 2 === 1) {
      this.carry = Buffer.from(data.subarray(data.length - 1));
      data = data.subarray(0, data.length - 1);
    }
    const samples = new Int16Array(data.length / 2);
    for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(i * 2);
    return samples;
  }
}

/** Samples → little-endian bytes, as every vendor wants raw PCM. */
export function pcmBytes(samples: Int16Array): Buffer {
  const out = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) out.writeInt16LE(samples[i]!, i * 2);
  return out;
}

/** G.711 μ-law byte → linear 16-bit sample (ITU-T G.711, as ElevenLabs' `ulaw_8000` is sent). */
export function mulawToLinear(byte: number): number {
  const u = ~byte & 0xff;
  const exponent = (u >> 4) & 0x07;
  const magnitude = ((u & 0x0f) << 3) + 0x84;
  const sample = (magnitude << exponent) - 0x84;
  // `| 0` turns the sign bit's -0 into 0.
  return (u & 0x80 ? -sample : sample) | 0;
}

const MULAW_TABLE = Int16Array.from({ length: 256 }, (_, i) => mulawToLinear(i));

export function decodeMulaw(bytes: Uint8Array): Int16Array {
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = MULAW_TABLE[bytes[i]!]!;
  return out;
}

/** Linear 16-bit sample → μ-law byte (the inverse of `mulawToLinear`, to check it round-trips). */
export function linearToMulaw(sample: number): number {
  const BIAS = 0x84;
  const sign = sample < 0 ? 0x80 : 0;
  let magnitude = Math.min(Math.abs(sample), 32_635) + BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (magnitude & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (magnitude >> (exponent + 3)) & 0x0f;
  magnitude = 0;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

/**
 * Streaming linear-interpolation resampler between any two rates (8 kHz calls, 16 kHz vendors). Its
 * position carries across chunks, so chunk edges leave no clicks. Downsampling averages the input
 * samples each output covers first (a box filter), which is enough against aliasing for speech.
 */
export class Resampler {
  private readonly step: number;
  private position = 0;
  private previous = 0;

  constructor(
    readonly fromRate: number,
    readonly toRate: number,
  ) {
    this.step = fromRate / toRate;
  }

  push(input: Int16Array): Int16Array {
    if (this.fromRate === this.toRate) return input;
    const out: number[] = [];
    // Index -1 is the last sample of the previous chunk.
    const at = (i: number) => (i < 0 ? this.previous : input[Math.min(i, input.length - 1)]!);
    // Upsampling interpolates towards the next sample, so it waits for it; downsampling does not.
    const limit = this.step > 1 ? input.length : input.length - 1;
    while (this.position < limit) {
      const base = Math.floor(this.position);
      const frac = this.position - base;
      let value: number;
      if (this.step > 1) {
        let sum = 0;
        const span = Math.max(1, Math.floor(this.step));
        for (let k = 0; k < span; k++) sum += at(base - k);
        value = sum / span;
      } else value = at(base) + (at(base + 1) - at(base)) * frac;
      out.push(Math.max(-32_768, Math.min(32_767, Math.round(value))));
      this.position += this.step;
    }
    this.position -= input.length;
    if (input.length) this.previous = input[input.length - 1]!;
    return Int16Array.from(out);
  }
}
