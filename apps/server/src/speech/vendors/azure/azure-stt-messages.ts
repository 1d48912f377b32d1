import { randomUUID } from 'node:crypto';

/**
 * Azure Speech's speech-to-text WebSocket framing (the protocol the Speech SDK speaks):
 * - text messages are HTTP-like headers (`Path`, `X-RequestId`, `X-Timestamp`, `Content-Type`), a blank
 *   line, then the JSON body;
 * - binary messages start with a 2-byte big-endian header length, the same kind of headers, then audio.
 *   The first audio message carries a WAV header, an empty one ends the audio of the turn.
 * Docs: https://learn.microsoft.com/previous-versions/azure/cognitive-services/speech/api-reference-rest/websocketprotocol
 */
export function azureId(): string {
  return randomUUID().replaceAll('-', '').toUpperCase();
}

function headerBlock(path: string, requestId: string, contentType: string): string {
  return `Path: ${path}\r\nX-RequestId: ${requestId}\r\nX-Timestamp: ${new Date().toISOString()}\r\nContent-Type: ${contentType}\r\n`;
}

export function textMessage(path: string, requestId: string, body: object): string {
  return `${headerBlock(path, requestId, 'application/json; charset=utf-8')}\r\n${JSON.stringify(body)}`;
}

export function audioMessage(requestId: string, audio: Buffer): Buffer {
  const headers = Buffer.from(headerBlock('audio', requestId, 'audio/x-wav'), 'ascii');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(headers.length);
  return Buffer.concat([length, headers, audio]);
}

/** A RIFF/WAVE header for an open-ended 16-bit mono PCM stream (sizes left 0, as streams do). */
export function wavHeader(sampleRate: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  return h;
}

export interface AzureMessage {
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Parses a text message; the header names are matched case-insensitively (lower-cased here). */
export function parseTextMessage(text: string): AzureMessage {
  const split = text.indexOf('\r\n\r\n');
  const head = split >= 0 ? text.slice(0, split) : text;
  const rest = split >= 0 ? text.slice(split + 4) : '';
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body: unknown = null;
  if (rest.trim()) body = JSON.parse(rest);
  return { path: (headers.path ?? '').toLowerCase(), headers, body };
}

/** Azure reports offsets and durations in 100-nanosecond ticks. */
export function ticksToMs(ticks: unknown): number {
  return typeof ticks === 'number' ? Math.round(ticks / 10_000) : 0;
}
