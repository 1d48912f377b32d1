/** Byte streams of 16-bit little-endian PCM (what sox writes) to samples. */

/** Turns byte chunks into whole samples, carrying an odd last byte over to the next chunk. */
export class SampleChunker {
  private carry: Buffer | null = null;

  push(bytes: Buffer): Int16Array | null {
    let data = bytes;
    if (this.carry) {
      data = Buffer.concat([this.carry, bytes]);
      this.carry = null;
    }
    const whole = data.length - (data.length % 2);
    if (whole < data.length) this.carry = Buffer.from(data.subarray(whole));
    if (whole === 0) return null;
    // Copy into a fresh aligned array: the stream may reuse or unalign its buffers.
    const out = new Int16Array(whole / 2);
    Buffer.from(out.buffer).set(data.subarray(0, whole));
    return out;
  }
}
