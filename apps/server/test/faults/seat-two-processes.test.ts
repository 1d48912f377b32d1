import { afterAll, describe, expect, it } from 'vitest';
import {
  SEAT_CLOSE_CODES,
  type CallRecordDetail,
  type SeatServerMessage,
  type SeatUnfiledCalls,
  type TaskOptions,
} from '@dialwise/contracts';
import { rms, tone } from '../../src/audio/pcm.ts';
import { encodeG711 } from '../../src/telephony/media/g711.ts';
import { parseWavHeader, WAV_HEADER_BYTES } from '../../src/telephony/media/wav-writer.ts';
import { SeatClient, SeatMediaClient } from '../seat-client.ts';
import { simulatedTaskInput } from '../demo-task-input.ts';
import { Api, numbersCsv } from './campaign.ts';
import { eventually, freePort, ServerProcess, processWorld, showOutputOnFailure } from './server-process.ts';

/**
 * Issue 14, the operator seat across processes as deployed: two real server processes on one PostgreSQL
 * database. A dials (and seeded the demo); B runs with DIALER=off, so no call can be on B. The agent's seat
 * is connected to B only; the admin drives A. A callee of A's campaign asks for a person: the offer must
 * reach the seat on B, its accept and its WebRTC offer and ICE go back to A over the database's bus, the
 * media runs between the seat and A (the call's process holds the WebRTC peer, docs/seat.md), and the call's
 * record names the agent with a successful transfer. Runs in the PostgreSQL pass only (vitest.config.ts).
 */
const databaseUrl = process.env.DATABASE_URL!;
/** Where the callees are: asking for a person is one answered call in four, so a few dozen numbers suffice. */
const NUMBERS = 80;

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** 20 ms of a loud 1 kHz tone in PCMU: the agent speaking (louder than the AI's 400 Hz stand-in beeps). */
function seatVoice(): Buffer {
  const frame = Buffer.alloc(160);
  encodeG711('PCMU', tone(1000, 20, 0.6), frame);
  return frame;
}

/** The loudest 100 ms of one channel of the call's recording (stereo 16-bit; right = our side), as RMS. */
function loudestOf(wav: Buffer, channel: 0 | 1): number {
  const format = parseWavHeader(wav);
  if (!format) return 0;
  const samples = new Int16Array(wav.buffer.slice(wav.byteOffset + WAV_HEADER_BYTES, wav.byteOffset + wav.length - (wav.length % 2)));
  const window = new Int16Array(800);
  let loudest = 0;
  for (let from = 0; (from + window.length) * format.channels <= samples.length; from += window.length) {
    for (let i = 0; i < window.length; i++) window[i] = samples[(from + i) * format.channels + channel]!;
    loudest = Math.max(loudest, rms(window));
  }
  return loudest;
}

/** The first of these messages about this call. */
function ofCall(callId: string, ...types: SeatServerMessage['type'][]) {
  return (m: SeatServerMessage) => types.includes(m.type) && 'callId' in m && m.callId === callId;
}

describe('the operator seat across two server processes (PostgreSQL)', () => {
  it('a call placed by A is offered to a seat connected to B; accepted, bridged over WebRTC (pre-voice, connected), hung up by the seat; its record names the agent with a successful transfer', async () => {
    const world = await processWorld(databaseUrl, 'dialwise_seat_procs', cleanups);
    const db = world.db;
    const env = {
      ...world.env,
      // Callees ring and talk twice as fast; at 1 the server would also speak every line with espeak-ng.
      SIMULATED_TIME_SCALE: '0.5',
      // Generous windows for a loaded machine: an offer may reach the seat late and ICE take a while.
      SEAT_OFFER_SECONDS: '20',
      SEAT_MEDIA_SECONDS: '20',
    };
    // A seeds the demo company on the empty database and places every call; B only serves the seat.
    const a = new ServerProcess('A', await freePort(), env, ['--demo']);
    cleanups.push(() => a.stop());
    const b = new ServerProcess('B', await freePort(), { ...env, DIALER: 'off' });
    cleanups.push(() => b.stop());
    showOutputOnFailure(() => [a, b]);
    await a.start();
    await b.start();

    // The agent works on B: signed in through B's API, the seat's socket to B, waiting for calls.
    const agent = await Api.signIn(() => b.url, 'agent', 'agent');
    const seat = await SeatClient.open(b.url, agent.token, '?locale=en-US');
    cleanups.push(async () => {
      seat.close();
      await seat.closed;
    });
    await seat.signIn({}, 30_000);

    // The admin works on A: a project the agent is assigned to, a task of the demo scenario on the simulated lines.
    const admin = await Api.signIn(() => a.url, 'admin', 'admin');
    const operators = await admin.post<Array<{ id: string; username: string }>>('/api/projects/operators', {});
    const agentId = operators.find((operator) => operator.username === 'agent')!.id;
    const project = await admin.post<{ id: string }>('/api/projects/create', {
      name: `SeatProcs${String(Date.now()).slice(-5)}`,
      encryptionType: 'PLAIN_TEXT',
      operatorIds: [agentId],
    });
    const options = await admin.post<TaskOptions>('/api/tasks/options', {});
    const task = await admin.post<{ id: string }>('/api/tasks/create', {
      ...simulatedTaskInput(options, project.id, 'Transfers'),
      concurrency: { mode: 'manual', count: 4 },
      redial: { count: 0, gapMinutes: 1 },
    });
    const uploaded = await admin.upload(task.id, numbersCsv(NUMBERS));
    expect(uploaded.code, uploaded.message).toBe(200);
    await admin.post('/api/tasks/action', { taskId: task.id, action: 'start' });
    cleanups.push(() => admin.post('/api/tasks/action', { taskId: task.id, action: 'pause' }).then(() => undefined));

    // The agent takes offers until one call goes all the way: a callee may hang up before the seat is through
    // (its talk time is drawn at random), and an offer may go to "no seat" while the seat is busy.
    let taken: { callId: string; heard: number } | null = null;
    const deadline = Date.now() + 360_000;
    while (!taken && Date.now() < deadline) {
      // What is left of an earlier call that went away (its ending, the seat waiting again) is not waited for.
      seat.received.splice(0, seat.received.length, ...seat.received.filter((m) => m.type === 'offer'));
      const offer = (await seat.until((m) => m.type === 'offer', deadline - Date.now(), 'offer')) as Extract<
        SeatServerMessage,
        { type: 'offer' }
      >;
      const { callId } = offer;
      seat.send({ type: 'accept', offerId: offer.offerId });
      const accepted = await seat.until(
        (m) =>
          (m.type === 'error' && m.code === 'offer-gone') ||
          (m.type === 'seat-state' && m.seatState === 'in-call') ||
          (m.type === 'offer-withdrawn' && m.offerId === offer.offerId),
        30_000,
        'the accept answered',
      );
      if (accepted.type !== 'seat-state') continue;
      const media = new SeatMediaClient(seat, callId);
      try {
        // The seat's SDP and ICE go to B, then over the bus to A, which holds the call and its WebRTC peer.
        const answered = await media.connect(30_000).then(
          () => true,
          () => false,
        );
        if (!answered) continue;
        media.talk(seatVoice());
        if ((await seat.until(ofCall(callId, 'pre-voice', 'call-ended'), 40_000, 'pre-voice')).type !== 'pre-voice') continue;
        if ((await seat.until(ofCall(callId, 'connected', 'call-ended'), 40_000, 'connected')).type !== 'connected') continue;
        // Connected: the call's audio reaches the seat from A, the seat's tone goes to the customer (the recording).
        // The callee may still hang up first: then the next offer.
        const heardAtConnect = media.heard.length;
        const endedFirst = () => seat.received.some(ofCall(callId, 'call-ended'));
        await eventually(
          'half a second of the call heard at the seat',
          async () => media.heard.length >= heardAtConnect + 25 || endedFirst(),
          20_000,
          50,
        );
        if (endedFirst()) continue;
        seat.send({ type: 'hang-up', callId });
        const ended = await seat.until(ofCall(callId, 'call-ended'), 30_000, 'call-ended');
        if (ended.type === 'call-ended' && ended.reason === 'seat-hung-up') taken = { callId, heard: media.heard.length };
      } finally {
        await media.close();
      }
    }
    expect(taken, 'a transferred call taken all the way').not.toBeNull();
    const { callId } = taken!;
    expect(taken!.heard).toBeGreaterThan(25);

    // The seat was B's: its row names the process holding its socket (host:pid:…), B's pid. The call was A's:
    // B has no dialer. The call's row names the agent as its operator.
    const seatRow = await db.query<{ node: string | null }>('select node from seats where operator_id = $1', [agentId]);
    expect(seatRow.rows[0]?.node?.split(':').at(-2)).toBe(String(b.pid));
    const callRow = await db.query<{ operator_id: string | null }>('select operator_id from calls where id = $1', [callId]);
    expect(callRow.rows[0]?.operator_id).toBe(agentId);

    // The record, read through A by the admin: a successful transfer, with the handover note.
    const record = await eventually(
      'the call record written',
      async () => {
        const detail = await admin.post<CallRecordDetail>('/api/call-records/get', { id: callId });
        return detail.endedAt && detail.transferOutcome !== 'none' ? detail : undefined;
      },
      60_000,
    );
    expect(record.transferOutcome).toBe('success');
    expect(record.transferSummary).toBeTruthy();
    // Read through B by the agent: the agent took it (only the operator of a call may file it) and it waits to be filed.
    const mine = await agent.post<CallRecordDetail>('/api/call-records/get', { id: callId });
    expect(mine).toMatchObject({ transferOutcome: 'success', canFile: true });
    const unfiled = await agent.post<SeatUnfiledCalls>('/api/seat/unfiled', {});
    expect(unfiled.list.map((call) => call.id)).toContain(callId);

    // The seat's voice reached the call on A: the 1 kHz tone, louder than anything the AI plays, is on our channel.
    const wav = await eventually(
      'the recording',
      async () => {
        const response = await fetch(`${a.url}/api/call-records/recording/${callId}`, {
          headers: { authorization: `Bearer ${admin.token}` },
        });
        return response.ok ? Buffer.from(await response.arrayBuffer()) : undefined;
      },
      30_000,
    );
    expect(loudestOf(wav, 1)).toBeGreaterThan(9000);

    // The agent signs in again through A (forced): the session B's seat socket holds has ended, and B, hearing it
    // from A over PostgreSQL, closes the socket with session-ended (issue 37).
    await Api.signIn(() => a.url, 'agent', 'agent');
    // From the sign-in's answer (the old session has ended by then), not from its request: a loaded machine's
    // password check is no part of how fast B hears it.
    const endedAt = Date.now();
    expect(await seat.until((m) => m.type === 'error' && m.code === 'session-ended', 5000)).toBeTruthy();
    expect((await seat.closed).code).toBe(SEAT_CLOSE_CODES.unauthenticated);
    expect(Date.now() - endedAt).toBeLessThan(3000);

    // Neither process reported an unhandled rejection or an uncaught exception.
    for (const server of [a, b]) expect(server.crashReport(), server.name).toBeNull();
  }, 600_000);
});
