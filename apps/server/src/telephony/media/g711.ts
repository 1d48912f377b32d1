/**
 * G.711 µ-law (PCMU, payload type 0) and A-law (PCMA, payload type 8), the ITU reference algorithms
 * (as in Sun's public-domain g711.c), turned into lookup tables once at load: encoding a 20 ms frame is
 * then 160 table reads, which matters at 25,000 frames a second.
 */
import type { AudioCodec } from '../trunk.ts';

const ULAW_BIAS = 0x84;
const ULAW_CLIP = 32635;

export function linearToUlaw(sample: number): number {
  let pcm = sample;
  const sign = pcm < 0 ? 0x80 : 0;
  if (sign) pcm = -pcm;
  if (pcm > ULAW_CLIP) pcm = ULAW_CLIP;
  pcm += ULAW_BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (pcm & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (pcm >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

export function ulawToLinear(code: number): number {
  const u = ~code & 0xff;
  const exponent = (u >> 4) & 0x07;
  const magnitude = (((u & 0x0f) << 3) + ULAW_BIAS) << exponent;
  return u & 0x80 ? ULAW_BIAS - magnitude : magnitude - ULAW_BIAS;
}

const ALAW_SEGMENT_ENDS = [0x1f, 0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff];

export function linearToAlaw(sample: number): number {
  let pcm = sample >> 3;
  let mask: number;
  if (pcm >= 0) {
    mask = 0xd5;
  } else {
    mask = 0x55;
    pcm = -pcm - 1;
  }
  let segment = 0;
  while (segment < 8 && pcm > ALAW_SEGMENT_ENDS[segment]!) segment++;
  if (segment >= 8) return 0x7f ^ mask;
  let code = segment << 4;
  code |= segment < 2 ? (pcm >> 1) & 0x0f : (pcm >> segment) & 0x0f;
  return code ^ mask;
}

export function alawToLinear(code: number): number {
  const a = code ^ 0x55;
  let t = (a & 0x0f) << 4;
  const segment = (a & 0x70) >> 4;
  if (segment === 0) t += 8;
  else if (segment === 1) t += 0x108;
  else t = (t + 0x108) << (segment - 1);
  return a & 0x80 ? t : -t;
}

function encodeTable(encode: (sample: number) => number): Uint8Array {
  const table = new Uint8Array(65536);
  for (let i = 0; i < 65536; i++) table[i] = encode((i << 16) >> 16);
  return table;
}

function decodeTable(decode: (code: number) => number): Int16Array {
  const table = new Int16Array(256);
  for (let i = 0; i < 256; i++) table[i] = decode(i);
  return table;
}

const ENCODE: Record<AudioCodec, Uint8Array> = { PCMU: encodeTable(linearToUlaw), PCMA: encodeTable(linearToAlaw) };
const DECODE: Record<AudioCodec, Int16Array> = { PCMU: decodeTable(ulawToLinear), PCMA: decodeTable(alawToLinear) };

/** The RTP payload type of each codec (RFC 3551 static types). */
export const PAYLOAD_TYPES: Record<AudioCodec, number> = { PCMU: 0, PCMA: 8 };

export function codecOfPayloadType(pt: number): AudioCodec | null {
  if (pt === 0) return 'PCMU';
  if (pt === 8) return 'PCMA';
  return null;
}

/** Encodes PCM samples into `out` (one byte per sample) from `offset`; returns the bytes written. */
export function encodeG711(codec: AudioCodec, samples: Int16Array, out: Uint8Array, offset = 0): number {
  const table = ENCODE[codec];
  for (let i = 0; i < samples.length; i++) out[offset + i] = table[samples[i]! & 0xffff]!;
  return samples.length;
}

/** Decodes a payload, into `out` when given (it must be as long as the payload). */
export function decodeG711(codec: AudioCodec, payload: Uint8Array, out?: Int16Array): Int16Array {
  const table = DECODE[codec];
  const samples = out ?? new Int16Array(payload.length);
  for (let i = 0; i < payload.length; i++) samples[i] = table[payload[i]!]!;
  return samples;
}
