import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls, projectOperators, seatOffers, users } from '../db/schema.ts';
import { useTestServer } from '../../test/helper.ts';
import { SeatClient } from '../../test/seat-client.ts';
import { QuietCall, transferRequest, useSeatWorld } from '../../test/seat-fixtures.ts';
import type { CallHandle } from '../telephony/index.ts';

const server = useTestServer({ seat: { heartbeatIntervalMs: 200, heartbeatTimeoutMs: 2000, offerSeconds: 1.5, mediaSeconds: 1 } });
const seatTest = useSeatWorld(server);

async function seat(token: string): Promise<SeatClient> {
  const client = await seatTest.open(token, '?locale=en-US');
  await client.signIn();
  return client;
}

async function userId(username: string): Promise<string> {
  const [row] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

describe('transfer dispatch', () => {
  it('with no seat signed in, the transfer fails at once with no-seat', async () => {
    const call = new QuietCall();
    const result = await server.app.seats.transfer(await transferRequest(server, seatTest.world, call as unknown as CallHandle));
    expect(result).toEqual({ ok: false, reason: 'no-seat' });
  });

  it('two waiting seats, one call: only the longest-idle seat is offered it, with the warm-transfer details', async () => {
    const first = await seat(seatTest.world.tokens.op1);
    const second = await seat(seatTest.world.tokens.op2);
    const call = new QuietCall();
    const request = await transferRequest(server, seatTest.world, call as unknown as CallHandle);
    const pending = server.app.seats.transfer(request);
    const offer = await first.next('offer');
    expect(offer).toMatchObject({
      callId: request.callId,
      projectId: seatTest.world.projectId,
      projectName: 'Seats',
      encryptionType: 'PLAIN_TEXT',
      businessInfo: { plan: 'gold' },
      summary: 'Asked for a human about the gold plan',
      conversation: [{ speaker: 'callee', text: 'I want a person' }],
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
    const call = new QuietCall();
    const request = await transferRequest(server, seatTest.world, call as unknown as CallHandle);
    const pending = server.app.seats.transfer(request);
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

  it('a seat that does not answer in time is skipped and the next one is offered; rejected by all → not-accepted', async () => {
    const first = await seat(seatTest.world.tokens.op1);
    const second = await seat(seatTest.world.tokens.op2);
    const call = new QuietCall();
    const request = await transferRequest(server, seatTest.world, call as unknown as CallHandle);
    const pending = server.app.seats.transfer(request);
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
    const call = new QuietCall();
    const pending = server.app.seats.transfer(await transferRequest(server, seatTest.world, call as unknown as CallHandle));
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
    const call = new QuietCall();
    const result = await server.app.seats.transfer(await transferRequest(server, seatTest.world, call as unknown as CallHandle));
    expect(result).toEqual({ ok: false, reason: 'no-seat' });
    expect(await stranger.gets('offer', 300)).toBe(false);
  });

  it('a seat signed in but paused (not standby) is not offered calls', async () => {
    const client = await seatTest.open(seatTest.world.tokens.op1);
    await client.signIn({ standby: false });
    const call = new QuietCall();
    expect(await server.app.seats.transfer(await transferRequest(server, seatTest.world, call as unknown as CallHandle))).toEqual({
      ok: false,
      reason: 'no-seat',
    });
  });

  it('the callee hanging up while the seat rings withdraws the offer', async () => {
    const client = await seat(seatTest.world.tokens.op1);
    const call = new QuietCall();
    const abort = new AbortController();
    const request = await transferRequest(server, seatTest.world, call as unknown as CallHandle, abort.signal);
    const pending = server.app.seats.transfer(request);
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
    const call = new QuietCall();
    const pending = server.app.seats.transfer(await transferRequest(server, seatTest.world, call as unknown as CallHandle));
    await first.next('offer');
    const started = Date.now();
    first.close();
    await second.next('offer');
    expect(Date.now() - started).toBeLessThan(1400);
    await second.next('offer-withdrawn', 5000);
    expect(await pending).toEqual({ ok: false, reason: 'not-accepted' });
  });
});
