import { sql } from 'drizzle-orm';
import type { ParsedSeatClientMessage, SeatServerMessage } from '@dialwise/contracts';
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
  /** An offer rings at this seat: its process reads the offer (`seat_offers.payload`) and sends it. */
  | { kind: 'offer'; operatorId: string; offerId: string }
  /** A newer connection took the seat: any other connection of it closes. */
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

export async function openSeatBus(database: Database, onError: (error: unknown) => void): Promise<SeatBus> {
  const listeners = new Set<(event: SeatEvent) => void>();
  const deliver = (payload: string | undefined) => {
    if (!payload) return;
    let event: SeatEvent;
    try {
      event = JSON.parse(payload) as SeatEvent;
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
    // A connection of its own, outside the pool: LISTEN lasts as long as the session does.
    const client = await database.driver.pool.connect();
    client.on('notification', (message) => deliver(message.payload));
    client.on('error', onError);
    await client.query(`LISTEN ${CHANNEL}`);
    stop = async () => {
      await client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      client.release();
    };
  }

  return {
    async publish(event) {
      // NOTIFY payloads stop at 8000 bytes: offers (with the conversation) travel in `seat_offers`, SDPs fit.
      await database.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
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
