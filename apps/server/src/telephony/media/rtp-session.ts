/**
 * One call's RTP stream over its own UDP socket: sends G.711 packets of 20 ms (sequence number +1,
 * timestamp +160, a random SSRC, the marker bit on the first packet) and hands the far end's audio
 * payloads to the call. RTCP is not sent (carriers do not require it for G.711 calls; noted in docs/telephony.md).
 *
 * The socket is connected to the far end's SDP address. That is the fast path of Node's dgram (no
 * address lookup and no deferred tick per packet: a third less CPU per packet at hundreds of calls), and
 * it drops RTP from any other source, as Asterisk's "strictrtp" does. A far end that sends from another
 * address than its SDP names (a NATed phone, not a carrier) needs `strictSource: false`.
 */
import { randomInt } from 'node:crypto';
import type { Socket } from 'node:dgram';
import { encodeG711, codecOfPayloadType, decodeG711 } from './g711.ts';
import { parseRtp, RTP_HEADER_BYTES, writeRtpHeader } from './rtp-packet.ts';
import type { AudioCodec } from '../trunk.ts';

export interface RtpTarget {
  address: string;
  port: number;
  codec: AudioCodec;
  payloadType: number;
}

export class RtpSession {
  readonly ssrc = randomInt(1, 0xffffffff);
  private sequence = randomInt(0, 0x10000);
  private timestamp = randomInt(0, 0xffffffff);
  private target: RtpTarget | null = null;
  /** Sends wait until the socket is connected to the current target (connect resolves asynchronously). */
  private ready = false;
  private connectedTo = '';
  private first = true;
  private closed = false;
  /** Decoded samples of the last packet: reused, the call copies what it keeps. */
  private scratch = new Int16Array(160);
  packetsSent = 0;
  packetsReceived = 0;
  /** performance-independent wall time of the last packet received (ms since epoch), 0 before any. */
  lastReceivedAt = 0;

  /**
   * `onAudio` gets the far end's decoded samples; `wantsAudio` lets the call skip decoding when nobody
   * records or listens (early media before anyone subscribed).
   */
  constructor(
    private readonly socket: Socket,
    readonly port: number,
    private readonly onAudio: (samples: Int16Array) => void,
    private readonly wantsAudio: () => boolean,
    private readonly strictSource = true,
  ) {
    socket.on('message', (data) => this.receive(data));
    socket.on('error', () => undefined);
  }

  setTarget(target: RtpTarget): void {
    this.target = target;
    if (!this.strictSource) {
      this.ready = true;
      return;
    }
    const key = `${target.address}:${target.port}`;
    if (key === this.connectedTo || this.closed) return;
    this.ready = false;
    if (this.connectedTo) this.socket.disconnect();
    this.connectedTo = key;
    this.socket.connect(target.port, target.address, () => {
      if (this.connectedTo === key) this.ready = true;
    });
  }

  get codec(): AudioCodec | null {
    return this.target?.codec ?? null;
  }

  /**
   * Sends one frame of samples (160 for 20 ms) to the far end; `payload`, when given, is that frame already
   * encoded in the target's codec (a seat's PCMU) and goes out untouched under our SSRC, sequence and timestamps.
   *
   * `skippedFrames`: frames the media clock skipped just before this one (a stall of the event loop). Their media
   * time passed unsent, so the timestamp moves on by them and the sequence stays continuous: the far end conceals a
   * gap as long as the stall. Kept continuous, every later packet would carry a timestamp that much earlier than its
   * arrival, which a jitter buffer takes for network delay and answers by holding that much more audio, stall after
   * stall (the browser leg, seat-peer.ts, follows the same rule; measured on Chromium in docs/webcall.md).
   */
  send(samples: Readonly<Int16Array>, payload: Uint8Array | null = null, skippedFrames = 0): void {
    const target = this.target;
    if (!target || !this.ready || this.closed) return;
    this.timestamp = (this.timestamp + skippedFrames * samples.length) >>> 0;
    const packet = Buffer.allocUnsafe(RTP_HEADER_BYTES + samples.length);
    writeRtpHeader(packet, {
      payloadType: target.payloadType,
      marker: this.first,
      sequence: this.sequence,
      timestamp: this.timestamp,
      ssrc: this.ssrc,
    });
    if (payload && payload.length === samples.length) packet.set(payload, RTP_HEADER_BYTES);
    else encodeG711(target.codec, samples as Int16Array, packet, RTP_HEADER_BYTES);
    this.first = false;
    this.sequence = (this.sequence + 1) & 0xffff;
    this.timestamp = (this.timestamp + samples.length) >>> 0;
    this.packetsSent++;
    if (this.strictSource) this.socket.send(packet);
    else this.socket.send(packet, target.port, target.address);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.removeAllListeners('message');
    try {
      this.socket.close();
    } catch {
      // already closed by an error
    }
  }

  private receive(data: Buffer): void {
    const packet = parseRtp(data);
    if (!packet) return;
    // Comfort noise (13), telephone-event and anything that is not G.711 is counted but not played.
    const codec = packet.payloadType === this.target?.payloadType ? this.target.codec : codecOfPayloadType(packet.payloadType);
    this.packetsReceived++;
    this.lastReceivedAt = Date.now();
    if (!codec || !this.wantsAudio()) return;
    if (packet.payload.length !== this.scratch.length) this.scratch = new Int16Array(packet.payload.length);
    this.onAudio(decodeG711(codec, packet.payload, this.scratch));
  }
}
