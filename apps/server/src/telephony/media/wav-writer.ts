/**
 * Writes a call's recording as it happens: a WAV file of 16-bit PCM at 8 kHz, appended in chunks of
 * about a second, so a long call never sits in memory. The header is written first with a zero data
 * size and rewritten with the real sizes when the file is closed.
 */
import { close, open, write } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { endianness } from 'node:os';
import { dirname } from 'node:path';
import { SAMPLE_RATE } from '../../audio/pcm.ts';
import type { RecordingInfo } from '../trunk.ts';

export const WAV_HEADER_BYTES = 44;
const LITTLE_ENDIAN_HOST = endianness() === 'LE';

export interface WavFormat {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  dataBytes: number;
}

export function wavHeader(dataBytes: number, channels: number, sampleRate = SAMPLE_RATE): Buffer {
  const header = Buffer.alloc(WAV_HEADER_BYTES);
  const blockAlign = channels * 2;
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** Reads the canonical 44-byte header this writer produces; null when it is not one. */
export function parseWavHeader(bytes: Uint8Array): WavFormat | null {
  if (bytes.length < WAV_HEADER_BYTES) return null;
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (b.toString('ascii', 0, 4) !== 'RIFF' || b.toString('ascii', 8, 12) !== 'WAVE') return null;
  if (b.toString('ascii', 12, 16) !== 'fmt ' || b.readUInt16LE(20) !== 1) return null;
  if (b.toString('ascii', 36, 40) !== 'data') return null;
  return { channels: b.readUInt16LE(22), sampleRate: b.readUInt32LE(24), bitsPerSample: b.readUInt16LE(34), dataBytes: b.readUInt32LE(40) };
}

// The callback API of fs: at hundreds of recordings it costs half the CPU of FileHandle's promises.
function openFile(path: string): Promise<number> {
  return new Promise((resolve, reject) => open(path, 'w', (error, fd) => (error ? reject(error) : resolve(fd))));
}

function writeAt(fd: number, bytes: Uint8Array, position: number): Promise<void> {
  return new Promise((resolve, reject) => write(fd, bytes, 0, bytes.length, position, (error) => (error ? reject(error) : resolve())));
}

function closeFile(fd: number): Promise<void> {
  return new Promise((resolve) => close(fd, () => resolve()));
}

/** Folders already created: a call a day per folder should not cost a mkdir each. */
const knownFolders = new Set<string>();

async function ensureFolder(folder: string): Promise<void> {
  if (knownFolders.has(folder)) return;
  await mkdir(folder, { recursive: true });
  if (knownFolders.size > 1000) knownFolders.clear();
  knownFolders.add(folder);
}

export class WavWriter {
  private fd: number | null = null;
  private chunk: Int16Array;
  private used = 0;
  private position = WAV_HEADER_BYTES;
  private writes: Promise<unknown>;
  private failure: Error | null = null;
  private closed = false;
  private readonly chunkSamples: number;

  /**
   * Starts a recording at `path` (its folder is created). Returns at once: opening the file is the first
   * of the queued writes, so audio written meanwhile is kept. `chunkMs` of audio are buffered per write.
   */
  constructor(
    readonly path: string,
    readonly channels = 2,
    chunkMs = 1000,
  ) {
    this.chunkSamples = Math.max(channels, Math.round((chunkMs * SAMPLE_RATE) / 1000) * channels);
    this.chunk = new Int16Array(this.chunkSamples);
    this.writes = Promise.resolve();
    this.enqueue(async () => {
      await ensureFolder(dirname(path));
      this.fd = await openFile(path).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        // The folder was removed since we made it (retention clean-up): make it again.
        knownFolders.delete(dirname(path));
        await ensureFolder(dirname(path));
        return openFile(path);
      });
      await writeAt(this.fd, wavHeader(0, channels), 0);
    });
  }

  get dataBytes(): number {
    return this.position - WAV_HEADER_BYTES + this.used * 2;
  }

  get durationMs(): number {
    return Math.round((this.dataBytes / (this.channels * 2 * SAMPLE_RATE)) * 1000);
  }

  /** Appends one stretch of stereo audio: `left` and `right` have the same length. */
  writeStereo(left: ArrayLike<number>, right: ArrayLike<number>): void {
    if (this.closed) return;
    let i = 0;
    while (i < left.length) {
      if (this.used + 2 > this.chunkSamples) this.flush();
      const chunk = this.chunk;
      const end = Math.min(left.length, i + ((this.chunkSamples - this.used) >> 1));
      let at = this.used;
      for (; i < end; i++) {
        chunk[at++] = left[i]!;
        chunk[at++] = right[i]!;
      }
      this.used = at;
    }
  }

  /** Appends mono audio (a one-channel writer). */
  writeMono(samples: ArrayLike<number>): void {
    if (this.closed) return;
    for (let i = 0; i < samples.length; i++) {
      if (this.used + 1 > this.chunkSamples) this.flush();
      this.chunk[this.used++] = samples[i]!;
    }
  }

  /** Flushes, rewrites the header with the real sizes and closes the file. Throws when a write failed. */
  async close(): Promise<RecordingInfo> {
    if (!this.closed) {
      this.closed = true;
      this.flush();
      const dataBytes = this.position - WAV_HEADER_BYTES;
      this.enqueue(() => writeAt(this.fd!, wavHeader(dataBytes, this.channels), 0));
      this.writes = this.writes.then(() => (this.fd === null ? undefined : closeFile(this.fd)));
    }
    await this.writes;
    if (this.failure) throw this.failure;
    return { path: this.path, durationMs: this.durationMs, bytes: this.position };
  }

  private flush(): void {
    if (this.used === 0) return;
    const bytes = Buffer.from(this.chunk.buffer, 0, this.used * 2);
    if (!LITTLE_ENDIAN_HOST) bytes.swap16();
    const at = this.position;
    this.position += bytes.length;
    this.enqueue(() => writeAt(this.fd!, bytes, at));
    this.chunk = new Int16Array(this.chunkSamples);
    this.used = 0;
  }

  private enqueue(write: () => Promise<unknown>): void {
    // Writes run one after another; the first failure (disk full, folder not writable) stops the rest and
    // is reported by close(), so a broken disk never breaks the call itself.
    this.writes = this.writes.then(() =>
      this.failure
        ? undefined
        : write().catch((error: Error) => {
            this.failure = error;
          }),
    );
  }
}
