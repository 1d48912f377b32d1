import { Transform, type TransformCallback } from 'node:stream';
import type { MessageKey } from '@dialwise/contracts';

/** The request body broke an upload rule as a whole (too large, not a CSV): nothing is stored. */
export class UploadBodyError extends Error {
  constructor(readonly key: Extract<MessageKey, `e.upload.${string}`>) {
    super(key);
  }
}

/** Signatures of files people rename to .csv: xlsx/zip, legacy xls (OLE2), PDF, gzip. */
const BINARY_SIGNATURES = [
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0]),
  Buffer.from('%PDF'),
  Buffer.from([0x1f, 0x8b]),
];

/**
 * Counts the body's bytes as they pass and fails the stream as soon as they exceed `maxBytes` (a chunked
 * body has no length to check up front). The first chunk is sniffed: a binary file (a spreadsheet, an
 * archive, anything with NUL bytes) is not CSV whatever its name says.
 */
export class UploadMeter extends Transform {
  bytes = 0;
  private sniffed = false;

  constructor(
    private readonly maxBytes: number,
    private readonly onBytes: (bytes: number) => void = () => {},
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (!this.sniffed) {
      this.sniffed = true;
      const head = chunk.subarray(0, 512);
      if (BINARY_SIGNATURES.some((signature) => head.subarray(0, signature.length).equals(signature)) || head.includes(0)) {
        return callback(new UploadBodyError('e.upload.wrongType'));
      }
    }
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return callback(new UploadBodyError('e.upload.tooLarge'));
    this.onBytes(this.bytes);
    callback(null, chunk);
  }
}
