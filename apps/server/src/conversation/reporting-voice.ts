import { EventEmitter } from 'node:events';
import type { Speaker } from '@dialwise/contracts';
import type { CallVoice, CallVoiceEvents, SpeechKind, SpokenSentence } from './call-voice.ts';

/** What a live view of a voice call is told: the recogniser's interim words, and each line as it is said. */
export interface VoiceReport {
  partial(text: string): void;
  /** `filler`: one of ours said while the answer is being written, not the answer itself. */
  said(speaker: Exclude<Speaker, 'seat'>, text: string, filler?: boolean): void;
}

/** Every event of the wrapped voice, forwarded (keyed by the events' type, so a new event cannot be left out). */
const EVENTS = Object.keys({
  'speech-start': true,
  'speech-pause': true,
  'speech-resume': true,
  'speech-end': true,
  partial: true,
  final: true,
  failure: true,
} satisfies Record<keyof CallVoiceEvents, true>) as Array<keyof CallVoiceEvents>;

/**
 * A CallVoice that tells a live view what is said, and is otherwise the voice it wraps: the runtime talks to it
 * exactly as to the speech voice of a SIP call. The callee's final words are a line once recognised (an empty
 * final, speech nobody could make out, is none); ours when the runtime hands a sentence to speech (a sentence a
 * barge-in cuts is shown whole: what was heard of it is in the turn's history and on the record).
 */
export class ReportingVoice extends EventEmitter<CallVoiceEvents> implements CallVoice {
  constructor(
    private readonly inner: CallVoice,
    private readonly report: VoiceReport,
  ) {
    super();
    // The view hears a line before the runtime acts on it, so the line comes before its routing.
    inner.on('partial', ({ text }) => {
      if (text.trim()) report.partial(text);
    });
    inner.on('final', ({ text }) => {
      if (text.trim()) report.said('customer', text);
    });
    const forward = (this.emit as (name: string, event: unknown) => boolean).bind(this);
    for (const name of EVENTS) (inner as EventEmitter).on(name, (event: unknown) => forward(name, event));
  }

  now(): number {
    return this.inner.now();
  }

  speak(sentence: string, turnId: string, kind?: SpeechKind): Promise<SpokenSentence> {
    if (sentence.trim()) this.report.said('ai', sentence, kind === 'filler');
    return this.inner.speak(sentence, turnId, kind);
  }

  interrupt(turnId?: string): void {
    this.inner.interrupt(turnId);
  }

  close(): void {
    this.inner.close();
  }
}
