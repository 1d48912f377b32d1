import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SEAT_CLOSE_CODES } from '@dialwise/contracts';
import { projectOperators, seats, users } from '../db/schema.ts';
import { useTestServer } from '../../test/helper.ts';
import { useSeatWorld } from '../../test/seat-fixtures.ts';
import { userWithSession } from '../../test/task-fixtures.ts';

const server = useTestServer({ seat: { heartbeatIntervalMs: 200, heartbeatTimeoutMs: 800, offerSeconds: 2, mediaSeconds: 2 } });
const seatTest = useSeatWorld(server);

async function seatRow(username: string) {
  const [row] = await server.database.db
    .select({ state: seats.state, node: seats.node, projectId: seats.projectId })
    .from(seats)
    .innerJoin(users, eq(users.id, seats.operatorId))
    .where(eq(users.username, username));
  return row;
}

describe('/ws/seat authentication', () => {
  it('refuses a connection without a session cookie: error unauthenticated, close 4401', async () => {
    const client = await seatTest.open();
    const error = await client.next('error');
    expect(error).toMatchObject({ code: 'unauthenticated' });
    expect((await client.closed).code).toBe(SEAT_CLOSE_CODES.unauthenticated);
  });

  it('refuses a revoked or unknown token the same way', async () => {
    const client = await seatTest.open('not-a-token');
    expect(await client.next('error')).toMatchObject({ code: 'unauthenticated' });
    expect((await client.closed).code).toBe(SEAT_CLOSE_CODES.unauthenticated);
  });

  it('refuses a non-OPR account (ADMIN, DEV): error forbidden, close 4403, in the chosen language', async () => {
    const client = await seatTest.open(seatTest.world.tokens.admin, '?locale=zh-CN');
    const error = await client.next('error');
    expect(error.code).toBe('forbidden');
    expect(error.message).toBe('只有坐席账号可以使用坐席');
    expect((await client.closed).code).toBe(SEAT_CLOSE_CODES.forbidden);
    const dev = await userWithSession(server, seatTest.world.companyId, 'devuser', 'DEV');
    const devClient = await seatTest.open(dev);
    expect(await devClient.next('error')).toMatchObject({ code: 'forbidden' });
  });

  it('greets an OPR with its seat signed out and the heartbeat figures in force', async () => {
    const client = await seatTest.open(seatTest.world.tokens.op1);
    const hello = await client.next('hello');
    expect(hello).toMatchObject({
      username: 'op1',
      seatState: 'signed-out',
      heartbeat: { intervalMs: 200, timeoutMs: 800 },
      offerSeconds: 2,
    });
    expect(await seatRow('op1')).toMatchObject({ state: 'signed-out' });
    expect((await seatRow('op1'))?.node).toBeTruthy();
  });

  it('keeps one connection per seat: a second one replaces the first (close 4409)', async () => {
    const first = await seatTest.open(seatTest.world.tokens.op1);
    await first.signIn();
    const second = await seatTest.open(seatTest.world.tokens.op1);
    await second.next('hello');
    expect(await first.next('error')).toMatchObject({ code: 'replaced' });
    expect((await first.closed).code).toBe(SEAT_CLOSE_CODES.replaced);
    // The new connection starts signed out: a dropped seat signs in again.
    expect(await seatRow('op1')).toMatchObject({ state: 'signed-out' });
  });
});

describe('connections of one seat opened at once (issue 37)', () => {
  it.each([2, 10])('of %i opened together exactly one holds the seat and gets hello; the others close 4409', async (n) => {
    const clients = await Promise.all(Array.from({ length: n }, () => seatTest.open(seatTest.world.tokens.op1)));
    const codes: number[] = [];
    for (const client of clients) void client.closed.then(({ code }) => codes.push(code));
    await expect.poll(() => codes.length, { timeout: 5000 }).toBe(n - 1);
    // Settled: nothing later closes the survivor.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(codes).toEqual(Array(n - 1).fill(SEAT_CLOSE_CODES.replaced));
    const survivor = clients.find((client) => client.socket.readyState === client.socket.OPEN)!;
    await survivor.signIn();
    expect(await seatRow('op1')).toMatchObject({ state: 'waiting' });
    // Every closed connection was cleaned up: the hub holds the one left.
    expect(server.app.seatHub.size).toBe(1);
  });
});

describe('seat states', () => {
  it('signs in to waiting (standby), pauses to signed-in, signs out; the row follows', async () => {
    const client = await seatTest.open(seatTest.world.tokens.op1);
    await client.next('hello');
    client.send({ type: 'sign-in' });
    expect(await client.next('seat-state')).toMatchObject({ seatState: 'waiting', projectId: null });
    expect(await seatRow('op1')).toMatchObject({ state: 'waiting' });
    client.send({ type: 'standby', standby: false });
    expect(await client.next('seat-state')).toMatchObject({ seatState: 'signed-in' });
    expect(await seatRow('op1')).toMatchObject({ state: 'signed-in' });
    client.send({ type: 'sign-out' });
    expect(await client.next('seat-state')).toMatchObject({ seatState: 'signed-out' });
    expect(await seatRow('op1')).toMatchObject({ state: 'signed-out' });
  });

  it('signs in to one of its projects only; a project it is not assigned to is refused', async () => {
    const client = await seatTest.open(seatTest.world.tokens.op1);
    await client.next('hello');
    client.send({ type: 'sign-in', projectId: seatTest.world.projectId });
    expect(await client.next('seat-state')).toMatchObject({ seatState: 'waiting', projectId: seatTest.world.projectId });
    expect(await seatRow('op1')).toMatchObject({ projectId: seatTest.world.projectId });
    await server.database.db.delete(projectOperators).where(sql`true`);
    client.send({ type: 'sign-in', projectId: seatTest.world.projectId });
    expect(await client.next('error')).toMatchObject({ code: 'project-not-assigned' });
  });

  it('answers a malformed message with bad-message and a call message before sign-in with not-signed-in', async () => {
    const client = await seatTest.open(seatTest.world.tokens.op1);
    await client.next('hello');
    client.socket.send('{"type":"dance"}');
    expect(await client.next('error')).toMatchObject({ code: 'bad-message' });
    client.send({ type: 'hang-up', callId: seatTest.world.projectId });
    expect(await client.next('error')).toMatchObject({ code: 'not-signed-in' });
  });

  it('answers pings with pongs', async () => {
    const client = await seatTest.open(seatTest.world.tokens.op1);
    await client.next('hello');
    client.send({ type: 'ping', at: 42 });
    let pong = await client.next('pong');
    while (pong.at !== 42) pong = await client.next('pong');
    expect(pong.at).toBe(42);
  });

  it('a lost heartbeat disconnects the seat (heartbeat-timeout, close 4408) and signs it out', async () => {
    const client = await seatTest.open(seatTest.world.tokens.op1, '?locale=en-US');
    await client.signIn();
    expect(await seatRow('op1')).toMatchObject({ state: 'waiting' });
    client.stopPinging();
    const error = await client.next('error', 5000);
    expect(error).toMatchObject({ code: 'heartbeat-timeout', message: 'Heartbeat timeout, connection has been disconnected' });
    expect((await client.closed).code).toBe(SEAT_CLOSE_CODES.heartbeatTimeout);
    await expect.poll(() => seatRow('op1')).toMatchObject({ state: 'signed-out', node: null });
  });

  it('a session that runs past its lifetime closes the socket at the next beat (session-ended, 4401)', async () => {
    const client = await seatTest.open(seatTest.world.tokens.op1);
    await client.signIn();
    server.clock.advance(3_600_000 + 1000);
    expect(await client.next('error', 3000)).toMatchObject({ code: 'session-ended' });
    expect((await client.closed).code).toBe(SEAT_CLOSE_CODES.unauthenticated);
    await expect.poll(() => seatRow('op1')).toMatchObject({ state: 'signed-out', node: null });
  });

  it('a closed connection leaves the seat signed out and not connected', async () => {
    const client = await seatTest.open(seatTest.world.tokens.op1);
    await client.signIn();
    client.close();
    await client.closed;
    await expect.poll(() => seatRow('op1')).toMatchObject({ state: 'signed-out', node: null });
  });
});
