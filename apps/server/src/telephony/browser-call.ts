import { randomUUID } from 'node:crypto';
import { BaseCall } from './base-call.ts';
import { SILENT_LOGGER, type TelephonyLogger } from './telephony-logger.ts';
import { FRAME_SAMPLES } from '../audio/pcm.ts';
import { decodeG711, encodeG711 } from './media/g711.ts';
import { MediaClock } from './media/media-clock.ts';
import type { CallResult } from './trunk.ts';

/** Where a browser call's audio goes: one 20 ms PCMU frame per tick (the WebRTC peer's outgoing track). */
export interface BrowserLegSink {
  /**
   * `skippedFrames`: frames the media clock skipped just before this one (a stall): their media time passed
   * unsent, so the RTP timestamp moves on by them and the browser conceals a gap, where a continuous timestamp
   * would leave every later packet that much later than its timestamp says — which the browser's jitter buffer
   * takes for network delay and keeps as added latency.
   */
  send(payload: Uint8Array, skippedFrames?: number): void;
}

export interface BrowserCallOptions {
  id?: string;
  /** WAV file to record both sides to (left the browser, right us); null: not recorded. */
  recordingPath: string | null;
  /** Hung up after this long whatever happens. */
  maxDurationMs: number;
  logger?: TelephonyLogger;
}

/**
 * A call whose far end is a person at a browser: their microphone arrives as PCMU from a WebRTC peer
 * (`receive`), and our side leaves on the same 20 ms media clock as a trunk's calls, encoded once to PCMU
 * (`sink`). Everything above it — the speech voice, the runtime, the recording, a seat's bridge — sees an
 * ordinary answered call, so a voice test call runs the same code as a SIP call with this leg in place of RTP.
 */
export class BrowserCall extends BaseCall {
  private static clock: MediaClock | null = null;
  private readonly payload = Buffer.allocUnsafe(FRAME_SAMPLES);
  private readonly decoded = new Int16Array(FRAME_SAMPLES);
  private sink: BrowserLegSink | null = null;
  private maxTimer: NodeJS.Timeout | null = null;
  private readonly tick = (skippedFrames: number) => {
    const ours = this.mediaTick(skippedFrames);
    if (!this.sink) return;
    if (this.passthrough) this.sink.send(this.passthrough.payload, skippedFrames);
    else {
      encodeG711('PCMU', ours as Int16Array, this.payload);
      this.sink.send(this.payload, skippedFrames);
    }
    this.packetsSent++;
  };

  constructor(private readonly options: BrowserCallOptions) {
    super(options.id ?? randomUUID(), 'browser', options.recordingPath, options.logger ?? SILENT_LOGGER);
  }

  /** The clock every browser call of this process ticks on (its lateness is the benchmark's figure). */
  static sharedClock(): MediaClock {
    BrowserCall.clock ??= new MediaClock(() => undefined);
    return BrowserCall.clock;
  }

  /** The leg is up: the call is answered and its media clock starts. */
  start(sink: BrowserLegSink): void {
    if (this.isOver) return;
    this.sink = sink;
    this.onAnswered('PCMU');
    BrowserCall.sharedClock().add(this.tick);
    this.maxTimer = setTimeout(() => void this.end('us', 'max-duration'), this.options.maxDurationMs);
    this.maxTimer.unref();
  }

  /** 20 ms of the browser's microphone, as PCMU (other sizes are not a frame of ours and are dropped). */
  receive(payload: Uint8Array): void {
    if (this.isOver || payload.length !== FRAME_SAMPLES) return;
    this.packetsReceived++;
    if (this.wantsFarEnd) this.receiveFarEnd(decodeG711('PCMU', payload, this.decoded));
  }

  /** The person closed the page, hung up, or their connection was lost. */
  farEndHungUp(): Promise<CallResult> {
    return this.end('callee', 'remote-bye');
  }

  /** The leg never came up (ICE or DTLS failed): the call ends unanswered. */
  failed(reason: string): Promise<CallResult> {
    this.stopClock();
    return this.finish({ outcome: 'failed', sipStatus: null, sipReason: reason, endReason: 'error', hungUpBy: 'network' });
  }

  hangup(): Promise<CallResult> {
    return this.end('us', 'hangup');
  }

  private end(by: 'us' | 'callee', endReason: 'hangup' | 'remote-bye' | 'max-duration'): Promise<CallResult> {
    this.stopClock();
    if (!this.answeredAt) return this.failed('ended before the browser connected');
    return this.finish({ outcome: 'answered', sipStatus: 200, sipReason: 'OK', endReason, hungUpBy: by });
  }

  private stopClock(): void {
    if (this.maxTimer) clearTimeout(this.maxTimer);
    this.maxTimer = null;
    BrowserCall.sharedClock().remove(this.tick);
  }
}
