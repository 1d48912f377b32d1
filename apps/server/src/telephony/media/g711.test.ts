import { describe, expect, it } from 'vitest';
import { tone } from '../../audio/pcm.ts';
import { alawToLinear, decodeG711, encodeG711, linearToAlaw, linearToUlaw, ulawToLinear } from './g711.ts';
import { parseRtp, RTP_HEADER_BYTES, writeRtpHeader } from './rtp-packet.ts';

describe('G.711', () => {
  it('encodes the reference points of both laws', () => {
    expect(linearToUlaw(0)).toBe(0xff);
    expect(linearToUlaw(-1)).toBe(0x7f);
    expect(linearToUlaw(32767)).toBe(0x80);
    expect(linearToUlaw(-32768)).toBe(0x00);
    expect(linearToAlaw(0)).toBe(0xd5);
    expect(linearToAlaw(32767)).toBe(0xaa);
    expect(linearToAlaw(-32768)).toBe(0x2a);
    expect(ulawToLinear(0x80)).toBe(32124);
    expect(alawToLinear(0xaa)).toBe(32256);
  });

  it('round-trips every code: decode then encode gives the code back', () => {
    for (let code = 0; code < 256; code++) {
      // µ-law has two zeros (0x7f is -0); both decode to 0, which encodes as +0.
      if (code !== 0x7f) expect(linearToUlaw(ulawToLinear(code))).toBe(code);
      expect(linearToAlaw(alawToLinear(code))).toBe(code);
    }
  });

  it('keeps every 16-bit sample within half a quantisation step (about 1/16 of its size, 2 % above 2048)', () => {
    for (let sample = -32768; sample <= 32767; sample += 7) {
      const magnitude = Math.abs(sample);
      const bound = Math.max(magnitude / 16, 16) + 2;
      expect(Math.abs(ulawToLinear(linearToUlaw(sample)) - Math.min(sample, 32124))).toBeLessThanOrEqual(
        Math.max(bound, magnitude > 32124 ? 700 : 0),
      );
      expect(Math.abs(alawToLinear(linearToAlaw(sample)) - sample)).toBeLessThanOrEqual(Math.max(bound, 33));
    }
  });

  it('encodes and decodes a 20 ms frame through the tables, with little distortion of a tone', () => {
    const frame = tone(400, 20, 0.5);
    for (const codec of ['PCMU', 'PCMA'] as const) {
      const bytes = new Uint8Array(frame.length);
      expect(encodeG711(codec, frame, bytes)).toBe(160);
      const back = decodeG711(codec, bytes);
      let noise = 0;
      let signal = 0;
      for (let i = 0; i < frame.length; i++) {
        noise += (back[i]! - frame[i]!) ** 2;
        signal += frame[i]! ** 2;
      }
      expect(10 * Math.log10(signal / noise)).toBeGreaterThan(30); // G.711 gives ~38 dB SNR on a loud tone
    }
  });
});

describe('RTP header', () => {
  it('writes and reads version, marker, payload type, sequence, timestamp and SSRC', () => {
    const packet = Buffer.alloc(RTP_HEADER_BYTES + 160);
    writeRtpHeader(packet, { payloadType: 8, marker: true, sequence: 65535, timestamp: 0xfffffff0, ssrc: 0xdeadbeef });
    expect(packet[0]).toBe(0x80);
    expect(packet[1]).toBe(0x88);
    const parsed = parseRtp(packet)!;
    expect(parsed).toMatchObject({ payloadType: 8, marker: true, sequence: 65535, timestamp: 0xfffffff0, ssrc: 0xdeadbeef });
    expect(parsed.payload.length).toBe(160);
  });

  it('skips CSRCs and a header extension, drops padding, and refuses what is not RTP v2', () => {
    const packet = Buffer.alloc(12 + 4 + 8 + 10 + 3);
    packet[0] = 0x80 | 0x20 | 0x10 | 0x01; // padding, extension, one CSRC
    packet.writeUInt16BE(1, 12 + 4 + 2); // extension of one 32-bit word
    packet[packet.length - 1] = 3;
    expect(parseRtp(packet)!.payload.length).toBe(10);
    expect(parseRtp(Buffer.from([0x40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeNull();
    expect(parseRtp(Buffer.alloc(5))).toBeNull();
  });
});
