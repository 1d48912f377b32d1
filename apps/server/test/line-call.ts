/**
 * A call stand-in for speech tests and the speech benchmark: a media clock plays our queued audio (the
 * trunks' own OutgoingAudio) 20 ms at a time and notes every frame sent; the far end's audio is fed by
 * the test frame by frame. SIP and RTP are left out on purpose (the full SIP loop is speech-call.test.ts):
 * what is measured here is the speech path itself.
 */
import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import { OutgoingAudio, rms, toSamples } from '../src/audio/pcm.ts';
import { MediaClock } from '../src/telephony/media/media-clock.ts';
import type { CallEventMap, CallHandle } from '../src/telephony/index.ts';

export class LineCall extends EventEmitter<CallEventMap> {
  readonly outgoing = new OutgoingAudio();
  /** Every frame sent: when (performance.now()) and whether it carried sound. */
  readonly sent: Array<{ at: number; loud: boolean }> = [];
  readonly text = null;
  private readonly tick = () => {
    const frame = this.outgoing.nextFrame();
    this.sent.push({ at: performance.now(), loud: frame !== null && rms(frame) > 100 });
  };

  constructor(private readonly clock: MediaClock = new MediaClock()) {
    super();
    clock.add(this.tick);
  }

  get handle(): CallHandle {
    return this as unknown as CallHandle;
  }

  sendAudio(pcm: Int16Array | Buffer): Promise<boolean> {
    return this.outgoing.enqueue(toSamples(pcm));
  }

  clearAudio(): void {
    this.outgoing.clear();
  }

  /** The far end says `clip`, one 20 ms frame per 20 ms (call time from `fromMs`). */
  async say(clip: Int16Array, fromMs: number): Promise<void> {
    let due = performance.now();
    for (let at = 0; at < clip.length; at += 160) {
      this.emit('audio', { samples: clip.slice(at, at + 160), atMs: fromMs + at / 8 });
      due += 20;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    }
  }

  loudFrames(): number {
    return this.sent.filter((frame) => frame.loud).length;
  }

  stop(): void {
    this.clock.remove(this.tick);
  }
}
