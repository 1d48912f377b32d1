import { describe, expect, it } from 'vitest';
import { tone } from '../../../../test/speech-vendors/fake-vendor.ts';
import { decodeMulaw, linearToMulaw, mulawToLinear, PcmAssembler, pcmBytes, Resampler } from './audio.ts';

describe('vendor audio helpers', () => {
  it('assembles PCM across chunks that split a sample', () => {
    const bytes = pcmBytes(Int16Array.from([1, -2, 300, -32768, 32767]));
    const pcm = new PcmAssembler();
    const parts = [pcm.push(bytes.subarray(0, 3)), pcm.push(bytes.subarray(3, 7)), pcm.push(bytes.subarray(7))];
    expect(parts.map((p) => p.length)).toEqual([1, 2, 2]);
    expect(parts.flatMap((p) => Array.from(p))).toEqual([1, -2, 300, -32768, 32767]);
  });

  it('decodes G.711 μ-law (0xFF is silence, 0x00 the negative peak) and round-trips within quantisation', () => {
    expect(mulawToLinear(0xff)).toBe(0);
    expect(mulawToLinear(0x7f)).toBe(0);
    expect(mulawToLinear(0x00)).toBe(-32_124);
    expect(mulawToLinear(0x80)).toBe(32_124);
    for (const sample of [0, 100, -100, 1000, -5000, 20_000, -32_000]) {
      const back = decodeMulaw(Uint8Array.of(linearToMulaw(sample)))[0]!;
      expect(Math.abs(back - sample)).toBeLessThanOrEqual(Math.max(8, Math.abs(sample) * 0.07));
    }
  });

  it('upsamples 8 → 16 kHz continuously across chunks (same result as one chunk)', () => {
    const input = tone(800);
    const whole = new Resampler(8000, 16_000).push(input);
    const r = new Resampler(8000, 16_000);
    const pieces = [r.push(input.subarray(0, 160)), r.push(input.subarray(160, 333)), r.push(input.subarray(333))];
    expect(pieces.flatMap((p) => Array.from(p))).toEqual(Array.from(whole));
    expect(whole.length).toBeGreaterThanOrEqual(1598);
    // Every other output sample is an input sample.
    expect(whole[20]).toBe(input[10]);
  });

  it('downsamples 16 → 8 kHz to half the samples, keeping a 440 Hz tone', () => {
    const out = new Resampler(16_000, 8000).push(tone(1600, 16_000));
    expect(out.length).toBe(800);
    const reference = tone(800);
    const error = Array.from(out).reduce((n, s, i) => n + Math.abs(s - reference[i]!), 0) / out.length;
    expect(error).toBeLessThan(600);
  });
});
