import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { CallOutcome } from '@dialwise/contracts';
import { rms, speakingMs } from '../../audio/pcm.ts';
import { DEFAULT_OUTCOME_MIX, SILENCE_PROMPT, type CalleePlan } from './simulated-callee.ts';
import { SimulatedTrunk, type SimulatedTrunkOptions } from './simulated-trunk.ts';
import { writeSyntheticRecording } from '../media/synthetic-recording.ts';
import type { CallEvent, DialRequest, SipLine } from '../trunk.ts';
import { parseWavHeader, WAV_HEADER_BYTES } from '../media/wav-writer.ts';

const dir = mkdtempSync(join(tmpdir(), 'dialwise-simulated-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const line: SipLine = { username: 'demo', password: 'demo', domain: 'simulated.invalid', port: 5060 };
const request = (to: string, extra: Partial<DialRequest> = {}): DialRequest => ({
  to,
  callerId: '02100000000',
  line,
  ringTimeoutMs: 45_000,
  ...extra,
});

/** A trunk whose every call follows `plan` (the drawn plan's other fields kept), 100× faster than real time. */
function trunkWith(plan: Partial<CalleePlan>, options: Partial<SimulatedTrunkOptions> = {}) {
  return new SimulatedTrunk({ recordingsDir: join(dir, 'recordings'), seed: 1, timeScale: 0.01, plan: () => plan, ...options });
}

function nextEvent(call: ReturnType<SimulatedTrunk['dial']>, match: (event: CallEvent) => boolean): Promise<CallEvent> {
  return new Promise((resolve) => {
    const listener = (event: CallEvent) => {
      if (match(event)) {
        call.off('event', listener);
        resolve(event);
      }
    };
    call.on('event', listener);
  });
}

describe('SimulatedTrunk outcomes', () => {
  it('draws outcomes in the proportions of the mix (seeded, 1000 calls)', async () => {
    const trunk = new SimulatedTrunk({ recordingsDir: dir, seed: 20260101, timeScale: 0.0005 });
    // A ring timeout far beyond the longest ring: on a loaded machine 1000 timers of a few ms each run late,
    // and the default (45 s, 22 ms at this scale) then cut answered calls short as unanswered.
    const calls = Array.from({ length: 1000 }, (_, i) =>
      trunk.dial(request(`1380000${String(i).padStart(4, '0')}`, { record: false, ringTimeoutMs: 600_000 })),
    );
    const results = await Promise.all(calls.map((c) => c.ended));
    const counts = new Map<CallOutcome, number>();
    for (const r of results) counts.set(r.outcome, (counts.get(r.outcome) ?? 0) + 1);
    const total = Object.values(DEFAULT_OUTCOME_MIX).reduce((a, b) => a + b, 0);
    for (const [outcome, weight] of Object.entries(DEFAULT_OUTCOME_MIX)) {
      // 1000 draws: three standard deviations of the largest share are under 5 points.
      expect(Math.abs((counts.get(outcome as CallOutcome) ?? 0) / 1000 - weight / total), outcome).toBeLessThan(0.05);
    }
    expect(trunk.activeCalls).toBe(0);
  });

  it('gives the same calls for the same seed, and different ones for another seed', async () => {
    const run = async (seed: number) => {
      const trunk = new SimulatedTrunk({ recordingsDir: dir, seed, timeScale: 0.0005 });
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => trunk.dial(request(`139${i}`, { record: false, ringTimeoutMs: 600_000 })).ended),
      );
      return results.map((r) => `${r.outcome}/${r.sipStatus}`);
    };
    const first = await run(7);
    expect(await run(7)).toEqual(first);
    expect(await run(8)).not.toEqual(first);
  });

  it.each([
    ['busy', 486, 'Busy Here'],
    ['invalid_number', 404, 'Not Found'],
    ['rejected', 603, 'Decline'],
    ['failed', 500, 'Server Internal Error'],
    ['backpressure', 503, 'Service Unavailable'],
  ] as const)('a %s callee ends with %i %s, hung up by the callee', async (outcome, status, reason) => {
    const trunk = trunkWith({ outcome, ringMs: 1000 });
    const result = await trunk.dial(request('13800000001')).ended;
    expect(result).toMatchObject({
      outcome,
      sipStatus: status,
      sipReason: reason,
      hungUpBy: 'callee',
      endReason: 'remote-refused',
      answeredAt: null,
      recording: null,
    });
    // Back-pressure says when to come back (Retry-After 30 s, on the scaled clock).
    expect(result.retryAfterMs).toBe(outcome === 'backpressure' ? 300 : null);
  });

  it("draws no back-pressure: the carrier pushes back only past a line's capacity", async () => {
    expect(DEFAULT_OUTCOME_MIX.backpressure).toBe(0);
    const trunk = new SimulatedTrunk({ recordingsDir: dir, seed: 20260101, timeScale: 0.0005 });
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) => trunk.dial(request(`137${i}`, { record: false, ringTimeoutMs: 600_000 })).ended),
    );
    expect(results.filter((r) => r.outcome === 'backpressure')).toEqual([]);
  });

  it('past the calls at once a line carries: 503 saying so, with Retry-After; a call ending frees its place', async () => {
    const trunk = trunkWith({ outcome: 'answered', ringMs: 100, talkMs: 60_000 });
    const busyLine: SipLine = { ...line, capacity: { calls: 2, perSecond: 100 } };
    const first = trunk.dial(request('13800000011', { line: busyLine, record: false }));
    const second = trunk.dial(request('13800000012', { line: busyLine, record: false }));
    const refused = await trunk.dial(request('13800000013', { line: busyLine, record: false })).ended;
    expect(refused).toMatchObject({
      outcome: 'backpressure',
      sipStatus: 503,
      sipReason: "Service Unavailable: the line's 2 calls at once are taken",
      retryAfterMs: 300,
      answeredAt: null,
    });
    // Another line of the same carrier has its own places.
    const other = trunk.dial(request('13800000014', { line: { ...busyLine, username: 'other' }, record: false }));
    expect(await nextEvent(other, (event) => event.type === 'answered')).toMatchObject({ type: 'answered' });
    await first.hangup();
    const third = trunk.dial(request('13800000015', { line: busyLine, record: false }));
    expect(await nextEvent(third, (event) => event.type === 'answered')).toMatchObject({ type: 'answered' });
    await Promise.all([second.hangup(), third.hangup(), other.hangup()]);
  });

  it("past the new calls a second a line carries (two seconds' worth at once): 503 saying so", async () => {
    const trunk = trunkWith({ outcome: 'busy', ringMs: 100 });
    const paced: SipLine = { ...line, capacity: { calls: 100, perSecond: 2 } };
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => trunk.dial(request(`1380000002${i}`, { line: paced, record: false })).ended),
    );
    expect(results.map((r) => r.outcome)).toEqual(['busy', 'busy', 'busy', 'busy', 'backpressure', 'backpressure']);
    expect(results[4]!.sipReason).toBe("Service Unavailable: over the line's 2 new calls a second");
  });

  it('lets an unanswered phone ring until our ring timeout: no_answer, 487, trying → ringing → ended', async () => {
    const trunk = trunkWith({ outcome: 'no_answer' });
    const call = trunk.dial(request('13800000002', { ringTimeoutMs: 20_000 }));
    const result = await call.ended;
    expect(result).toMatchObject({ outcome: 'no_answer', sipStatus: 487, endReason: 'ring-timeout', hungUpBy: 'us' });
    expect(result.endedAt.getTime() - result.placedAt.getTime()).toBeGreaterThanOrEqual(190);
    expect(call.history.map((e) => e.type)).toEqual(['trying', 'ringing', 'ended']);
  });

  it('gives up on a callee who would pick up only after our ring timeout: no_answer', async () => {
    const result = await trunkWith({ outcome: 'answered', ringMs: 30_000, talkMs: 1000 }).dial(request('1', { ringTimeoutMs: 20_000 }))
      .ended;
    expect(result.outcome).toBe('no_answer'); // 30 s to pick up, 20 s ring timeout
  });

  it('refuses a destination that is not a dialable number before "dialling" it', async () => {
    const call = trunkWith({ outcome: 'answered' }).dial(request('138 0000 0000'));
    expect(await call.ended).toMatchObject({ outcome: 'invalid_number', sipStatus: null, hungUpBy: 'us' });
    expect(call.history.map((e) => e.type)).toEqual(['ended']);
  });

  it('times out when the far end never answers anything', async () => {
    const call = trunkWith({ outcome: 'timeout' }).dial(request('13800000003'));
    expect(await call.ended).toMatchObject({ outcome: 'timeout', sipStatus: null, hungUpBy: 'network', endReason: 'no-response' });
    expect(call.history.map((e) => e.type)).toEqual(['ended']);
  });

  it('cancels a ringing call on hangup() and on abort, and never dials an already aborted request', async () => {
    const trunk = trunkWith({ outcome: 'answered', ringMs: 10_000 });
    const ringing = trunk.dial(request('13800000004'));
    await nextEvent(ringing, (e) => e.type === 'ringing');
    expect(await ringing.hangup()).toMatchObject({ outcome: 'canceled', sipStatus: 487, endReason: 'hangup', hungUpBy: 'us' });

    const abort = new AbortController();
    const aborted = trunk.dial(request('13800000005', { signal: abort.signal }));
    await nextEvent(aborted, (e) => e.type === 'ringing');
    abort.abort();
    expect(await aborted.ended).toMatchObject({ outcome: 'canceled', endReason: 'aborted' });

    const already = new AbortController();
    already.abort();
    expect(await trunk.dial(request('13800000006', { signal: already.signal })).ended).toMatchObject({
      outcome: 'canceled',
      sipStatus: null,
    });
  });
});

describe('SimulatedTrunk answered calls', () => {
  it('reports trying → ringing → answered → the callee greeting, and records a stereo WAV with the callee on the left', async () => {
    // At a tenth of real time the callee's greeting (at least 600 ms) lasts 60 ms or more of audio.
    const trunk = trunkWith({ outcome: 'answered', ringMs: 2000, talkMs: 60_000, persona: 'interested' }, { timeScale: 0.1 });
    const call = trunk.dial(request('13800000007'));
    const voiced = new Promise<void>((resolve) => {
      let frames = 0;
      call.on('audio', (frame) => {
        if (rms(frame.samples) > 500 && ++frames === 3) resolve();
      });
    });
    const greeting = await nextEvent(call, (e) => e.type === 'utterance');
    expect(greeting).toMatchObject({ utterance: { speaker: 'customer' } });
    await voiced;
    const result = await call.hangup();
    // The greeting ("Hello?" lasts 60 ms here) may be too short for three voiced frames: then the callee's
    // "Hello? Are you there?" follows before the test has heard enough of it.
    const types = call.history.map((e) => e.type);
    expect(types.slice(0, 4)).toEqual(['trying', 'ringing', 'answered', 'utterance']);
    expect(types.slice(4, -1).every((type) => type === 'utterance')).toBe(true);
    expect(types.at(-1)).toBe('ended');
    expect(result).toMatchObject({ outcome: 'answered', sipStatus: 200, hungUpBy: 'us', endReason: 'hangup', codec: 'PCMU' });
    expect(result.media.packetsSent).toBeGreaterThanOrEqual(3);

    const bytes = readFileSync(result.recording!.path);
    expect(parseWavHeader(bytes)).toEqual({ channels: 2, sampleRate: 8000, bitsPerSample: 16, dataBytes: bytes.length - WAV_HEADER_BYTES });
    expect(result.recording!.durationMs).toBe(result.media.packetsSent * 20);
    const samples = new Int16Array(bytes.buffer, bytes.byteOffset + WAV_HEADER_BYTES, (bytes.length - WAV_HEADER_BYTES) / 2);
    const left = samples.filter((_, i) => i % 2 === 0);
    expect(rms(left)).toBeGreaterThan(500);
  });

  it('answers what we say on the text channel, and an uninterested callee hangs up after the second reply', async () => {
    const trunk = trunkWith({ outcome: 'answered', ringMs: 1000, talkMs: 600_000, persona: 'not_interested' });
    const call = trunk.dial(request('13800000008', { record: false }));
    await nextEvent(call, (e) => e.type === 'utterance');
    const lines: string[] = [];
    call.on('utterance', (e) => lines.push(`${e.utterance.speaker}: ${e.utterance.text}`));
    call.text!.say('Good morning, this is Dialwise.');
    await nextEvent(call, (e) => e.type === 'utterance' && e.utterance.speaker === 'customer');
    call.text!.say('May I tell you about our offer?');
    const result = await call.ended;
    expect(lines).toEqual([
      'ai: Good morning, this is Dialwise.',
      expect.stringMatching(/^customer: /),
      'ai: May I tell you about our offer?',
      'customer: Goodbye.',
    ]);
    expect(result).toMatchObject({ outcome: 'answered', hungUpBy: 'callee', endReason: 'remote-bye' });
  });

  it('a person waits for our line to end, asks who is calling only if we did not say, and answers what was asked', async () => {
    const trunk = trunkWith({ outcome: 'answered', ringMs: 100, talkMs: 600_000, persona: 'interested' }, { timeScale: 0.1 });
    const call = trunk.dial(request('13800000010', { record: false }));
    await call.answered;
    const heard: Array<{ text: string; at: number }> = [];
    call.on('utterance', (e) => {
      if (e.utterance.speaker === 'customer') heard.push({ text: e.utterance.text, at: performance.now() });
    });
    /** Says a line as the runtime does: its text, then its audio (`ms` real). Resolves when the audio has played. */
    const say = async (text: string, ms: number) => {
      call.text!.say(text);
      const start = performance.now();
      await call.sendAudio(new Int16Array(ms * 8).fill(1000));
      return { start, end: performance.now() };
    };
    // We start talking at once: the callee, who would have said hello, listens instead.
    const first = await say('Good morning.', 400);
    await expect.poll(() => heard.length).toBe(1);
    // No answer while our audio played; the first question is who we are, since we did not say.
    expect(heard[0]!.at).toBeGreaterThanOrEqual(first.end - 25);
    expect(heard[0]!.text).toBe('Sorry, who is this?');
    await say('This is Lin from Acme about your renewal. Do you have a minute?', 300);
    await expect.poll(() => heard.length).toBe(2);
    expect(heard[1]!.text).toMatch(/^(Sure, go ahead\.|Yes, what is it about\?)$/);
    // Asked to renew before hearing the price, they ask for it; asked again after it, they agree.
    await say('Shall I renew it for you?', 200);
    await expect.poll(() => heard.length).toBe(3);
    expect(heard[2]!.text).toBe('How much does it cost?');
    await say('It is 99 yuan a month. Shall I renew it for you?', 200);
    await expect.poll(() => heard.length).toBe(4);
    expect(heard[3]!.text).toBe('Yes, please renew it.');
    // After our goodbye they say bye and hang up.
    await say('Great, I will register the renewal now. Thank you, goodbye.', 200);
    const result = await call.ended;
    expect(heard.at(-1)!.text).toMatch(/goodbye|Bye/i);
    expect(result).toMatchObject({ hungUpBy: 'callee' });
  });

  it('a reply of two sentences with a short gap between is heard out before the callee answers', async () => {
    const trunk = trunkWith({ outcome: 'answered', ringMs: 100, talkMs: 600_000, persona: 'interested' }, { timeScale: 0.1 });
    const call = trunk.dial(request('13800000011', { record: false }));
    await call.answered;
    const heard: number[] = [];
    call.on('utterance', (e) => {
      if (e.utterance.speaker === 'customer') heard.push(performance.now());
    });
    call.text!.say('This is Lin from Acme.');
    await call.sendAudio(new Int16Array(300 * 8).fill(1000));
    // 20 ms later (shorter than the callee's 40 ms pause to think at this scale) the second sentence starts.
    await new Promise((resolve) => setTimeout(resolve, 20));
    call.text!.say('Your plan ends this month.');
    await call.sendAudio(new Int16Array(300 * 8).fill(1000));
    const end = performance.now();
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]!).toBeGreaterThanOrEqual(end - 25);
  });

  it("a line of ours that began under the callee's words and was cut by them is not answered: they wait for our answer", async () => {
    const trunk = trunkWith({ outcome: 'answered', ringMs: 100, talkMs: 600_000, persona: 'interested' }, { timeScale: 0.1 });
    const call = trunk.dial(request('13800000012', { record: false }));
    await call.answered;
    const heard: Array<{ text: string; at: number }> = [];
    call.on('utterance', (e) => {
      if (e.utterance.speaker === 'customer') heard.push({ text: e.utterance.text, at: performance.now() });
    });
    call.text!.say('This is Lin from Acme about your renewal. Do you have a minute?');
    await call.sendAudio(new Int16Array(300 * 8).fill(1000));
    await expect.poll(() => heard.length).toBe(1);
    // While the callee answers, our next line starts under their words and is cut (the runtime's barge-in).
    const answering = heard[0]!;
    const talkMs = speakingMs(answering.text) * 0.1;
    call.text!.say('Shall I renew it for you?');
    const cut = call.sendAudio(new Int16Array(2000 * 8).fill(1000));
    await new Promise((resolve) => setTimeout(resolve, 10));
    call.clearAudio();
    await cut;
    // They finish their line and wait: five times their pause to think after it, they have said nothing more
    // (before the fix they answered the cut line with "How much does it cost?").
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, answering.at + talkMs - performance.now()) + 200));
    expect(heard).toHaveLength(1);
    // Our answer to them is what they answer next.
    call.text!.say('It is 99 yuan a month. Shall I renew it for you?');
    await call.sendAudio(new Int16Array(200 * 8).fill(1000));
    await expect.poll(() => heard.length).toBe(2);
    expect(heard[1]!.text).toBe('Yes, please renew it.');
    await call.hangup();
  });

  it('asks whether anyone is there when we say nothing, and hangs up when its talk time is over', async () => {
    const trunk = trunkWith({ outcome: 'answered', ringMs: 1000, talkMs: 15_000, persona: 'wants_human' });
    const call = trunk.dial(request('13800000009', { record: false }));
    const result = await call.ended;
    const said = call.history.flatMap((e) => (e.type === 'utterance' ? [e.utterance.text] : []));
    expect(said).toContain(SILENCE_PROMPT);
    expect(said.at(-1)).toBe("Never mind, I'll call back.");
    expect(result).toMatchObject({ hungUpBy: 'callee', endReason: 'remote-bye' });
    expect(result.durationMs).toBeGreaterThanOrEqual(140);
  });

  it('replays the whole history to a late events() iterator and stops after ended', async () => {
    const trunk = trunkWith({ outcome: 'busy', ringMs: 2000 });
    const call = trunk.dial(request('13800000010'));
    await call.ended;
    const seen: string[] = [];
    for await (const event of call.events()) seen.push(event.type);
    expect(seen).toEqual(['trying', 'ringing', 'ended']);
  });

  it('close() hangs up the live calls', async () => {
    const trunk = trunkWith({ outcome: 'answered', ringMs: 1000, talkMs: 600_000 });
    const call = trunk.dial(request('13800000011', { record: false }));
    await call.answered;
    expect(trunk.activeCalls).toBe(1);
    await trunk.close();
    expect(await call.ended).toMatchObject({ outcome: 'answered', endReason: 'trunk-closed', hungUpBy: 'us' });
    expect(trunk.activeCalls).toBe(0);
    expect(await trunk.dial(request('2')).ended).toMatchObject({ outcome: 'canceled', endReason: 'trunk-closed' });
  });
});

describe('synthetic recordings for demo data', () => {
  it('writes a stereo WAV of the asked length at once, with speech-like audio on both channels in turns', async () => {
    // "At once": not paced by any clock. With the timers stopped (faked and never moved on) it still finishes;
    // a writer that waited on a timer per frame would hang here until the test's timeout.
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'performance', 'Date'],
    });
    const info = await writeSyntheticRecording(join(dir, 'seeded', 'history.wav'), { durationMs: 30_000, seed: 5 }).finally(() =>
      vi.useRealTimers(),
    );
    expect(info.durationMs).toBe(30_000);
    const bytes = readFileSync(info.path);
    expect(parseWavHeader(bytes)).toEqual({ channels: 2, sampleRate: 8000, bitsPerSample: 16, dataBytes: 30 * 32_000 });
    const samples = new Int16Array(bytes.buffer, bytes.byteOffset + WAV_HEADER_BYTES, (bytes.length - WAV_HEADER_BYTES) / 2);
    expect(rms(samples.filter((_, i) => i % 2 === 0))).toBeGreaterThan(500);
    expect(rms(samples.filter((_, i) => i % 2 === 1))).toBeGreaterThan(100);
  });
});
