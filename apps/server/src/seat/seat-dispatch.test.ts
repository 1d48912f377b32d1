import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls, projectOperators, seatOffers } from '../db/schema.ts';
import { useTestServer } from '../../test/helper.ts';
import { QuietCall, transferRequest, useSeatWorld } from '../../test/seat-fixtures.ts';
import type { CallHandle } from '../telephony/index.ts';

// Offers run out after 1.5 s here, for the tests of what happens then; the tests that accept an offer are in
// seat-call-messages.test.ts, where an offer lasts long enough for a loaded machine.
const server = useTestServer({ seat: { heartbeatIntervalMs: 200, heartbeatTimeoutMs: 2000, offerSeconds: 1.5, mediaSeconds: 1 } });
const seatTest = useSeatWorld(server);
const { waiting: seat, transferQuietCall, userId } = seatTest;

/** A quiet call's transfer request whose handover note is still being written; `write` finishes the note. */
async function transferWithNoteToCome() {
  let write!: (note: string) => void;
  const summary = new Promise<string>((resolve) => {
    write = resolve;
  });
  const request = { ...(await transferRequest(server, seatTest.world, new QuietCall() as unknown as CallHandle)), summary };
  return { request, write };
}

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

  it('a handover note still being written: the offer rings at once without it, the note follows to the ringing seat and joins the next offer; kept on the call record beside the analysis summary', async () => {
    const first = await seat(seatTest.world.tokens.op1);
    const second = await seat(seatTest.world.tokens.op2);
    const { request, write } = await transferWithNoteToCome();
    // A summary column already written (as the post-call analysis of the call does): the note must not touch it.
    await server.database.db.update(calls).set({ summary: 'The analysis of the whole call.' }).where(eq(calls.id, request.callId));
    const pending = server.app.seats.transfer(request);
    const offer = await first.next('offer');
    expect(offer.summary).toBeNull();
    write('Li wants a person about the gold plan.');
    expect(await first.next('call-summary')).toEqual({
      type: 'call-summary',
      callId: request.callId,
      summary: 'Li wants a person about the gold plan.',
    });
    const [record] = await server.database.db.select().from(calls).where(eq(calls.id, request.callId));
    expect(record).toMatchObject({ transferSummary: 'Li wants a person about the gold plan.', summary: 'The analysis of the whole call.' });
    // Passed on: the next seat's offer carries the note from the start.
    first.send({ type: 'reject', offerId: offer.offerId });
    expect(await second.next('offer')).toMatchObject({ callId: request.callId, summary: 'Li wants a person about the gold plan.' });
    expect(await second.gets('call-summary', 300)).toBe(false);
    await second.next('offer-withdrawn', 5000);
    expect(await pending).toEqual({ ok: false, reason: 'not-accepted' });
  });

  it('a handover note that comes after the accept goes to the seat in the call; one ready at once is in the offer and on the record', async () => {
    const client = await seat(seatTest.world.tokens.op1);
    const { request, write } = await transferWithNoteToCome();
    const pending = server.app.seats.transfer(request);
    client.send({ type: 'accept', offerId: (await client.next('offer')).offerId });
    expect(await client.next('seat-state')).toMatchObject({ seatState: 'in-call' });
    write('Wants a person.');
    expect(await client.next('call-summary')).toMatchObject({ callId: request.callId, summary: 'Wants a person.' });
    // No media follows in this test: the system hangs up.
    expect(await pending).toEqual({ ok: false, reason: 'media-failed' });

    const ready = await transferRequest(server, seatTest.world, new QuietCall() as unknown as CallHandle);
    const next = server.app.seats.transfer(ready);
    expect(await client.next('offer')).toMatchObject({ callId: ready.callId, summary: 'Asked for a human about the gold plan' });
    await expect
      .poll(async () => (await server.database.db.select().from(calls).where(eq(calls.id, ready.callId)))[0]!.transferSummary)
      .toBe('Asked for a human about the gold plan');
    await client.next('offer-withdrawn', 5000);
    expect(await next).toEqual({ ok: false, reason: 'not-accepted' });
    expect(await client.gets('call-summary', 200)).toBe(false);
  });
});
