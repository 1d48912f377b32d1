/**
 * The media of one SIP call: its RTP port and session, the SDP we offer (and re-offer when the far end
 * changes its media), the early media of a 183, and the RTP-timeout watch. `SipCall` opens it before the
 * INVITE and stops it at the end; the audio itself (queue, recording) belongs to BaseCall.
 */
import { randomInt } from 'node:crypto';
import type { RtpPortPool } from '../media/rtp-ports.ts';
import { RtpSession } from '../media/rtp-session.ts';
import type { AudioCodec } from '../trunk.ts';
import { buildSdpOffer, negotiateAnswer, type RemoteMedia } from './sdp.ts';

export class SipCallMedia {
  private rtp: RtpSession | null = null;
  private port = 0;
  private readonly sdpSession = randomInt(1, 2 ** 31);
  private sdpVersion = 1;
  /** The far end's media from a 183 with SDP: used at the answer when the 2xx carries none. */
  early: RemoteMedia | null = null;
  private tickCount = 0;

  constructor(
    private readonly ports: RtpPortPool,
    private readonly codecs: readonly AudioCodec[],
    private readonly strictSource: boolean,
  ) {}

  /** Opens the RTP port; `receive` gets the far end's decoded samples while `wanted()` says someone listens. */
  async open(receive: (samples: Int16Array) => void, wanted: () => boolean): Promise<void> {
    const { socket, port } = await this.ports.open();
    this.port = port;
    this.rtp = new RtpSession(socket, port, receive, wanted, this.strictSource);
  }

  /** Our SDP offer from `address` with the current version. */
  offer(address: string, codecs: readonly AudioCodec[] = this.codecs): string {
    return buildSdpOffer({ address, port: this.port, codecs, sessionId: this.sdpSession, version: this.sdpVersion });
  }

  /** The far end's answer (or 183): null when it has no usable SDP. */
  negotiate(body: string): ReturnType<typeof negotiateAnswer> {
    return negotiateAnswer(body, this.codecs);
  }

  target(media: RemoteMedia): void {
    this.rtp?.setTarget(media);
  }

  /**
   * A re-INVITE or UPDATE offer: follow the new remote address and answer with our unchanged stream on
   * the one codec chosen. null: nothing acceptable in it (488).
   */
  reoffer(body: string, address: string): string | null {
    const offer = negotiateAnswer(body, this.codecs);
    if (!offer.ok) return null;
    this.rtp?.setTarget(offer.media);
    this.sdpVersion++;
    return this.offer(address, [offer.media.codec]);
  }

  /**
   * Sends one 20 ms frame (`payload`: already G.711 in the call's codec, sent as it is; `skippedFrames`: the media
   * clock's stall just before, see RtpSession.send); true when the far end has sent no RTP for `timeoutMs`
   * (checked once a second).
   */
  send(samples: Readonly<Int16Array>, payload: Uint8Array | null, timeoutMs: number, answeredAt: number, skippedFrames = 0): boolean {
    const rtp = this.rtp;
    if (!rtp) return false;
    rtp.send(samples, payload, skippedFrames);
    if (timeoutMs <= 0 || ++this.tickCount % 50 !== 0) return false;
    return Date.now() - Math.max(rtp.lastReceivedAt, answeredAt) > timeoutMs;
  }

  /** Closes the port; answers the packet counts (null when it never opened). Idempotent. */
  stop(): { sent: number; received: number } | null {
    const rtp = this.rtp;
    if (!rtp) return null;
    this.rtp = null;
    rtp.close();
    this.ports.release(this.port);
    return { sent: rtp.packetsSent, received: rtp.packetsReceived };
  }

  get rtpPort(): number {
    return this.port;
  }
}
