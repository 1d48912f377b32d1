import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { SEAT_WS_PATH, type MonitorSeat } from '@dialwise/contracts';
import { originsOf, refuseForeignOrigins } from '../http/allowed-origins.ts';
import { SeatDispatch } from './dispatch-transfers.ts';
import { openSeatBus } from './seat-bus.ts';
import { SeatHub } from './seat-hub.ts';
import { listSeatStates } from './list-seat-states.ts';
import { seatTiming } from './seat-timing.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The seat dispatcher the conversation runtime's transfer tool calls. */
    seats: SeatDispatch;
    seatHub: SeatHub;
    /** Every agent of a company and their seat's state now (the monitor page). */
    seatStates: (companyId: string) => Promise<MonitorSeat[]>;
  }
}

/**
 * The operator seats: the `/ws/seat` signalling endpoint (upgrades only from the console's origins), the seats
 * this process holds, and the dispatcher for transfers of the calls this process runs. Registered before the
 * dialer, which uses it.
 */
export const seatPlugin = fp(
  async (app) => {
    await app.register(websocket, { options: { maxPayload: 64 * 1024 }, errorHandler: socketError });
    const timing = seatTiming(app.config.seat);
    const log = app.log.child({ component: 'seat' });
    const node = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    const bus = await openSeatBus(app.db, (error) => log.warn({ err: error }, 'seat bus error'));
    const hub = new SeatHub({ db: app.db.db, bus, timing, node, log, now: () => app.clock.now(), sessionEnds: app.sessionEnds });
    const dispatch = new SeatDispatch({ db: app.db.db, bus, timing, log, iceAddresses: app.config.seat.iceAddresses });
    app.decorate('seats', dispatch);
    app.decorate('seatHub', hub);
    app.decorate('seatStates', (companyId: string) => listSeatStates(app.db.db, companyId, timing.staleMs));

    const origins = originsOf([app.config.publicUrl, ...app.config.allowedOrigins]);
    app.get(SEAT_WS_PATH, { websocket: true, schema: { hide: true }, onRequest: refuseForeignOrigins(origins) }, (socket, request) =>
      hub.attach(socket, request),
    );

    app.addHook('onReady', async () => hub.start());
    app.addHook('preClose', async () => {
      await hub.stop();
    });
    app.addHook('onClose', async () => {
      dispatch.close();
      await bus.close();
    });
  },
  { name: 'seat', dependencies: ['core', 'authenticate'] },
);

/**
 * An error on an open seat socket. What a client can cause — a frame over the size limit, a broken frame, a
 * connection reset — is logged at warning level without a stack (one line per connection at most: the socket
 * is dropped); anything else is ours and keeps its stack.
 */
function socketError(error: Error & { code?: string }, socket: WebSocket, request: FastifyRequest): void {
  const clientCaused = typeof error.code === 'string' && (error.code.startsWith('WS_ERR_') || CONNECTION_ERRORS.has(error.code));
  if (clientCaused) request.log.warn({ code: error.code, reason: error.message, ip: request.ip }, 'seat WebSocket protocol error');
  else request.log.error({ err: error }, 'seat WebSocket failed');
  socket.terminate();
}
const CONNECTION_ERRORS = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
