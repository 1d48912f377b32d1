import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket, usePCMU } from 'werift';
import { FRAME_SAMPLES } from '../src/audio/pcm.ts';
import { decodeG711, encodeG711 } from '../src/telephony/media/g711.ts';

/**
 * The browser's end of a voice test call, in Node: a WebRTC peer that offers PCMU with its candidates
 * gathered (as the console does), then sends a 20 ms frame every tick — silence, or the clip it is told to
 * say — as a microphone track does, and keeps every sample it hears.
 */
export class BrowserLegClient {
  readonly pc = new RTCPeerConnection({ codecs: { audio: [usePCMU()] }, iceUseIpv6: false });
  private readonly track = new MediaStreamTrack({ kind: 'audio' });
  private readonly heardChunks: Int16Array[] = [];
  /** Each packet heard: its RTP sequence number and timestamp. */
  readonly heardHeaders: Array<{ sequence: number; timestamp: number }> = [];
  private timer: NodeJS.Timeout | null = null;
  private sequence = 0;
  private speaking: { clip: Int16Array; at: number; done: () => void } | null = null;
  private readonly frame = new Int16Array(FRAME_SAMPLES);

  constructor() {
    this.pc.addTransceiver(this.track, { direction: 'sendrecv' });
    this.pc.onTrack.subscribe((remote) =>
      remote.onReceiveRtp.subscribe((rtp) => {
        this.heardChunks.push(decodeG711('PCMU', rtp.payload));
        this.heardHeaders.push({ sequence: rtp.header.sequenceNumber, timestamp: rtp.header.timestamp });
      }),
    );
  }

  /** The offer, every candidate in it (werift gathers them in setLocalDescription). */
  async offer(): Promise<string> {
    await this.pc.setLocalDescription(await this.pc.createOffer());
    return this.pc.localDescription!.sdp;
  }

  /**
   * Applies the server's answer and starts the microphone's 20 ms packets; resolves once connected, fails when
   * the connection fails (ICE gave up) or closes. No clock of its own: on a busy machine ICE on loopback took
   * over 10 s; the test's timeout bounds the wait.
   */
  async answer(sdp: string): Promise<void> {
    const connected = new Promise<void>((resolve, reject) => {
      this.pc.connectionStateChange.subscribe((state) => {
        if (state === 'connected') resolve();
        else if (state === 'failed' || state === 'closed') reject(new Error(`the connection ${state} before it connected`));
      });
    });
    await this.pc.setRemoteDescription({ type: 'answer', sdp });
    await connected;
    this.timer = setInterval(() => this.tick(), 20);
  }

  /** Says a clip (8 kHz) from the next tick on; resolves when it has all been sent. */
  say(clip: Int16Array): Promise<void> {
    return new Promise((resolve) => {
      this.speaking = { clip, at: 0, done: resolve };
    });
  }

  /** Everything heard so far, as one 8 kHz clip. */
  heard(): Int16Array {
    const total = this.heardChunks.reduce((sum, chunk) => sum + chunk.length, 0);
    const all = new Int16Array(total);
    let at = 0;
    for (const chunk of this.heardChunks) {
      all.set(chunk, at);
      at += chunk.length;
    }
    return all;
  }

  get packetsHeard(): number {
    return this.heardChunks.length;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.pc.close();
  }

  private tick(): void {
    this.frame.fill(0);
    const speaking = this.speaking;
    if (speaking) {
      const part = speaking.clip.subarray(speaking.at, speaking.at + FRAME_SAMPLES);
      this.frame.set(part);
      speaking.at += FRAME_SAMPLES;
      if (speaking.at >= speaking.clip.length) {
        this.speaking = null;
        speaking.done();
      }
    }
    const payload = Buffer.alloc(FRAME_SAMPLES);
    encodeG711('PCMU', this.frame, payload);
    const header = new RtpHeader({
      payloadType: 0,
      sequenceNumber: this.sequence & 0xffff,
      timestamp: this.sequence * FRAME_SAMPLES,
      ssrc: 3131,
    });
    this.sequence++;
    this.track.writeRtp(new RtpPacket(header, payload));
  }
}
