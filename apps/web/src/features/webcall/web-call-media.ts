import type { IceServer } from '@dialwise/contracts';

/** How long the browser gathers its ICE candidates before it sends its offer anyway (STUN/TURN may be slow). */
const GATHER_MS = 3000;

/**
 * The browser's end of a voice test call: one WebRTC connection to our server, PCMU only (the server's peer
 * takes nothing else, and passes it through to the call without transcoding). Signalling is one request: the
 * offer goes out with every candidate gathered in it, and the server's answer comes back with its own. As on the
 * seat, the remote stream must be attached to an `<audio>` element and `play()`ed or Chromium decodes nothing.
 */
export class WebCallMedia {
  private pc: RTCPeerConnection | null = null;
  private track: MediaStreamTrack | null = null;
  private sender: RTCRtpSender | null = null;

  constructor(
    private readonly speaker: HTMLAudioElement,
    /** Called when `play()` is refused (autoplay policy): the page offers a button. */
    private readonly onPlaybackBlocked: () => void = () => undefined,
    /** The connection failed or closed under the call (network lost, server gone). */
    private readonly onLost: () => void = () => undefined,
  ) {}

  /** Opens the connection with the microphone's track and answers the offer to send. */
  async offer(microphone: MediaStream, iceServers: readonly IceServer[]): Promise<string> {
    const pc = new RTCPeerConnection({ iceServers: iceServers.map((server) => ({ ...server })) });
    this.pc = pc;
    const source = microphone.getAudioTracks()[0];
    if (!source) throw new Error('no microphone track');
    // A clone: ending the call must not stop the device check's level meter.
    const track = source.clone();
    this.track = track;
    const transceiver = pc.addTransceiver(track, { direction: 'sendrecv', streams: [new MediaStream([track])] });
    this.sender = transceiver.sender;
    const pcmu = (RTCRtpSender.getCapabilities('audio')?.codecs ?? []).filter((codec) => codec.mimeType.toLowerCase() === 'audio/pcmu');
    if (pcmu.length === 0) throw new Error('this browser cannot send PCMU');
    transceiver.setCodecPreferences(pcmu);
    pc.ontrack = (event) => {
      this.speaker.srcObject = event.streams[0] ?? new MediaStream([event.track]);
      this.speaker.play().catch(() => this.onPlaybackBlocked());
    };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'failed' || pc.connectionState === 'closed') this.onLost();
    };
    const gathered = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, GATHER_MS);
      pc.onicegatheringstatechange = () => {
        if (pc.iceGatheringState !== 'complete') return;
        clearTimeout(timer);
        resolve();
      };
    });
    await pc.setLocalDescription(await pc.createOffer());
    if (pc.iceGatheringState !== 'complete') await gathered;
    return pc.localDescription?.sdp ?? '';
  }

  /**
   * Another microphone during the call (chosen in the device check, or the same one checked again): its track
   * replaces the old one on the same connection, with no new offer.
   */
  async replaceMicrophone(microphone: MediaStream): Promise<void> {
    const source = microphone.getAudioTracks()[0];
    if (!this.sender || !source) return;
    const track = source.clone();
    await this.sender.replaceTrack(track);
    this.track?.stop();
    this.track = track;
  }

  async answer(sdp: string): Promise<void> {
    await this.pc?.setRemoteDescription({ type: 'answer', sdp });
  }

  /** RTP packets sent and received so far (the page's own proof that audio flows both ways). */
  async packets(): Promise<{ sent: number; received: number }> {
    let sent = 0;
    let received = 0;
    const stats = await this.pc?.getStats();
    stats?.forEach((report: { type: string; kind?: string; packetsSent?: number; packetsReceived?: number }) => {
      if (report.type === 'outbound-rtp' && report.kind === 'audio') sent += report.packetsSent ?? 0;
      if (report.type === 'inbound-rtp' && report.kind === 'audio') received += report.packetsReceived ?? 0;
    });
    return { sent, received };
  }

  close(): void {
    if (this.pc) {
      this.pc.onconnectionstatechange = null;
      this.pc.close();
    }
    this.pc = null;
    this.sender = null;
    this.track?.stop();
    this.track = null;
    this.speaker.srcObject = null;
  }
}
