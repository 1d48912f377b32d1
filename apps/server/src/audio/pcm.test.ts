import { describe, expect, it } from 'vitest';
import { FRAME_SAMPLES, OutgoingAudio, rms, SampleFifo, silence, toSamples, tone } from './pcm.ts';

describe('audio helpers', () => {
  it('makes tones and silence of the right length at 8 kHz', () => {
    expect(tone(400, 1000).length).toBe(8000);
    expect(silence(20).length).toBe(FRAME_SAMPLES);
    expect(rms(tone(400, 1000, 0.5))).toBeGreaterThan(11_000); // a sine of amplitude A has RMS A/√2
    expect(rms(silence(100))).toBe(0);
  });

  it('reads little-endian PCM bytes, aligned or not', () => {
    const bytes = Buffer.alloc(7);
    bytes.writeInt16LE(-2, 1);
    bytes.writeInt16LE(300, 3);
    expect([...toSamples(bytes.subarray(1, 5))]).toEqual([-2, 300]);
    expect([...toSamples(Buffer.from([1, 0, 2, 0, 9]))]).toEqual([1, 2]);
  });
});

describe('OutgoingAudio', () => {
  it('plays queued clips frame by frame across clip boundaries, then silence; resolves each clip when played', async () => {
    const out = new OutgoingAudio();
    const first = out.enqueue(new Int16Array(100).fill(1));
    const second = out.enqueue(new Int16Array(100).fill(2));
    const frame = out.nextFrame()!;
    expect(frame.slice(99, 101)).toEqual(new Int16Array([1, 2]));
    expect(await first).toBe(true);
    const tail = out.nextFrame()!;
    expect([...tail.slice(0, 40)].every((s) => s === 2)).toBe(true);
    expect([...tail.slice(40)].every((s) => s === 0)).toBe(true);
    expect(await second).toBe(true);
    expect(out.nextFrame()).toBeNull();
  });

  it('clear() drops what is queued and resolves it false', async () => {
    const out = new OutgoingAudio();
    const clip = out.enqueue(new Int16Array(8000));
    out.nextFrame();
    out.clear();
    expect(await clip).toBe(false);
    expect(out.pending).toBe(false);
  });
});

describe('SampleFifo', () => {
  it('hands out samples in order, pads with silence when dry, and drops the oldest beyond its cap', () => {
    const fifo = new SampleFifo(20); // 160 samples at most
    fifo.push(new Int16Array(100).fill(1));
    fifo.push(new Int16Array(100).fill(2));
    expect(fifo.length).toBe(160); // 40 of the first chunk were dropped
    const out = new Int16Array(200);
    fifo.read(out);
    expect(out[0]).toBe(1);
    expect(out[59]).toBe(1);
    expect(out[60]).toBe(2);
    expect(out[159]).toBe(2);
    expect(out[160]).toBe(0);
    expect(fifo.length).toBe(0);
  });
});
