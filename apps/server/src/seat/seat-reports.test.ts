import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Message, Monitor } from '@dialwise/contracts';
import { seats, users } from '../db/schema.ts';
import { useTestServer } from '../../test/helper.ts';
import { useSeatWorld } from '../../test/seat-fixtures.ts';
import { userWithSession } from '../../test/task-fixtures.ts';

/** What the seats tell the rest of the product: the monitor's seat states and the administrators' messages. */
const server = useTestServer({ seat: { heartbeatIntervalMs: 200, heartbeatTimeoutMs: 800, offerSeconds: 2, mediaSeconds: 2 } });
const seatTest = useSeatWorld(server);

async function get<T>(token: string, url: string, locale = 'en-US'): Promise<T> {
  const response = await server.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, 'accept-language': locale },
  });
  const body = response.json() as { code: number; data: T };
  expect(body.code).toBe(200);
  return body.data;
}

const seatsOnMonitor = async () =>
  (await get<Monitor>(seatTest.world.tokens.admin, '/api/dashboard/monitor')).seats.map((seat) => ({ name: seat.name, state: seat.state }));
const seatMessages = async (token = seatTest.world.tokens.admin, locale = 'en-US') =>
  (await get<Message[]>(token, '/api/message/list', locale)).filter((message) => message.messageType === 'seatDisconnected');

describe('the monitor shows the seats’ real states', () => {
  it('lists every agent of the company, busiest first: in call, waiting, signed in, signed out, not connected', async () => {
    // No agent has opened the seat yet: all of them are there, not connected, never since anything.
    const before = (await get<Monitor>(seatTest.world.tokens.admin, '/api/dashboard/monitor')).seats;
    expect(before.map((seat) => [seat.name, seat.state, seat.since])).toEqual([
      ['op1-alias', 'not-connected', null],
      ['op2-alias', 'not-connected', null],
    ]);

    const op1 = await seatTest.open(seatTest.world.tokens.op1);
    await op1.signIn();
    const op2 = await seatTest.open(seatTest.world.tokens.op2);
    await op2.next('hello');
    const op3token = await userWithSession(server, seatTest.world.companyId, 'op3', 'OPR');
    const op3 = await seatTest.open(op3token);
    await op3.signIn({ standby: false });
    expect(await seatsOnMonitor()).toEqual([
      { name: 'op1-alias', state: 'waiting' },
      { name: 'op3-alias', state: 'signed-in' },
      { name: 'op2-alias', state: 'signed-out' },
    ]);
    const [waiting] = (await get<Monitor>(seatTest.world.tokens.admin, '/api/dashboard/monitor')).seats;
    expect(Date.parse(waiting!.since!)).toBeGreaterThan(Date.now() - 60_000);

    // A seat in a call (the dispatcher's write), and one held by a process that died (its row went stale).
    const idOf = async (username: string) =>
      (await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
    await server.database.db
      .update(seats)
      .set({ state: 'in-call' })
      .where(eq(seats.operatorId, await idOf('op2')));
    await server.database.db
      .update(seats)
      .set({ node: 'crashed-process', heartbeatAt: sql`now() - interval '1 hour'` })
      .where(eq(seats.operatorId, await idOf('op3')));
    expect(await seatsOnMonitor()).toEqual([
      { name: 'op2-alias', state: 'in-call' },
      { name: 'op1-alias', state: 'waiting' },
      { name: 'op3-alias', state: 'not-connected' },
    ]);

    // Another company's agents never show; signing out and leaving show at once.
    await userWithSession(server, seatTest.world.otherCompanyId, 'elsewhere', 'OPR');
    expect((await seatsOnMonitor()).map((seat) => seat.name)).not.toContain('elsewhere-alias');
    expect((await seatsOnMonitor()).map((seat) => seat.name)).not.toContain('stranger-alias');
    op1.send({ type: 'sign-out' });
    await op1.next('seat-state');
    op1.close();
    await op1.closed;
    await expect.poll(async () => (await seatsOnMonitor()).find((seat) => seat.name === 'op1-alias')?.state).toBe('not-connected');
  });

  it('is the administrators’ page: an agent is refused', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/dashboard/monitor',
      headers: { authorization: `Bearer ${seatTest.world.tokens.op1}` },
    });
    expect((response.json() as { code: number }).code).toBe(403);
  });
});

describe('a dropped seat is reported to the company’s administrators', () => {
  it('a lost heartbeat: one message, in each reader’s language, to the administrators only', async () => {
    const client = await seatTest.open(seatTest.world.tokens.op1);
    await client.signIn();
    client.stopPinging();
    expect(await client.next('error', 5000)).toMatchObject({ code: 'heartbeat-timeout' });
    await client.closed;
    await expect.poll(async () => (await seatMessages()).length).toBe(1);
    const [message] = await seatMessages();
    expect(message).toMatchObject({
      type: 'notice',
      title: 'Seat disconnected: op1-alias',
      content: 'op1-alias lost the connection (heartbeat timeout) and must sign in again.',
    });
    expect((await seatMessages(seatTest.world.tokens.admin, 'zh-CN'))[0]!.content).toBe('op1-alias 连接已断开（心跳超时），需要重新签入。');
    // The agents themselves and the other company hear nothing of it.
    expect(await seatMessages(seatTest.world.tokens.op1)).toEqual([]);
    const rival = await userWithSession(server, seatTest.world.otherCompanyId, 'rivaladmin', 'ADMIN');
    expect(await seatMessages(rival)).toEqual([]);
  });

  it('a connection that breaks off without closing (the network went): reported as a connection error', async () => {
    const client = await seatTest.open(seatTest.world.tokens.op1);
    await client.signIn();
    client.socket.terminate();
    await client.closed;
    await expect.poll(async () => (await seatMessages()).length).toBe(1);
    expect((await seatMessages())[0]!.content).toBe('op1-alias lost the connection (connection error) and must sign in again.');
  });

  it('is not a drop: signing out, closing the page, another tab taking over, or a seat that never signed in', async () => {
    const signedOut = await seatTest.open(seatTest.world.tokens.op1);
    await signedOut.signIn();
    signedOut.send({ type: 'sign-out' });
    await signedOut.next('seat-state');
    signedOut.close();
    await signedOut.closed;

    const closed = await seatTest.open(seatTest.world.tokens.op2);
    await closed.signIn();
    closed.close();
    await closed.closed;

    const first = await seatTest.open(seatTest.world.tokens.op1);
    await first.signIn();
    const second = await seatTest.open(seatTest.world.tokens.op1);
    await second.signIn();
    expect((await first.closed).code).toBe(4409);

    // Never signed in, then its heartbeats stop: nobody was taking calls there.
    const idle = await seatTest.open(seatTest.world.tokens.op2);
    await idle.next('hello');
    idle.stopPinging();
    expect(await idle.next('error', 5000)).toMatchObject({ code: 'heartbeat-timeout' });
    await idle.closed;

    // Everything above has settled once both seats' rows say so; still no message.
    await expect
      .poll(async () => (await server.database.db.select({ node: seats.node }).from(seats)).filter((row) => row.node).length)
      .toBe(1);
    expect(await seatMessages()).toEqual([]);
  });
});
