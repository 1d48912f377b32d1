import { randomUUID } from 'node:crypto';
import { BaseCall } from './base-call.ts';
import { SILENT_LOGGER } from './telephony-logger.ts';
import { MediaClock } from './media/media-clock.ts';
import type { CallResult } from './trunk.ts';

/**
 * A call with no telephone behind it, for the scenario test bench: answered at once, the callee's lines
 * given by whoever drives it (a person typing, or a scripted persona), ours on the text channel. Our audio
 * is played out on a real-time clock like a trunk's, so barge-in and "what was heard" behave as on a call.
 * It records nothing.
 */
export class BenchCall extends BaseCall {
  private static clock: MediaClock | null = null;
  private readonly tick = () => {
    this.mediaTick();
    this.packetsSent++;
  };

  constructor() {
    super(randomUUID(), 'bench', null, SILENT_LOGGER);
    this.text = { say: (text) => this.emitEvent({ type: 'utterance', at: new Date(), utterance: { speaker: 'ai', text } }) };
  }

  private static sharedClock(): MediaClock {
    BenchCall.clock ??= new MediaClock(() => undefined);
    return BenchCall.clock;
  }

  start(): void {
    this.onAnswered('PCMU');
    BenchCall.sharedClock().add(this.tick);
  }

  /** The callee says a line (a finished utterance). */
  calleeSays(text: string): void {
    if (this.isOver) return;
    this.emitEvent({ type: 'utterance', at: new Date(), utterance: { speaker: 'customer', text } });
  }

  calleeHangsUp(): Promise<CallResult> {
    return this.end('callee');
  }

  hangup(): Promise<CallResult> {
    return this.end('us');
  }

  private end(by: 'us' | 'callee'): Promise<CallResult> {
    BenchCall.sharedClock().remove(this.tick);
    return this.finish({
      outcome: 'answered',
      sipStatus: 200,
      sipReason: 'OK',
      endReason: by === 'us' ? 'hangup' : 'remote-bye',
      hungUpBy: by,
    });
  }
}
