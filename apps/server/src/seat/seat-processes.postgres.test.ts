// Two server processes on one PostgreSQL database: PostgreSQL only (PGlite is one process), so this file runs
// in the PostgreSQL pass (apps/server/vitest.config.ts leaves *.postgres.test.ts out without DATABASE_URL).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { useTestServer } from '../../test/helper.ts';
import type { SeatClient } from '../../test/seat-client.ts';
import { QuietCall, transferRequest, useSeatWorld } from '../../test/seat-fixtures.ts';
import type { CallHandle } from '../telephony/index.ts';

const seat = { heartbeatIntervalMs: 200, heartbeatTimeoutMs: 3000, offerSeconds: 1.5, mediaSeconds: 1 };
const server = useTestServer({ seat });
const seats = useSeatWorld(server);

/** A second server on the same PostgreSQL database: its own app, pool, LISTEN connection and seat hub. */
let second: { app: FastifyInstance; database: Database } | null = null;

beforeEach(async () => {
  if (second || !server.url) return;
  const database = await openDatabase({ url: server.url, dataDir: 'memory://' });
  const config = { ...loadConfig({}, []), databaseUrl: server.url, webDist: '/nonexistent', logLevel: 'silent', dialer: false, seat };
  const app = await buildApp({ config: { ...config, secretKey: randomBytes(32).toString('base64') }, db: database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  second = { app, database };
});

afterAll(async () => {
  await second?.app.close();
  await second?.database.close();
});

describe('two server processes on one PostgreSQL', () => {
  it('a call on one process is offered to a seat connected to the other; its accept comes back', async () => {
    const client = await seats.signedInOn(second!.app, seats.world.tokens.op1);
    const request = await transferRequest(server, seats.world, new QuietCall() as unknown as CallHandle);
    const pending = server.app.seats.transfer(request);
    const offer = await client.next('offer');
    expect(offer.callId).toBe(request.callId);
    client.send({ type: 'accept', offerId: offer.offerId });
    // No media follows in this test: the owner hangs up after mediaSeconds, which shows the accept arrived.
    expect(await pending).toEqual({ ok: false, reason: 'media-failed' });
    expect(await seats.offersOf(request.callId)).toEqual([{ state: 'accepted' }]);
    expect(await client.next('call-ended')).toMatchObject({ reason: 'media-failed' });
  });

  it('two processes transferring at once with one seat: exactly one rings it', async () => {
    const client = await seats.signedInOn(second!.app, seats.world.tokens.op1);
    const requests = [
      await transferRequest(server, seats.world, new QuietCall() as unknown as CallHandle),
      await transferRequest(server, seats.world, new QuietCall() as unknown as CallHandle),
    ];
    const results = [server.app.seats.transfer(requests[0]!), second!.app.seats.transfer(requests[1]!)];
    const offer = await client.next('offer');
    const loserIndex = requests.findIndex((r) => r.callId !== offer.callId);
    expect(await results[loserIndex]).toEqual({ ok: false, reason: 'no-seat' });
    expect(await client.gets('offer', 300)).toBe(false);
    client.send({ type: 'reject', offerId: offer.offerId });
    expect(await results[1 - loserIndex]).toEqual({ ok: false, reason: 'not-accepted' });
  });

  it('two seats on two processes, two calls on two processes: each seat rings for one call, never both', async () => {
    const one = await seats.signedInOn(server.app, seats.world.tokens.op1);
    const two = await seats.signedInOn(second!.app, seats.world.tokens.op2);
    const requests = [
      await transferRequest(server, seats.world, new QuietCall() as unknown as CallHandle),
      await transferRequest(server, seats.world, new QuietCall() as unknown as CallHandle),
    ];
    const results = [server.app.seats.transfer(requests[0]!), second!.app.seats.transfer(requests[1]!)];
    const offers = await Promise.all([one.next('offer'), two.next('offer')]);
    expect(new Set(offers.map((o) => o.callId))).toEqual(new Set(requests.map((r) => r.callId)));
    // Every later offer is refused too; a call may then ring the seat it has not tried, one offer at a time.
    let settled = false;
    const refuse = async (client: SeatClient) => {
      let pending = offers.find((o) => client === (o === offers[0] ? one : two))!;
      while (!settled) {
        client.send({ type: 'reject', offerId: pending.offerId });
        await client.next('offer-withdrawn');
        const next = await client.next('offer', 1000).catch(() => null);
        if (!next) return;
        pending = next;
      }
    };
    const refusing = Promise.all([refuse(one), refuse(two)]);
    expect(await Promise.all(results)).toEqual([
      { ok: false, reason: 'not-accepted' },
      { ok: false, reason: 'not-accepted' },
    ]);
    settled = true;
    await refusing;
    for (const request of requests) expect((await seats.offersOf(request.callId)).length).toBeLessThanOrEqual(2);
  });
});
