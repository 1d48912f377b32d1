import { randomInt } from 'node:crypto';
import type { IceServer, SeatServerMessage } from '@dialwise/contracts';
import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket, usePCMU } from 'werift';

/** An ICE candidate as the seat messages carry it, both ways. */
export type IceCandidate = Extract<SeatServerMessage, { type: 'ice-candidate' }>['candidate'];

/**
 * How long a seat that should be sending audio (connected and not muted: `expectAudio`) may go quiet on the
 * wire before its connection counts as lost. While it should speak, the console's track is enabled and the
 * browser sends a packet every 20 ms; a peer connection closed without a hang-up (a page reloaded, a laptop
 * shut) says nothing, and werift only gives up when ICE consent runs out, ~30 s of dead air for the callee
 * with the call still held by the seat. Outside those times (pre-voice, muted) the console disables its
 * track and Chromium sends no RTP at all, so silence there means nothing.
 */
const SILENT_LOST_MS = 5000;

/**
 * The server's end of a seat's WebRTC call: one peer connection, one PCMU audio track each way (no other
 * codec is offered, so nothing is transcoded). The seat's browser makes the offer; the transceiver is added
 * before the offer is applied, so our answer sends as well as receives. What the seat says arrives as PCMU
 * payloads (`onAudio`); what it hears goes out one 20 ms frame per `send`, paced by the caller's media clock.
 */
export class SeatPeer {
  private readonly pc: RTCPeerConnection;
  private readonly track = new MediaStreamTrack({ kind: 'audio' });
  private readonly ssrc = randomInt(1, 0xffffffff);
  private sequence = randomInt(0, 0x10000);
  private timestamp = randomInt(0, 0xffffffff);
  private first = true;
  private closed = false;
  /** When the seat's last packet came, or when it began to be expected. */
  private lastReceivedAt = 0;
  /** Whether the seat should be sending now (connected, not muted). */
  private expecting = false;
  private watch: NodeJS.Timeout | null = null;
  /** Resolves true once ICE and DTLS are up, false if they fail or the peer closes first. */
  readonly connected: Promise<boolean>;
  /**
   * Resolves when an established connection is lost: failed or closed, or no audio from the seat for
   * `SILENT_LOST_MS` while it should be sending.
   */
  readonly lost: Promise<void>;
  packetsReceived = 0;
  packetsSent = 0;

  constructor(
    onAudio: (payload: Buffer) => void,
    onCandidate: (candidate: IceCandidate) => void,
    options: { interfaceAddresses?: string[]; iceServers?: readonly IceServer[] } = {},
  ) {
    this.pc = new RTCPeerConnection({
      codecs: { audio: [usePCMU()] },
      iceUseIpv6: false,
      ...(options.interfaceAddresses ? { iceAdditionalHostAddresses: options.interfaceAddresses } : {}),
      // werift takes one URL per entry, where a browser's entry may list several.
      ...(options.iceServers?.length
        ? {
            iceServers: options.iceServers.flatMap(({ urls, username, credential }) =>
              (Array.isArray(urls) ? urls : [urls]).map((url) => ({ urls: url, username, credential })),
            ),
          }
        : {}),
    });
    this.pc.addTransceiver(this.track, { direction: 'sendrecv' });
    this.pc.onTrack.subscribe((remote) => {
      remote.onReceiveRtp.subscribe((rtp) => {
        this.packetsReceived++;
        this.lastReceivedAt = performance.now();
        if (!this.closed) onAudio(rtp.payload);
      });
    });
    this.pc.onIceCandidate.subscribe((candidate) => {
      if (candidate?.candidate)
        onCandidate({ candidate: candidate.candidate, sdpMid: candidate.sdpMid ?? null, sdpMLineIndex: candidate.sdpMLineIndex ?? null });
    });
    let settle: (up: boolean) => void = () => undefined;
    let drop: () => void = () => undefined;
    this.connected = new Promise((resolve) => {
      settle = resolve;
    });
    this.lost = new Promise((resolve) => {
      drop = resolve;
    });
    let up = false;
    this.pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected') {
        up = true;
        settle(true);
        this.watch ??= setInterval(() => {
          if (this.expecting && performance.now() - this.lastReceivedAt > SILENT_LOST_MS) drop();
        }, 500).unref();
      } else if (state === 'failed' || state === 'closed') {
        settle(false);
        if (up) drop();
      }
    });
    void this.lost.then(() => this.stopWatching());
  }

  /** Applies the seat's offer and answers it (PCMU only). */
  async answer(offerSdp: string): Promise<string> {
    await this.pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
    const answer = await this.pc.createAnswer();
    await this.pc.setLocalDescription(answer);
    return this.pc.localDescription?.sdp ?? answer.sdp;
  }

  async addCandidate(candidate: IceCandidate): Promise<void> {
    if (this.closed) return;
    await this.pc.addIceCandidate({
      candidate: candidate.candidate,
      sdpMid: candidate.sdpMid ?? undefined,
      sdpMLineIndex: candidate.sdpMLineIndex ?? undefined,
    });
  }

  /**
   * One 20 ms PCMU frame to the seat, under one continuous SSRC / sequence / timestamp. `skippedFrames` (a media
   * clock's stall just before): the timestamp moves on by their media time, the sequence stays continuous (no
   * packet was lost), so the receiver conceals the gap rather than taking the stall for network delay.
   */
  send(payload: Uint8Array, skippedFrames = 0): void {
    if (this.closed) return;
    this.timestamp = (this.timestamp + skippedFrames * payload.length) >>> 0;
    const header = new RtpHeader({
      payloadType: 0,
      sequenceNumber: this.sequence,
      timestamp: this.timestamp,
      ssrc: this.ssrc,
      marker: this.first,
    });
    this.first = false;
    this.sequence = (this.sequence + 1) & 0xffff;
    this.timestamp = (this.timestamp + payload.length) >>> 0;
    this.packetsSent++;
    this.track.writeRtp(new RtpPacket(header, Buffer.from(payload.buffer, payload.byteOffset, payload.length)));
  }

  /** The seat should be sending from now on (connected and not muted), or not (muted); see `SILENT_LOST_MS`. */
  expectAudio(on: boolean): void {
    if (on && !this.expecting) this.lastReceivedAt = performance.now();
    this.expecting = on;
  }

  private stopWatching(): void {
    if (this.watch) clearInterval(this.watch);
    this.watch = null;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopWatching();
    this.track.stop();
    await this.pc.close().catch(() => undefined);
  }
}
