import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SeatState } from '@dialwise/contracts';
import type { DbOrTx } from '../db/client.ts';
import { seatOffers, seats } from '../db/schema.ts';
import type { SeatBus } from './seat-bus.ts';
import { seatAfterCall } from './claim-seat.ts';

/** A seat freed because the call it held, or that rang at it, was cut with its process. */
export interface CutSeat {
  operatorId: string;
  callId: string;
  /** The offer that was ringing (withdrawn now); null when the seat was in the call. */
  offerId: string | null;
  /** The seat's state now (waiting again, or signed out when its connection is gone meanwhile). */
  state: SeatState;
  projectId: string | null;
}

/**
 * The calls were closed as cut (`judgeCutCall`): the process that held them is gone, and with it the transfer
 * session that would have released their seats when they ended. Each seat in one of these calls waits again
 * (at the back of the queue, as after any call), and an offer of one that was still ringing is withdrawn, so
 * the seat rings for other calls. Runs in the transaction that closes the calls: a seat is never left
 * `in-call` for a call that is over.
 */
export async function releaseSeatsOfCutCalls(tx: DbOrTx, callIds: readonly string[]): Promise<CutSeat[]> {
  if (callIds.length === 0) return [];
  const held = await tx
    .select({ operatorId: seats.operatorId, callId: seats.callId })
    .from(seats)
    .where(and(eq(seats.state, 'in-call'), inArray(seats.callId, [...callIds])))
    .for('update');
  const callOf = new Map(held.map((seat) => [seat.operatorId, seat.callId!]));
  const inCall =
    held.length === 0
      ? []
      : await tx
          .update(seats)
          .set(seatAfterCall())
          .where(and(inArray(seats.operatorId, [...callOf.keys()]), inArray(seats.callId, [...callIds])))
          .returning({ operatorId: seats.operatorId, state: seats.state, projectId: seats.projectId });
  const withdrawn = await tx
    .update(seatOffers)
    .set({ state: 'withdrawn', settledAt: sql`now()` })
    .where(and(eq(seatOffers.state, 'offered'), inArray(seatOffers.callId, [...callIds])))
    .returning({ offerId: seatOffers.id, callId: seatOffers.callId, operatorId: seatOffers.operatorId });
  const rung =
    withdrawn.length === 0
      ? []
      : await tx
          .update(seats)
          .set({ offerId: null, updatedAt: sql`now()` })
          .where(
            inArray(
              seats.offerId,
              withdrawn.map((offer) => offer.offerId),
            ),
          )
          .returning({ operatorId: seats.operatorId, state: seats.state, projectId: seats.projectId });
  const offerOf = new Map(withdrawn.map((offer) => [offer.operatorId, offer]));
  return [
    ...inCall.map((seat) => ({ ...seat, callId: callOf.get(seat.operatorId)!, offerId: null })),
    ...rung.map((seat) => {
      const offer = offerOf.get(seat.operatorId)!;
      return { ...seat, callId: offer.callId, offerId: offer.offerId };
    }),
  ];
}

/**
 * Tells each freed seat's page, wherever its socket lives: the call ended (or its offer was withdrawn) because
 * the system cut it, and the state the seat is in now.
 */
export async function tellCutSeats(bus: SeatBus, cut: readonly CutSeat[]): Promise<void> {
  for (const seat of cut) {
    const { operatorId } = seat;
    await bus.publish({
      kind: 'to-seat',
      operatorId,
      message: seat.offerId
        ? { type: 'offer-withdrawn', offerId: seat.offerId, reason: 'system' }
        : { type: 'call-ended', callId: seat.callId, reason: 'system' },
    });
    await bus.publish({ kind: 'to-seat', operatorId, message: { type: 'seat-state', seatState: seat.state, projectId: seat.projectId } });
  }
}
