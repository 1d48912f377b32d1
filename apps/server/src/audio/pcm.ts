/**
 * PCM helpers shared by both trunks: 16-bit signed samples, 8 kHz mono, handled in 20 ms frames of
 * 160 samples (the RTP packetisation every carrier accepts for G.711).
 */

export const SAMPLE_RATE = 8000;
export const FRAME_MS = 20;
export const FRAME_SAMPLES = (SAMPLE_RATE * FRAME_MS) / 1000;

export const SILENT_FRAME: Readonly<Int16Array> = new Int16Array(FRAME_SAMPLES);

export function samplesFor(ms: number): number {
  return Math.max(0, Math.round((ms * SAMPLE_RATE) / 1000));
}

/** A sine tone; `amplitude` is 0..1 of full scale. Starts and ends on a 5 ms ramp so clips do not click. */
export function tone(frequencyHz: number, ms: number, amplitude = 0.3): Int16Array {
  const out = new Int16Array(samplesFor(ms));
  const ramp = Math.min(samplesFor(5), Math.floor(out.length / 2));
  for (let i = 0; i < out.length; i++) {
    const envelope = ramp > 0 ? Math.min(1, i / ramp, (out.length - 1 - i) / ramp) : 1;
    out[i] = Math.round(Math.sin((2 * Math.PI * frequencyHz * i) / SAMPLE_RATE) * amplitude * envelope * 32767);
  }
  return out;
}

/** About how long a line takes to say (70 ms a character, at least 600 ms): paces stand-in audio and the simulated callee. */
export function speakingMs(text: string): number {
  return Math.max(600, text.length * 70);
}

export function silence(ms: number): Int16Array {
  return new Int16Array(samplesFor(ms));
}

/** Concatenates clips. */
export function concat(...clips: Int16Array[]): Int16Array {
  const out = new Int16Array(clips.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const clip of clips) {
    out.set(clip, at);
    at += clip.length;
  }
  return out;
}

/** Little-endian PCM bytes to samples (copies when the buffer is not 2-byte aligned; drops an odd last byte). */
export function toSamples(pcm: Int16Array | Buffer): Int16Array {
  if (pcm instanceof Int16Array) return pcm;
  const count = Math.floor(pcm.length / 2);
  if (pcm.byteOffset % 2 === 0) return new Int16Array(pcm.buffer, pcm.byteOffset, count);
  const out = new Int16Array(count);
  for (let i = 0; i < count; i++) out[i] = pcm.readInt16LE(i * 2);
  return out;
}

/** Root-mean-square level of samples, 0..32767 (used to tell audio from silence). */
export function rms(samples: Int16Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / samples.length);
}

interface QueuedClip {
  samples: Int16Array;
  offset: number;
  done: (played: boolean) => void;
  /** Told when the clip's first frame is taken to be sent (where the callee starts to hear it). */
  started?: () => void;
}

/**
 * What we play to the callee: clips queued by `sendAudio`, read out 160 samples per tick; silence when
 * nothing is queued. A frame may span the end of one clip and the start of the next.
 */
export class OutgoingAudio {
  private readonly queue: QueuedClip[] = [];
  private readonly frame = new Int16Array(FRAME_SAMPLES);

  enqueue(samples: Int16Array, started?: () => void): Promise<boolean> {
    if (samples.length === 0) return Promise.resolve(true);
    return new Promise((done) => this.queue.push({ samples, offset: 0, done, started }));
  }

  get pending(): boolean {
    return this.queue.length > 0;
  }

  /** The next 20 ms to send, or null for silence. The returned array is only valid until the next call. */
  nextFrame(): Int16Array | null {
    if (this.queue.length === 0) return null;
    const head = this.queue[0]!;
    if (head.offset === 0) head.started?.();
    if (head.samples.length - head.offset >= FRAME_SAMPLES) {
      // The common case: a whole frame inside one clip, handed out without a copy.
      const frame = head.samples.subarray(head.offset, head.offset + FRAME_SAMPLES);
      head.offset += FRAME_SAMPLES;
      if (head.offset >= head.samples.length) {
        this.queue.shift();
        head.done(true);
      }
      return frame;
    }
    let filled = 0;
    while (filled < FRAME_SAMPLES && this.queue.length > 0) {
      const clip = this.queue[0]!;
      if (clip.offset === 0 && filled > 0) clip.started?.();
      const take = Math.min(FRAME_SAMPLES - filled, clip.samples.length - clip.offset);
      this.frame.set(clip.samples.subarray(clip.offset, clip.offset + take), filled);
      clip.offset += take;
      filled += take;
      if (clip.offset >= clip.samples.length) {
        this.queue.shift();
        clip.done(true);
      }
    }
    if (filled < FRAME_SAMPLES) this.frame.fill(0, filled);
    return this.frame;
  }

  clear(): void {
    for (const clip of this.queue.splice(0)) clip.done(false);
  }
}

/**
 * The far end's samples waiting to be written to the recording: a ring buffer read 160 samples per
 * tick, so the two channels of the recording stay on one clock. Packets that arrive in a burst wait
 * here; when more than `maxMs` piles up (the far end sends faster than our clock), the oldest samples
 * are overwritten so the channels never drift apart by more than that. `push` copies: callers may reuse
 * their buffer.
 */
export class SampleFifo {
  private readonly ring: Int16Array;
  private head = 0;
  private size = 0;

  constructor(maxMs = 200) {
    this.ring = new Int16Array(Math.max(1, samplesFor(maxMs)));
  }

  get length(): number {
    return this.size;
  }

  push(samples: Int16Array): void {
    const capacity = this.ring.length;
    let input = samples;
    if (input.length > capacity) input = input.subarray(input.length - capacity);
    const overflow = this.size + input.length - capacity;
    if (overflow > 0) {
      this.head = (this.head + overflow) % capacity;
      this.size -= overflow;
    }
    let tail = (this.head + this.size) % capacity;
    const first = Math.min(input.length, capacity - tail);
    this.ring.set(input.subarray(0, first), tail);
    if (first < input.length) this.ring.set(input.subarray(first), 0);
    tail = (tail + input.length) % capacity;
    this.size += input.length;
  }

  /** Fills `out` (zeros where the buffer runs dry). */
  read(out: Int16Array): void {
    const capacity = this.ring.length;
    const count = Math.min(out.length, this.size);
    const first = Math.min(count, capacity - this.head);
    out.set(this.ring.subarray(this.head, this.head + first), 0);
    if (first < count) out.set(this.ring.subarray(0, count - first), first);
    if (count < out.length) out.fill(0, count);
    this.head = (this.head + count) % capacity;
    this.size -= count;
  }
}
