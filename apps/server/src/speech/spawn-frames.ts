/**
 * The framing between the server and its spawn host (spawn-host.ts): each frame is a kind (1 byte), the
 * hosted process's id (4 bytes) and the payload's length (4 bytes), then the payload.
 */

/** Server → host. */
export const TO_HOST = { start: 1, stdin: 2, stdinEnd: 3, kill: 4 } as const;
/** Host → server. */
export const FROM_HOST = { stdout: 1, stderr: 2, exit: 3 } as const;

const HEADER_BYTES = 9;

export function frame(kind: number, id: number, payload: Buffer = Buffer.alloc(0)): Buffer {
  const header = Buffer.allocUnsafe(HEADER_BYTES);
  header.writeUInt8(kind, 0);
  header.writeUInt32LE(id, 1);
  header.writeUInt32LE(payload.length, 5);
  return Buffer.concat([header, payload]);
}

/**
 * Cuts a byte stream into frames, carrying a partial frame over to the next chunk. A frame announcing more
 * than `maxPayload` bytes is not waited for: `push` returns false and the stream is unusable.
 */
export class FrameReader {
  private pending: Buffer = Buffer.alloc(0);

  constructor(
    private readonly onFrame: (kind: number, id: number, payload: Buffer) => void,
    private readonly maxPayload = Number.POSITIVE_INFINITY,
  ) {}

  push(chunk: Buffer): boolean {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    while (this.pending.length >= HEADER_BYTES) {
      const length = this.pending.readUInt32LE(5);
      if (length > this.maxPayload) return false;
      if (this.pending.length < HEADER_BYTES + length) return true;
      const kind = this.pending.readUInt8(0);
      const id = this.pending.readUInt32LE(1);
      const payload = this.pending.subarray(HEADER_BYTES, HEADER_BYTES + length);
      this.pending = this.pending.subarray(HEADER_BYTES + length);
      this.onFrame(kind, id, payload);
    }
    return true;
  }
}

export interface StartRequest {
  command: string;
  args: string[];
}

export interface ExitReport {
  code: number | null;
  signal: string | null;
  /** Set when the command could not be started at all. */
  error?: string;
}
