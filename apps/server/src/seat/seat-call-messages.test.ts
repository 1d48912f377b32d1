import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls, seatOffers, seats } from '../db/schema.ts';
import { useTestServer } from '../../test/helper.ts';
import { QuietCall, transferRequest, useSeatWorld } from '../../test/seat-fixtures.ts';
import type { CallHandle } from '../telephony/index.ts';

// A seat takes the call offered to it and its media never comes: the offer lasts 30 s here, so that a loaded
// machine never lets it run out before the test accepts (a CI run on PostgreSQL did, at 1.5 s); its media
// fails after 5 s, long enough for what a test does in the call first. The tests of offers that run out are
// in seat-dispatch.test.ts.
const server = useTestServer({ seat: { heartbeatIntervalMs: 200, heartbeatTimeoutMs: 10_000, offerSeconds: 30, mediaSeconds: 5 } });
const seatTest = useSeatWorld(server);
const { waiting: seat, transferQuietCall, transferWithNoteToCome, userId } = seatTest;

describe('a seat and the call offered to it', () => {
  it('two waiting seats, one call: only the longest-idle seat is offered it, with the warm-transfer details', async () => {
    const first = await seat(seatTest.world.tokens.op1);
    const second = await seat(seatTest.world.tokens.op2);
    const { request, pending } = await transferQuietCall();
    const offer = await first.next('offer');
    expect(offer).toMatchObject({
      callId: request.callId,
      projectId: seatTest.world.projectId,
      projectName: 'Seats',
      encryptionType: 'PLAIN_TEXT',
      test: false,
      businessInfo: { plan: 'gold' },
      summary: 'Asked for a human about the gold plan',
      conversation: [{ speaker: 'customer', text: 'I want a person' }],
    });
    // The number is masked as the project's encryption allows: the last four digits only.
    expect(offer.customerNumber).toMatch(/^\*+\d{4}$/);
    expect(new Date(offer.deadline).getTime()).toBeGreaterThan(Date.now());
    expect(await second.gets('offer', 500)).toBe(false);
    first.send({ type: 'accept', offerId: offer.offerId });
    // Accepted, but no media follows: the system hangs up the call and says why (below).
    const result = await pending;
    expect(result).toEqual({ ok: false, reason: 'media-failed' });
    const [offers, [record]] = await Promise.all([
      server.database.db.select().from(seatOffers).where(eq(seatOffers.callId, request.callId)),
      server.database.db.select().from(calls).where(eq(calls.id, request.callId)),
    ]);
    expect(offers.map((o) => o.state)).toEqual(['accepted']);
    expect(record!.operatorId).toBe(await userId('op1'));
    expect(record!.transferOutcome).toBe('failed');
    expect(await second.gets('offer', 300)).toBe(false);
  });

  it("a seat's media that never connects: the system hangs up the call and records why", async () => {
    const client = await seat(seatTest.world.tokens.op1);
    const { call, request, pending } = await transferQuietCall();
    client.send({ type: 'accept', offerId: (await client.next('offer')).offerId });
    expect(await pending).toEqual({ ok: false, reason: 'media-failed' });
    expect(call.hungUp).toBe(true);
    expect(await client.next('error')).toMatchObject({
      code: 'call-connection-failed',
      message: 'Call connection failed, system has automatically hung up',
    });
    expect(await client.next('call-ended')).toMatchObject({ callId: request.callId, reason: 'media-failed' });
    await expect
      .poll(async () => (await server.database.db.select().from(calls).where(eq(calls.id, request.callId)))[0]!.seatFailure)
      .toBe('Call connection failed, system has automatically hung up');
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

    // The seat waits again once its call is released (written just after the transfer's answer): then the next call.
    const op1 = await userId('op1');
    await expect
      .poll(async () => (await server.database.db.select({ state: seats.state }).from(seats).where(eq(seats.operatorId, op1)))[0]!.state)
      .toBe('waiting');
    const ready = await transferRequest(server, seatTest.world, new QuietCall() as unknown as CallHandle);
    const next = server.app.seats.transfer(ready);
    const offer = await client.next('offer');
    expect(offer).toMatchObject({ callId: ready.callId, summary: 'Asked for a human about the gold plan' });
    await expect
      .poll(async () => (await server.database.db.select().from(calls).where(eq(calls.id, ready.callId)))[0]!.transferSummary)
      .toBe('Asked for a human about the gold plan');
    client.send({ type: 'reject', offerId: offer.offerId });
    expect(await next).toEqual({ ok: false, reason: 'not-accepted' });
    expect(await client.gets('call-summary', 200)).toBe(false);
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
    const next = await second.next('offer');
    expect(next).toMatchObject({ callId: request.callId, summary: 'Li wants a person about the gold plan.' });
    expect(await second.gets('call-summary', 300)).toBe(false);
    second.send({ type: 'reject', offerId: next.offerId });
    expect(await pending).toEqual({ ok: false, reason: 'not-accepted' });
  });
});
