import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls, seats, users } from '../db/schema.ts';
import { seedCompanies, useTestServer } from '../../test/helper.ts';
import { startSipp, type Sipp } from '../../test/sipp.ts';
import { SeatClient, SeatMediaClient } from '../../test/seat-client.ts';
import { seatWorld, transferRequest, type SeatWorld } from '../../test/seat-fixtures.ts';
import { makeSpeechClips, type SpeechClips } from '../../test/speech-clips.ts';
import { feedSeatAudio } from '../conversation/seat-transcript.ts';
import { SpeechEngines } from '../speech/speech-engines.ts';
import { SipTrunk, type AudioFrame, type CallHandle } from '../telephony/index.ts';
import { rms, tone } from '../audio/pcm.ts';
import { decodeG711, encodeG711 } from '../telephony/media/g711.ts';

const server = useTestServer({
  // Generous offer and media windows: under a loaded CI machine an offer can reach the seat late, and the
  // accept must still find it ringing (the windows cost nothing when the seat answers at once).
  seat: { heartbeatIntervalMs: 500, heartbeatTimeoutMs: 5000, offerSeconds: 20, mediaSeconds: 20 },
});
const dataDir = mkdtempSync(join(tmpdir(), 'dialwise-seat-media-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
let agentClip: SpeechClips;
beforeAll(() => {
  mkdirSync(join(dataDir, 'clips'));
  agentClip = makeSpeechClips(join(dataDir, 'clips'), 'How can I help you?');
});

let world: SeatWorld;
let baseUrl: string;
let trunk: SipTrunk;
let sipp: Sipp | null = null;
let seat: SeatClient | null = null;
let media: SeatMediaClient | null = null;

beforeEach(async () => {
  if (!server.app.server.listening) await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  world = await seatWorld(server, await seedCompanies(server));
  trunk = new SipTrunk({ recordingsDir: join(dataDir, 'recordings'), bindAddress: '127.0.0.1', rtpPorts: { min: 35000, max: 36998 } });
});

afterEach(async () => {
  await media?.close();
  seat?.close();
  await seat?.closed;
  await sipp?.stop();
  await trunk.close();
  media = seat = sipp = null;
});

/** A clip as 20 ms PCMU payloads: what the seat's microphone sends over WebRTC. */
function pcmuFrames(clip: Int16Array): Buffer[] {
  const frames: Buffer[] = [];
  for (let at = 0; at + 160 <= clip.length; at += 160) {
    const frame = Buffer.alloc(160);
    encodeG711('PCMU', clip.subarray(at, at + 160), frame);
    frames.push(frame);
  }
  return frames;
}

/** 20 ms of a 1 kHz tone in PCMU: what the seat's microphone sends. */
function toneFrame(): Buffer {
  const frame = Buffer.alloc(160);
  encodeG711(
    'PCMU',
    tone(1000, 20, 0.5).map((v, i, all) => (i < all.length ? v : 0)),
    frame,
  );
  return frame;
}

/** Loudness of what came back from sipp's RTP echo (the far end's stream) since `from`. */
function loudest(frames: { at: number; frame: AudioFrame }[], from: number, to = Number.POSITIVE_INFINITY): number {
  return Math.max(0, ...frames.filter((f) => f.at >= from && f.at < to).map((f) => rms(f.frame.samples)));
}

/** A real SIP call placed on the trunk to sipp (the far end), which answers in PCMU and echoes its RTP. */
async function dialEchoingFarEnd(): Promise<{ call: CallHandle; farEnd: Sipp }> {
  const farEnd = await startSipp({ scenario: 'uas-answer.xml', rtpEcho: true, keys: { pt: 0, codec: 'PCMU' }, timeoutS: 60 });
  sipp = farEnd;
  const call = trunk.dial({
    to: '13800000001',
    callerId: '02100000000',
    line: { username: 'line1001', password: 'x', domain: farEnd.address, port: farEnd.port },
    ringTimeoutMs: 5000,
  });
  return { call, farEnd };
}

/** An answered call to the echoing far end, transferred to op1's seat, which accepts it and brings its media up. */
async function seatTakesCall() {
  const { call } = await dialEchoingFarEnd();
  await call.answered;
  const client = await SeatClient.open(baseUrl, world.tokens.op1, '?locale=en-US');
  seat = client;
  await client.signIn();
  const request = await transferRequest(server, world, call);
  const pending = server.app.seats.transfer(request);
  client.send({ type: 'accept', offerId: (await client.next('offer')).offerId });
  const peer = new SeatMediaClient(client, request.callId);
  media = peer;
  await peer.connect();
  const result = await pending;
  if (!result.ok) throw new Error(`transfer failed: ${result.reason}`);
  return { call, seat: client, media: peer, request, result };
}

describe('seat audio over WebRTC, bridged to a real SIP call', () => {
  it('pre-voice drops the seat’s audio; after connect the far end receives it; the seat hears the call; mute silences it at the server; hang-up ends it', async () => {
    const { call, farEnd } = await dialEchoingFarEnd();
    expect(await call.answered).toMatchObject({ codec: 'PCMU' });
    const echoed: { at: number; frame: AudioFrame }[] = [];
    call.on('audio', (frame) => echoed.push({ at: Date.now(), frame }));

    seat = await SeatClient.open(baseUrl, world.tokens.op1, '?locale=en-US');
    await seat.signIn();
    const request = await transferRequest(server, world, call);
    const pending = server.app.seats.transfer(request);
    const offer = await seat.next('offer');
    seat.send({ type: 'accept', offerId: offer.offerId });
    // The seat is told its own state: in a call from the accept.
    expect(await seat.next('seat-state')).toMatchObject({ seatState: 'in-call', projectId: null });
    media = new SeatMediaClient(seat, request.callId);
    await media.connect();
    const result = await pending;
    if (!result.ok) throw new Error(`transfer failed: ${result.reason}`);
    await seat.next('pre-voice');

    // Pre-voice: the seat talks, the server drops it: the far end echoes only our silence.
    media.talk(toneFrame());
    const preVoiceFrom = Date.now() + 200;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const preVoiceTo = Date.now();
    expect(loudest(echoed, preVoiceFrom, preVoiceTo)).toBeLessThan(50);

    await result.seat.connect();
    expect(await seat.next('connected')).toMatchObject({ callId: request.callId });
    const connectedAt = Date.now();
    await expect.poll(() => loudest(echoed, connectedAt), { timeout: 5000 }).toBeGreaterThan(5000);

    // The seat hears the call: sipp echoes the seat's own tone back through the bridge.
    await expect
      .poll(() => Math.max(0, ...media!.heard.slice(-50).map((payload) => rms(decodeG711('PCMU', payload)))), { timeout: 5000 })
      .toBeGreaterThan(5000);

    // Mute is the server's too: the seat's microphone keeps sending its tone, the far end gets silence.
    seat.send({ type: 'mute', callId: request.callId, muted: true });
    expect(await seat.next('muted')).toMatchObject({ muted: true });
    await expect.poll(() => loudest(echoed, Date.now() - 600), { timeout: 5000 }).toBeLessThan(50);
    seat.send({ type: 'mute', callId: request.callId, muted: false });
    expect(await seat.next('muted')).toMatchObject({ muted: false });
    const unmutedAt = Date.now();
    await expect.poll(() => loudest(echoed, unmutedAt), { timeout: 5000 }).toBeGreaterThan(5000);

    seat.send({ type: 'hang-up', callId: request.callId });
    expect(await result.seat.ended).toEqual({ by: 'seat' });
    expect(await seat.next('call-ended')).toMatchObject({ callId: request.callId, reason: 'seat-hung-up' });
    expect(await seat.next('seat-state')).toMatchObject({ seatState: 'waiting', projectId: null });
    const ended = await call.ended;
    expect(ended).toMatchObject({ outcome: 'answered', hungUpBy: 'us' });
    expect(await farEnd.exited).toBe(0);

    // The seat's voice is in the recording (right channel: our side), after the connect only.
    const wav = readFileSync(ended.recording!.path);
    const samples = new Int16Array(wav.buffer, wav.byteOffset + 44, (wav.length - 44) / 2);
    const right = samples.filter((_, i) => i % 2 === 1);
    expect(rms(right)).toBeGreaterThan(1000);

    const [row] = await server.database.db
      .select({ state: seats.state, callId: seats.callId })
      .from(seats)
      .innerJoin(users, eq(users.id, seats.operatorId))
      .where(eq(users.username, 'op1'));
    expect(row).toEqual({ state: 'waiting', callId: null });
    const [record] = await server.database.db.select().from(calls).where(eq(calls.id, request.callId));
    const [op1] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'op1'));
    expect(record).toMatchObject({ transferOutcome: 'success', operatorId: op1!.id, seatFailure: null });
  });

  it('a seat whose browser closes its peer connection without hanging up (the socket still open): the call ends, not left with the seat; a muted seat may be silent', async () => {
    const { call, seat, media, request, result } = await seatTakesCall();
    await result.seat.connect();
    expect(await seat.next('connected')).toMatchObject({ callId: request.callId });
    // A connected, unmuted seat's browser sends a packet every 20 ms.
    media.talk(toneFrame());
    await expect.poll(() => media.packetsSent, { timeout: 5000 }).toBeGreaterThan(10);
    // Muted, the console disables its track and the browser sends nothing: that silence is not a lost seat.
    seat.send({ type: 'mute', callId: request.callId, muted: true });
    expect(await seat.next('muted')).toMatchObject({ muted: true });
    await media.stopTalking();
    const stillOn = await Promise.race([result.seat.ended, new Promise((resolve) => setTimeout(() => resolve('on'), 6500))]);
    expect(stillOn).toBe('on');
    media.talk(toneFrame());
    seat.send({ type: 'mute', callId: request.callId, muted: false });
    expect(await seat.next('muted')).toMatchObject({ muted: false });

    await media.close();
    // werift alone noticed after ~30 s (ICE consent); no audio for 5 s from a seat that should be sending is the sign (seat-peer.ts).
    const closedAt = performance.now();
    const ended = await Promise.race([
      result.seat.ended,
      new Promise((resolve) => setTimeout(() => resolve('still with the seat'), 15_000)),
    ]);
    expect(ended).toEqual({ by: 'media-failed' });
    expect(performance.now() - closedAt).toBeGreaterThan(4000);
    // The runtime hangs the call up when `seat.ended` settles (converse-step.ts); here the transfer is driven directly.
    expect(await seat.next('call-ended')).toMatchObject({ callId: request.callId, reason: 'media-failed' });
    // The seat is released (after the seat hears the call ended).
    const seatCall = async () =>
      (
        await server.database.db
          .select({ callId: seats.callId })
          .from(seats)
          .innerJoin(users, eq(users.id, seats.operatorId))
          .where(eq(users.username, 'op1'))
      )[0]!.callId;
    await expect.poll(seatCall, { timeout: 5000 }).toBeNull();
    await call.hangup();
  }, 60_000);

  it('the seat’s voice reaches its transcriber (operator ASR) the way the runtime feeds it: a line of what the agent said', async () => {
    // The engines load first (seconds on a loaded machine): a connected seat that sent nothing for 5 s would
    // count as lost (seat-peer.ts), and a browser's unmuted microphone sends from the connect on.
    const engines = await SpeechEngines.create({ workDir: join(dataDir, 'speech'), endpointingMs: 400 });
    const { call, seat, media, request, result } = await seatTakesCall();
    await seat.next('pre-voice');
    await result.seat.connect();

    const lines: string[] = [];
    const started = performance.now();
    const transcript = feedSeatAudio(
      call,
      engines.openSeatTranscriber(
        { language: 'en-US', operatorAsr: { provider: 'offline', url: null }, phrases: [] },
        { line: (text) => lines.push(text), failure: (detail) => lines.push(`failure: ${detail}`) },
      ),
      () => Math.round(performance.now() - started),
    );
    // The agent says it once over WebRTC (PCMU), then the line is quiet.
    const frames = pcmuFrames(agentClip.speech);
    let sent = 0;
    const quiet = Buffer.alloc(160, 0xff);
    media.talk(() => frames[sent++] ?? quiet);
    await expect.poll(() => lines, { timeout: 15_000 }).toEqual(['how can i help you']);

    seat.send({ type: 'hang-up', callId: request.callId });
    await result.seat.ended;
    await transcript.stop();
    await engines.close();
    expect(lines).toEqual(['how can i help you']);
  });
});
