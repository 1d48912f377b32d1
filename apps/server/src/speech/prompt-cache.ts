/**
 * Finished TTS clips by voice and text, least recently used out first, bounded in bytes. Prologues,
 * fallback lines, fillers and wake-up prompts repeat on every call of a task: after the first call they
 * cost no process and their first audio is immediate.
 */
export class PromptCache {
  private readonly clips = new Map<string, Int16Array>();
  private bytes = 0;

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  get(key: string): Int16Array | undefined {
    const clip = this.clips.get(key);
    if (!clip) return undefined;
    // Re-insert: Map keeps insertion order, so the first key is always the least recently used.
    this.clips.delete(key);
    this.clips.set(key, clip);
    return clip;
  }

  set(key: string, clip: Int16Array): void {
    if (clip.byteLength > this.maxBytes / 4) return; // one long monologue must not flush every prompt
    const old = this.clips.get(key);
    if (old) {
      this.bytes -= old.byteLength;
      this.clips.delete(key);
    }
    this.clips.set(key, clip);
    this.bytes += clip.byteLength;
    for (const [oldest, value] of this.clips) {
      if (this.bytes <= this.maxBytes) break;
      this.clips.delete(oldest);
      this.bytes -= value.byteLength;
    }
  }

  get size(): number {
    return this.clips.size;
  }
}
