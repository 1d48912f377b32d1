import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { FRAME_MS, rms, tone } from '../../audio/pcm.ts';
import { CallSession, type CallStep } from './call-session.ts';
import { PlayPrologueStep, standInSpeech } from './play-prologue-step.ts';
import type { CalleePlan } from '../simulated/simulated-callee.ts';
import { SimulatedTrunk } from '../simulated/simulated-trunk.ts';
import { TalkStep } from './talk-step.ts';
import type { DialRequest } from '../trunk.ts';
import { WAV_HEADER_BYTES } from '../media/wav-writer.ts';

const dir = mkdtempSync(join(tmpdir(), 'dialwise-session-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const request: DialRequest = {
  to: '13800000000',
  callerId: '02100000000',
  line: { username: 'demo', password: 'demo', domain: 'simulated.invalid', port: 5060 },
  ringTimeoutMs: 45_000,
};

function dial(plan: Partial<CalleePlan>, extra: Partial<DialRequest> = {}) {
  const trunk = new SimulatedTrunk({ recordingsDir: dir, seed: 3, timeScale: 0.01, plan: () => plan });
  return trunk.dial({ ...request, ...extra });
}

const PROLOGUE = 'Hello, this is Dialwise about your renewal.';

describe('CallSession', () => {
  it('plays the prologue, talks for the set time, hangs up and keeps the conversation in order', async () => {
    const call = dial({ outcome: 'answered', ringMs: 1000, talkMs: 600_000, persona: 'interested' });
    const session = new CallSession(call, [
      new PlayPrologueStep({ prologues: [{ text: PROLOGUE, audio: tone(400, 200, 0.4) }], pauseMs: 100 }),
      new TalkStep({ talkMs: 400 }),
    ]);
    const { result, conversation, steps } = await session.run();

    expect(steps).toEqual([
      { name: 'play-prologue', status: 'done' },
      { name: 'talk', status: 'done' },
    ]);
    expect(result).toMatchObject({ outcome: 'answered', hungUpBy: 'us', endReason: 'hangup' });
    expect(result.durationMs).toBeGreaterThanOrEqual(700); // 200 ms prologue + 100 ms pause + 400 ms talk
    expect(conversation[0]).toMatchObject({ speaker: 'ai', text: PROLOGUE });
    // The simulated callee greets on answering and replies to the prologue: both are in the conversation, in time order.
    expect(conversation.filter((l) => l.speaker === 'customer').length).toBeGreaterThanOrEqual(2);
    const times = conversation.map((l) => l.at.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // Our side of the recording holds the prologue's tone.
    const bytes = readFileSync(result.recording!.path);
    const samples = new Int16Array(bytes.buffer, bytes.byteOffset + WAV_HEADER_BYTES, (bytes.length - WAV_HEADER_BYTES) / 2);
    expect(rms(samples.filter((_, i) => i % 2 === 1).slice(0, 1600))).toBeGreaterThan(3000);
  });

  it('without a talk time waits for the far end to hang up; the cut-short step shows as killed', async () => {
    const call = dial({ outcome: 'answered', ringMs: 1000, talkMs: 20_000, persona: 'wants_human' }, { record: false });
    const { result, steps } = await new CallSession(call, [
      new PlayPrologueStep({ prologues: [{ text: PROLOGUE, audio: null }], pauseMs: 10 }),
      new TalkStep(),
    ]).run();
    expect(result).toMatchObject({ outcome: 'answered', hungUpBy: 'callee', endReason: 'remote-bye' });
    expect(steps).toEqual([
      { name: 'play-prologue', status: 'done' },
      { name: 'talk', status: 'killed' },
    ]);
  });

  it('runs no step on a call that is not answered', async () => {
    const exec: string[] = [];
    const step: CallStep = {
      name: 'never',
      exec: async () => {
        exec.push('ran');
      },
      kill: () => undefined,
    };
    const { result, steps, conversation } = await new CallSession(dial({ outcome: 'busy', ringMs: 500 }), [step]).run();
    expect(result.outcome).toBe('busy');
    expect(steps).toEqual([]);
    expect(exec).toEqual([]);
    expect(conversation).toEqual([]);
  });

  it('kill() stops the running step, skips the rest and hangs up', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance', 'Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const call = dial({ outcome: 'answered', ringMs: 1000, talkMs: 600_000 }, { record: false });
    const session = new CallSession(call, [
      new PlayPrologueStep({ prologues: [{ text: PROLOGUE, audio: tone(400, 10_000) }], pauseMs: 1000 }),
      new TalkStep(),
    ]);
    const running = session.run();
    call.on('answered', () => setImmediate(() => session.kill()));
    // Ringing (1 s × 0.01) and the answer; a prologue played to its end would still be going.
    await vi.advanceTimersByTimeAsync(200);
    const { result, steps } = await Promise.race([running, Promise.reject(new Error('still running 200 ms (virtual) after the answer'))]);
    expect(steps).toEqual([{ name: 'play-prologue', status: 'killed' }]);
    expect(result).toMatchObject({ outcome: 'answered', hungUpBy: 'us' });
    // Hung up right after the answer, not after the prologue's 10 s (virtual time: exact however busy the machine).
    expect(result.durationMs).toBeLessThanOrEqual(FRAME_MS);
  });

  it('a failing step ends the session and the call', async () => {
    const call = dial({ outcome: 'answered', ringMs: 1000, talkMs: 600_000 }, { record: false });
    const broken: CallStep = {
      name: 'broken',
      exec: async () => {
        throw new Error('boom');
      },
      kill: () => undefined,
    };
    const { result, steps } = await new CallSession(call, [broken, new TalkStep()]).run();
    expect(steps).toEqual([{ name: 'broken', status: 'failed' }]);
    expect(result).toMatchObject({ outcome: 'answered', hungUpBy: 'us', endReason: 'hangup' });
  });

  it('stands in for TTS with two beeps and silence as long as the line takes to say', () => {
    const audio = standInSpeech('x'.repeat(50)); // 50 characters ≈ 3.5 s
    expect(audio.length).toBe(3500 * 8);
    expect(rms(audio.subarray(0, 960))).toBeGreaterThan(1000);
    expect(rms(audio.subarray(4000))).toBe(0);
  });
});
