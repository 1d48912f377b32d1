import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import { SEAT_WS_PATH, type MonitorSeat } from '@dialwise/contracts';
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
 * The operator seats: the `/ws/seat` signalling endpoint, the seats this process holds, and the
 * dispatcher for transfers of the calls this process runs. Registered before the dialer, which uses it.
 */
export const seatPlugin = fp(
  async (app) => {
    await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
    const timing = seatTiming(app.config.seat);
    const log = app.log.child({ component: 'seat' });
    const node = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    const bus = await openSeatBus(app.db, (error) => log.warn({ err: error }, 'seat bus error'));
    const hub = new SeatHub({ db: app.db.db, bus, timing, node, log, now: () => app.clock.now() });
    const dispatch = new SeatDispatch({ db: app.db.db, bus, timing, log, iceAddresses: app.config.seat.iceAddresses });
    app.decorate('seats', dispatch);
    app.decorate('seatHub', hub);
    app.decorate('seatStates', (companyId: string) => listSeatStates(app.db.db, companyId, timing.staleMs));

    app.get(SEAT_WS_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => hub.attach(socket, request));

    app.addHook('onReady', async () => hub.start());
    app.addHook('preClose', async () => {
      await hub.stop();
    });
    app.addHook('onClose', async () => {
      dispatch.close();
      await bus.close();
    });
  },
  { name: 'seat', dependencies: ['core'] },
);
