/**
 * CallVoice on a SIP call: the callee's 20 ms frames go through the VAD and the recogniser (TurnListener);
 * our sentences go through TTS into `call.sendAudio`, one sentence at a time, the next one synthesised
 * while the current one plays.
 *
 * Barge-in (`interrupt`) clears the call's outgoing queue, so the very next 20 ms tick sends silence; the
 * RTP stream itself never stops (one packet per tick, sequence and timestamp step on), so the far end
 * sees one continuous stream. What the callee heard of a cut sentence is estimated from how long it
 * played against how long the whole sentence lasts.
 */
import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import { heardPrefix } from '../conversation/text-call-voice.ts';
import {
  msToWordBoundary,
  type SpeechKind,
  type CallVoice,
  type CallVoiceEvents,
  type SpokenSentence,
  takeFillers,
  takeQueued,
} from '../conversation/call-voice.ts';
import { SAMPLE_RATE, speakingMs } from '../audio/pcm.ts';
import type { AudioFrame, CallHandle } from '../telephony/index.ts';
import type { AsrSession, TtsEngine, TtsVoice, Vad } from './engines.ts';
import { SentenceAudio } from './sentence-audio.ts';
import { TurnListener } from './turn-listener.ts';

export interface SpeechNotice {
  stage: 'asr' | 'tts';
  detail: string;
}

export interface SpeechCallVoiceOptions {
  call: CallHandle;
  tts: TtsEngine;
  voice: TtsVoice;
  vad: Vad;
  /** null: no recogniser for this call (see TurnListener); a notice says why. */
  asr: AsrSession | null;
  /** What the call runs without or instead of (no recogniser, a vendor without credentials): recorded on the call. */
  notices?: readonly SpeechNotice[];
  /** Silence after the end of speech that ends the callee's turn. */
  endpointingMs: number;
}

interface Queued {
  audio: SentenceAudio;
  turnId: string;
  kind: SpeechKind;
  resolve: (spoken: SpokenSentence) => void;
}

interface Playing extends Queued {
  firstAudioAtMs: number | null;
  /** When its first frame was sent on the wire (the RTP packet). */
  sentAtMs: number | null;
  cut: boolean;
  /** A filler whose cut at the next word boundary is set (an answer is ready). */
  cutting: boolean;
}

export class SpeechCallVoice extends EventEmitter<CallVoiceEvents> implements CallVoice {
  private readonly queue: Queued[] = [];
  private playing: Playing | null = null;
  private readonly startedAt = performance.now();
  private readonly listener: TurnListener;
  private closed = false;
  private readonly onAudio = (frame: AudioFrame) => {
    if (frame.atMs >= 0) this.listener.push(frame.samples, frame.atMs);
  };

  constructor(private readonly options: SpeechCallVoiceOptions) {
    super();
    this.listener = new TurnListener(
      options.vad,
      options.asr,
      {
        speechStart: (atMs) => this.emit('speech-start', { atMs }),
        speechPause: (atMs) => this.emit('speech-pause', { atMs }),
        speechResume: (atMs) => this.emit('speech-resume', { atMs }),
        speechEnd: (atMs) => this.emit('speech-end', { atMs }),
        partial: (text, atMs) => this.emit('partial', { text, atMs }),
        final: (text, speechEndMs) => this.emit('final', { text, atMs: this.now(), speechEndMs }),
        failure: (stage, detail) => this.emit('failure', { stage, detail, atMs: this.now() }),
      },
      options.endpointingMs,
    );
    options.call.on('audio', this.onAudio);
    const notices = options.notices ?? [];
    if (notices.length > 0) {
      // Reported once, after the runtime has subscribed (it does so right after creating the voice).
      setImmediate(() => {
        for (const { stage, detail } of notices) if (!this.closed) this.emit('failure', { stage, detail, atMs: this.now() });
      });
    }
  }

  now(): number {
    return Math.round(performance.now() - this.startedAt);
  }

  /** Whether the callee is speaking now (per the VAD). */
  get calleeSpeaking(): boolean {
    return this.listener.isSpeaking;
  }

  speak(sentence: string, turnId: string, kind: SpeechKind = 'answer'): Promise<SpokenSentence> {
    if (this.closed || !sentence.trim()) return Promise.resolve(this.unheard(sentence, turnId));
    return new Promise((resolve) => {
      if (kind === 'answer') this.answerReady();
      const audio = new SentenceAudio(this.options.tts, this.options.voice, sentence);
      this.queue.push({ audio, turnId, kind, resolve });
      // Synthesise one sentence ahead of the one playing, no more (a long answer must not fork ten processes).
      if (this.queue.length === 1) audio.start();
      this.pump();
    });
  }

  /** An answer sentence is ready: queued fillers go, a playing filler ends at its next word boundary. */
  private answerReady(): void {
    for (const item of takeFillers(this.queue)) {
      item.audio.cancel();
      item.resolve(this.unheard(item.audio.text, item.turnId));
    }
    const playing = this.playing;
    if (playing?.kind !== 'filler' || playing.cutting) return;
    playing.cutting = true;
    if (playing.firstAudioAtMs === null) {
      // Not heard yet (still being synthesised): it is not started at all.
      playing.cut = true;
      playing.audio.cancel();
      return;
    }
    const totalMs = playing.audio.done ? (playing.audio.samples * 1000) / SAMPLE_RATE : speakingMs(playing.audio.text);
    const waitMs = msToWordBoundary(playing.audio.text, this.now() - playing.firstAudioAtMs, totalMs);
    setTimeout(() => {
      if (this.playing !== playing || playing.cut) return;
      playing.cut = true;
      this.options.call.clearAudio();
      playing.audio.cancel();
    }, waitMs).unref();
  }

  interrupt(turnId?: string): void {
    for (const item of takeQueued(this.queue, turnId)) {
      item.audio.cancel();
      item.resolve(this.unheard(item.audio.text, item.turnId));
    }
    const playing = this.playing;
    if (playing && (turnId === undefined || playing.turnId === turnId)) {
      playing.cut = true;
      // The queue empties now: the next media tick already sends silence.
      this.options.call.clearAudio();
      playing.audio.cancel();
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.options.call.off('audio', this.onAudio);
    this.interrupt();
    this.listener.close();
  }

  private pump(): void {
    if (this.playing || this.closed) return;
    const next = this.queue.shift();
    if (!next) return;
    const playing: Playing = { ...next, firstAudioAtMs: null, sentAtMs: null, cut: false, cutting: false };
    this.playing = playing;
    this.queue[0]?.audio.start();
    void this.play(playing).then((spoken) => {
      this.playing = null;
      playing.resolve(spoken);
      this.pump();
    });
  }

  private async play(item: Playing): Promise<SpokenSentence> {
    const { call } = this.options;
    let last: Promise<boolean> = Promise.resolve(true);
    let queuedMs = 0;
    for await (const chunk of item.audio.read()) {
      if (item.cut || this.closed) break;
      const first = item.firstAudioAtMs === null;
      if (first) item.firstAudioAtMs = this.now();
      queuedMs += (chunk.length * 1000) / SAMPLE_RATE;
      last = call.sendAudio(
        chunk,
        first
          ? () => {
              item.sentAtMs = this.now();
            }
          : undefined,
      );
    }
    const error = item.audio.error;
    if (error && !item.cut) this.emit('failure', { stage: 'tts', detail: error.message, atMs: this.now() });
    const played = await last;
    const endedAtMs = this.now();
    if (item.firstAudioAtMs === null) return { ...this.unheard(item.audio.text, item.turnId), endedAtMs };
    let share = 1;
    if (item.cut || !played) {
      // Audio ran from the first chunk on; the whole sentence lasts its synthesised length (or an estimate, if cut early).
      const totalMs = item.audio.done ? (item.audio.samples * 1000) / SAMPLE_RATE : Math.max(queuedMs, speakingMs(item.audio.text));
      const heardMs = item.firstAudioAtMs === null ? 0 : Math.min(endedAtMs - item.firstAudioAtMs, queuedMs);
      share = totalMs > 0 ? Math.min(1, heardMs / totalMs) : 0;
      if (share >= 1) share = 0.99; // cut means not all of it was heard
    }
    return {
      turnId: item.turnId,
      text: item.audio.text,
      heardText: heardPrefix(item.audio.text, share),
      completed: share >= 1,
      firstAudioAtMs: item.firstAudioAtMs,
      sentAtMs: item.sentAtMs,
      endedAtMs,
    };
  }

  private unheard(sentence: string, turnId: string): SpokenSentence {
    return { turnId, text: sentence, heardText: '', completed: false, firstAudioAtMs: null, endedAtMs: this.now() };
  }
}
