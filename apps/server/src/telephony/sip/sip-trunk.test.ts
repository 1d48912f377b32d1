import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freeUdpPort, startSipp, type Sipp, type SippOptions } from '../../../test/sipp.ts';
import { rms, tone } from '../../audio/pcm.ts';
import { CallSession } from '../session/call-session.ts';
import { PlayPrologueStep } from '../session/play-prologue-step.ts';
import { TalkStep } from '../session/talk-step.ts';
import type { SipMessage } from './sip-message.ts';
import { SipTrunk } from './sip-trunk.ts';
import type { AudioFrame, CallEvent, SipLine } from '../trunk.ts';
import { parseWavHeader, WAV_HEADER_BYTES } from '../media/wav-writer.ts';

/** The real setTimeout, for waiting on I/O while a test's fake timers hold virtual time still. */
const realTimeout = globalThis.setTimeout;

const dataDir = mkdtempSync(join(tmpdir(), 'dialwise-sip-trunk-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Traced {
  direction: 'in' | 'out';
  message: SipMessage;
  at: number;
}

let trunk: SipTrunk;
let sipp: Sipp | null = null;
let trace: Traced[] = [];

beforeEach(() => {
  trace = [];
  trunk = new SipTrunk({
    recordingsDir: join(dataDir, 'recordings'),
    bindAddress: '127.0.0.1',
    rtpPorts: { min: 30000, max: 34998 },
    // RFC timers shortened so the failure paths take a second, not half a minute.
    timers: { t1Ms: 100, t2Ms: 400, transactionTimeoutMs: 1500, lingerMs: 300 },
    trace: (direction, message) => trace.push({ direction, message, at: performance.now() }),
    // No DNS in tests: loopback by name, and a name that does not exist.
    lookup: async (host) => {
      if (host === 'localhost') return '127.0.0.1';
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    },
  });
});

afterEach(async () => {
  await sipp?.stop();
  sipp = null;
  await trunk.close();
});

async function far(options: SippOptions): Promise<Sipp> {
  sipp = await startSipp(options);
  return sipp;
}

function lineTo(s: { address: string; port: number }, password = 'secret-1001'): SipLine {
  return { username: 'line1001', password, domain: s.address, port: s.port };
}

/** The SIP exchange as `out INVITE`, `in 180`, … lines, for asserting flows. */
function flow(): string[] {
  return trace.map(({ direction, message }) => {
    const what =
      message.kind === 'request' ? message.method : `${message.status}${message.headers.get('cseq')?.endsWith('CANCEL') ? ' CANCEL' : ''}`;
    return `${direction} ${what}`;
  });
}

function sent(method: string): SipMessage[] {
  return trace.filter((t) => t.direction === 'out' && t.message.kind === 'request' && t.message.method === method).map((t) => t.message);
}

/** Dials `to` over a made-up line at `domain:port`, where no carrier answers, and waits for how the call ended. */
function dialNoOne(to: string, domain: string, port: number, ringTimeoutMs = 1000) {
  return trunk.dial({ to, callerId: '02100000000', line: { username: 'u', password: 'p', domain, port }, ringTimeoutMs }).ended;
}

async function expectSippPassed(s: Sipp) {
  const code = await s.exited;
  if (code !== 0) throw new Error(`sipp failed (${code}):\n${await s.diagnostics()}`);
}

function channels(path: string) {
  const bytes = readFileSync(path);
  const header = parseWavHeader(bytes);
  const samples = new Int16Array(bytes.buffer, bytes.byteOffset + WAV_HEADER_BYTES, (bytes.length - WAV_HEADER_BYTES) / 2);
  const left = new Int16Array(samples.length / 2);
  const right = new Int16Array(samples.length / 2);
  for (let i = 0; i < left.length; i++) {
    left[i] = samples[2 * i]!;
    right[i] = samples[2 * i + 1]!;
  }
  return { header, fileBytes: bytes.length, left, right };
}

describe('SipTrunk against sipp', () => {
  it('answers, sends our audio, receives the echo on the far-end channel and records both to a stereo WAV', async () => {
    const s = await far({ scenario: 'uas-answer.xml', rtpEcho: true, keys: { pt: 0, codec: 'PCMU' } });
    const call = trunk.dial({ to: '13800000001', callerId: '02100000000', line: lineTo(s), ringTimeoutMs: 5000 });
    const events: CallEvent['type'][] = [];
    call.on('event', (e) => events.push(e.type));
    const echoed: AudioFrame[] = [];
    call.on('audio', (frame) => echoed.push(frame));

    const answer = await call.answered;
    expect(answer?.codec).toBe('PCMU');
    expect(call.state).toBe('answered');
    expect(await call.sendAudio(tone(400, 1000, 0.5))).toBe(true);
    const result = await call.hangup();

    expect(result).toMatchObject({ outcome: 'answered', sipStatus: 200, hungUpBy: 'us', endReason: 'hangup', codec: 'PCMU' });
    expect(result.durationMs).toBeGreaterThanOrEqual(1000);
    expect(result.answeredAt!.getTime()).toBeGreaterThanOrEqual(result.placedAt.getTime());
    expect(result.ringingAt).not.toBeNull();
    expect(events).toEqual(['ringing', 'answered', 'ended']);
    expect(result.media.packetsSent).toBeGreaterThanOrEqual(45);
    expect(result.media.packetsReceived).toBeGreaterThanOrEqual(30);
    expect(echoed.some((frame) => rms(frame.samples) > 3000)).toBe(true);

    const wav = channels(result.recording!.path);
    expect(wav.header).toEqual({ channels: 2, sampleRate: 8000, bitsPerSample: 16, dataBytes: wav.fileBytes - WAV_HEADER_BYTES });
    expect(result.recording!.bytes).toBe(wav.fileBytes);
    expect(result.recording!.durationMs).toBeGreaterThanOrEqual(900);
    expect(rms(wav.right)).toBeGreaterThan(3000); // our tone
    expect(rms(wav.left)).toBeGreaterThan(3000); // the far end echoing it
    // The call ends when our BYE leaves; its 200 arrives after, later still on a loaded machine.
    await expect.poll(flow).toEqual(['out INVITE', 'in 180', 'in 200', 'out ACK', 'out BYE', 'in 200']);
    await expectSippPassed(s);
  });

  it('negotiates PCMA when the far end answers with it first, and ends when the far end sends BYE', async () => {
    const s = await far({ scenario: 'uas-remote-bye.xml', pauseMs: 500 });
    const call = trunk.dial({ to: '13800000002', callerId: '02100000000', line: lineTo(s), ringTimeoutMs: 5000 });
    const result = await call.ended;
    expect(result).toMatchObject({ outcome: 'answered', hungUpBy: 'callee', endReason: 'remote-bye', codec: 'PCMA', sipStatus: 200 });
    expect(result.durationMs).toBeGreaterThanOrEqual(400);
    expect(result.recording!.durationMs).toBeGreaterThanOrEqual(300);
    expect(flow()).toEqual(['out INVITE', 'in 180', 'in 200', 'out ACK', 'in BYE', 'out 200']);
    await expectSippPassed(s);
  });

  it('runs a CallSession on a SIP call: the prologue is played and recorded, then the far end hangs up', async () => {
    const s = await far({ scenario: 'uas-remote-bye.xml', pauseMs: 800 });
    const call = trunk.dial({ to: '13800000012', callerId: '02100000000', line: lineTo(s), ringTimeoutMs: 5000 });
    const session = new CallSession(call, [
      new PlayPrologueStep({ prologues: [{ text: 'Hello from Dialwise.', audio: tone(400, 300, 0.4) }], pauseMs: 100 }),
      new TalkStep(),
    ]);
    const { result, conversation, steps } = await session.run();
    expect(result).toMatchObject({ outcome: 'answered', hungUpBy: 'callee' });
    expect(steps).toEqual([
      { name: 'play-prologue', status: 'done' },
      { name: 'talk', status: 'killed' },
    ]);
    expect(conversation).toEqual([{ at: expect.any(Date), speaker: 'ai', text: 'Hello from Dialwise.' }]);
    expect(call.text).toBeNull();
    expect(rms(channels(result.recording!.path).right)).toBeGreaterThan(1000);
    await expectSippPassed(s);
  });

  it("reports early media (183 with SDP), answers a mid-call re-INVITE with our SDP, then ends on the far end's BYE", async () => {
    const s = await far({ scenario: 'uas-early-media-reinvite.xml', pauseMs: 300 });
    const call = trunk.dial({ to: '13800000015', callerId: '02100000000', line: lineTo(s), ringTimeoutMs: 5000 });
    const result = await call.ended;
    expect(call.history.map((e) => e.type)).toEqual(['early-media', 'answered', 'ended']);
    expect(call.history[0]).toMatchObject({ status: 183 });
    expect(result).toMatchObject({ outcome: 'answered', hungUpBy: 'callee', endReason: 'remote-bye' });
    expect(flow()).toEqual(['out INVITE', 'in 183', 'in 200', 'out ACK', 'in INVITE', 'out 200', 'in ACK', 'in BYE', 'out 200']);
    const reinviteAnswer = trace.find(
      (t) => t.direction === 'out' && t.message.kind === 'response' && t.message.headers.get('cseq') === '1 INVITE',
    )!;
    expect(reinviteAnswer.message.body).toContain('m=audio');
    await expectSippPassed(s);
  });

  it('maps 486 to busy and ACKs the final response', async () => {
    const s = await far({ scenario: 'uas-busy.xml' });
    // The carrier by name: resolved through the trunk's lookup.
    const result = await trunk.dial({
      to: '13800000003',
      callerId: '02100000000',
      line: { ...lineTo(s), domain: 'localhost' },
      ringTimeoutMs: 5000,
    }).ended;
    expect(result).toMatchObject({
      outcome: 'busy',
      sipStatus: 486,
      sipReason: 'Busy Here',
      hungUpBy: 'callee',
      answeredAt: null,
      durationMs: 0,
      recording: null,
    });
    expect(flow()).toEqual(['out INVITE', 'in 486', 'out ACK']);
    const ack = sent('ACK')[0]!;
    const invite = sent('INVITE')[0]!;
    // The ACK of a non-2xx final belongs to the INVITE transaction: same branch, same CSeq number.
    expect(ack.headers.get('via')).toBe(invite.headers.get('via'));
    expect(ack.headers.get('cseq')).toBe('1 ACK');
    expect(invite.kind === 'request' && invite.uri).toBe(`sip:13800000003@localhost:${s.port}`);
    await expectSippPassed(s);
  });

  it('CANCELs on the ring timeout, then ACKs the 487: no answer', async () => {
    const s = await far({ scenario: 'uas-ring-no-answer.xml' });
    const started = Date.now();
    const call = trunk.dial({ to: '13800000004', callerId: '02100000000', line: lineTo(s), ringTimeoutMs: 400 });
    const result = await call.ended;
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(result).toMatchObject({ outcome: 'no_answer', sipStatus: 487, endReason: 'ring-timeout', hungUpBy: 'us' });
    expect(call.history.map((e) => e.type)).toEqual(['trying', 'ringing', 'ended']);
    expect(flow()).toEqual(['out INVITE', 'in 100', 'in 180', 'out CANCEL', 'in 200 CANCEL', 'in 487', 'out ACK']);
    const cancel = sent('CANCEL')[0]!;
    const invite = sent('INVITE')[0]!;
    expect(cancel.headers.get('via')).toBe(invite.headers.get('via'));
    expect(cancel.headers.get('cseq')).toBe('1 CANCEL');
    await expectSippPassed(s);
  });

  it('CANCELs when the dialer aborts a ringing call: canceled', async () => {
    const s = await far({ scenario: 'uas-ring-no-answer.xml' });
    const abort = new AbortController();
    const call = trunk.dial({ to: '13800000005', callerId: '02100000000', line: lineTo(s), ringTimeoutMs: 10_000, signal: abort.signal });
    call.on('ringing', () => abort.abort());
    const result = await call.ended;
    expect(result).toMatchObject({ outcome: 'canceled', sipStatus: 487, endReason: 'aborted', hungUpBy: 'us' });
    await expectSippPassed(s);
  });

  it.each([
    ['qop=auth', 'qop="auth", algorithm=MD5', 'qop=auth'],
    ['no qop', 'algorithm=MD5', null],
  ])('answers a 401 digest challenge (%s) with Authorization and a new CSeq; sipp verifies the digest', async (_name, challenge, qop) => {
    const s = await far({ scenario: 'uas-auth.xml', keys: { challenge, user: 'line1001', password: 'secret-1001' } });
    const call = trunk.dial({ to: '13800000006', callerId: '02100000000', line: lineTo(s), ringTimeoutMs: 5000 });
    expect(await call.answered).not.toBeNull();
    const result = await call.hangup();
    expect(result.outcome).toBe('answered');
    const [first, second] = sent('INVITE');
    expect(first!.headers.has('authorization')).toBe(false);
    expect(second!.headers.get('cseq')).toBe('2 INVITE');
    expect(second!.headers.get('call-id')).toBe(first!.headers.get('call-id'));
    const authorization = second!.headers.get('authorization')!;
    expect(authorization).toMatch(/^Digest username="line1001", realm="dialwise.test", nonce="8c2f6a0b1e7d4f3a9b5c"/);
    if (qop) expect(authorization).toContain(qop);
    else expect(authorization).not.toContain('qop=');
    await expect.poll(flow).toEqual(['out INVITE', 'in 401', 'out ACK', 'out INVITE', 'in 200', 'out ACK', 'out BYE', 'in 200']);
    await expectSippPassed(s);
  });

  it('a wrong password fails the digest check at the far end (the check is real)', async () => {
    const s = await far({ scenario: 'uas-auth.xml', keys: { challenge: 'qop="auth"', user: 'line1001', password: 'secret-1001' } });
    const result = await trunk.dial({ to: '13800000007', callerId: '02100000000', line: lineTo(s, 'wrong-password'), ringTimeoutMs: 5000 })
      .ended;
    expect(result).toMatchObject({ outcome: 'backpressure', sipStatus: 403 });
    expect(await s.exited).not.toBe(0);
  });

  it('answers a challenge to our BYE once, with a new CSeq; sipp verifies the digest', async () => {
    const s = await far({ scenario: 'uas-bye-auth.xml', keys: { user: 'line1001', password: 'secret-1001' } });
    const call = trunk.dial({ to: '13800000016', callerId: '02100000000', line: lineTo(s), ringTimeoutMs: 5000 });
    await call.answered;
    expect(await call.hangup()).toMatchObject({ outcome: 'answered', hungUpBy: 'us' });
    await expectSippPassed(s);
    const [first, second] = sent('BYE');
    expect(first!.headers.has('authorization')).toBe(false);
    expect(second!.headers.get('authorization')).toMatch(/^Digest username="line1001", realm="dialwise.test"/);
    expect(Number(parseInt(second!.headers.get('cseq')!, 10))).toBe(Number(parseInt(first!.headers.get('cseq')!, 10)) + 1);
  });

  it('answers a 407 proxy challenge with Proxy-Authorization', async () => {
    const s = await far({ scenario: 'uas-proxy-auth.xml' });
    const call = trunk.dial({ to: '13800000008', callerId: '02100000000', line: lineTo(s), ringTimeoutMs: 5000 });
    expect(await call.answered).not.toBeNull();
    await call.hangup();
    const second = sent('INVITE')[1]!;
    expect(second.headers.get('proxy-authorization')).toMatch(/^Digest username="line1001", realm="proxy.dialwise.test"/);
    expect(second.headers.has('authorization')).toBe(false);
    await expectSippPassed(s);
  });

  it('resends the INVITE on timer A and gives up on timer B when the far end never answers: timeout', async () => {
    const s = await far({ scenario: 'uas-silent.xml' });
    // The transaction's timers on virtual time: the retransmissions' spacing is then exact, however busy the machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
    try {
      const ended = trunk.dial({ to: '13800000009', callerId: '02100000000', line: lineTo(s), ringTimeoutMs: 10_000 }).ended;
      // The first INVITE goes out once the socket is bound (real I/O, virtual time standing still).
      while (sent('INVITE').length === 0) await new Promise((resolve) => realTimeout(resolve, 5));
      const first = trace.find((t) => t.message.kind === 'request' && t.message.method === 'INVITE')!.at;
      await vi.advanceTimersByTimeAsync(2000);
      const result = await ended;
      expect(result).toMatchObject({ outcome: 'timeout', sipStatus: null, hungUpBy: 'network', endReason: 'no-response', ringingAt: null });
      // T1 = 100 ms, timer B = 1.5 s: sent at 0, 100, 300 and 700 ms, then given up at 1500 ms.
      const invites = trace.filter((t) => t.direction === 'out' && t.message.kind === 'request' && t.message.method === 'INVITE');
      expect(invites.map((t) => t.at - first)).toEqual([0, 100, 300, 700]);
      expect(new Set(invites.map((t) => t.message.headers.get('via'))).size).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('close() ends ringing and unanswered calls at once, without waiting for the far end', async () => {
    const s = await far({ scenario: 'uas-ring-no-answer.xml' });
    const ringing = trunk.dial({ to: '13800000013', callerId: '02100000000', line: lineTo(s), ringTimeoutMs: 10_000 });
    const silent = trunk.dial({
      to: '13800000014',
      callerId: '02100000000',
      line: { username: 'u', password: 'p', domain: '127.0.0.1', port: await freeUdpPort() },
      ringTimeoutMs: 10_000,
    });
    await new Promise((resolve) => ringing.once('ringing', resolve));
    // "At once": timers set from here on are stopped (faked, never moved on), so close() cannot wait on a new
    // one; the calls' own timers (timer B, the ring timeout), set before, would end them another way than
    // 'trunk-closed' (below). Neither a wall-clock bound nor a wait for the far end.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    await trunk.close().finally(() => vi.useRealTimers());
    expect(await ringing.ended).toMatchObject({ outcome: 'canceled', endReason: 'trunk-closed', hungUpBy: 'us' });
    expect(await silent.ended).toMatchObject({ outcome: 'canceled', endReason: 'trunk-closed' });
    expect(sent('CANCEL')).toHaveLength(1);
    expect(trunk.activeCalls).toBe(0);
  });

  it('refuses a destination that is not a dialable number without sending anything', async () => {
    const result = await dialNoOne('<sip:evil@host>', '127.0.0.1', 5060);
    expect(result).toMatchObject({ outcome: 'invalid_number', sipStatus: null });
    expect(trace).toEqual([]);
  });

  it("fails, without throwing, when the carrier's domain does not resolve", async () => {
    const result = await dialNoOne('13800000017', 'no-such-carrier.invalid', 5060);
    expect(result).toMatchObject({ outcome: 'failed', sipStatus: null, endReason: 'error', hungUpBy: 'network' });
    expect(result.sipReason).toMatch(/ENOTFOUND/);
  });

  it('times out when nothing listens at the far end', async () => {
    const result = await dialNoOne('13800000010', '127.0.0.1', await freeUdpPort(), 10_000);
    expect(result).toMatchObject({ outcome: 'timeout', sipStatus: null });
  });
});
