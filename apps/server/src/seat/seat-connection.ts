import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import {
  SEAT_CLOSE_CODES,
  SEAT_ERROR_MESSAGES,
  SEAT_MESSAGE_LIMITS,
  seatClientMessageSchema,
  translate,
  type Locale,
  type ParsedSeatClientMessage,
  type SeatErrorCode,
  type SeatServerMessage,
} from '@dialwise/contracts';
import type { Actor } from '../auth/actor.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { notifySeatDisconnected } from '../messages/notify-seat.ts';
import type { SeatBus } from './seat-bus.ts';
import { closeSeat, holdsCall, isAssigned, isRinging, openSeat, setSeatState } from './seat-states.ts';
import type { SeatTiming } from './seat-timing.ts';

export interface ConnectionDeps {
  db: Db;
  bus: SeatBus;
  timing: SeatTiming;
  node: string;
  log: { warn(obj: object, msg?: string): void };
}

/** The connection broke off without a closing handshake (the network went, the browser was killed). */
const ABNORMAL_CLOSURE = 1006;

type SeatDrop = 'heartbeat-timeout' | 'connection-error';
/** The reason in the administrators' message (a message key: each reads it in their own language). */
const DROP_REASONS: Record<SeatDrop, string> = {
  'heartbeat-timeout': 'msg.seatDisconnected.heartbeat',
  'connection-error': 'msg.seatDisconnected.connectionError',
};

/** Messages about a call: they go to the process that holds the call, over the bus. */
const CALL_MESSAGES = new Set(['accept', 'reject', 'webrtc-offer', 'ice-candidate', 'mute', 'hang-up']);

/** Messages about the seat's call: refused with `no-call` unless the call rings at this seat or is in it. */
const IN_CALL_MESSAGES = new Set(['webrtc-offer', 'ice-candidate', 'mute', 'hang-up']);

/**
 * One seat's WebSocket, after its cookie was accepted: it holds the seat (a newer connection replaces
 * it), answers pings, keeps the seat's row up to date, and passes call messages on. Messages are handled
 * one at a time in arrival order, after the seat is opened.
 *
 * Once the server closes it (replaced, heartbeat lost, session ended, too many messages) nothing more it sends
 * is handled, and the seat is signed out at once: not when the client answers the close (a client that never
 * answers would keep it open for ws's 30 s closing timeout).
 */
export class SeatConnection {
  readonly connectionId = randomUUID();
  lastPingAt = Date.now();
  private chain: Promise<void> = Promise.resolve();
  private opening: Promise<void> | null = null;
  private closed = false;
  private ending: Promise<void> | null = null;
  private signedIn = false;
  private badInARow = 0;
  /** Why the server dropped this connection, when it was a drop (not a sign-out, a replacement or a shutdown). */
  private dropped: SeatDrop | null = null;

  constructor(
    private readonly deps: ConnectionDeps,
    private readonly socket: WebSocket,
    readonly actor: Actor,
    private readonly locale: Locale,
    /** Called once, when the connection starts to close (the hub stops routing to it). */
    private readonly onClosing: (connection: SeatConnection) => void = () => undefined,
  ) {}

  get operatorId(): string {
    return this.actor.userId;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Settles when `open()` has finished (or failed): the seat's row names this connection, or never will. */
  get opened(): Promise<void> {
    return (this.opening ?? Promise.resolve()).catch(() => undefined);
  }

  /** Takes the seat: messages received from now on wait for it. */
  open(): Promise<void> {
    this.opening ??= this.takeSeat();
    this.chain = this.opened;
    return this.opening;
  }

  private async takeSeat(): Promise<void> {
    if (this.closed) return;
    await openSeat(this.deps.db, {
      operatorId: this.operatorId,
      companyId: this.actor.companyId,
      sessionId: this.actor.sessionId,
      node: this.deps.node,
      connectionId: this.connectionId,
    });
    // Any older connection of this seat, here or in another process, closes; its offer and call end.
    await this.deps.bus.publish({ kind: 'replace', operatorId: this.operatorId, connectionId: this.connectionId });
    this.lastPingAt = Date.now();
    this.send({
      type: 'hello',
      operatorId: this.operatorId,
      username: this.actor.username,
      seatState: 'signed-out',
      heartbeat: { intervalMs: this.deps.timing.heartbeatIntervalMs, timeoutMs: this.deps.timing.heartbeatTimeoutMs },
      offerSeconds: this.deps.timing.offerSeconds,
    });
  }

  receive(raw: string): void {
    if (this.closed) return;
    this.lastPingAt = Date.now();
    this.chain = this.chain
      .then(() => (this.closed ? undefined : this.handle(raw)))
      .catch((error: unknown) => {
        this.deps.log.warn({ err: error, operatorId: this.operatorId }, 'seat message failed');
        this.fail('connection-error');
      });
  }

  send(message: SeatServerMessage): void {
    if (this.closed) return;
    // Errors travel with their code; the text is put in this seat's language here.
    const out = message.type === 'error' ? { ...message, message: translate(SEAT_ERROR_MESSAGES[message.code], this.locale) } : message;
    this.socket.send(JSON.stringify(out));
  }

  /** Sends the error, then closes: the seat is disconnected and must sign in again. */
  fail(code: SeatErrorCode, closeCode = 1011): void {
    if (code === 'heartbeat-timeout' || code === 'connection-error') this.dropped ??= code;
    this.send({ type: 'error', code, message: '' });
    this.close(closeCode, code);
  }

  /** Closes the socket and signs the seat out now (`ended` settles when that is written). */
  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.close(code, reason);
    void this.end();
  }

  /** Settles when the seat has been signed out and released after the connection closed. */
  get ended(): Promise<void> {
    return this.ending ?? Promise.resolve();
  }

  /**
   * The socket is gone (the client closed it, or it broke off). A close the server started has already
   * begun the seat's release; otherwise it begins here. See `end`.
   */
  onSocketClosed(closeCode?: number): Promise<void> {
    if (!this.closed && closeCode === ABNORMAL_CLOSURE) this.dropped ??= 'connection-error';
    this.closed = true;
    return this.end();
  }

  /**
   * The seat is signed out and not connected; its offer and call end. A signed-in seat that was dropped —
   * its heartbeats stopped, its connection failed or broke off without a closing handshake (close code
   * 1006) — is reported to the company's administrators once, by the process that held it; a seat that signs
   * out, closes its page, is replaced by a newer tab or outlives a shutdown is not. Runs once, after the seat
   * was opened and the messages already taken were handled, so nothing it wrote outlives the release.
   */
  private end(): Promise<void> {
    this.ending ??= (async () => {
      this.onClosing(this);
      await this.opened;
      await this.chain;
      if (await closeSeat(this.deps.db, { operatorId: this.operatorId, connectionId: this.connectionId })) {
        await this.deps.bus.publish({ kind: 'seat-lost', operatorId: this.operatorId });
        if (this.dropped && this.signedIn) await this.reportDrop(this.dropped);
      }
    })();
    return this.ending;
  }

  private async reportDrop(drop: SeatDrop): Promise<void> {
    try {
      const [me] = await this.deps.db.select({ alias: users.alias }).from(users).where(eq(users.id, this.operatorId));
      await notifySeatDisconnected(this.deps.db, {
        companyId: this.actor.companyId,
        seatName: me?.alias || this.actor.username,
        reason: DROP_REASONS[drop],
      });
    } catch (error) {
      this.deps.log.warn({ err: error, operatorId: this.operatorId }, 'seat drop could not be reported');
    }
  }

  private async handle(raw: string): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      json = null;
    }
    const parsed = seatClientMessageSchema.safeParse(json);
    if (!parsed.success) {
      this.badInARow += 1;
      if (this.badInARow >= SEAT_MESSAGE_LIMITS.consecutiveBad) return this.fail('too-many-bad-messages', SEAT_CLOSE_CODES.badMessages);
      this.send({ type: 'error', code: 'bad-message', message: '' });
      return;
    }
    this.badInARow = 0;
    const message = parsed.data;
    if (message.type === 'ping') {
      this.send({ type: 'pong', at: message.at });
      return;
    }
    if (CALL_MESSAGES.has(message.type)) {
      if (!this.signedIn) {
        this.send({ type: 'error', code: 'not-signed-in', message: '' });
        return;
      }
      if (message.type === 'accept' && !(await isRinging(this.deps.db, message.offerId, this.operatorId))) {
        // Too late (the deadline passed, the callee hung up) or not this seat's offer.
        this.send({ type: 'error', code: 'offer-gone', message: '' });
        return;
      }
      if ('callId' in message && IN_CALL_MESSAGES.has(message.type) && !(await holdsCall(this.deps.db, this.seat, message.callId))) {
        // Not a call this seat is in or being offered (another seat's, one already over, a made-up id).
        this.send({ type: 'error', code: 'no-call', message: '' });
        return;
      }
      await this.deps.bus.publish({ kind: 'from-seat', operatorId: this.operatorId, message });
      return;
    }
    await this.changeState(message);
  }

  private get seat() {
    return { operatorId: this.operatorId, connectionId: this.connectionId };
  }

  private async changeState(message: ParsedSeatClientMessage): Promise<void> {
    const seat = this.seat;
    if (message.type === 'sign-in') {
      const projectId = message.projectId ?? null;
      if (projectId && !(await isAssigned(this.deps.db, this.operatorId, projectId))) {
        this.send({ type: 'error', code: 'project-not-assigned', message: '' });
        return;
      }
      const state = await setSeatState(this.deps.db, seat, { state: message.standby ? 'waiting' : 'signed-in', projectId });
      if (!state) return this.fail('replaced', SEAT_CLOSE_CODES.replaced);
      this.signedIn = true;
      this.send({ type: 'seat-state', seatState: state, projectId });
    } else if (message.type === 'standby') {
      if (!this.signedIn) {
        this.send({ type: 'error', code: 'not-signed-in', message: '' });
        return;
      }
      const state = await setSeatState(this.deps.db, seat, { state: message.standby ? 'waiting' : 'signed-in' });
      if (!state) return this.fail('replaced', SEAT_CLOSE_CODES.replaced);
      this.send({ type: 'seat-state', seatState: state, projectId: null });
    } else if (message.type === 'sign-out') {
      const state = await setSeatState(this.deps.db, seat, { state: 'signed-out' });
      if (!state) return this.fail('replaced', SEAT_CLOSE_CODES.replaced);
      this.signedIn = false;
      // A ringing offer is withdrawn and a call in progress ends: the seat left.
      await this.deps.bus.publish({ kind: 'seat-lost', operatorId: this.operatorId });
      this.send({ type: 'seat-state', seatState: 'signed-out', projectId: null });
    }
  }
}
