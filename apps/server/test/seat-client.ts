import WebSocket from 'ws';
import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket, usePCMU } from 'werift';
import { SEAT_WS_PATH, seatServerMessageSchema, type SeatClientMessage, type SeatServerMessage } from '@dialwise/contracts';

type Of<T extends SeatServerMessage['type']> = Extract<SeatServerMessage, { type: T }>;

/**
 * A seat as the browser would be: a WebSocket to /ws/seat (cookie auth), every server message parsed with
 * the contracts' schema and queued, `next(type)` to await one. `close` is where the close code lands.
 */
export class SeatClient {
  readonly received: SeatServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: { match: (m: SeatServerMessage) => boolean; resolve: (m: SeatServerMessage) => void }[] = [];
  private pinger: NodeJS.Timeout | null = null;
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = seatServerMessageSchema.parse(JSON.parse(data.toString()));
      // Like the browser: ping at the interval the server announces.
      if (message.type === 'hello')
        this.pinger = setInterval(() => this.send({ type: 'ping', at: Date.now() }), message.heartbeat.intervalMs);
      const waiter = this.waiters.find((w) => w.match(message));
      if (waiter) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      } else this.received.push(message);
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => {
        this.stopPinging();
        resolve({ code, reason: reason.toString() });
      }),
    );
  }

  /** The network goes quiet: no more pings (the heartbeat test). */
  stopPinging(): void {
    if (this.pinger) clearInterval(this.pinger);
  }

  /** Opens a seat socket; `headers` are the upgrade request's (an `origin`, as a browser sends it). */
  static async open(baseUrl: string, token?: string, query = '', headers: Record<string, string> = {}): Promise<SeatClient> {
    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}${SEAT_WS_PATH}${query}`, {
      headers: { ...headers, ...(token ? { cookie: `Authorization=${token}` } : {}) },
    });
    const client = new SeatClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  send(message: SeatClientMessage): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** The next message of this type (one already received first). Rejects after `ms`. */
  next<T extends SeatServerMessage['type']>(type: T, ms = 10_000): Promise<Of<T>> {
    return this.until((m) => m.type === type, ms, type) as Promise<Of<T>>;
  }

  /**
   * The next message that `match` accepts (one already received first; the others stay queued), e.g. the
   * first of several outcomes of one call. Rejects after `ms`, naming `what`.
   */
  until(match: (m: SeatServerMessage) => boolean, ms = 10_000, what = 'matching message'): Promise<SeatServerMessage> {
    const index = this.received.findIndex(match);
    if (index >= 0) return Promise.resolve(this.received.splice(index, 1)[0]!);
    return new Promise((resolve, reject) => {
      const waiter = { match, resolve };
      this.waiters.push(waiter);
      setTimeout(() => {
        if (!this.waiters.includes(waiter)) return;
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        // Errors and endings are named with their details, so a failure under load says what went wrong.
        const got = this.received.map((m) => (m.type === 'error' || m.type === 'call-ended' ? `${m.type} ${JSON.stringify(m)}` : m.type));
        reject(new Error(`no ${what} within ${ms} ms; got ${got.join(', ')}`));
      }, ms).unref();
    });
  }

  /** Whether a message of this type arrives within `ms` (for "never offered"). */
  async gets(type: SeatServerMessage['type'], ms: number): Promise<boolean> {
    return this.next(type, ms).then(
      () => true,
      () => false,
    );
  }

  async signIn(extra: { projectId?: string; standby?: boolean } = {}, ms = 10_000): Promise<void> {
    await this.next('hello', ms);
    this.send({ type: 'sign-in', ...extra });
    await this.next('seat-state', ms);
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * The browser's WebRTC side, in Node: offers PCMU, trickles ICE over the seat's socket, sends a 20 ms
 * frame of `payload` every tick while `talking`, and counts what it hears.
 */
export class SeatMediaClient {
  readonly pc = new RTCPeerConnection({ codecs: { audio: [usePCMU()] }, iceUseIpv6: false });
  private readonly track = new MediaStreamTrack({ kind: 'audio' });
  readonly heard: Buffer[] = [];
  private timer: NodeJS.Timeout | null = null;
  private sequence = 0;

  constructor(
    private readonly seat: SeatClient,
    private readonly callId: string,
  ) {
    this.pc.addTransceiver(this.track, { direction: 'sendrecv' });
    this.pc.onTrack.subscribe((remote) => remote.onReceiveRtp.subscribe((rtp) => this.heard.push(rtp.payload)));
    this.pc.onIceCandidate.subscribe((candidate) => {
      if (candidate?.candidate)
        seat.send({
          type: 'ice-candidate',
          callId,
          candidate: { candidate: candidate.candidate, sdpMid: candidate.sdpMid ?? null, sdpMLineIndex: candidate.sdpMLineIndex ?? null },
        });
    });
  }

  /** Sends the WebRTC offer and applies the server's answer (awaited up to `ms`). */
  async connect(ms = 10_000): Promise<void> {
    const offer = await this.pc.createOffer();
    await this.pc.setLocalDescription(offer);
    this.seat.send({ type: 'webrtc-offer', callId: this.callId, sdp: this.pc.localDescription!.sdp });
    const answer = await this.seat.next('webrtc-answer', ms);
    await this.pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
  }

  /**
   * Sends `payload` (160 bytes of PCMU, or the next of a sequence of them) every 20 ms of real time until
   * `stop()`. A browser's microphone is paced by its own audio clock in its own process: when our event loop
   * stalls (a loaded machine), the packets it sent meanwhile wait in the socket and arrive together. So the
   * frames due are counted from the monotonic clock and the late ones go back to back; an interval that only
   * sent one frame per (late) firing would leave holes in the seat's voice that no browser leaves.
   */
  talk(payload: Buffer | (() => Buffer)): void {
    if (this.timer) clearInterval(this.timer);
    const next = typeof payload === 'function' ? payload : () => payload;
    const startedAt = performance.now();
    let sent = 0;
    const sendDue = () => {
      const due = Math.floor((performance.now() - startedAt) / 20) + 1;
      for (; sent < due; sent++) {
        const header = new RtpHeader({
          payloadType: 0,
          sequenceNumber: this.sequence++ & 0xffff,
          timestamp: this.sequence * 160,
          ssrc: 4242,
        });
        this.track.writeRtp(new RtpPacket(header, next()));
      }
    };
    sendDue();
    this.timer = setInterval(sendDue, 20);
  }

  /** RTP packets the seat's microphone has sent. */
  get packetsSent(): number {
    return this.sequence;
  }

  async stopTalking(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async close(): Promise<void> {
    await this.stopTalking();
    await this.pc.close();
  }
}
