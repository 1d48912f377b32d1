/** RTP fixed header (RFC 3550 §5.1): what we write on every packet and read from the far end's. */

export const RTP_HEADER_BYTES = 12;

export interface RtpHeader {
  payloadType: number;
  marker: boolean;
  sequence: number;
  timestamp: number;
  ssrc: number;
}

export interface RtpPacket extends RtpHeader {
  payload: Uint8Array;
}

export function writeRtpHeader(out: Buffer, header: RtpHeader): void {
  out[0] = 0x80; // version 2, no padding, no extension, no CSRC
  out[1] = (header.marker ? 0x80 : 0) | (header.payloadType & 0x7f);
  out.writeUInt16BE(header.sequence & 0xffff, 2);
  out.writeUInt32BE(header.timestamp >>> 0, 4);
  out.writeUInt32BE(header.ssrc >>> 0, 8);
}

/** Parses a packet; null when it is not RTP version 2 or is malformed (a bad length, padding or extension). */
export function parseRtp(bytes: Buffer): RtpPacket | null {
  if (bytes.length < RTP_HEADER_BYTES || bytes[0]! >> 6 !== 2) return null;
  const csrcCount = bytes[0]! & 0x0f;
  let offset = RTP_HEADER_BYTES + csrcCount * 4;
  if (bytes[0]! & 0x10) {
    if (bytes.length < offset + 4) return null;
    offset += 4 + bytes.readUInt16BE(offset + 2) * 4;
  }
  let end = bytes.length;
  if (bytes[0]! & 0x20) end -= bytes[bytes.length - 1]!;
  if (offset > end) return null;
  return {
    payloadType: bytes[1]! & 0x7f,
    marker: (bytes[1]! & 0x80) !== 0,
    sequence: bytes.readUInt16BE(2),
    timestamp: bytes.readUInt32BE(4),
    ssrc: bytes.readUInt32BE(8),
    payload: bytes.subarray(offset, end),
  };
}
