import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { seatOffers } from '../db/schema.ts';
import { seedCompanies, useTestServer } from '../../test/helper.ts';
import { SeatClient } from '../../test/seat-client.ts';
import { QuietCall, seatWorld, transferRequest, type SeatWorld } from '../../test/seat-fixtures.ts';
import type { CallHandle } from '../telephony/index.ts';
import type { TransferResult } from './seat-dispatcher.ts';

const seat = { heartbeatIntervalMs: 200, heartbeatTimeoutMs: 3000, offerSeconds: 1.5, mediaSeconds: 1 };
const server = useTestServer({ seat });
let world: SeatWorld;
const clients: SeatClient[] = [];

function urlOf(app: FastifyInstance): string {
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

async function seatOn(app: FastifyInstance, token: string): Promise<SeatClient> {
  const client = await SeatClient.open(urlOf(app), token);
  clients.push(client);
  await client.signIn();
  return client;
}

async function offersOf(callId: string) {
  return server.database.db.select({ state: seatOffers.state }).from(seatOffers).where(eq(seatOffers.callId, callId));
}

beforeEach(async () => {
  if (!server.app.server.listening) await server.app.listen({ port: 0, host: '127.0.0.1' });
  world = await seatWorld(server, await seedCompanies(server));
});

afterEach(async () => {
  for (const client of clients.splice(0)) {
    client.close();
    await client.closed;
  }
});

describe('one seat, two transfers at once', () => {
  it('exactly one transfer rings the seat; the other finds no seat', async () => {
    const client = await seatOn(server.app, world.tokens.op1);
    const requests = [
      await transferRequest(server, world, new QuietCall() as unknown as CallHandle),
      await transferRequest(server, world, new QuietCall() as unknown as CallHandle),
    ];
    const results: Promise<TransferResult>[] = requests.map((request) => server.app.seats.transfer(request));
    const offer = await client.next('offer');
    const loser = requests.find((r) => r.callId !== offer.callId)!;
    expect(await results[requests.indexOf(loser)]).toEqual({ ok: false, reason: 'no-seat' });
    expect(await client.gets('offer', 300)).toBe(false);
    client.send({ type: 'reject', offerId: offer.offerId });
    expect(await results[requests.indexOf(loser) === 0 ? 1 : 0]).toEqual({ ok: false, reason: 'not-accepted' });
    expect(await offersOf(loser.callId)).toEqual([]);
  });
});
