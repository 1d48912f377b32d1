import { type CallHandle, decodeG711, encodeG711, type VoiceFrame, type VoiceSource } from '../telephony/index.ts';
import { FRAME_SAMPLES, SampleFifo } from '../audio/pcm.ts';
import type { SeatPeer } from './seat-peer.ts';

/** At most this many of the seat's frames wait for the call's clock (100 ms): older ones are dropped, not delayed. */
const MAX_QUEUED = 5;

/**
 * Joins a seat's WebRTC audio to a live call.
 *
 * - To the seat: on every tick of the call's media clock (which is drift-corrected), 20 ms of the callee,
 *   plus — during pre-voice — what the AI says, encoded once to PCMU. After `connect()` what we send to the
 *   callee is the seat itself, so it is not sent back.
 * - From the seat: PCMU payloads; dropped during pre-voice (the seat hears and cannot speak, enforced
 *   here), and when muted. After `connect()` they are the call's voice source: the payload goes into the
 *   call's RTP as it is (same codec, the call's own SSRC/sequence/timestamps), its decoded samples into the
 *   recording.
 */
export class SeatBridge implements VoiceSource {
  private phase: 'pre-voice' | 'connected' = 'pre-voice';
  private muted = false;
  private readonly callee = new SampleFifo();
  private readonly calleeFrame = new Int16Array(FRAME_SAMPLES);
  private readonly mixed = new Int16Array(FRAME_SAMPLES);
  private readonly queue: Buffer[] = [];
  /** Frames the seat sent while it could not speak (pre-voice, mute): dropped by the server. */
  dropped = 0;
  /** Frames of the seat that reached the call. */
  forwarded = 0;
  private readonly onCallee = (frame: { samples: Int16Array }) => this.callee.push(frame.samples);
  private readonly onSent = (ours: Readonly<Int16Array>) => this.toSeat(ours);

  constructor(
    private readonly call: CallHandle,
    private readonly peer: SeatPeer,
  ) {
    call.on('audio', this.onCallee);
    call.on('sent', this.onSent);
  }

  /** The seat's audio as it arrives from its peer. */
  fromSeat(payload: Buffer): void {
    if (this.phase !== 'connected' || this.muted || payload.length !== FRAME_SAMPLES) {
      this.dropped++;
      return;
    }
    this.queue.push(payload);
    if (this.queue.length > MAX_QUEUED) this.queue.shift();
  }

  /** Ends pre-voice: the callee hears the seat from the next tick on, the AI no more. */
  connect(): void {
    this.phase = 'connected';
    this.call.setVoiceSource(this);
    this.peer.expectAudio(!this.muted);
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    if (muted) this.queue.length = 0;
    this.peer.expectAudio(this.phase === 'connected' && !muted);
  }

  nextFrame(): VoiceFrame | null {
    const payload = this.queue.shift();
    if (!payload) return null;
    this.forwarded++;
    return { codec: 'PCMU', payload, samples: decodeG711('PCMU', payload) };
  }

  close(): void {
    this.call.off('audio', this.onCallee);
    this.call.off('sent', this.onSent);
    if (this.phase === 'connected') this.call.setVoiceSource(null);
    this.queue.length = 0;
  }

  private toSeat(ours: Readonly<Int16Array>): void {
    this.callee.read(this.calleeFrame);
    const withAi = this.phase === 'pre-voice';
    for (let i = 0; i < FRAME_SAMPLES; i++) {
      const sum = this.calleeFrame[i]! + (withAi ? (ours[i] ?? 0) : 0);
      this.mixed[i] = sum > 32767 ? 32767 : sum < -32768 ? -32768 : sum;
    }
    const payload = Buffer.allocUnsafe(FRAME_SAMPLES);
    encodeG711('PCMU', this.mixed, payload);
    this.peer.send(payload);
  }
}
