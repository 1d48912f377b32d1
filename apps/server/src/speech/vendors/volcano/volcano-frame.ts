import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * Volcano Engine (ByteDance openspeech) binary WebSocket framing, shared by its TTS and streaming ASR:
 * a 4-byte header — version (4 bits) | header size in 4-byte units (4), message type (4) | flags (4),
 * serialization (4) | compression (4), reserved — then, by type and flags, a sequence number or an
 * error code, the payload size, and the payload. Integers are big-endian.
 * Docs: https://www.volcengine.com/docs/6561/1354869 (streaming ASR protocol),
 * https://www.volcengine.com/docs/6561/79821 (TTS WebSocket binary protocol).
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
  /** Decompressed payload. */
  payload: Buffer;
  json: boolean;
}

/** Reads a server (or, in the fakes, a client) message. */
export function decodeFrame(data: Buffer): Frame {
  if (data.length < 4) throw new Error('a frame shorter than its header');
  const headerBytes = (data[0]! & 0x0f) * 4;
  const type = data[1]! >> 4;
  const flags = data[1]! & 0x0f;
  const json = data[2]! >> 4 === JSON_SERIALIZATION;
  const gzip = (data[2]! & 0x0f) === GZIP;
  let at = headerBytes;
  let sequence: number | null = null;
  let errorCode: number | null = null;
  if (type === MessageType.error) {
    errorCode = data.readUInt32BE(at);
    at += 4;
  } else if (flags === Flags.positiveSequence || flags === Flags.lastWithSequence) {
    sequence = data.readInt32BE(at);
    at += 4;
  }
  if (data.length < at + 4) return { type, flags, sequence, errorCode, payload: Buffer.alloc(0), json };
  const size = data.readUInt32BE(at);
  at += 4;
  const raw = data.subarray(at, at + size);
  const payload = gzip && raw.length ? gunzipSync(raw) : Buffer.from(raw);
  return { type, flags, sequence, errorCode, payload, json };
}

/** The last message of a stream: a negative sequence, or the "last" flag. */
export function isLast(frame: Frame): boolean {
  return frame.flags === Flags.lastNoSequence || frame.flags === Flags.lastWithSequence || (frame.sequence ?? 0) < 0;
}
