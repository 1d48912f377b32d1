import type { SeatClientMessage } from '@dialwise/contracts';
import type { SeatMediaPort } from './seat-client.ts';

/**
 * The call's audio between this browser and our server (a WebRTC peer): PCMU only, so the server passes
 * the call's G.711 through without transcoding. Checked on this machine (ARCHITECTURE.md, "Seat audio"):
 * remote ICE candidates that arrive before the answer is applied are queued (adding them earlier throws),
 * and the remote stream must be attached to an `<audio>` element and `play()`ed or Chromium decodes nothing.
 */
export class SeatMedia implements SeatMediaPort {
  private pc: RTCPeerConnection | null = null;
  private readonly pending: RTCIceCandidateInit[] = [];
  private answered = false;
  private sending = false;
  /** A clone of the microphone's track: muting it must not silence the device check's level meter. */
  private track: MediaStreamTrack | null = null;

  constructor(
    private readonly microphone: MediaStream,
    private readonly speaker: HTMLAudioElement,
    /** Called when `play()` is refused (autoplay policy): the page offers a button. */
    private readonly onPlaybackBlocked: () => void = () => undefined,
  ) {}

  async start(callId: string, send: (message: SeatClientMessage) => void): Promise<void> {
    const pc = new RTCPeerConnection({ iceServers: [] });
    this.pc = pc;
    const source = this.microphone.getAudioTracks()[0];
    if (!source) throw new Error('no microphone track');
    const track = source.clone();
    this.track = track;
    track.enabled = this.sending;
    const transceiver = pc.addTransceiver(track, { direction: 'sendrecv', streams: [new MediaStream([track])] });
    const pcmu = (RTCRtpSender.getCapabilities('audio')?.codecs ?? []).filter((codec) => codec.mimeType.toLowerCase() === 'audio/pcmu');
    if (pcmu.length === 0) throw new Error('this browser cannot send PCMU');
    transceiver.setCodecPreferences(pcmu);

    pc.onicecandidate = (event) => {
      if (event.candidate) send({ type: 'ice-candidate', callId, candidate: event.candidate.toJSON() as never });
    };
    pc.ontrack = (event) => {
      this.speaker.srcObject = event.streams[0] ?? new MediaStream([event.track]);
      this.speaker.play().catch(() => this.onPlaybackBlocked());
    };
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    send({ type: 'webrtc-offer', callId, sdp: pc.localDescription?.sdp ?? offer.sdp ?? '' });
  }

  async applyAnswer(sdp: string): Promise<void> {
    if (!this.pc) return;
    await this.pc.setRemoteDescription({ type: 'answer', sdp });
    this.answered = true;
    for (const candidate of this.pending.splice(0)) await this.pc.addIceCandidate(candidate);
  }

  async addRemoteCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    if (!this.pc) return;
    if (!this.answered) {
      this.pending.push(candidate);
      return;
    }
    await this.pc.addIceCandidate(candidate);
  }

  /** Disabling the track sends silence (the RTP keeps flowing, so the server's timing stays continuous). */
  setSending(on: boolean): void {
    this.sending = on;
    if (this.track) this.track.enabled = on;
  }

  close(): void {
    this.pc?.close();
    this.pc = null;
    this.track?.stop();
    this.track = null;
    this.pending.length = 0;
    this.answered = false;
    this.speaker.srcObject = null;
  }
}
