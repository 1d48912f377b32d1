import { Writable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SEAT_CLOSE_CODES, SEAT_MESSAGE_LIMITS } from '@dialwise/contracts';
import { seats, users } from '../db/schema.ts';
import { useTestServer } from '../../test/helper.ts';
import { useSeatWorld } from '../../test/seat-fixtures.ts';

/** The server's log lines, parsed (pino JSON). */
const lines: { level: number; msg: string; origin?: string; code?: string; stack?: unknown; err?: unknown }[] = [];
const log = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
const PUBLIC_URL = 'https://console.example.com';
const PARTNER = 'https://partner.example.net';
const server = useTestServer(
  { publicUrl: PUBLIC_URL, allowedOrigins: [PARTNER], seat: { heartbeatIntervalMs: 10_000, heartbeatTimeoutMs: 30_000 } },
  { log },
);
const seatTest = useSeatWorld(server);
const { waiting: seat, transferQuietCall } = seatTest;
beforeEach(() => {
  lines.length = 0;
});

async function seatRow(username: string) {
  const [row] = await server.database.db
    .select({ state: seats.state, node: seats.node })
    .from(seats)
    .innerJoin(users, eq(users.id, seats.operatorId))
    .where(eq(users.username, username));
  return row;
}

describe('/ws/seat accepts upgrades only from the console (issue 37)', () => {
  it.each([
    ['a foreign site', 'http://evil.example'],
    ['a sandboxed page (Origin: null)', 'null'],
    ['another port of the same host', 'http://127.0.0.1:1'],
    ['a sibling of the public address', 'https://evil.example.com'],
  ])('refuses %s with 403 before the session is read, logged at warning level', async (_what, origin) => {
    const refused = seatTest.open(seatTest.world.tokens.op1, '', { origin });
    await expect(refused).rejects.toThrow('Unexpected server response: 403');
    // The agent's valid cookie made no difference: no seat was opened.
    expect(await seatRow('op1')).toBeUndefined();
    const warning = lines.find((line) => line.msg === 'WebSocket refused: foreign Origin');
    expect(warning).toMatchObject({ level: 40, origin });
  });

  it('refuses a foreign Origin whatever the token: no session is read for it', async () => {
    await expect(seatTest.open('not-a-token', '', { origin: 'http://evil.example' })).rejects.toThrow('403');
  });

  it.each([
    ['the host it is served from (the console, the Vite dev server)', () => seatTest.baseUrl],
    ['PUBLIC_URL', () => PUBLIC_URL],
    ['ALLOWED_ORIGINS', () => PARTNER],
  ])('accepts the origin of %s', async (_what, origin) => {
    const client = await seatTest.open(seatTest.world.tokens.op1, '', { origin: origin() });
    expect(await client.next('hello')).toMatchObject({ username: 'op1' });
  });

  it('accepts a client that sends no Origin (not a browser)', async () => {
    const client = await seatTest.open(seatTest.world.tokens.op1);
    expect(await client.next('hello')).toMatchObject({ username: 'op1' });
  });
});

describe('what one seat connection may send (issue 37)', () => {
  it(`a flood is closed with too-many-messages (${SEAT_CLOSE_CODES.rateLimited}) and the seat signed out`, async () => {
    const client = await seatTest.open(seatTest.world.tokens.op1);
    await client.signIn();
    for (let i = 0; i < 500; i += 1) client.send({ type: 'standby', standby: i % 2 === 0 });
    expect(await client.until((m) => m.type === 'error' && m.code === 'too-many-messages')).toBeTruthy();
    expect((await client.closed).code).toBe(SEAT_CLOSE_CODES.rateLimited);
    await expect.poll(() => seatRow('op1')).toEqual({ state: 'signed-out', node: null });
  });

  it(`a burst of ${SEAT_MESSAGE_LIMITS.burst} messages is served`, async () => {
    const client = await seatTest.open(seatTest.world.tokens.op1);
    await client.next('hello');
    for (let at = 0; at < SEAT_MESSAGE_LIMITS.burst; at += 1) client.send({ type: 'ping', at });
    let pong = await client.next('pong');
    while (pong.at !== SEAT_MESSAGE_LIMITS.burst - 1) pong = await client.next('pong');
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });

  it(`${SEAT_MESSAGE_LIMITS.consecutiveBad} unreadable messages in a row close the socket (${SEAT_CLOSE_CODES.badMessages}); a good one resets the count`, async () => {
    const client = await seatTest.open(seatTest.world.tokens.op1);
    await client.next('hello');
    const almost = SEAT_MESSAGE_LIMITS.consecutiveBad - 1;
    for (let i = 0; i < almost; i += 1) client.socket.send('junk');
    client.send({ type: 'ping', at: 1 });
    for (let i = 0; i < almost; i += 1) client.socket.send(Buffer.from([0xff, 0x00]));
    await client.next('pong');
    for (let i = 0; i < 2 * almost; i += 1) expect(await client.next('error')).toMatchObject({ code: 'bad-message' });
    expect(client.socket.readyState).toBe(client.socket.OPEN);
    client.socket.send('{"type":"dance"}');
    expect(await client.next('error')).toMatchObject({ code: 'too-many-bad-messages' });
    expect((await client.closed).code).toBe(SEAT_CLOSE_CODES.badMessages);
  });

  it('an oversized frame is logged at warning level without a stack, never as an error', async () => {
    const client = await seatTest.open(seatTest.world.tokens.op1);
    await client.next('hello');
    client.socket.send('x'.repeat(70 * 1024));
    expect([1009, 1006]).toContain((await client.closed).code);
    await expect
      .poll(() => lines.find((line) => line.msg === 'seat WebSocket protocol error'))
      .toMatchObject({
        level: 40,
        code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH',
      });
    const warning = lines.find((line) => line.msg === 'seat WebSocket protocol error')!;
    expect(warning.stack).toBeUndefined();
    expect(warning.err).toBeUndefined();
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('a call message for a call the seat neither rings for nor is in gets no-call, and does not reach the call (issue 37)', async () => {
    // The production offer and media times here: the seat in the call hangs up before its media would have failed.
    const ringing = await seat(seatTest.world.tokens.op1);
    const other = await seat(seatTest.world.tokens.op2);
    const { call, request, pending } = await transferQuietCall();
    const offer = await ringing.next('offer');
    // Another seat of the same company speaks of this call: every call message is refused.
    other.send({ type: 'webrtc-offer', callId: request.callId, sdp: 'v=0' });
    other.send({ type: 'ice-candidate', callId: request.callId, candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host' } });
    other.send({ type: 'mute', callId: request.callId, muted: true });
    other.send({ type: 'hang-up', callId: request.callId });
    for (let i = 0; i < 4; i += 1)
      expect(await other.next('error')).toMatchObject({ code: 'no-call', message: 'You are not in this call' });
    // A made-up call id from the ringing seat too.
    ringing.send({ type: 'hang-up', callId: crypto.randomUUID() });
    expect(await ringing.next('error')).toMatchObject({ code: 'no-call' });
    expect(call.hungUp).toBe(false);
    expect(ringing.received.filter((m) => m.type === 'call-ended')).toEqual([]);
    // The seat the call is with may speak of it; once the call is over, it may not.
    ringing.send({ type: 'accept', offerId: offer.offerId });
    expect(await ringing.next('seat-state')).toMatchObject({ seatState: 'in-call' });
    ringing.send({ type: 'hang-up', callId: request.callId });
    expect(await ringing.next('call-ended')).toMatchObject({ callId: request.callId, reason: 'seat-hung-up' });
    await pending;
    ringing.send({ type: 'hang-up', callId: request.callId });
    expect(await ringing.until((m) => m.type === 'error' && m.code === 'no-call')).toBeTruthy();
  });
});
