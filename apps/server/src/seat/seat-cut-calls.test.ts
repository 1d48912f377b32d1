import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../test/helper.ts';
import { insertPlacedCall } from '../../test/call-fixtures.ts';
import { useSeatWorld, type SeatWorld } from '../../test/seat-fixtures.ts';
import { calls, seats, subtasks } from '../db/schema.ts';
import { Dialer } from '../dialer/dialer.ts';
import { SecretBox } from '../secrets/secret-box.ts';
import { SimulatedTrunk } from '../telephony/index.ts';
import { claimSeat, settleOffer } from './claim-seat.ts';

/**
 * A seat whose call (or ringing offer) lived in a process that died: nothing of that process will release it,
 * so the process that closes the cut call frees the seat and tells its page, wherever its socket is.
 */
const server = useTestServer({ seat: { heartbeatIntervalMs: 200, heartbeatTimeoutMs: 3000, offerSeconds: 60, mediaSeconds: 1 } });
const world = useSeatWorld(server);
const secrets = SecretBox.fromKey(randomBytes(32));
const recordingsDir = mkdtempSync(join(tmpdir(), 'dialwise-seat-cut-'));
afterAll(() => rmSync(recordingsDir, { recursive: true, force: true }));
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** A live call of the world's task placed by a process named `dead`, whose lease on its number ran out. */
async function deadProcessCall(w: SeatWorld, answered: boolean) {
  const db = server.database.db;
  const [subtask] = await db
    .insert(subtasks)
    .values({
      companyId: w.companyId,
      taskId: w.taskId,
      phone: '13900000001',
      state: 'dialing',
      attempts: 1,
      leaseOwner: 'dead',
      leaseUntil: new Date(Date.now() - 1_000),
    })
    .returning({ id: subtasks.id });
  const placedAt = new Date(Date.now() - 30_000);
  return insertPlacedCall(
    server,
    { companyId: w.companyId, projectId: w.projectId, taskId: w.taskId, lineId: w.lineId },
    { placedAt, endedAt: null, subtaskId: subtask!.id, answeredAt: answered ? new Date(placedAt.getTime() + 5_000) : null },
  );
}

/** What the dead process's transfer wrote when it rang a seat: the offer, claimed as `claimSeat` does. */
async function ringSeat(w: SeatWorld, callId: string) {
  const claim = await claimSeat(
    server.database.db,
    { callId, companyId: w.companyId, projectId: w.projectId, exclude: [], offerMs: 60_000, staleMs: 3_000 },
    (offerId, deadline) => ({
      type: 'offer',
      offerId,
      callId,
      projectId: w.projectId,
      projectName: 'Seats',
      taskId: w.taskId,
      taskName: 'Seats-t1',
      subtaskId: '1',
      customerNumber: '139****0001',
      test: false,
      encryptionType: 'PLAIN_TEXT',
      businessInfo: {},
      conversation: [],
      summary: null,
      deadline: deadline.toISOString(),
    }),
  );
  expect(claim).not.toBeNull();
  return claim!;
}

/** A live dialer process (this server's seats are the ones it tells); `soleDialer` recovers everything at start. */
function liveDialer(options: { soleDialer?: boolean } = {}) {
  const trunk = new SimulatedTrunk({ recordingsDir, seed: 1, timeScale: 0.05 });
  const dialer = new Dialer(
    {
      db: server.database.db,
      secrets,
      now: () => new Date(),
      trunks: { sip: trunk, simulated: trunk },
      seats: server.app.seats,
      seatNotices: server.app.seats,
    },
    { recordingsDir, tickMs: 60_000, soleDialer: options.soleDialer },
  );
  stops.push(async () => {
    await dialer.stop();
    await trunk.close();
  });
  return dialer;
}

async function seatRow(operatorId: string) {
  return (await server.database.db.select().from(seats).where(eq(seats.operatorId, operatorId)))[0]!;
}

/** Whether the seat is offered the next transfer of its project (a seat left ringing or in call never is). */
async function offeredAgain(w: SeatWorld) {
  const callId = await deadProcessCall(w, true);
  return (
    await claimSeat(
      server.database.db,
      { callId, companyId: w.companyId, projectId: w.projectId, exclude: [], offerMs: 1_000, staleMs: 3_000 },
      () => ({}) as never,
    )
  )?.operatorId;
}

describe('a seat whose call was cut with its process', () => {
  it('in the call: waits again when another process recovers the call, and its page hears the call ended', async () => {
    const seat = await world.signedInOn(server.app, world.world.tokens.op1);
    const callId = await deadProcessCall(world.world, true);
    const offer = await ringSeat(world.world, callId);
    expect(
      await settleOffer(server.database.db, { offerId: offer.offerId, operatorId: offer.operatorId, callId }, 'accepted'),
    ).not.toBeNull();
    expect(await seatRow(offer.operatorId)).toMatchObject({ state: 'in-call', callId });

    await liveDialer().tick();

    expect(await seat.next('call-ended')).toEqual({ type: 'call-ended', callId, reason: 'system' });
    expect(await seat.next('seat-state')).toMatchObject({ seatState: 'waiting' });
    expect(await seatRow(offer.operatorId)).toMatchObject({ state: 'waiting', callId: null, offerId: null });
    const [record] = await server.database.db.select().from(calls).where(eq(calls.id, callId));
    expect(record).toMatchObject({ outcome: 'interrupted', status: 'connected', transferOutcome: 'success', operatorId: offer.operatorId });
    expect(await offeredAgain(world.world)).toBe(offer.operatorId);
  });

  it('rung by it: the offer is withdrawn when the sole dialer restarts, the page hears why, and the seat rings for other calls', async () => {
    const seat = await world.signedInOn(server.app, world.world.tokens.op1);
    const callId = await deadProcessCall(world.world, true);
    const offer = await ringSeat(world.world, callId);
    expect((await seatRow(offer.operatorId)).offerId).toBe(offer.offerId);

    await liveDialer({ soleDialer: true }).start();

    expect(await seat.next('offer-withdrawn')).toEqual({ type: 'offer-withdrawn', offerId: offer.offerId, reason: 'system' });
    expect(await seat.next('seat-state')).toMatchObject({ seatState: 'waiting' });
    expect(await world.offersOf(callId)).toEqual([{ state: 'withdrawn' }]);
    expect(await seatRow(offer.operatorId)).toMatchObject({ state: 'waiting', offerId: null });
    expect(await offeredAgain(world.world)).toBe(offer.operatorId);
  });

  it('a seat in another call is left alone', async () => {
    const seat = await world.signedInOn(server.app, world.world.tokens.op1);
    const liveCallId = await insertPlacedCall(
      server,
      { companyId: world.world.companyId, projectId: world.world.projectId, taskId: world.world.taskId, lineId: world.world.lineId },
      { placedAt: new Date(), endedAt: null },
    );
    const offer = await ringSeat(world.world, liveCallId);
    await settleOffer(server.database.db, { offerId: offer.offerId, operatorId: offer.operatorId, callId: liveCallId }, 'accepted');
    await deadProcessCall(world.world, false);

    await liveDialer().tick();

    expect(await seatRow(offer.operatorId)).toMatchObject({ state: 'in-call', callId: liveCallId });
    expect(await seat.gets('call-ended', 300)).toBe(false);
  });
});
