import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SeatClientMessage, SeatOffer } from '@dialwise/contracts';
import { SeatClient, shownCall, type SeatMediaPort } from './seat-client.ts';

/** A socket the test drives: it records what the seat sends and plays the server's side. */
class FakeSocket {
  readyState: number = WebSocket.CONNECTING;
  sent: SeatClientMessage[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as SeatClientMessage);
  }
  close() {
    this.readyState = WebSocket.CLOSED;
  }
  open() {
    this.readyState = WebSocket.OPEN;
    this.onopen?.();
  }
  server(message: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code: number) {
    this.readyState = WebSocket.CLOSED;
    this.onclose?.({ code });
  }
  types() {
    return this.sent.map((message) => message.type);
  }
}

class FakeMedia implements SeatMediaPort {
  sending: boolean[] = [];
  started: string[] = [];
  answers: string[] = [];
  closed = false;
  async start(callId: string) {
    this.started.push(callId);
  }
  async applyAnswer(sdp: string) {
    this.answers.push(sdp);
  }
  async addRemoteCandidate() {}
  setSending(on: boolean) {
    this.sending.push(on);
  }
  close() {
    this.closed = true;
  }
}

const HELLO = {
  type: 'hello',
  operatorId: 'u1',
  username: 'agent',
  seatState: 'signed-out',
  heartbeat: { intervalMs: 1000, timeoutMs: 3000 },
  offerSeconds: 15,
};
const CALL = '11111111-1111-4111-8111-111111111111';
const OFFER: SeatOffer = {
  type: 'offer',
  offerId: '22222222-2222-4222-8222-222222222222',
  callId: CALL,
  projectId: 'p',
  projectName: 'Spring',
  taskId: 't',
  taskName: 'Spring-t1',
  subtaskId: '1',
  customerNumber: '*******0001',
  test: false,
  encryptionType: 'PLAIN_TEXT',
  businessInfo: {},
  conversation: [],
  summary: null,
  deadline: new Date().toISOString(),
};

let socket: FakeSocket;
let media: FakeMedia;
let client: SeatClient;

function connected() {
  client.connect();
  socket.open();
  socket.server(HELLO);
}

beforeEach(() => {
  vi.useFakeTimers();
  socket = new FakeSocket();
  media = new FakeMedia();
  client = new SeatClient({
    open: () => socket as unknown as WebSocket,
    url: 'ws://test/ws/seat',
    media: () => media,
    signOutTimeoutMs: 2000,
  });
});
afterEach(() => vi.useRealTimers());

describe('seat client: connection and sign-in', () => {
  it('is not connected until started, then connected and signed out; signs in and shows what the server says', () => {
    expect(client.getSnapshot()).toMatchObject({ connection: 'not-connected', seatState: 'not-connected' });
    connected();
    expect(client.getSnapshot()).toMatchObject({ connection: 'connected', seatState: 'signed-out' });
    client.signIn({ projectId: null });
    expect(socket.sent.at(-1)).toEqual({ type: 'sign-in', projectId: null, standby: true });
    // The seat state is the server's word: nothing changes until it answers.
    expect(client.getSnapshot().seatState).toBe('signed-out');
    socket.server({ type: 'seat-state', seatState: 'waiting', projectId: null });
    expect(client.getSnapshot().seatState).toBe('waiting');
  });

  it('a connection that fails to open is an error; one that drops is disconnected and must sign in again', () => {
    client.connect();
    socket.onerror?.();
    expect(client.getSnapshot()).toMatchObject({ connection: 'error', seatState: 'not-connected', error: { code: 'connection-error' } });

    socket = new FakeSocket();
    connected();
    socket.server({ type: 'seat-state', seatState: 'waiting', projectId: null });
    socket.drop(1006);
    expect(client.getSnapshot()).toMatchObject({
      connection: 'disconnected',
      seatState: 'not-connected',
      error: { code: 'connection-error' },
    });
  });

  it("takes the server's heartbeat-timeout error (then its close) as the reason", () => {
    connected();
    socket.server({ type: 'error', code: 'heartbeat-timeout', message: 'Heartbeat timeout' });
    socket.drop(4408);
    expect(client.getSnapshot()).toMatchObject({ connection: 'disconnected', error: { code: 'heartbeat-timeout' } });
  });

  it("a session that ended elsewhere drops the seat with the server's reason (session-ended, 4401)", () => {
    connected();
    socket.server({ type: 'seat-state', seatState: 'waiting', projectId: null });
    socket.server({ type: 'error', code: 'session-ended', message: 'Your sign-in has ended' });
    socket.drop(4401);
    expect(client.getSnapshot()).toMatchObject({
      connection: 'disconnected',
      seatState: 'not-connected',
      error: { code: 'session-ended' },
    });
  });

  it.each([
    [4429, 'too-many-messages'],
    [4400, 'too-many-bad-messages'],
  ] as const)("a close %i without the server's error reads as %s", (code, reason) => {
    connected();
    socket.drop(code);
    expect(client.getSnapshot()).toMatchObject({ connection: 'disconnected', error: { code: reason } });
  });

  it('pings at the interval the server gives, and drops as "server not responding" when no pong comes for the timeout', () => {
    connected();
    vi.advanceTimersByTime(1000);
    expect(socket.types()).toContain('ping');
    socket.server({ type: 'pong', at: Date.now() });
    vi.advanceTimersByTime(2000);
    expect(client.getSnapshot().connection).toBe('connected');
    vi.advanceTimersByTime(2000);
    expect(client.getSnapshot()).toMatchObject({
      connection: 'disconnected',
      seatState: 'not-connected',
      error: { code: 'server-not-responding' },
    });
  });

  it('"Sign out failed (check network)" when the server does not confirm in time, or there is no connection', () => {
    client.connect();
    socket.open();
    socket.server({ ...HELLO, heartbeat: { intervalMs: 1000, timeoutMs: 60_000 } });
    socket.server({ type: 'seat-state', seatState: 'waiting', projectId: null });
    client.signOut();
    expect(client.getSnapshot().signingOut).toBe(true);
    vi.advanceTimersByTime(2100);
    expect(client.getSnapshot()).toMatchObject({ signingOut: false, error: { code: 'sign-out-failed' } });

    client.signOut();
    socket.server({ type: 'seat-state', seatState: 'signed-out', projectId: null });
    vi.advanceTimersByTime(3000);
    expect(client.getSnapshot()).toMatchObject({ signingOut: false, seatState: 'signed-out' });

    client.disconnect();
    client.signOut();
    expect(client.getSnapshot().error?.code).toBe('sign-out-failed');
  });

  it('"connect and sign in again" signs in as soon as the new connection is greeted', () => {
    client.connect({ signIn: { projectId: 'p1', standby: true } });
    socket.open();
    socket.server(HELLO);
    expect(socket.sent.at(-1)).toEqual({ type: 'sign-in', projectId: 'p1', standby: true });
  });
});

describe('seat client: a call', () => {
  it('rings with a countdown, starts media on accept, keeps the microphone off in pre-voice and on once connected', async () => {
    connected();
    socket.server(OFFER);
    expect(client.getSnapshot().offer).toMatchObject({ offer: { callId: CALL }, totalMs: 15_000 });
    client.accept();
    expect(socket.sent.at(-1)).toEqual({ type: 'accept', offerId: OFFER.offerId });
    expect(client.getSnapshot()).toMatchObject({ offer: null, call: { phase: 'media' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(media.started).toEqual([CALL]);
    socket.server({ type: 'webrtc-answer', callId: CALL, sdp: 'v=0' });
    await vi.advanceTimersByTimeAsync(0);
    expect(media.answers).toEqual(['v=0']);
    socket.server({ type: 'pre-voice', callId: CALL });
    expect(client.getSnapshot().call).toMatchObject({ phase: 'pre-voice', preVoiceAt: expect.any(Number) });
    expect(media.sending.at(-1)).toBe(false);
    socket.server({ type: 'connected', callId: CALL, at: new Date().toISOString() });
    expect(media.sending.at(-1)).toBe(true);

    client.setMuted(true);
    expect(socket.sent.at(-1)).toEqual({ type: 'mute', callId: CALL, muted: true });
    expect(media.sending.at(-1)).toBe(false);
    client.setMuted(false);
    expect(media.sending.at(-1)).toBe(true);

    client.hangUp();
    expect(socket.sent.at(-1)).toEqual({ type: 'hang-up', callId: CALL });
    socket.server({ type: 'call-ended', callId: CALL, reason: 'seat-hung-up' });
    expect(client.getSnapshot()).toMatchObject({ call: null, lastCall: { reason: 'seat-hung-up', offer: { callId: CALL } } });
    expect(media.closed).toBe(true);
  });

  it('a media failure shows "Call connection failed, system has automatically hung up"', () => {
    connected();
    socket.server(OFFER);
    client.accept();
    socket.server({ type: 'call-ended', callId: CALL, reason: 'media-failed' });
    expect(client.getSnapshot()).toMatchObject({
      call: null,
      lastCall: { reason: 'media-failed' },
      error: { code: 'call-connection-failed' },
    });
  });

  it('a no-call answer to a message about a call already over leaves the media failure on screen', () => {
    connected();
    socket.server(OFFER);
    client.accept();
    socket.server({ type: 'call-ended', callId: CALL, reason: 'media-failed' });
    socket.server({ type: 'error', code: 'no-call', message: 'You are not in this call' });
    expect(client.getSnapshot().error).toMatchObject({ code: 'call-connection-failed' });
  });

  it('an offer withdrawn before the accept stops ringing and says why', () => {
    connected();
    socket.server(OFFER);
    socket.server({ type: 'offer-withdrawn', offerId: OFFER.offerId, reason: 'timeout' });
    expect(client.getSnapshot()).toMatchObject({ offer: null, withdrawn: { reason: 'timeout' } });
  });

  it('a new offer ringing while the agent files the last call leaves the filing in place; the panel turns to the offer once filed', () => {
    connected();
    socket.server({ type: 'seat-state', seatState: 'waiting', projectId: null });
    socket.server(OFFER);
    expect(shownCall(client.getSnapshot())).toEqual({ offer: OFFER, canFile: false });
    client.accept();
    expect(shownCall(client.getSnapshot())).toEqual({ offer: OFFER, canFile: true });
    socket.server({ type: 'call-ended', callId: CALL, reason: 'seat-hung-up' });
    expect(shownCall(client.getSnapshot())).toEqual({ offer: OFFER, canFile: true });

    // The seat waits again at once: the next transfer rings while the form is being filled in.
    const next: SeatOffer = { ...OFFER, offerId: '33333333-3333-4333-8333-333333333333', callId: '44444444-4444-4444-8444-444444444444' };
    socket.server(next);
    expect(client.getSnapshot().offer?.offer.callId).toBe(next.callId);
    expect(shownCall(client.getSnapshot())).toEqual({ offer: OFFER, canFile: true });

    client.clearLastCall();
    expect(shownCall(client.getSnapshot())).toEqual({ offer: next, canFile: false });
  });

  it('an accept the server refuses as too late leaves no call behind (nothing to file) and says the offer is gone', async () => {
    connected();
    socket.server(OFFER);
    client.accept();
    await vi.advanceTimersByTimeAsync(0);
    socket.server({ type: 'error', code: 'offer-gone', message: 'This call is no longer offered to you' });
    expect(client.getSnapshot()).toMatchObject({ call: null, lastCall: null, error: { code: 'offer-gone' } });
    expect(media.closed).toBe(true);
    expect(shownCall(client.getSnapshot())).toEqual({ offer: null, canFile: false });
  });

  it('the handover note written after the offer joins the call wherever it is: ringing, in progress, ended and being filed', () => {
    connected();
    socket.server(OFFER);
    expect(client.getSnapshot().offer?.offer.summary).toBeNull();
    socket.server({ type: 'call-summary', callId: CALL, summary: 'Li wants a person about the price.' });
    expect(client.getSnapshot().offer?.offer.summary).toBe('Li wants a person about the price.');
    expect(shownCall(client.getSnapshot()).offer?.summary).toBe('Li wants a person about the price.');

    client.accept();
    expect(client.getSnapshot().call?.offer.summary).toBe('Li wants a person about the price.');
    socket.server({ type: 'call-summary', callId: CALL, summary: 'Corrected: Li wants a person.' });
    expect(client.getSnapshot().call?.offer.summary).toBe('Corrected: Li wants a person.');
    socket.server({ type: 'call-ended', callId: CALL, reason: 'callee-hung-up' });
    socket.server({ type: 'call-summary', callId: CALL, summary: 'Late note.' });
    expect(client.getSnapshot().lastCall?.offer.summary).toBe('Late note.');

    // A note for another call leaves this one alone.
    socket.server({ type: 'call-summary', callId: '55555555-5555-4555-8555-555555555555', summary: 'Not this call.' });
    expect(shownCall(client.getSnapshot()).offer?.summary).toBe('Late note.');
  });

  it('a handover note that overtakes its offer is kept for it', () => {
    connected();
    socket.server({ type: 'call-summary', callId: CALL, summary: 'Came first.' });
    expect(client.getSnapshot().offer).toBeNull();
    socket.server(OFFER);
    expect(client.getSnapshot().offer?.offer.summary).toBe('Came first.');
    // An offer that has its own note keeps it.
    socket.server({ type: 'call-summary', callId: '44444444-4444-4444-8444-444444444444', summary: 'Early.' });
    socket.server({ ...OFFER, callId: '44444444-4444-4444-8444-444444444444', summary: 'From the offer.' });
    expect(client.getSnapshot().offer?.offer.summary).toBe('From the offer.');
  });
});
