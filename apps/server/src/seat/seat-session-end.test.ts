import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SEAT_CLOSE_CODES } from '@dialwise/contracts';
import { companies, seats, sessions, users } from '../db/schema.ts';
import { call, login, useTestServer } from '../../test/helper.ts';
import type { SeatClient } from '../../test/seat-client.ts';
import { QuietCall, transferRequest, useSeatWorld } from '../../test/seat-fixtures.ts';
import { userWithSession } from '../../test/task-fixtures.ts';
import type { CallHandle } from '../telephony/index.ts';

// A heartbeat far beyond a test's length (a ping and a session check every 10 minutes): the hub's once-a-beat
// session check cannot be what closes a socket here — only the announcement of the ended session can. (A
// wall-clock bound of two seconds, set against the default 10 s beat, also counted the request that ends
// the session, which a loaded machine can make take longer.)
const server = useTestServer({ seat: { offerSeconds: 5, mediaSeconds: 2, heartbeatIntervalMs: 600_000, heartbeatTimeoutMs: 1_800_000 } });
const seatTest = useSeatWorld(server);

const NEW_PASSWORD = 'Fresh#Pass2026';

async function account(username: string) {
  const [row] = await server.database.db.select({ id: users.id, version: users.version }).from(users).where(eq(users.username, username));
  return row!;
}

async function seatRow(username: string) {
  const { id } = await account(username);
  const [row] = await server.database.db.select({ state: seats.state, node: seats.node }).from(seats).where(eq(seats.operatorId, id));
  return row;
}

/** The socket is told `session-ended` and closed with 4401 once `end` has ended the session, and the seat is released. */
async function closesWhenSessionEnds(client: SeatClient, end: () => Promise<unknown>) {
  await end();
  expect(await client.next('error', 10_000)).toMatchObject({ code: 'session-ended' });
  expect((await client.closed).code).toBe(SEAT_CLOSE_CODES.unauthenticated);
  await expect.poll(() => seatRow('op1'), { timeout: 5000 }).toEqual({ state: 'signed-out', node: null });
}

async function adminUpdates(body: Record<string, unknown>) {
  const { id, version } = await account('op1');
  const answer = await call(server, '/api/accounts/update', { token: seatTest.world.tokens.admin, body: { id, version, ...body } });
  expect(answer.body.code).toBe(200);
}

const WAYS: [string, () => Promise<unknown>][] = [
  ['signing in elsewhere with force', () => login(server, 'op1', 'agent', { force: true })],
  ['signing out', () => call(server, '/api/user/logout', { token: seatTest.world.tokens.op1 })],
  ['an administrator disabling the account', () => adminUpdates({ status: 'disabled' })],
  ["an administrator setting the account's password", () => adminUpdates({ password: NEW_PASSWORD })],
  [
    'a password reset from a forgot-password request',
    async () => {
      await call(server, '/api/user/forgotPassword', { body: { username: 'op1' } });
      const listed = await call<{ list: { id: string }[] }>(server, '/api/access-requests/list', {
        token: seatTest.world.tokens.admin,
        body: { kind: 'password_reset' },
      });
      const reset = await call(server, '/api/access-requests/resetPassword', {
        token: seatTest.world.tokens.admin,
        body: { id: listed.body.data.list[0]!.id, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      });
      expect(reset.body.code).toBe(200);
    },
  ],
  [
    'the company deleted by provider staff',
    async () => {
      const [provider] = await server.database.db.select({ id: companies.id }).from(companies).where(eq(companies.isProvider, true));
      const dev = await userWithSession(server, provider!.id, 'devon', 'DEV');
      const deleted = await call(server, '/api/operation/companies/delete', { token: dev, body: { id: seatTest.world.companyId } });
      expect(deleted.body.code).toBe(200);
    },
  ],
];

describe('a seat socket closes with the session it was opened with (issue 37)', () => {
  it.each(WAYS)('%s closes the open socket with session-ended (4401) and signs the seat out', async (_way, end) => {
    const client = await seatTest.open(seatTest.world.tokens.op1);
    await client.signIn();
    expect(await seatRow('op1')).toMatchObject({ state: 'waiting' });
    await closesWhenSessionEnds(client, end);
  });

  it('says so in the seat language', async () => {
    const client = await seatTest.open(seatTest.world.tokens.op1, '?locale=zh-CN');
    await client.next('hello');
    await call(server, '/api/user/logout', { token: seatTest.world.tokens.op1 });
    expect((await client.next('error', 3000)).message).toBe('您的登录已失效（已退出、在其他地方登录或被管理员结束）：请重新登录');
  });

  it("another agent's session ending leaves this seat open", async () => {
    const mine = await seatTest.open(seatTest.world.tokens.op1);
    await mine.signIn();
    const theirs = await seatTest.open(seatTest.world.tokens.op2);
    await theirs.signIn();
    await call(server, '/api/user/logout', { token: seatTest.world.tokens.op2 });
    expect((await theirs.closed).code).toBe(SEAT_CLOSE_CODES.unauthenticated);
    mine.send({ type: 'standby', standby: false });
    expect(await mine.next('seat-state')).toMatchObject({ seatState: 'signed-in' });
  });

  it('a ringing offer is withdrawn and goes to the next seat', async () => {
    const first = await seatTest.open(seatTest.world.tokens.op1);
    await first.signIn();
    const second = await seatTest.open(seatTest.world.tokens.op2);
    await second.signIn();
    const request = await transferRequest(server, seatTest.world, new QuietCall() as unknown as CallHandle);
    const pending = server.app.seats.transfer(request);
    const offer = await first.next('offer');
    await call(server, '/api/user/logout', { token: seatTest.world.tokens.op1 });
    expect((await first.closed).code).toBe(SEAT_CLOSE_CODES.unauthenticated);
    const next = await second.next('offer', 3000);
    expect(next.callId).toBe(request.callId);
    second.send({ type: 'reject', offerId: next.offerId });
    expect(await pending).toEqual({ ok: false, reason: 'not-accepted' });
    expect(await seatTest.offersOf(request.callId)).toEqual(expect.arrayContaining([{ state: 'withdrawn' }, { state: 'rejected' }]));
    expect(offer.offerId).not.toBe(next.offerId);
  });

  it('a seat whose session has ended is never offered a call, even before its socket is closed', async () => {
    const client = await seatTest.open(seatTest.world.tokens.op1);
    await client.signIn();
    // Revoked behind the server's back (no announcement): only the claim's own check can see it.
    const { id } = await account('op1');
    await server.database.db.update(sessions).set({ revokedAt: new Date(), revokedReason: 'admin' }).where(eq(sessions.userId, id));
    const request = await transferRequest(server, seatTest.world, new QuietCall() as unknown as CallHandle);
    expect(await server.app.seats.transfer(request)).toEqual({ ok: false, reason: 'no-seat' });
  });

  it('a seat of a disabled account is never offered a call', async () => {
    const client = await seatTest.open(seatTest.world.tokens.op1);
    await client.signIn();
    await server.database.db.update(users).set({ status: 'disabled' }).where(eq(users.username, 'op1'));
    const request = await transferRequest(server, seatTest.world, new QuietCall() as unknown as CallHandle);
    expect(await server.app.seats.transfer(request)).toEqual({ ok: false, reason: 'no-seat' });
  });
});
