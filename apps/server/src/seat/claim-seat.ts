import { and, eq, sql } from 'drizzle-orm';
import type { SeatOffer } from '@dialwise/contracts';
import type { Db } from '../db/client.ts';
import { calls, seatOffers, seats } from '../db/schema.ts';

export interface OfferClaim {
  offerId: string;
  operatorId: string;
  deadline: Date;
}

/**
 * Picks the seat to ring and records the offer, in one transaction: the longest-idle seat that is waiting,
 * alive (its process beat within `staleMs`), of an active account whose WebSocket's session is live (not
 * signed out, replaced, ended by an administrator or expired: its socket is being closed), rings for nothing
 * else, belongs to the call's company, is
 * assigned to its project (and not limited to another one), and was not tried for this call yet. The row
 * is locked `FOR UPDATE SKIP LOCKED`, so two processes claiming at once take two different seats, never one
 * twice; setting `offer_id` keeps it out of every other claim until the offer is settled.
 */
export async function claimSeat(
  db: Db,
  request: { callId: string; companyId: string; projectId: string; exclude: readonly string[]; offerMs: number; staleMs: number },
  buildOffer: (offerId: string, deadline: Date) => SeatOffer,
): Promise<OfferClaim | null> {
  return db.transaction(async (tx) => {
    const excluded = request.exclude.length ? sql`and s.operator_id <> all(${`{${request.exclude.join(',')}}`}::uuid[])` : sql``;
    const picked = await tx.execute<{ operator_id: string }>(sql`
      select s.operator_id
        from seats s
        join project_operators po on po.user_id = s.operator_id and po.project_id = ${request.projectId}
        join users u on u.id = s.operator_id and u.status = 'active'
        join sessions se on se.id = s.session_id and se.revoked_at is null and se.expires_at > now()
       where s.company_id = ${request.companyId}
         and s.state = 'waiting'
         and s.offer_id is null
         and s.node is not null
         and s.heartbeat_at > now() - make_interval(secs => ${request.staleMs / 1000})
         and (s.project_id is null or s.project_id = ${request.projectId})
         ${excluded}
       order by s.idle_since asc nulls last, s.operator_id
       limit 1
       for update of s skip locked`);
    const operatorId = picked.rows[0]?.operator_id;
    if (!operatorId) return null;
    const offerId = crypto.randomUUID();
    const deadline = new Date(Date.now() + request.offerMs);
    await tx.insert(seatOffers).values({
      id: offerId,
      callId: request.callId,
      companyId: request.companyId,
      projectId: request.projectId,
      operatorId,
      deadline,
      payload: buildOffer(offerId, deadline),
    });
    await tx.update(seats).set({ offerId, updatedAt: sql`now()` }).where(eq(seats.operatorId, operatorId));
    return { offerId, operatorId, deadline };
  });
}

/**
 * Settles a ringing offer once: `accepted` (the seat goes in call and the call record names the operator),
 * or `rejected` / `expired` / `withdrawn` (the seat rings for nothing again). Only the first settlement of
 * an offer wins — an accept racing the deadline is decided by this one row update.
 */
export async function settleOffer(
  db: Db,
  offer: { offerId: string; operatorId: string; callId: string },
  outcome: 'accepted' | 'rejected' | 'expired' | 'withdrawn',
): Promise<{ seatProjectId: string | null } | null> {
  return db.transaction(async (tx) => {
    const settled = await tx
      .update(seatOffers)
      .set({ state: outcome, settledAt: sql`now()` })
      .where(
        and(
          eq(seatOffers.id, offer.offerId),
          eq(seatOffers.state, 'offered'),
          outcome === 'accepted' ? sql`${seatOffers.deadline} > now()` : undefined,
        ),
      )
      .returning({ id: seatOffers.id });
    if (settled.length === 0) return null;
    if (outcome === 'accepted') {
      const [seat] = await tx
        .update(seats)
        .set({ state: 'in-call', offerId: null, callId: offer.callId, updatedAt: sql`now()` })
        .where(eq(seats.operatorId, offer.operatorId))
        .returning({ projectId: seats.projectId });
      await tx.update(calls).set({ operatorId: offer.operatorId }).where(eq(calls.id, offer.callId));
      return { seatProjectId: seat?.projectId ?? null };
    } else {
      await tx
        .update(seats)
        .set({ offerId: null, updatedAt: sql`now()` })
        .where(and(eq(seats.operatorId, offer.operatorId), eq(seats.offerId, offer.offerId)));
    }
    return { seatProjectId: null };
  });
}

/**
 * What a seat whose call is over becomes, however the call ended: waiting again with its idle time starting now
 * (the back of the queue), or signed out when its connection went meanwhile (no node holds it).
 */
export const seatAfterCall = () => ({
  state: sql<SeatRowState>`case when ${seats.node} is null then 'signed-out' else 'waiting' end`,
  callId: null,
  idleSince: sql`now()`,
  updatedAt: sql`now()`,
});

/**
 * The seat's call is over: it waits again (longest idle = it goes to the back of the queue), unless it
 * signed out or lost its connection meanwhile. `failure` is kept on the call record (the media never came up).
 */
export async function releaseSeat(
  db: Db,
  seat: { operatorId: string; callId: string },
  failure: string | null,
): Promise<{ state: SeatRowState; projectId: string | null } | null> {
  const [row] = await db
    .update(seats)
    .set(seatAfterCall())
    .where(and(eq(seats.operatorId, seat.operatorId), eq(seats.callId, seat.callId)))
    .returning({ state: seats.state, projectId: seats.projectId });
  if (failure) await db.update(calls).set({ seatFailure: failure }).where(eq(calls.id, seat.callId));
  return row ?? null;
}

type SeatRowState = (typeof seats.$inferSelect)['state'];
