import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls, projectOperators, seatOffers } from '../db/schema.ts';
import { useTestServer } from '../../test/helper.ts';
import { useSeatWorld } from '../../test/seat-fixtures.ts';

// Offers run out after 1.5 s here, for the tests of what happens then. A test that accepts an offer, or does
// anything else while it rings, is in seat-call-messages.test.ts, where an offer lasts long enough for a loaded
// machine.
const server = useTestServer({ seat: { heartbeatIntervalMs: 200, heartbeatTimeoutMs: 2000, offerSeconds: 1.5, mediaSeconds: 1 } });
const seatTest = useSeatWorld(server);
const { waiting: seat, transferQuietCall, userId } = seatTest;

describe('transfer dispatch', () => {
  it('with no seat signed in, the transfer fails at once with no-seat', async () => {
    const result = await (await transferQuietCall()).pending;
    expect(result).toEqual({ ok: false, reason: 'no-seat' });
  });

  it('a seat that does not answer in time is skipped and the next one is offered; rejected by all → not-accepted', async () => {
    const first = await seat(seatTest.world.tokens.op1);
    const second = await seat(seatTest.world.tokens.op2);
    const { request, pending } = await transferQuietCall();
    const offer = await first.next('offer');
    expect(await first.next('offer-withdrawn', 5000)).toMatchObject({ offerId: offer.offerId, reason: 'timeout' });
    const next = await second.next('offer');
    second.send({ type: 'reject', offerId: next.offerId });
    expect(await second.next('offer-withdrawn')).toMatchObject({ reason: 'rejected' });
    expect(await pending).toEqual({ ok: false, reason: 'not-accepted' });
    const offers = await server.database.db.select().from(seatOffers).where(eq(seatOffers.callId, request.callId));
    expect(offers.map((o) => o.state).sort()).toEqual(['expired', 'rejected']);
  });

  it('an accept after the deadline is refused (offer-gone) and the next seat rings', async () => {
    const first = await seat(seatTest.world.tokens.op1);
    await seat(seatTest.world.tokens.op2);
    const { pending } = await transferQuietCall();
    const offer = await first.next('offer');
    await first.next('offer-withdrawn', 5000);
    first.send({ type: 'accept', offerId: offer.offerId });
    expect(await first.next('error')).toMatchObject({ code: 'offer-gone', message: 'This call is no longer offered to you' });
    expect(await pending).toEqual({ ok: false, reason: 'not-accepted' });
  });

  it('a seat of another company is never offered the call, even if wrongly linked to the project', async () => {
    // A row no screen could write (assignments are checked per company): the dispatcher still refuses it.
    await server.database.db
      .insert(projectOperators)
      .values({ projectId: seatTest.world.projectId, userId: await userId('stranger'), companyId: seatTest.world.otherCompanyId });
    const stranger = await seat(seatTest.world.tokens.stranger);
    const result = await (await transferQuietCall()).pending;
    expect(result).toEqual({ ok: false, reason: 'no-seat' });
    expect(await stranger.gets('offer', 300)).toBe(false);
  });

  it('a seat signed in but paused (not standby) is not offered calls', async () => {
    const client = await seatTest.open(seatTest.world.tokens.op1);
    await client.signIn({ standby: false });
    expect(await (await transferQuietCall()).pending).toEqual({ ok: false, reason: 'no-seat' });
  });

  it('the callee hanging up while the seat rings withdraws the offer', async () => {
    const client = await seat(seatTest.world.tokens.op1);
    const abort = new AbortController();
    const { request, pending } = await transferQuietCall(abort.signal);
    await client.next('offer');
    abort.abort();
    expect(await pending).toEqual({ ok: false, reason: 'aborted' });
    expect(await client.next('offer-withdrawn')).toMatchObject({ reason: 'callee-hung-up' });
    const [record] = await server.database.db.select().from(calls).where(eq(calls.id, request.callId));
    expect(record!.transferOutcome).toBe('lost');
  });

  it('a seat that disconnects while ringing is skipped at once', async () => {
    const first = await seat(seatTest.world.tokens.op1);
    const second = await seat(seatTest.world.tokens.op2);
    const { request, pending } = await transferQuietCall();
    await first.next('offer');
    first.close();
    await second.next('offer');
    await second.next('offer-withdrawn', 5000);
    expect(await pending).toEqual({ ok: false, reason: 'not-accepted' });
    // Skipped because it went, not because its offer ran out (1.5 s here, too close to "at once" for a clock on a
    // loaded machine to tell apart): its offer was withdrawn, the second seat's expired.
    const offers = await server.database.db.select().from(seatOffers).where(eq(seatOffers.callId, request.callId));
    const op1 = await userId('op1');
    expect(offers.map((o) => [o.operatorId === op1 ? 'op1' : 'op2', o.state]).sort()).toEqual([
      ['op1', 'withdrawn'],
      ['op2', 'expired'],
    ]);
  });
});
