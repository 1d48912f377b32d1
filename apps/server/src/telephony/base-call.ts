/**
 * What both trunks' calls share: state and typed events, the answered/ended promises, the audio queue
 * to the callee, the far end's audio, and the recording. A trunk's call subclass only decides *when*
 * things happen (SIP responses, the simulated callee's script) and calls the `on…`/`finish` methods.
 */
import { EventEmitter } from 'node:events';
import type { CallOutcome, CallParty } from '@dialwise/contracts';
import { FRAME_SAMPLES, OutgoingAudio, SampleFifo, SILENT_FRAME, toSamples } from '../audio/pcm.ts';
import type {
  AnswerInfo,
  AudioCodec,
  CallEvent,
  CallEventMap,
  CallHandle,
  CallResult,
  CallState,
  EndReason,
  RecordingInfo,
  TextChannel,
  VoiceFrame,
  VoiceSource,
} from './trunk.ts';
import type { TelephonyLogger } from './telephony-logger.ts';
import { WavWriter } from './media/wav-writer.ts';

export interface CallEnd {
  outcome: CallOutcome;
  sipStatus: number | null;
  sipReason: string;
  endReason: EndReason;
  hungUpBy: CallParty;
  retryAfterMs?: number | null;
}

export abstract class BaseCall extends EventEmitter<CallEventMap> implements CallHandle {
  readonly history: CallEvent[] = [];
  readonly answered: Promise<AnswerInfo | null>;
  readonly ended: Promise<CallResult>;
  text: TextChannel | null = null;

  protected readonly placedAt = new Date();
  protected ringingAt: Date | null = null;
  protected answeredAt: Date | null = null;
  protected codec: AudioCodec | null = null;
  protected packetsSent = 0;
  protected packetsReceived = 0;
  protected readonly outgoing = new OutgoingAudio();

  private currentState: CallState = 'dialing';
  private resolveAnswered!: (info: AnswerInfo | null) => void;
  private resolveEnded!: (result: CallResult) => void;
  private readonly farEnd = new SampleFifo();
  private readonly farFrame = new Int16Array(FRAME_SAMPLES);
  private recorder: WavWriter | null = null;
  private answeredAtMono = 0;
  private finishing: Promise<CallResult> | null = null;
  private voiceSource: VoiceSource | null = null;
  /** The live source's frame of the last tick when its payload can go out as it is (same codec), else null. */
  protected passthrough: VoiceFrame | null = null;

  constructor(
    readonly id: string,
    readonly to: string,
    private readonly recordingPath: string | null,
    protected readonly logger: TelephonyLogger,
  ) {
    super();
    this.answered = new Promise((resolve) => {
      this.resolveAnswered = resolve;
    });
    this.ended = new Promise((resolve) => {
      this.resolveEnded = resolve;
    });
  }

  get state(): CallState {
    return this.currentState;
  }

  get isOver(): boolean {
    return this.finishing !== null;
  }

  abstract hangup(): Promise<CallResult>;

  sendAudio(pcm: Int16Array | Buffer, onSent?: () => void): Promise<boolean> {
    if (this.finishing) return Promise.resolve(false);
    return this.outgoing.enqueue(toSamples(pcm), onSent);
  }

  clearAudio(): void {
    this.outgoing.clear();
  }

  setVoiceSource(source: VoiceSource | null): void {
    this.outgoing.clear();
    this.voiceSource = source;
  }

  events(): AsyncIterableIterator<CallEvent> {
    const queue: CallEvent[] = [...this.history];
    let wake: (() => void) | null = null;
    let done = false;
    const listener = (event: CallEvent) => {
      queue.push(event);
      wake?.();
    };
    const stop = () => {
      done = true;
      this.off('event', listener);
    };
    if (this.currentState !== 'ended') this.on('event', listener);
    const iterator: AsyncIterableIterator<CallEvent> = {
      next: async () => {
        for (;;) {
          const event = queue.shift();
          if (event) {
            if (event.type === 'ended') stop();
            return { value: event, done: false };
          }
          if (done || this.currentState === 'ended') {
            stop();
            return { value: undefined, done: true };
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = null;
        }
      },
      return: async () => {
        stop();
        return { value: undefined, done: true };
      },
      [Symbol.asyncIterator]: () => iterator,
    };
    return iterator;
  }

  protected setState(state: CallState): void {
    this.currentState = state;
  }

  protected emitEvent(event: CallEvent): void {
    this.history.push(event);
    // Each listener's failure is its own: one throwing listener must not stop the call's signalling.
    try {
      (this as EventEmitter).emit(event.type, event);
      this.emit('event', event);
    } catch (error) {
      this.logger.warn({ err: error, callId: this.id, event: event.type }, 'call event listener threw');
    }
  }

  protected onTrying(): void {
    if (this.currentState !== 'dialing') return;
    this.setState('trying');
    this.emitEvent({ type: 'trying', at: new Date() });
  }

  protected onRinging(status: number): void {
    if (this.currentState === 'ringing' || this.currentState === 'early-media' || this.isAnsweredOrLater()) return;
    this.ringingAt ??= new Date();
    this.setState('ringing');
    this.emitEvent({ type: 'ringing', at: new Date(), status });
  }

  protected onEarlyMedia(status: number): void {
    if (this.currentState === 'early-media' || this.isAnsweredOrLater()) return;
    this.ringingAt ??= new Date();
    this.setState('early-media');
    this.emitEvent({ type: 'early-media', at: new Date(), status });
  }

  protected onAnswered(codec: AudioCodec): void {
    if (this.isAnsweredOrLater()) return;
    const at = new Date();
    this.answeredAt = at;
    this.answeredAtMono = performance.now();
    this.codec = codec;
    if (this.recordingPath) this.recorder = new WavWriter(this.recordingPath, 2);
    this.setState('answered');
    this.emitEvent({ type: 'answered', at, codec });
    this.resolveAnswered({ at, codec });
  }

  protected onEnding(): void {
    if (this.currentState !== 'ended') this.setState('ending');
  }

  /**
   * One 20 ms step of an answered call: returns the frame to send to the callee and writes both sides to
   * the recording (left the far end, right ours). The returned array is only valid until the next tick.
   * `skippedFrames`: frames the media clock skipped just before (a long stall); the recording gets them as
   * they were — the far end's buffered audio, silence from us (nothing was sent) — so it keeps real time.
   */
  protected mediaTick(skippedFrames = 0): Readonly<Int16Array> {
    if (this.recorder) {
      for (let i = 0; i < skippedFrames; i++) {
        this.farEnd.read(this.farFrame);
        this.recorder.writeStereo(this.farFrame, SILENT_FRAME);
      }
    }
    let ours: Readonly<Int16Array>;
    if (this.voiceSource) {
      const frame = this.voiceSource.nextFrame();
      this.passthrough = frame && frame.codec === this.codec && frame.payload.length === FRAME_SAMPLES ? frame : null;
      ours = frame?.samples ?? SILENT_FRAME;
    } else {
      this.passthrough = null;
      ours = this.outgoing.nextFrame() ?? SILENT_FRAME;
    }
    if (this.listenerCount('sent') > 0) {
      try {
        this.emit('sent', ours);
      } catch (error) {
        this.logger.warn({ err: error, callId: this.id }, 'sent-audio listener threw');
      }
    }
    if (this.recorder) {
      this.farEnd.read(this.farFrame);
      this.recorder.writeStereo(this.farFrame, ours);
    }
    return ours;
  }

  /**
   * The far end's decoded audio: copied into the recording's buffer once answered, and given (as a
   * copy of its own) to `audio` listeners. `samples` may be the caller's scratch buffer.
   */
  protected receiveFarEnd(samples: Int16Array): void {
    if (this.answeredAt && this.recorder) this.farEnd.push(samples);
    if (this.listenerCount('audio') > 0) {
      const atMs = this.answeredAt ? Math.round(performance.now() - this.answeredAtMono) : -1;
      try {
        this.emit('audio', { samples: samples.slice(), atMs });
      } catch (error) {
        this.logger.warn({ err: error, callId: this.id }, 'audio listener threw');
      }
    }
  }

  /** Whether someone listens to the far end's audio (decoding can be skipped when nobody does and nothing records). */
  protected get wantsFarEnd(): boolean {
    return this.recorder !== null || this.listenerCount('audio') > 0;
  }

  /** Ends the call once: closes the recording, then resolves `answered` (null if never), `ended`, and emits `ended`. */
  protected finish(end: CallEnd): Promise<CallResult> {
    this.finishing ??= this.complete(end);
    return this.finishing;
  }

  private async complete(end: CallEnd): Promise<CallResult> {
    const endedAt = new Date();
    if (this.currentState !== 'ended') this.setState('ending');
    this.outgoing.clear();
    let recording: RecordingInfo | null = null;
    if (this.recorder) {
      try {
        recording = await this.recorder.close();
      } catch (error) {
        this.logger.warn({ err: error, callId: this.id, path: this.recorder.path }, 'recording failed');
      }
    }
    const result: CallResult = {
      callId: this.id,
      outcome: end.outcome,
      sipStatus: end.sipStatus,
      sipReason: end.sipReason,
      endReason: end.endReason,
      hungUpBy: end.hungUpBy,
      placedAt: this.placedAt,
      ringingAt: this.ringingAt,
      answeredAt: this.answeredAt,
      endedAt,
      durationMs: this.answeredAt ? endedAt.getTime() - this.answeredAt.getTime() : 0,
      codec: this.codec,
      retryAfterMs: end.retryAfterMs ?? null,
      recording,
      media: { packetsSent: this.packetsSent, packetsReceived: this.packetsReceived },
    };
    this.setState('ended');
    this.resolveAnswered(null);
    this.emitEvent({ type: 'ended', at: endedAt, result });
    this.resolveEnded(result);
    return result;
  }

  private isAnsweredOrLater(): boolean {
    return this.currentState === 'answered' || this.currentState === 'ending' || this.currentState === 'ended';
  }
}
