import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { localeSchema, SEAT_CLOSE_CODES, type SeatServerMessage } from '@dialwise/contracts';
import { presentedToken } from '../auth/authenticate.ts';
import { resolveSession } from '../auth/resolve-session.ts';
import type { Actor } from '../auth/actor.ts';
import { AppError } from '../http/app-error.ts';
import { requestLocale } from '../http/locale.ts';
import { seatOffers } from '../db/schema.ts';
import { eq } from 'drizzle-orm';
import type { SeatEvent } from './seat-bus.ts';
import { SeatConnection, type ConnectionDeps } from './seat-connection.ts';
import { touchSeats } from './seat-states.ts';

/**
 * The seats whose WebSockets this process holds. One timer sweeps them all for lost heartbeats and one
 * statement per beat keeps their rows alive, so thousands of seats cost two timers, not thousands.
 */
export class SeatHub {
  private readonly connections = new Map<string, SeatConnection>();
  private sweepTimer: NodeJS.Timeout | null = null;
  private touchTimer: NodeJS.Timeout | null = null;
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: ConnectionDeps & { now: () => Date }) {
    this.unsubscribe = deps.bus.subscribe((event) => void this.route(event));
  }

  get size(): number {
    return this.connections.size;
  }

  start(): void {
    const { heartbeatIntervalMs, heartbeatTimeoutMs } = this.deps.timing;
    this.sweepTimer = setInterval(() => this.sweep(), Math.max(100, Math.min(1000, heartbeatTimeoutMs / 4)));
    this.touchTimer = setInterval(() => {
      if (this.connections.size > 0)
        void touchSeats(this.deps.db, this.deps.node).catch((error: unknown) =>
          this.deps.log.warn({ err: error }, 'seat heartbeat write failed'),
        );
    }, heartbeatIntervalMs);
    this.sweepTimer.unref();
    this.touchTimer.unref();
  }

  async stop(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    if (this.touchTimer) clearInterval(this.touchTimer);
    this.unsubscribe();
    const open = [...this.connections.values()];
    for (const connection of open) connection.close(1001, 'server shutting down');
    await Promise.all(open.map((connection) => connection.onSocketClosed()));
    this.connections.clear();
  }

  /** A new WebSocket: authenticated by the session cookie (or bearer), OPR only; then it holds the seat. */
  attach(socket: WebSocket, request: FastifyRequest): void {
    // Messages may arrive while the cookie is checked: they wait, in order.
    const early: string[] = [];
    let connection: SeatConnection | null = null;
    socket.on('message', (data) => {
      const text = data.toString();
      if (connection) connection.receive(text);
      else early.push(text);
    });
    socket.on('close', (code) => {
      if (!connection) return;
      if (this.connections.get(connection.operatorId) === connection) this.connections.delete(connection.operatorId);
      void connection.onSocketClosed(code).catch((error: unknown) => this.deps.log.warn({ err: error }, 'seat close failed'));
    });
    socket.on('error', () => socket.terminate());

    const query = request.query as Record<string, unknown> | undefined;
    const chosen = localeSchema.safeParse(query?.locale);
    const locale = chosen.success ? chosen.data : requestLocale(request);
    const refuse = (code: 'unauthenticated' | 'forbidden') => {
      const probe = new SeatConnection(this.deps, socket, { userId: '', username: '', companyId: '', role: 'OPR', sessionId: '' }, locale);
      probe.fail(code, code === 'forbidden' ? SEAT_CLOSE_CODES.forbidden : SEAT_CLOSE_CODES.unauthenticated);
    };
    void this.authenticate(request).then(
      async (actor) => {
        if (!actor) return refuse('unauthenticated');
        if (actor.role !== 'OPR') return refuse('forbidden');
        if (socket.readyState !== socket.OPEN) return;
        const created = new SeatConnection(this.deps, socket, actor, locale);
        const previous = this.connections.get(actor.userId);
        this.connections.set(actor.userId, created);
        previous?.fail('replaced', SEAT_CLOSE_CODES.replaced);
        await created.open();
        connection = created;
        for (const text of early.splice(0)) created.receive(text);
      },
      (error: unknown) => {
        this.deps.log.warn({ err: error }, 'seat connection could not open');
        socket.close(1011, 'connection-error');
      },
    );
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

  private async route(event: SeatEvent): Promise<void> {
    const connection = this.connections.get(event.operatorId);
    if (!connection) return;
    if (event.kind === 'to-seat') connection.send(event.message);
    else if (event.kind === 'replace' && event.connectionId !== connection.connectionId)
      connection.fail('replaced', SEAT_CLOSE_CODES.replaced);
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
