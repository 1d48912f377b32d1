// Two server processes on one PostgreSQL database: PostgreSQL only (PGlite is one process), so this file runs
// in the PostgreSQL pass (apps/server/vitest.config.ts leaves *.postgres.test.ts out without DATABASE_URL).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SEAT_CLOSE_CODES } from '@dialwise/contracts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { seats, users } from '../db/schema.ts';
import { call, login, useTestServer } from '../../test/helper.ts';
import { SeatClient } from '../../test/seat-client.ts';
import { QuietCall, transferRequest, useSeatWorld } from '../../test/seat-fixtures.ts';
import type { CallHandle } from '../telephony/index.ts';

// A heartbeat far beyond a test's length (a ping and a session check every 10 minutes): only the announcement
// of the ended session, heard by the other process, can close the socket. (A wall-clock bound of two seconds,
// set against the default 10 s beat, also counted the request that ends the session.)
const seat = { offerSeconds: 5, mediaSeconds: 2, heartbeatIntervalMs: 600_000, heartbeatTimeoutMs: 1_800_000 };
const server = useTestServer({ seat });
const seatTest = useSeatWorld(server);

/** A second server on the same PostgreSQL database: its own app, pool, LISTEN connections and seat hub. */
let second: { app: FastifyInstance; database: Database; url: string } | null = null;

beforeEach(async () => {
  if (second || !server.url) return;
  const database = await openDatabase({ url: server.url, dataDir: 'memory://' });
  const config = { ...loadConfig({}, []), databaseUrl: server.url, webDist: '/nonexistent', logLevel: 'silent', dialer: false, seat };
  const app = await buildApp({ config: { ...config, secretKey: randomBytes(32).toString('base64') }, db: database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  second = { app, database, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
});

afterAll(async () => {
  await second?.app.close();
  await second?.database.close();
});

async function seatRow(username: string) {
  const [row] = await server.database.db
    .select({ state: seats.state, node: seats.node })
    .from(seats)
    .innerJoin(users, eq(users.id, seats.operatorId))
    .where(eq(users.username, username));
  return row;
}

async function disableOp1() {
  const [op1] = await server.database.db.select({ id: users.id, version: users.version }).from(users).where(eq(users.username, 'op1'));
  const answer = await call(server, '/api/accounts/update', {
    token: seatTest.world.tokens.admin,
    body: { id: op1!.id, version: op1!.version, status: 'disabled' },
  });
  expect(answer.body.code).toBe(200);
}

describe('a session ended through one process closes its seat socket on the other (issue 37)', () => {
  it.each([
    ['signing in elsewhere with force', () => login(server, 'op1', 'agent', { force: true })],
    ['signing out', () => call(server, '/api/user/logout', { token: seatTest.world.tokens.op1 })],
    ['an administrator disabling the account', disableOp1],
  ])('%s', async (_way, end) => {
    const client = await seatTest.signedInOn(second!.app, seatTest.world.tokens.op1);
    await end();
    expect(await client.next('error', 10_000)).toMatchObject({ code: 'session-ended' });
    expect((await client.closed).code).toBe(SEAT_CLOSE_CODES.unauthenticated);
    await expect.poll(() => seatRow('op1')).toEqual({ state: 'signed-out', node: null });
  });

  it("the offer ringing at the seat is withdrawn for the call's process", async () => {
    const client = await seatTest.signedInOn(second!.app, seatTest.world.tokens.op1);
    const request = await transferRequest(server, seatTest.world, new QuietCall() as unknown as CallHandle);
    const pending = server.app.seats.transfer(request);
    await client.next('offer');
    await call(server, '/api/user/logout', { token: seatTest.world.tokens.op1 });
    expect((await client.closed).code).toBe(SEAT_CLOSE_CODES.unauthenticated);
    expect((await pending).ok).toBe(false);
    expect(await seatTest.offersOf(request.callId)).toEqual([{ state: 'withdrawn' }]);
  });
});

describe('connections of one seat opened at once on two processes (issue 37)', () => {
  it('exactly one holds the seat; every other closes 4409', async () => {
    const urls = [seatTest.baseUrl, second!.url];
    for (let trial = 0; trial < 5; trial += 1) {
      const clients = await Promise.all(Array.from({ length: 6 }, (_, i) => SeatClient.open(urls[i % 2]!, seatTest.world.tokens.op1)));
      const codes: number[] = [];
      for (const client of clients) void client.closed.then(({ code }) => codes.push(code));
      await expect.poll(() => codes.length, { timeout: 5000 }).toBe(clients.length - 1);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(codes).toEqual(Array(clients.length - 1).fill(SEAT_CLOSE_CODES.replaced));
      const survivor = clients.find((client) => client.socket.readyState === client.socket.OPEN)!;
      await survivor.signIn();
      expect(await seatRow('op1')).toMatchObject({ state: 'waiting' });
      survivor.close();
      await survivor.closed;
      await expect.poll(() => seatRow('op1')).toMatchObject({ node: null });
    }
  });
});
