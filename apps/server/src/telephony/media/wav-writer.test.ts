import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseWavHeader, WAV_HEADER_BYTES, wavHeader, WavWriter } from './wav-writer.ts';

const dir = mkdtempSync(join(tmpdir(), 'dialwise-wav-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('WAV header', () => {
  it('is the canonical 44-byte PCM header', () => {
    const header = wavHeader(32000, 2);
    expect(header.length).toBe(44);
    expect(header.toString('ascii', 0, 4)).toBe('RIFF');
    expect(header.readUInt32LE(4)).toBe(36 + 32000);
    expect(header.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(header.readUInt32LE(16)).toBe(16);
    expect(header.readUInt16LE(20)).toBe(1); // PCM
    expect(header.readUInt16LE(22)).toBe(2);
    expect(header.readUInt32LE(24)).toBe(8000);
    expect(header.readUInt32LE(28)).toBe(32000); // byte rate
    expect(header.readUInt16LE(32)).toBe(4); // block align
    expect(header.readUInt16LE(34)).toBe(16);
    expect(header.toString('ascii', 36, 40)).toBe('data');
    expect(header.readUInt32LE(40)).toBe(32000);
    expect(parseWavHeader(header)).toEqual({ channels: 2, sampleRate: 8000, bitsPerSample: 16, dataBytes: 32000 });
    expect(parseWavHeader(Buffer.from('not a wav file at all, not at all, not at all'))).toBeNull();
  });
});

describe('WavWriter', () => {
  it('writes interleaved stereo across chunk boundaries and finalises the sizes at close', async () => {
    const path = join(dir, 'nested', 'call.wav');
    const writer = new WavWriter(path, 2, 100); // 100 ms chunks: 2.5 s of audio spans many writes
    const left = new Int16Array(160);
    const right = new Int16Array(160);
    for (let frame = 0; frame < 125; frame++) {
      left.fill(frame);
      right.fill(-frame);
      writer.writeStereo(left, right);
    }
    expect(writer.durationMs).toBe(2500);
    const info = await writer.close();
    const bytes = readFileSync(path);
    expect(info).toEqual({ path, durationMs: 2500, bytes: bytes.length });
    expect(bytes.length).toBe(WAV_HEADER_BYTES + 125 * 160 * 4);
    expect(parseWavHeader(bytes)).toEqual({ channels: 2, sampleRate: 8000, bitsPerSample: 16, dataBytes: 125 * 160 * 4 });
    const samples = new Int16Array(bytes.buffer, bytes.byteOffset + WAV_HEADER_BYTES, 125 * 320);
    expect([samples[320], samples[321]]).toEqual([1, -1]);
    const lastFrame = 124 * 320;
    expect([samples[lastFrame], samples[lastFrame + 1]]).toEqual([124, -124]);
    expect(await writer.close()).toEqual(info); // closing twice is harmless
  });

  it('writes a mono file and an empty one', async () => {
    const mono = new WavWriter(join(dir, 'mono.wav'), 1);
    mono.writeMono(new Int16Array(800).fill(5));
    expect(await mono.close()).toMatchObject({ durationMs: 100, bytes: 44 + 1600 });
    expect(parseWavHeader(readFileSync(join(dir, 'mono.wav')))?.channels).toBe(1);
    const empty = new WavWriter(join(dir, 'empty.wav'));
    expect(await empty.close()).toMatchObject({ durationMs: 0, bytes: 44 });
  });

  it('reports a file it could not create when closed, without throwing while the call writes', async () => {
    writeFileSync(join(dir, 'a-file'), '');
    const writer = new WavWriter(join(dir, 'a-file', 'call.wav'));
    writer.writeStereo(new Int16Array(160), new Int16Array(160));
    await expect(writer.close()).rejects.toThrow();
  });
});
