/**
 * Writes audio as a pcap of RTP/PCMU packets (Ethernet / IPv4 / UDP, 20 ms apart) for sipp's
 * `play_pcap_audio`, which replays the packets' RTP to the call's media address at their recorded pace.
 * The packets come from our own packetizer parts (RTP header, G.711), so sipp plays exactly what a carrier
 * would send.
 */
import { writeFileSync } from 'node:fs';
import { FRAME_SAMPLES } from '../src/audio/pcm.ts';
import { encodeG711 } from '../src/telephony/media/g711.ts';
import { RTP_HEADER_BYTES, writeRtpHeader } from '../src/telephony/media/rtp-packet.ts';

const ETHERNET = 14;
const IPV4 = 20;
const UDP = 8;

export function writePcapAudio(path: string, samples: Int16Array): void {
  const frames = Math.ceil(samples.length / FRAME_SAMPLES);
  const payload = FRAME_SAMPLES;
  const packetBytes = ETHERNET + IPV4 + UDP + RTP_HEADER_BYTES + payload;
  const out = Buffer.alloc(24 + frames * (16 + packetBytes));
  // Global header: magic, v2.4, no zone, no accuracy, snaplen, link type 1 (Ethernet).
  out.writeUInt32LE(0xa1b2c3d4, 0);
  out.writeUInt16LE(2, 4);
  out.writeUInt16LE(4, 6);
  out.writeUInt32LE(65535, 16);
  out.writeUInt32LE(1, 20);
  const frame = new Int16Array(FRAME_SAMPLES);
  for (let i = 0; i < frames; i++) {
    const at = 24 + i * (16 + packetBytes);
    const us = i * 20_000;
    out.writeUInt32LE(Math.floor(us / 1e6), at);
    out.writeUInt32LE(us % 1e6, at + 4);
    out.writeUInt32LE(packetBytes, at + 8);
    out.writeUInt32LE(packetBytes, at + 12);
    const p = at + 16;
    out.writeUInt16BE(0x0800, p + 12); // IPv4
    const ip = p + ETHERNET;
    out.writeUInt8(0x45, ip);
    out.writeUInt16BE(IPV4 + UDP + RTP_HEADER_BYTES + payload, ip + 2);
    out.writeUInt8(64, ip + 8);
    out.writeUInt8(17, ip + 9); // UDP
    out.set([127, 0, 0, 1], ip + 12);
    out.set([127, 0, 0, 1], ip + 16);
    const udp = ip + IPV4;
    out.writeUInt16BE(6000, udp);
    out.writeUInt16BE(6002, udp + 2);
    out.writeUInt16BE(UDP + RTP_HEADER_BYTES + payload, udp + 4);
    const rtp = udp + UDP;
    writeRtpHeader(out.subarray(rtp), {
      payloadType: 0,
      sequence: i & 0xffff,
      timestamp: i * FRAME_SAMPLES,
      ssrc: 0x5eed,
      marker: i === 0,
    });
    frame.fill(0);
    frame.set(samples.subarray(i * FRAME_SAMPLES, (i + 1) * FRAME_SAMPLES));
    encodeG711('PCMU', frame, out, rtp + RTP_HEADER_BYTES);
  }
  writeFileSync(path, out);
}
