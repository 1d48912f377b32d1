import {
  SEAT_CLOSE_CODES,
  SEAT_HEARTBEAT,
  SEAT_TIMING,
  SEAT_WS_PATH,
  seatServerMessageSchema,
  type SeatCallEndReason,
  type SeatCallPhase,
  type SeatClientMessage,
  type SeatConnectionState,
  type SeatErrorCode,
  type SeatOffer,
  type SeatServerMessage,
  type SeatState,
} from '@dialwise/contracts';

/** The call the seat is in, from the accept to the end. */
export interface SeatCall {
  offer: SeatOffer;
  phase: Exclude<SeatCallPhase, 'offered'>;
  /** When the seat accepted, and when the customer started hearing the seat (ms since epoch). */
  acceptedAt: number;
  /** When pre-voice began (the seat started hearing the call); null if the call went straight on. */
  preVoiceAt: number | null;
  connectedAt: number | null;
  muted: boolean;
}

/** What the page draws: a plain value, replaced (never mutated) on every change. */
export interface SeatSnapshot {
  connection: SeatConnectionState;
  seatState: SeatState;
  /** The project this page limits the seat to (callDisplay/{projectID}); null: all of the agent's projects. */
  projectId: string | null;
  /** A ringing offer and when its countdown ends (local clock: the server's deadline may be skewed). */
  offer: { offer: SeatOffer; endsAt: number; totalMs: number } | null;
  call: SeatCall | null;
  /** The last call, kept after it ends so the agent can file it; and why it ended. */
  lastCall: { offer: SeatOffer; reason: SeatCallEndReason } | null;
  /** The last offer that went away without being taken, and why (a notice, not an error). */
  withdrawn: { offerId: string; reason: string } | null;
  /** The last problem, as a code the page translates (so a language switch re-renders it). */
  error: { code: SeatErrorCode; at: number } | null;
  /** A sign-out is waiting for the server's answer. */
  signingOut: boolean;
}

/** What the seat needs from the call's media (`SeatMedia`): kept abstract so the state machine is testable. */
export interface SeatMediaPort {
  start(callId: string, send: (message: SeatClientMessage) => void): Promise<void>;
  applyAnswer(sdp: string): Promise<void>;
  addRemoteCandidate(candidate: RTCIceCandidateInit): Promise<void>;
  /** The microphone reaches the server only when true (pre-voice and mute keep it false). */
  setSending(on: boolean): void;
  close(): void;
}

export interface SeatClientOptions {
  /** Opens the socket (the browser's `WebSocket` by default; tests pass a fake). */
  open?: (url: string) => WebSocket;
  url?: string;
  media: () => SeatMediaPort;
  now?: () => number;
  /** Milliseconds the server has to confirm a sign-out before "Sign out failed (check network)". */
  signOutTimeoutMs?: number;
}

/**
 * The call the page's customer panel is about, and whether the agent may file it: the call in progress;
 * else the last call while it waits to be filed; else the offer ringing. An offer that rings while the
 * agent files the last call must not take the filing form away (it used to: the form came back empty and
 * belonged to a call the agent had not taken, so the save was refused); the ringing offer says why the
 * customer asked for a person in the call panel, and the agent answers once the filing is done.
 */
export function shownCall(seat: SeatSnapshot): { offer: SeatOffer | null; canFile: boolean } {
  const filing = seat.call?.offer ?? seat.lastCall?.offer ?? null;
  return { offer: filing ?? seat.offer?.offer ?? null, canFile: filing !== null };
}

const INITIAL: SeatSnapshot = {
  connection: 'not-connected',
  seatState: 'not-connected',
  projectId: null,
  offer: null,
  call: null,
  lastCall: null,
  withdrawn: null,
  error: null,
  signingOut: false,
};

function defaultUrl(): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${SEAT_WS_PATH}`;
}

/**
 * The seat's side of `/ws/seat`: the connection and its heartbeat, the seat's state as the server reports
 * it, offers and the call's phases. The server is the truth for the seat state (we never assume a sign-in
 * worked); the connection state is ours. Any drop — an error, a close we did not ask for, a pong that does
 * not come — leaves the seat "disconnected" and not signed in: the agent must start work and sign in again,
 * because the server has signed the seat out by then.
 */
/** What a close code says when the server's own `error` did not arrive before it. */
const CLOSE_REASONS = new Map<number, SeatErrorCode>([
  [SEAT_CLOSE_CODES.heartbeatTimeout, 'heartbeat-timeout'],
  [SEAT_CLOSE_CODES.replaced, 'replaced'],
  [SEAT_CLOSE_CODES.unauthenticated, 'unauthenticated'],
  [SEAT_CLOSE_CODES.forbidden, 'forbidden'],
  [SEAT_CLOSE_CODES.rateLimited, 'too-many-messages'],
  [SEAT_CLOSE_CODES.badMessages, 'too-many-bad-messages'],
]);

export class SeatClient {
  private snapshot: SeatSnapshot = INITIAL;
  private readonly listeners = new Set<() => void>();
  private socket: WebSocket | null = null;
  private media: SeatMediaPort | null = null;
  private heartbeat: { intervalMs: number; timeoutMs: number } = { ...SEAT_HEARTBEAT };
  private offerSeconds: number = SEAT_TIMING.offerSeconds;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private lastPong = 0;
  private signOutTimer: ReturnType<typeof setTimeout> | null = null;
  private closingOnPurpose = false;
  /**
   * Handover notes that came before their offer (a long offer is read from the database by the seat's
   * process, and the note may overtake it): the offer takes its note when it arrives. A few at most.
   */
  private readonly earlySummaries = new Map<string, string>();
  /** Sign in as soon as the server greets the connection ("connect and sign in again" after a drop). */
  private signInOnHello: { projectId: string | null; standby: boolean } | null = null;
  private readonly now: () => number;

  constructor(private readonly options: SeatClientOptions) {
    this.now = options.now ?? Date.now;
  }

  getSnapshot = (): SeatSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<SeatSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** "Start work": opens the connection; the seat is then signed out until it signs in (or `signIn` is given). */
  connect(options: { signIn?: { projectId: string | null; standby: boolean } } = {}): void {
    if (this.socket) return;
    this.closingOnPurpose = false;
    this.signInOnHello = options.signIn ?? null;
    let opened = false;
    const socket = (this.options.open ?? ((url) => new WebSocket(url)))(this.options.url ?? defaultUrl());
    this.socket = socket;
    this.set({ error: null, withdrawn: null });
    socket.onopen = () => {
      opened = true;
      this.lastPong = this.now();
      this.set({ connection: 'connected' });
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => {
      // A failure to connect at all is an "error"; a drop of a live connection is "disconnected" (onclose).
      if (!opened) this.drop('error', 'connection-error');
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      if (this.closingOnPurpose) return this.reset('not-connected');
      const code: SeatErrorCode = CLOSE_REASONS.get(event.code) ?? 'connection-error';
      // The server's own `error` message (sent before it closes) wins over our guess from the close code.
      this.drop(opened ? 'disconnected' : 'error', this.snapshot.error?.code ?? code);
    };
  }

  /** Leaves on purpose (the page closes, or the agent stops work while signed out). */
  disconnect(): void {
    this.closingOnPurpose = true;
    this.socket?.close(1000);
    this.reset('not-connected');
  }

  signIn(options: { projectId?: string | null; standby?: boolean } = {}): void {
    const projectId = options.projectId ?? null;
    this.set({ projectId, error: null });
    this.send({ type: 'sign-in', projectId, standby: options.standby ?? true });
  }

  /**
   * Asks the server to sign the seat out. Without an answer in time (or with no connection at all) the
   * seat shows "Sign out failed (check network)"; the server signs a silent seat out by the heartbeat anyway.
   */
  signOut(): void {
    if (!this.send({ type: 'sign-out' })) {
      this.set({ error: { code: 'sign-out-failed', at: this.now() } });
      return;
    }
    this.set({ signingOut: true });
    this.signOutTimer = setTimeout(() => {
      this.signOutTimer = null;
      this.set({ signingOut: false, error: { code: 'sign-out-failed', at: this.now() } });
    }, this.options.signOutTimeoutMs ?? 5000);
  }

  setStandby(standby: boolean): void {
    this.send({ type: 'standby', standby });
  }

  accept(): void {
    const ringing = this.snapshot.offer;
    if (!ringing || !this.send({ type: 'accept', offerId: ringing.offer.offerId })) return;
    const callId = ringing.offer.callId;
    this.set({
      offer: null,
      lastCall: null,
      call: { offer: ringing.offer, phase: 'media', acceptedAt: this.now(), preVoiceAt: null, connectedAt: null, muted: false },
    });
    try {
      const media = this.options.media();
      this.media = media;
      media.setSending(false);
      media.start(callId, (message) => this.send(message)).catch(() => this.failMedia(callId));
    } catch {
      this.failMedia(callId);
    }
  }

  reject(): void {
    const ringing = this.snapshot.offer;
    if (ringing) this.send({ type: 'reject', offerId: ringing.offer.offerId });
  }

  setMuted(muted: boolean): void {
    const call = this.snapshot.call;
    if (!call) return;
    this.send({ type: 'mute', callId: call.offer.callId, muted });
    this.set({ call: { ...call, muted } });
    this.applySending();
  }

  hangUp(): void {
    const call = this.snapshot.call;
    if (call) this.send({ type: 'hang-up', callId: call.offer.callId });
  }

  /** The agent has filed the last call (or dismissed it): the panel goes back to waiting. */
  clearLastCall(): void {
    this.set({ lastCall: null, withdrawn: null });
  }

  private send(message: SeatClientMessage): boolean {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  private receive(data: unknown) {
    let parsed: SeatServerMessage;
    try {
      const result = seatServerMessageSchema.safeParse(JSON.parse(String(data)));
      if (!result.success) return;
      parsed = result.data;
    } catch {
      return;
    }
    this.handle(parsed);
  }

  private handle(message: SeatServerMessage) {
    switch (message.type) {
      case 'hello':
        this.heartbeat = message.heartbeat;
        this.offerSeconds = message.offerSeconds;
        this.startHeartbeat();
        this.set({ connection: 'connected', seatState: message.seatState });
        if (this.signInOnHello && message.seatState === 'signed-out') this.signIn(this.signInOnHello);
        this.signInOnHello = null;
        return;
      case 'seat-state':
        if (this.signOutTimer && message.seatState === 'signed-out') this.clearSignOut();
        return this.set({ seatState: message.seatState, projectId: message.projectId, signingOut: this.signOutTimer !== null });
      case 'pong':
        this.lastPong = this.now();
        return;
      case 'offer': {
        const early = this.earlySummaries.get(message.callId);
        this.earlySummaries.delete(message.callId);
        const offer = message.summary === null && early ? { ...message, summary: early } : message;
        return this.set({
          offer: { offer, endsAt: this.now() + this.offerSeconds * 1000, totalMs: this.offerSeconds * 1000 },
          withdrawn: null,
        });
      }
      case 'call-summary':
        return this.takeSummary(message.callId, message.summary);
      case 'offer-withdrawn':
        // An accept that lost the race with the deadline: the call we started to take was never ours.
        if (this.snapshot.call?.offer.offerId === message.offerId && this.snapshot.call.phase === 'media') {
          return this.abandonCall({ offerId: message.offerId, reason: message.reason });
        }
        if (this.snapshot.offer?.offer.offerId !== message.offerId) return;
        return this.set({ offer: null, withdrawn: { offerId: message.offerId, reason: message.reason } });
      case 'webrtc-answer':
        if (this.isCurrent(message.callId)) this.media?.applyAnswer(message.sdp).catch(() => this.failMedia(message.callId));
        return;
      case 'ice-candidate':
        if (this.isCurrent(message.callId)) void this.media?.addRemoteCandidate(message.candidate).catch(() => undefined);
        return;
      case 'pre-voice':
        return this.phase(message.callId, 'pre-voice');
      case 'connected':
        return this.phase(message.callId, 'connected', Date.parse(message.at) || this.now());
      case 'muted': {
        const call = this.snapshot.call;
        if (call && this.isCurrent(message.callId)) this.set({ call: { ...call, muted: message.muted } });
        return this.applySending();
      }
      case 'call-ended':
        return this.endCall(message.callId, message.reason);
      case 'error':
        // The echo of a message about a call already over here (a hang-up after a media failure, a late ICE
        // candidate): what the screen says about that call's end stays.
        if (message.code === 'no-call' && !this.snapshot.call) return;
        if (message.code === 'sign-out-failed') this.clearSignOut();
        if (message.code === 'offer-gone' && this.snapshot.call?.phase === 'media') {
          this.abandonCall({ offerId: this.snapshot.call.offer.offerId, reason: 'timeout' });
        }
        return this.set({ error: { code: message.code, at: this.now() }, signingOut: this.signOutTimer !== null });
    }
  }

  /**
   * The handover note of a call, written after its offer went out: it joins the call wherever the seat has it
   * — ringing, in progress, or ended and waiting to be filed — or waits for an offer still on its way.
   */
  private takeSummary(callId: string, summary: string) {
    const { offer, call, lastCall } = this.snapshot;
    const noted = (of: SeatOffer) => (of.callId === callId ? { ...of, summary } : of);
    if (offer?.offer.callId !== callId && call?.offer.callId !== callId && lastCall?.offer.callId !== callId) {
      this.earlySummaries.set(callId, summary);
      for (const old of this.earlySummaries.keys()) if (this.earlySummaries.size > 5) this.earlySummaries.delete(old);
      return;
    }
    this.set({
      offer: offer && { ...offer, offer: noted(offer.offer) },
      call: call && { ...call, offer: noted(call.offer) },
      lastCall: lastCall && { ...lastCall, offer: noted(lastCall.offer) },
    });
  }

  private isCurrent(callId: string) {
    return this.snapshot.call?.offer.callId === callId;
  }

  private phase(callId: string, phase: SeatCall['phase'], connectedAt: number | null = null) {
    const call = this.snapshot.call;
    if (!call || !this.isCurrent(callId)) return;
    const preVoiceAt = phase === 'pre-voice' ? (call.preVoiceAt ?? this.now()) : call.preVoiceAt;
    this.set({ call: { ...call, phase, preVoiceAt, connectedAt: connectedAt ?? call.connectedAt } });
    this.applySending();
  }

  /** The microphone goes out only once connected and not muted (the server enforces pre-voice too). */
  private applySending() {
    const call = this.snapshot.call;
    this.media?.setSending(Boolean(call && call.phase === 'connected' && !call.muted));
  }

  private failMedia(callId: string) {
    if (!this.isCurrent(callId)) return;
    // The server hangs the call up when the seat's media does not come up; saying so ends it sooner.
    this.send({ type: 'hang-up', callId });
    this.endCall(callId, 'media-failed');
  }

  /** The server refused our accept (too late): nothing was taken, so there is nothing to file either. */
  private abandonCall(withdrawn: { offerId: string; reason: string }) {
    this.media?.close();
    this.media = null;
    this.set({ call: null, withdrawn });
  }

  private endCall(callId: string, reason: SeatCallEndReason) {
    const call = this.snapshot.call;
    if (!call || call.offer.callId !== callId) return;
    this.media?.close();
    this.media = null;
    this.set({
      call: null,
      lastCall: { offer: call.offer, reason },
      error: reason === 'media-failed' ? { code: 'call-connection-failed', at: this.now() } : this.snapshot.error,
    });
  }

  private startHeartbeat() {
    this.stopHeartbeat();
    this.lastPong = this.now();
    this.pingTimer = setInterval(() => {
      if (this.now() - this.lastPong > this.heartbeat.timeoutMs) {
        // The server has not answered for a whole timeout: it is gone (or the network is).
        this.drop('disconnected', 'server-not-responding');
        return;
      }
      this.send({ type: 'ping', at: this.now() });
    }, this.heartbeat.intervalMs);
  }

  private stopHeartbeat() {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private clearSignOut() {
    if (this.signOutTimer) clearTimeout(this.signOutTimer);
    this.signOutTimer = null;
  }

  private drop(connection: SeatConnectionState, code: SeatErrorCode) {
    const socket = this.socket;
    this.reset(connection);
    this.set({ error: { code, at: this.now() } });
    if (socket && socket.readyState <= WebSocket.OPEN) {
      socket.onclose = null;
      socket.close(1000);
    }
  }

  /** Forgets the connection, the seat state, the offer and the call (its media closed). */
  private reset(connection: SeatConnectionState) {
    this.stopHeartbeat();
    this.clearSignOut();
    this.socket = null;
    this.media?.close();
    this.media = null;
    const call = this.snapshot.call;
    this.set({
      connection,
      seatState: 'not-connected',
      offer: null,
      call: null,
      signingOut: false,
      lastCall: call ? { offer: call.offer, reason: 'system' } : this.snapshot.lastCall,
    });
  }
}
