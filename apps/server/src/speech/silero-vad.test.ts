import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeSpeechClips, type SpeechClips } from '../../test/speech-clips.ts';
import type { VadEvent } from './engines.ts';
import { DEFAULT_VAD_TUNING, SileroVad, SileroVadEngine } from './silero-vad.ts';

/** Silero VAD on recorded telephone clips (espeak-ng + sox, deterministic): speech with line noise, silence, hiss, music. */
const dir = mkdtempSync(join(tmpdir(), 'dialwise-vad-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let clips: SpeechClips;
let engine: SileroVadEngine;
beforeAll(async () => {
  clips = makeSpeechClips(dir);
  engine = await SileroVadEngine.load();
});
afterAll(() => engine.close());

/** Runs a clip through a fresh VAD in 20 ms frames and answers its events. */
async function detect(clip: Int16Array, on: SileroVadEngine = engine): Promise<VadEvent[]> {
  const vad = on.create();
  const events: VadEvent[] = [];
  vad.listen((event) => events.push(event));
  for (let at = 0; at < clip.length; at += 160) expect(vad.push(clip.subarray(at, at + 160), at / 8)).toEqual([]);
  await vad.settled();
  vad.close();
  return events;
}

/** The start and end of speech among a detector's events (a tentative pause inside the speech aside). */
const edges = (events: VadEvent[]) => events.filter((e) => e.type === 'speech-start' || e.type === 'speech-end').map((e) => e.type);

describe('Silero VAD on telephone audio', () => {
  it('finds one utterance in speech over line noise, starting and ending where the sentence does', async () => {
    const all = await detect(clips.speech);
    const events = all.filter((e) => e.type === 'speech-start' || e.type === 'speech-end');
    expect(edges(all)).toEqual(['speech-start', 'speech-end']);
    // The end was said tentatively first, at its first quiet window, dated where the end is.
    expect(all.at(-2)).toEqual({ type: 'speech-pause', atMs: events[1]!.atMs });
    expect(Math.abs(events[0]!.atMs - clips.speechStartMs)).toBeLessThanOrEqual(150);
    // espeak's clip ends with its own short silence: the speech ends before the clip's end mark.
    expect(events[1]!.atMs).toBeGreaterThan(clips.speechStartMs + 1500);
    expect(events[1]!.atMs).toBeLessThanOrEqual(clips.speechEndMs + 100);
  });

  it('hears no speech in silence, line noise or music on hold', async () => {
    expect(await detect(clips.silence)).toEqual([]);
    expect(await detect(clips.lineNoise)).toEqual([]);
    expect(await detect(clips.music)).toEqual([]);
  });

  it('starts again from a clean state after reset', async () => {
    const vad = engine.create();
    const events: VadEvent[] = [];
    vad.listen((event) => events.push(event));
    const half = clips.speech.subarray(0, Math.round(clips.speechStartMs * 8) + 8000);
    for (let at = 0; at < half.length; at += 160) vad.push(half.subarray(at, at + 160), at / 8);
    await vad.settled();
    expect(vad.isSpeaking).toBe(true);
    vad.reset();
    await vad.settled();
    expect(vad.isSpeaking).toBe(false);
    expect(edges(events)).toEqual(['speech-start']);
  });

  it('judges the windows of calls listening at once in shared batches, and each call hears what it hears alone', async () => {
    const alone = await detect(clips.speech);
    const before = engine.stats;
    const together = await Promise.all([detect(clips.speech), detect(clips.music), detect(clips.lineNoise), detect(clips.speech)]);
    const runs = engine.stats.runs - before.runs;
    const windows = engine.stats.windows - before.windows;
    expect(windows / runs).toBeGreaterThan(3);
    expect(together).toEqual([alone, [], [], alone]);
  });

  it('gathers the windows of calls whose frames come at their own pace (as RTP does) into shared batches', async () => {
    // 16 calls, each sending a 20 ms frame every 20 ms, their clocks spread over the frame: a window comes
    // every 2 ms or so, each alone in the queue when it comes. Sent as they came, runs held one window each.
    const calls = 16;
    const frames = 50;
    const vads = Array.from({ length: calls }, () => engine.create());
    const before = engine.stats;
    await Promise.all(
      vads.map(async (vad, call) => {
        await new Promise((resolve) => setTimeout(resolve, (call * 20) / calls));
        for (let frame = 0; frame < frames; frame++) {
          const at = frame * 160;
          vad.push(clips.speech.subarray(at, at + 160), at / 8);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await vad.settled();
      }),
    );
    for (const vad of vads) vad.close();
    const windows = engine.stats.windows - before.windows;
    expect(windows).toBe(calls * Math.floor((frames * 160) / 256));
    // ~8 windows a run gathered (up to 10 ms each); 2-2.5 when each went as it came.
    expect(windows / (engine.stats.runs - before.runs)).toBeGreaterThan(5);
  });

  it('judges in its worker thread, started with the engine; a model that cannot load fails the start and leaves no thread', async () => {
    expect(engine.worker.isReady).toBe(true);
    expect(engine.worker.current?.threadId).toBeGreaterThan(0);
    await expect(SileroVadEngine.load({ model: 'no-such-model' })).rejects.toThrow(/VAD worker thread failed: .*no-such-model/);
  });

  it('restarts a worker thread that dies: meanwhile the windows are unknown (no events, nothing waits forever), then calls hear again', async () => {
    const errors: Error[] = [];
    const own = await SileroVadEngine.load({ onError: (error) => errors.push(error) });
    try {
      const alone = await detect(clips.speech, own);
      const vad = own.create();
      const events: VadEvent[] = [];
      vad.listen((event) => events.push(event));
      // Half the speech is judged; then the thread dies (as an error in its JavaScript would end it).
      const half = Math.round(clips.speechStartMs * 8) + 8000;
      for (let at = 0; at < half; at += 160) vad.push(clips.speech.subarray(at, at + 160), at / 8);
      await vad.settled();
      expect(edges(events)).toEqual(['speech-start']);
      await own.worker.current!.terminate();
      expect(errors.map((e) => e.message)).toEqual([expect.stringMatching(/VAD worker thread exited/)]);
      expect(own.worker.isReady).toBe(false);
      // The rest of the clip arrives while the thread restarts: unknown windows, so no speech end yet, and no hang.
      for (let at = half; at < clips.speech.length; at += 160) vad.push(clips.speech.subarray(at, at + 160), at / 8);
      await vad.settled();
      expect(vad.isSpeaking).toBe(true);
      expect(edges(events)).toEqual(['speech-start']);
      await vi.waitFor(() => expect(own.worker.isReady).toBe(true), { timeout: 45_000, interval: 50 });
      expect(own.stats.restarts).toBe(1);
      // Back: the same call hears the end of speech from the next silence, and a new call hears what it heard before.
      for (let at = 0; at < 8000; at += 160) vad.push(new Int16Array(160), clips.speech.length / 8 + at / 8);
      await vad.settled();
      expect(edges(events)).toEqual(['speech-start', 'speech-end']);
      expect(await detect(clips.speech, own)).toEqual(alone);
      expect(errors).toHaveLength(1);
    } finally {
      await own.close();
    }
  }, 60_000);

  it('ends its worker thread when closed: the thread exits, pending windows settle unjudged, no restart', async () => {
    const errors: Error[] = [];
    const own = await SileroVadEngine.load({ onError: (error) => errors.push(error) });
    const thread = own.worker.current!;
    const exited = new Promise<number>((resolve) => thread.once('exit', resolve));
    const vad = own.create();
    const events: VadEvent[] = [];
    vad.listen((event) => events.push(event));
    for (let at = 0; at < clips.speech.length; at += 160) vad.push(clips.speech.subarray(at, at + 160), at / 8);
    await own.close();
    await exited;
    await vad.settled();
    expect(own.worker.current).toBeNull();
    expect(vad.windows).toBeLessThan(clips.speech.length / 256);
    expect(own.stats.restarts).toBe(0);
    expect(errors).toEqual([]);
  });

  it('closing while a batch is judged ends the thread after it, and the process lives on (terminating it mid-run aborted the process)', () => {
    // In a process of its own: an abort in the native runtime ends the whole process, this test runner's too.
    const child = spawnSync(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../../test/close-vad-mid-batch.ts')], {
      cwd: resolve(import.meta.dirname, '../..'),
      env: { ...process.env, ROUNDS: '3' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(child.stderr).not.toMatch(/terminate called/);
    expect({ status: child.status, signal: child.signal }).toEqual({ status: 0, signal: null });
    // The batch in flight is not answered: its caller is told the VAD closed, every round.
    expect(child.stdout.trim().split('\n')).toEqual(['the VAD is closed', 'the VAD is closed', 'the VAD is closed']);
  }, 150_000);
});

describe('the VAD turns probabilities into speech start, pause, resume and end', () => {
  /** A detector whose windows are judged by a script of probabilities (one per 32 ms window), not by the model. */
  async function judged(probabilities: number[]): Promise<VadEvent[]> {
    let next = 0;
    const vad = new SileroVad(
      { judge: async () => probabilities[next++] ?? 0, reset: () => undefined, close: () => undefined },
      DEFAULT_VAD_TUNING,
    );
    const events: VadEvent[] = [];
    vad.listen((event) => events.push(event));
    // 256 samples (one window) a push: window n starts at n × 32 ms.
    for (let window = 0; window < probabilities.length; window++) vad.push(new Int16Array(256), window * 32);
    await vad.settled();
    return events;
  }

  it('says a pause at the first quiet window, a resume at a window of speech after it, and the end after 256 ms of quiet', async () => {
    const speech = [0.9, 0.9, 0.95];
    const events = await judged([
      ...speech, // windows 0–2: speech starts once 64 ms are above 0.5
      0.2, // 3: the first quiet window (under 0.35): a tentative end
      0.4, // 4: between the thresholds: the count to the end starts over, but no speech: the pause stands
      0.2, // 5
      0.9, // 6: speech again: the callee went on
      0.9,
      ...Array(8).fill(0.1), // 8–15: eight quiet windows (256 ms): the end, dated at the first of them
    ]);
    expect(events).toEqual([
      { type: 'speech-start', atMs: 0 },
      { type: 'speech-pause', atMs: 96 },
      { type: 'speech-resume', atMs: 192 },
      { type: 'speech-pause', atMs: 256 },
      { type: 'speech-end', atMs: 256 },
    ]);
  });

  it('no pause outside speech, and a quiet spell shorter than the hang-over is a pause that never ends', async () => {
    expect(await judged([0.2, 0.9, 0.1, 0.1])).toEqual([]);
    expect(await judged([0.9, 0.9, ...Array(7).fill(0.1)])).toEqual([
      { type: 'speech-start', atMs: 0 },
      { type: 'speech-pause', atMs: 64 },
    ]);
  });
});
