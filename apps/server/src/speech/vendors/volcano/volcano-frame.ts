import { gunzipSync, gzipSync } from 'node:zlib';
import { VendorError } from '../shared/vendor-error.ts';

/**
 * Volcano Engine (ByteDance openspeech) binary WebSocket framing, shared by its TTS and streaming ASR:
 * a header of `header size × 4` bytes — version (4 bits) | header size (4), message type (4) | flags (4),
 * serialization (4) | compression (4), reserved, then any header extension — then, by type and flags, a
 * sequence number or an error code, the payload size, and the payload. Integers are big-endian.
 * Docs: https://www.volcengine.com/docs/6561/1354869 (streaming ASR protocol),
 * https://www.volcengine.com/docs/6561/79821 (TTS WebSocket binary protocol).
 *
 * The two documents read the flags differently, and each is followed for its own messages:
 * - ASR (full server response): 0b0001 and 0b0011 carry a sequence, 0b0010 is "last, no sequence".
 * - TTS (audio-only server response): 0b0000 is an ACK with no sequence; 0b0001 a positive sequence;
 *   0b0010 *or* 0b0011 a negative sequence (the last message). The vendor's demo reads a sequence for
 *   any non-zero flag, so 0b0010 does carry one here.
 */
export const MessageType = {
  fullClientRequest: 0b0001,
  audioOnlyRequest: 0b0010,
  fullServerResponse: 0b1001,
  audioOnlyResponse: 0b1011,
  frontendResponse: 0b1100,
  error: 0b1111,
} as const;

export const Flags = {
  none: 0b0000,
  positiveSequence: 0b0001,
  lastNoSequence: 0b0010,
  lastWithSequence: 0b0011,
} as const;

const JSON_SERIALIZATION = 0b0001;
const GZIP = 0b0001;

/** A client message: JSON payloads are serialized, every payload gzipped. */
export function encodeFrame(type: number, flags: number, payload: Buffer | object, sequence?: number): Buffer {
  const json = !Buffer.isBuffer(payload);
  const body = gzipSync(json ? Buffer.from(JSON.stringify(payload), 'utf8') : payload);
  const header = Buffer.from([0x11, (type << 4) | flags, ((json ? JSON_SERIALIZATION : 0) << 4) | GZIP, 0x00]);
  const parts = [header];
  if (sequence !== undefined) {
    const seq = Buffer.alloc(4);
    seq.writeInt32BE(sequence);
    parts.push(seq);
  }
  const size = Buffer.alloc(4);
  size.writeUInt32BE(body.length);
  parts.push(size, body);
  return Buffer.concat(parts);
}

export interface Frame {
  type: number;
  flags: number;
  sequence: number | null;
  errorCode: number | null;
  /** The payload, decompressed where it was compressed. */
  payload: Buffer;
  json: boolean;
}

/** Whether a sequence number follows the header, by the document of the message's own service. */
function hasSequence(type: number, flags: number): boolean {
  if (type === MessageType.audioOnlyResponse) return flags !== Flags.none;
  return flags === Flags.positiveSequence || flags === Flags.lastWithSequence;
}

const isGzip = (bytes: Buffer) => bytes.length >= 3 && bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 0x08;

/** Reads a server message; anything it cannot read is a `protocol` error of the provider. */
export function decodeFrame(data: Buffer, provider: string): Frame {
  const bad = (why: string) => new VendorError('protocol', provider, `an unreadable frame: ${why}`);
  if (data.length < 4) throw bad('shorter than its header');
  const headerBytes = (data[0]! & 0x0f) * 4;
  const type = data[1]! >> 4;
  const flags = data[1]! & 0x0f;
  const json = data[2]! >> 4 === JSON_SERIALIZATION;
  const gzip = (data[2]! & 0x0f) === GZIP;
  if (headerBytes < 4 || data.length < headerBytes) throw bad('shorter than its header');
  let at = headerBytes;
  let sequence: number | null = null;
  let errorCode: number | null = null;
  const int = (signed: boolean) => {
    if (data.length < at + 4) throw bad('cut off inside its fields');
    const value = signed ? data.readInt32BE(at) : data.readUInt32BE(at);
    at += 4;
    return value;
  };
  if (type === MessageType.error) errorCode = int(false);
  else if (hasSequence(type, flags)) sequence = int(true);
  // A TTS ACK may end with its header (the demo reads nothing past it).
  if (data.length === at) return { type, flags, sequence, errorCode, payload: Buffer.alloc(0), json };
  const size = int(false);
  if (data.length < at + size) throw bad(`a payload of ${size} bytes with ${data.length - at} sent`);
  const raw = data.subarray(at, at + size);
  return { type, flags, sequence, errorCode, payload: gzip ? inflate(raw, type, bad) : Buffer.from(raw), json };
}

/**
 * Gunzips a payload marked gzip. Audio is the exception: the vendor's TTS demo never decompresses it
 * (the compression bits echo the request's), so audio is gunzipped only when it really is gzip.
 */
function inflate(raw: Buffer, type: number, bad: (why: string) => VendorError): Buffer {
  if (type === MessageType.audioOnlyResponse && !isGzip(raw)) return Buffer.from(raw);
  if (!raw.length) return Buffer.alloc(0);
  try {
    return gunzipSync(raw);
  } catch (error) {
    if (type === MessageType.audioOnlyResponse) return Buffer.from(raw);
    throw bad(`a gzip payload that does not inflate (${(error as Error).message})`);
  }
}

/** The last message of a stream: a negative sequence, or a "last" flag. */
export function isLast(frame: Frame): boolean {
  return frame.flags === Flags.lastNoSequence || frame.flags === Flags.lastWithSequence || (frame.sequence ?? 0) < 0;
}
