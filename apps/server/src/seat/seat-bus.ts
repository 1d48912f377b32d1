import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { ParsedSeatClientMessage, SeatOffer, SeatServerMessage } from '@dialwise/contracts';
import type { Database } from '../db/client.ts';
import { type FanOut, listenFanOut } from '../db/listen-fan-out.ts';

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

export interface SeatBus extends FanOut<SeatEvent> {
  publish(event: SeatEvent): Promise<void>;
}

const CHANNEL = 'dialwise_seat';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes and more. */
export const NOTIFY_LIMIT = 7900;

export async function openSeatBus(database: Database, onError: (error: unknown) => void): Promise<SeatBus> {
  const bus = await listenFanOut<SeatEvent>(
    database,
    CHANNEL,
    (payload) => {
      const parsed = JSON.parse(payload) as SeatEvent | { z: string };
      return 'z' in parsed ? (JSON.parse(inflateRawSync(Buffer.from(parsed.z, 'base64')).toString('utf8')) as SeatEvent) : parsed;
    },
    onError,
  );

  return {
    ...bus,
    async publish(event) {
      // NOTIFY payloads stop at 8000 bytes: a long one (a browser's SDP with many candidates) goes deflated;
      // offers too long even so travel in `seat_offers`.
      let payload = JSON.stringify(event);
      if (Buffer.byteLength(payload) >= NOTIFY_LIMIT) payload = JSON.stringify({ z: deflateRawSync(payload).toString('base64') });
      await database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
    },
  };
}
