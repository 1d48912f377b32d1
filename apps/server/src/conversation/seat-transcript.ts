import type { CallHandle } from '../telephony/index.ts';

/**
 * The seat's words after a transfer, when the scenario has an `operatorAsr`: the runtime feeds it what the
 * call sends once the seat speaks (20 ms frames of the seat's voice, silence included) and adds each line
 * to the conversation as the seat's (speaker `seat`). On SIP and simulated calls alike: the seat's audio is real.
 */
export interface SeatTranscriber {
  push(samples: Int16Array, atMs: number): void;
  /** The seat left: the utterance in progress is finished, its line delivered (bounded wait), the engines freed. */
  finish(): Promise<void>;
}

/** What a SeatTranscriber reports: a finished line of the seat, and a failure of its engines. */
export interface SeatTranscriptEvents {
  line(text: string): void;
  failure(detail: string): void;
}

/**
 * From the handover on, what the call sends is the seat's voice (silence included, every 20 ms): each frame
 * goes to the transcriber, on the runtime's clock, until `stop()`, which resolves once the seat's last line
 * is in. Idempotent.
 */
export function feedSeatAudio(call: CallHandle, transcriber: SeatTranscriber, now: () => number): { stop(): Promise<void> } {
  const onSent = (frame: Readonly<Int16Array>) => transcriber.push(frame.slice(), now());
  call.on('sent', onSent);
  let stopped: Promise<void> | null = null;
  return {
    stop: () => {
      stopped ??= (async () => {
        call.off('sent', onSent);
        await transcriber.finish();
      })();
      return stopped;
    },
  };
}
