import type { SeatTranscriber, SeatTranscriptEvents } from '../conversation/seat-transcript.ts';
import type { AsrSession, Vad } from './engines.ts';
import { TurnListener } from './turn-listener.ts';

/** How long the seat's last words may take to come back from the recogniser once the seat has left. */
const FINISH_MS = 3000;

/**
 * The seat's side of a transferred call through the scenario's operator ASR: the same VAD + endpointing +
 * recogniser as the callee's side (TurnListener), with each final line reported instead of answered.
 * Without a recogniser for the language (no offline model, no vendor) it reports that once and stays silent.
 */
export class SpeechSeatTranscriber implements SeatTranscriber {
  private readonly listener: TurnListener;
  private finished: Promise<void> | null = null;

  constructor(vad: Vad, asr: AsrSession | null, events: SeatTranscriptEvents, endpointingMs: number) {
    this.listener = new TurnListener(
      vad,
      asr,
      {
        speechStart: () => undefined,
        speechEnd: () => undefined,
        partial: () => undefined,
        final: (text) => {
          if (text.trim()) events.line(text);
        },
        failure: (stage, detail) => events.failure(`${stage}: ${detail}`),
      },
      endpointingMs,
    );
  }

  push(samples: Int16Array, atMs: number): void {
    if (!this.finished) this.listener.push(samples, atMs);
  }

  finish(): Promise<void> {
    this.finished ??= this.listener.finishTurns(FINISH_MS).then(() => this.listener.close());
    return this.finished;
  }
}
