import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { eq } from 'drizzle-orm';
import {
  localeSchema,
  SEAT_CLOSE_CODES,
  SEAT_ERROR_MESSAGES,
  translate,
  type Locale,
  type SeatErrorCode,
  type SeatServerMessage,
} from '@dialwise/contracts';
import { presentedToken } from '../auth/authenticate.ts';
import { findEndedSessions } from '../auth/find-ended-sessions.ts';
import { resolveSession } from '../auth/resolve-session.ts';
import type { SessionEnds } from '../auth/session-ends.ts';
import type { Actor } from '../auth/actor.ts';
import { AppError } from '../http/app-error.ts';
import { requestLocale } from '../http/locale.ts';
import { seatOffers } from '../db/schema.ts';
import { MessageBudget } from './message-budget.ts';
import type { SeatEvent } from './seat-bus.ts';
import { SeatConnection, type ConnectionDeps } from './seat-connection.ts';
import { seatHolder, touchSeats } from './seat-states.ts';

/**
 * The seats whose WebSockets this process holds. One timer sweeps them all for lost heartbeats and one
 * statement per beat keeps their rows alive (and checks their sessions), so thousands of seats cost two
 * timers, not thousands.
 */
export class SeatHub {
  private readonly connections = new Map<string, SeatConnection>();
  /** Per operator, the connection being opened in this process: opens of one seat run one after another. */
  private readonly opening = new Map<string, Promise<void>>();
  private sweepTimer: NodeJS.Timeout | null = null;
  private touchTimer: NodeJS.Timeout | null = null;
  private readonly unsubscribe: () => void;
  private readonly unsubscribeSessions: () => void;

  constructor(private readonly deps: ConnectionDeps & { now: () => Date; sessionEnds: SessionEnds }) {
    this.unsubscribe = deps.bus.subscribe(
      (event) =>
        void this.route(event).catch((error: unknown) => deps.log.warn({ err: error, operatorId: event.operatorId }, 'seat event failed')),
    );
    this.unsubscribeSessions = deps.sessionEnds.subscribe((ended) => this.closeEnded(ended));
  }

  get size(): number {
    return this.connections.size;
  }

  start(): void {
    const { heartbeatIntervalMs, heartbeatTimeoutMs } = this.deps.timing;
    this.sweepTimer = setInterval(() => this.sweep(), Math.max(100, Math.min(1000, heartbeatTimeoutMs / 4)));
    this.touchTimer = setInterval(() => {
      if (this.connections.size === 0) return;
      void touchSeats(this.deps.db, this.deps.node).catch((error: unknown) =>
        this.deps.log.warn({ err: error }, 'seat heartbeat write failed'),
      );
      void this.checkSessions().catch((error: unknown) => this.deps.log.warn({ err: error }, 'seat session check failed'));
    }, heartbeatIntervalMs);
    this.sweepTimer.unref();
    this.touchTimer.unref();
  }

  async stop(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    if (this.touchTimer) clearInterval(this.touchTimer);
    this.unsubscribe();
    this.unsubscribeSessions();
    const open = [...this.connections.values()];
    for (const connection of open) connection.close(1001, 'server shutting down');
    await Promise.all(open.map((connection) => connection.ended));
    this.connections.clear();
  }

  /** A new WebSocket: authenticated by the session cookie (or bearer), OPR only; then it holds the seat. */
  attach(socket: WebSocket, request: FastifyRequest): void {
    // Messages may arrive while the cookie is checked: they wait, in order (and count against the budget).
    const early: string[] = [];
    const budget = new MessageBudget();
    let connection: SeatConnection | null = null;
    const query = request.query as Record<string, unknown> | undefined;
    const chosen = localeSchema.safeParse(query?.locale);
    const locale = chosen.success ? chosen.data : requestLocale(request);

    socket.on('message', (data) => {
      if (!budget.take()) {
        if (connection) connection.fail('too-many-messages', SEAT_CLOSE_CODES.rateLimited);
        else refuse(socket, locale, 'too-many-messages', SEAT_CLOSE_CODES.rateLimited);
        return;
      }
      const text = data.toString();
      if (connection) connection.receive(text);
      else early.push(text);
    });
    socket.on('close', (code) => {
      if (!connection) return;
      void connection.onSocketClosed(code).catch((error: unknown) => this.deps.log.warn({ err: error }, 'seat close failed'));
    });

    void this.authenticate(request).then(
      (actor) => {
        if (!actor) return refuse(socket, locale, 'unauthenticated', SEAT_CLOSE_CODES.unauthenticated);
        if (actor.role !== 'OPR') return refuse(socket, locale, 'forbidden', SEAT_CLOSE_CODES.forbidden);
        return this.serially(actor.userId, async () => {
          if (socket.readyState !== socket.OPEN) return;
          const created = new SeatConnection(this.deps, socket, actor, locale, (closing) => this.forget(closing));
          connection = created;
          const previous = this.connections.get(actor.userId);
          this.connections.set(actor.userId, created);
          previous?.fail('replaced', SEAT_CLOSE_CODES.replaced);
          const opened = created.open();
          for (const text of early.splice(0)) created.receive(text);
          await opened.catch((error: unknown) => {
            this.deps.log.warn({ err: error, operatorId: actor.userId }, 'seat connection could not open');
            created.fail('connection-error');
          });
        });
      },
      (error: unknown) => {
        this.deps.log.warn({ err: error }, 'seat connection could not open');
        socket.close(1011, 'connection-error');
      },
    );
  }

  /**
   * Runs the opens of one seat in this process one after another, so they reach the database in the order
   * they replace each other here (across processes the database decides: see `replaceIfNotHolder`).
   */
  private serially(operatorId: string, open: () => Promise<void>): Promise<void> {
    const step = (this.opening.get(operatorId) ?? Promise.resolve())
      .then(open)
      .catch((error: unknown) => this.deps.log.warn({ err: error, operatorId }, 'seat connection could not open'));
    this.opening.set(operatorId, step);
    void step.finally(() => {
      if (this.opening.get(operatorId) === step) this.opening.delete(operatorId);
    });
    return step;
  }

  private forget(connection: SeatConnection): void {
    if (this.connections.get(connection.operatorId) === connection) this.connections.delete(connection.operatorId);
  }

  private async authenticate(request: FastifyRequest): Promise<Actor | null> {
    const token = presentedToken(request);
    if (!token) return null;
    try {
      return await resolveSession(this.deps.db, token, this.deps.now());
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  private sweep(): void {
    const limit = Date.now() - this.deps.timing.heartbeatTimeoutMs;
    for (const connection of this.connections.values()) {
      if (connection.lastPingAt < limit) connection.fail('heartbeat-timeout', SEAT_CLOSE_CODES.heartbeatTimeout);
    }
  }

  /** Sessions that have ended (signed out, replaced, ended by an administrator, …): their seats close now. */
  private closeEnded(ended: ReadonlySet<string>): void {
    for (const connection of this.connections.values()) {
      if (ended.has(connection.actor.sessionId)) connection.fail('session-ended', SEAT_CLOSE_CODES.unauthenticated);
    }
  }

  /**
   * Once a beat, every held seat's session is checked in one statement: what the notifications cannot tell —
   * a session that ran past its lifetime, an end announced while this process's LISTEN session was down.
   */
  private async checkSessions(): Promise<void> {
    const held = [...this.connections.values()];
    const ended = await findEndedSessions(
      this.deps.db,
      held.map((connection) => connection.actor.sessionId),
      this.deps.now(),
    );
    if (ended.size > 0) this.closeEnded(ended);
  }

  /**
   * Another connection of this seat was opened (here or in another process). The one the database names holds
   * the seat; this one closes unless it is that one. Asked after this connection's own open is written, so of
   * connections opened at once exactly the last written survives: it never sees another holder, and every
   * other one hears its `replace`, published after its write.
   */
  private async replaceIfNotHolder(connection: SeatConnection): Promise<void> {
    await connection.opened;
    if (connection.isClosed) return;
    const holder = await seatHolder(this.deps.db, connection.operatorId);
    if (holder !== connection.connectionId) connection.fail('replaced', SEAT_CLOSE_CODES.replaced);
  }

  private async route(event: SeatEvent): Promise<void> {
    const connection = this.connections.get(event.operatorId);
    if (!connection) return;
    if (event.kind === 'to-seat') connection.send(event.message);
    else if (event.kind === 'replace' && event.connectionId !== connection.connectionId) await this.replaceIfNotHolder(connection);
    else if (event.kind === 'offer' && event.offer) connection.send(event.offer);
    else if (event.kind === 'offer') {
      const [row] = await this.deps.db
        .select({ payload: seatOffers.payload, state: seatOffers.state })
        .from(seatOffers)
        .where(eq(seatOffers.id, event.offerId))
        .limit(1);
      if (row?.state === 'offered') connection.send(row.payload satisfies SeatServerMessage);
    }
  }
}

/** A socket refused before it holds a seat (no session, not an agent, a flood while its cookie was checked). */
function refuse(socket: WebSocket, locale: Locale, code: SeatErrorCode, closeCode: number): void {
  if (socket.readyState !== socket.OPEN) return;
  socket.send(JSON.stringify({ type: 'error', code, message: translate(SEAT_ERROR_MESSAGES[code], locale) }));
  socket.close(closeCode, code);
}
