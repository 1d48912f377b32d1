import { and, eq, or, sql } from 'drizzle-orm';
import type { SeatState } from '@dialwise/contracts';
import type { Db } from '../db/client.ts';
import { projectOperators, seatOffers, seats } from '../db/schema.ts';

/**
 * The seat's row as its connection changes it. Every write names the connection, so a stale connection
 * (replaced by a newer tab, or by another process) cannot change the state the newer one set.
 */

/** A new connection takes the seat: signed out until it signs in (the spec: after a drop, sign in again). */
export async function openSeat(
  db: Db,
  seat: { operatorId: string; companyId: string; sessionId: string; node: string; connectionId: string },
) {
  const now = sql`now()`;
  await db
    .insert(seats)
    .values({ ...seat, state: 'signed-out', heartbeatAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: seats.operatorId,
      set: {
        node: seat.node,
        connectionId: seat.connectionId,
        sessionId: seat.sessionId,
        state: 'signed-out',
        projectId: null,
        offerId: null,
        heartbeatAt: now,
        updatedAt: now,
      },
    });
}

/** Whether the operator is assigned to the project (the seat may limit itself to one of its projects). */
export async function isAssigned(db: Db, operatorId: string, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(projectOperators)
    .where(and(eq(projectOperators.userId, operatorId), eq(projectOperators.projectId, projectId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Sign in, standby on/off, sign out. A seat in a call keeps `in-call` (its state comes back when the call
 * ends); answers the state now held, or null when this connection no longer holds the seat.
 */
export async function setSeatState(
  db: Db,
  seat: { operatorId: string; connectionId: string },
  change: { state: 'signed-out' | 'signed-in' | 'waiting'; projectId?: string | null },
): Promise<SeatState | null> {
  const [row] = await db
    .update(seats)
    .set({
      state: sql`case when ${seats.state} = 'in-call' and ${change.state} <> 'signed-out' then 'in-call' else ${change.state} end`,
      // Idle since now when the seat starts waiting; a seat already waiting keeps its place in the queue.
      idleSince: sql`case when ${change.state} = 'waiting' and ${seats.state} <> 'waiting' then now() else ${seats.idleSince} end`,
      ...(change.projectId !== undefined ? { projectId: change.projectId } : {}),
      ...(change.state === 'signed-out' ? { offerId: null, projectId: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(seats.operatorId, seat.operatorId), eq(seats.connectionId, seat.connectionId)))
    .returning({ state: seats.state });
  return row?.state ?? null;
}

/** The connection is gone: the seat is not connected (no node) and signed out. */
export async function closeSeat(db: Db, seat: { operatorId: string; connectionId: string }): Promise<boolean> {
  const rows = await db
    .update(seats)
    .set({ state: 'signed-out', node: null, connectionId: null, sessionId: null, offerId: null, projectId: null, updatedAt: sql`now()` })
    .where(and(eq(seats.operatorId, seat.operatorId), eq(seats.connectionId, seat.connectionId)))
    .returning({ operatorId: seats.operatorId });
  return rows.length > 0;
}

/** One statement per process and beat: every seat this process holds is alive (a dead process's seats go stale). */
export async function touchSeats(db: Db, node: string): Promise<void> {
  await db.update(seats).set({ heartbeatAt: sql`now()` }).where(eq(seats.node, node));
}

/** Whether this offer still rings at this seat (an accept of anything else is refused at once). */
export async function isRinging(db: Db, offerId: string, operatorId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(seatOffers)
    .where(and(eq(seatOffers.id, offerId), eq(seatOffers.operatorId, operatorId), eq(seatOffers.state, 'offered')))
    .limit(1);
  return row !== undefined;
}

/**
 * The connection holding the seat now, as the database says: of two connections opened at once (two tabs, two
 * processes) the one whose `openSeat` was written last holds it, and every other one closes.
 */
export async function seatHolder(db: Db, operatorId: string): Promise<string | null> {
  const [row] = await db.select({ connectionId: seats.connectionId }).from(seats).where(eq(seats.operatorId, operatorId)).limit(1);
  return row?.connectionId ?? null;
}

/**
 * Whether this connection's seat is in this call, or is being offered it (the browser's WebRTC offer may follow
 * its accept before the call's process has settled the offer).
 */
export async function holdsCall(db: Db, seat: { operatorId: string; connectionId: string }, callId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(seats)
    .leftJoin(seatOffers, eq(seatOffers.id, seats.offerId))
    .where(
      and(
        eq(seats.operatorId, seat.operatorId),
        eq(seats.connectionId, seat.connectionId),
        or(eq(seats.callId, callId), eq(seatOffers.callId, callId)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
