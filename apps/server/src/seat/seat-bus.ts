import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { ParsedSeatClientMessage, SeatOffer, SeatServerMessage } from '@dialwise/contracts';
import type pg from 'pg';
import type { Database } from '../db/client.ts';

/**
 * What server processes tell each other about seats. A seat's WebSocket lives in one process and the call
 * it takes may live in another (the dialer process that placed it), so everything between the two goes
 * through PostgreSQL's LISTEN/NOTIFY: every process hears every event and acts on the ones whose seat or
 * call it holds. PGlite supports the same statements in its one process, so there is one code path.
 */
export type SeatEvent =
  /** For the seat's socket, wherever it is. */
  | { kind: 'to-seat'; operatorId: string; message: SeatServerMessage }
  /**
   * An offer rings at this seat: its process sends `offer` on, or — when the offer was too long for a
   * NOTIFY — reads it from `seat_offers.payload`.
   */
  | { kind: 'offer'; operatorId: string; offerId: string; offer?: SeatOffer }
  /** A newer connection took the seat: any other connection of it closes, its offer and call end. */
  | { kind: 'replace'; operatorId: string; connectionId: string }
  /** What the seat said about a call (accept, reject, SDP, ICE, mute, hang up): for the call's process. */
  | { kind: 'from-seat'; operatorId: string; message: ParsedSeatClientMessage }
  /** The seat's connection is gone (closed, heartbeat lost, signed out): its offer and call end. */
  | { kind: 'seat-lost'; operatorId: string };

export interface SeatBus {
  publish(event: SeatEvent): Promise<void>;
  subscribe(listener: (event: SeatEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'dialwise_seat';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes and more. */
export const NOTIFY_LIMIT = 7900;

/**
 * LISTEN on a connection of its own, outside the pool (LISTEN lasts as long as the session does). When the
 * session ends — PostgreSQL restarting, a failover — it listens again on a new connection as soon as the
 * database lets it (0.5 s, doubling to 5 s between tries). Events notified while no session listened are
 * not heard: seats and offers live in the database, and the seats' heartbeats put a lost one right.
 */
async function listenOnPostgres(
  pool: pg.Pool,
  deliver: (payload: string | undefined) => void,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  /** The listening session and how to give it back to the pool (once: a later error must not release it again). */
  let current: { client: pg.PoolClient; drop: (error?: Error) => void } | null = null;
  let closed = false;
  const listen = async () => {
    const next = await pool.connect();
    let released = false;
    const onNotification = (message: pg.Notification) => deliver(message.payload);
    const onSessionError = (error: Error) => {
      onError(error);
      const wasCurrent = current?.client === next;
      drop(error);
      if (!wasCurrent) return;
      current = null;
      if (!closed) void again();
    };
    const drop = (error?: Error) => {
      if (released) return;
      released = true;
      // Back in the pool the connection is any query's: it no longer delivers our events or answers to us.
      next.off('notification', onNotification);
      next.off('error', onSessionError);
      next.release(error);
    };
    next.on('notification', onNotification);
    next.once('error', onSessionError);
    try {
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      drop(error as Error);
      throw error;
    }
    current = { client: next, drop };
  };
  const again = async () => {
    for (let wait = 500; !closed && current === null; wait = Math.min(wait * 2, 5_000)) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (closed) return;
      await listen().catch(onError);
    }
  };
  await listen();
  return async () => {
    closed = true;
    const session = current;
    current = null;
    if (session) {
      await session.client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      // Released once: the session's error listener (a database dropped or restarted after this) must not
      // release it a second time, which pg-pool throws on (an uncaught exception the PostgreSQL pass saw).
      session.drop();
    }
  };
}

export async function openSeatBus(database: Database, onError: (error: unknown) => void): Promise<SeatBus> {
  const listeners = new Set<(event: SeatEvent) => void>();
  const deliver = (payload: string | undefined) => {
    if (!payload) return;
    let event: SeatEvent;
    try {
      const parsed = JSON.parse(payload) as SeatEvent | { z: string };
      event = 'z' in parsed ? (JSON.parse(inflateRawSync(Buffer.from(parsed.z, 'base64')).toString('utf8')) as SeatEvent) : parsed;
    } catch (error) {
      onError(error);
      return;
    }
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        onError(error);
      }
    }
  };

  let stop: () => Promise<void>;
  if (database.driver.kind === 'pglite') {
    stop = await database.driver.client.listen(CHANNEL, deliver);
  } else {
    stop = await listenOnPostgres(database.driver.pool, deliver, onError);
  }

  return {
    async publish(event) {
      // NOTIFY payloads stop at 8000 bytes: a long one (a browser's SDP with many candidates) goes deflated;
      // offers too long even so travel in `seat_offers`.
      let payload = JSON.stringify(event);
      if (Buffer.byteLength(payload) >= NOTIFY_LIMIT) payload = JSON.stringify({ z: deflateRawSync(payload).toString('base64') });
      await database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await stop();
    },
  };
}
