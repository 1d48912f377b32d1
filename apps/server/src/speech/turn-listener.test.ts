import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpointingDelayMs } from '../conversation/endpointing.ts';
import type { AsrSession, AsrSessionEvents, Vad, VadEvent } from './engines.ts';
import { TurnListener } from './turn-listener.ts';

/**
 * The turn listener's clock rule, on a virtual clock (no timing in the assertions): the endpointing delay is
 * silence counted from where the speech ended, as the VAD dates it. An asynchronous VAD reports the end only
 * after its own stretch of silence (256 ms with Silero's tuning) and, on a loaded machine, later still: that
 * wait is part of the delay, not added to it.
 *
 * The VAD and the recogniser here are the listener's two engine ports played by hand (the real ones, Silero
 * and pocketsphinx, judge audio on threads and processes of their own, which a virtual clock cannot drive; the
 * speech-call-voice tests run them for real).
 */
class HandVad implements Vad {
  private listener: ((event: VadEvent) => void) | null = null;
  /** How far behind the newest frame its judgement is (its windows waiting for a core, on a loaded machine). */
  lagMs = 0;
  private lastMs = 0;
  get judgedMs(): number {
    return this.lastMs - this.lagMs;
  }
  push(_samples: Int16Array, atMs: number): VadEvent[] {
    this.lastMs = atMs;
    return [];
  }
  listen(listener: (event: VadEvent) => void): void {
    this.listener = listener;
  }
  say(event: VadEvent): void {
    this.listener?.(event);
  }
  reset(): void {}
  close(): void {}
}

class HandAsr extends EventEmitter<AsrSessionEvents> implements AsrSession {
  readonly asked: string[] = [];
  push(): void {}
  settle(): void {
    this.asked.push('settle');
  }
  peek(): void {
    this.asked.push('peek');
  }
  flush(): void {
    this.asked.push('flush');
  }
  close(): void {}
}

const FRAME = new Int16Array(160);
const BASE_MS = 600;

describe('TurnListener', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A listener on a call whose 20 ms frames come in real (virtual) time; `until(ms)` plays them up to that call time. */
  function call() {
    const vad = new HandVad();
    const asr = new HandAsr();
    const finals: Array<{ text: string; speechEndMs: number }> = [];
    const said: string[] = [];
    const listener = new TurnListener(
      vad,
      asr,
      {
        speechStart: () => undefined,
        speechPause: (atMs) => said.push(`pause ${atMs}`),
        speechResume: (atMs) => said.push(`resume ${atMs}`),
        speechEnd: (atMs) => said.push(`end ${atMs}`),
        partial: () => undefined,
        final: (text, speechEndMs) => finals.push({ text, speechEndMs }),
        failure: () => undefined,
      },
      BASE_MS,
    );
    let frameMs = 0;
    listener.push(FRAME, 0);
    const until = (ms: number) => {
      while (frameMs < ms) {
        vi.advanceTimersByTime(20);
        frameMs += 20;
        listener.push(FRAME, frameMs);
      }
    };
    vad.say({ type: 'speech-start', atMs: 0 });
    return { vad, asr, finals, said, listener, until };
  }
  const words = (asr: HandAsr, text: string, final = false) =>
    asr.emit('transcript', { text, final, startMs: 0, endMs: 1000, confidence: null });

  it('the endpointing delay runs from where the speech ended, not from when the VAD said so', () => {
    const { vad, asr, listener, until } = call();
    // The VAD dates the end at 1,000 ms and says so once it has judged 260 ms of silence after it.
    until(1260);
    vad.say({ type: 'speech-end', atMs: 1000 });
    expect(asr.asked).toEqual(['settle']);
    // The settled words: a finished question, which ends the turn after half the base delay (300 ms of silence).
    words(asr, 'how much does it cost');
    expect(endpointingDelayMs('how much does it cost', BASE_MS)).toBe(300);
    until(1280);
    expect(asr.asked).toEqual(['settle']);
    // Within a frame of 1,300 ms (the VAD's judgement is looked at as frames come).
    until(1320);
    expect(asr.asked).toEqual(['settle', 'flush']);
    words(asr, 'how much does it cost', true);
    listener.close();
  });

  it('words that trail off still wait their longer delay from the end of speech', () => {
    const { vad, asr, listener, until } = call();
    until(1260);
    vad.say({ type: 'speech-end', atMs: 1000 });
    words(asr, 'i think');
    const delay = endpointingDelayMs('i think', BASE_MS);
    expect(delay).toBeGreaterThan(BASE_MS);
    until(1000 + delay - 20);
    expect(asr.asked).toEqual(['settle']);
    until(1000 + delay + 20);
    expect(asr.asked).toEqual(['settle', 'flush']);
    listener.close();
  });

  it('a VAD that lags the frames: the turn ends once it has judged the silence, not before', () => {
    const { vad, asr, finals, listener, until } = call();
    // Its windows wait for a core: it judges 640 ms behind the frames, and reports the end (dated 1,000 ms) when
    // the frames are at 1,900 ms — past the whole delay on the call's clock, but it has judged only to 1,260.
    vad.lagMs = 640;
    until(1900);
    vad.say({ type: 'speech-end', atMs: 1000 });
    words(asr, 'yes');
    expect(endpointingDelayMs('yes', BASE_MS)).toBe(300);
    vi.advanceTimersByTime(0);
    expect(asr.asked).toEqual(['settle']);
    // Judged to 1,300 (frames at 1,940): 300 ms of silence heard; the turn ends on the next look.
    until(1920);
    expect(asr.asked).toEqual(['settle']);
    until(1960);
    expect(asr.asked).toEqual(['settle', 'flush']);
    words(asr, 'yes', true);
    expect(finals).toEqual([{ text: 'yes', speechEndMs: 1000 }]);
    listener.close();
  });

  it('a lagging VAD that then finds the callee went on keeps the turn open', () => {
    const { vad, asr, finals, listener, until } = call();
    vad.lagMs = 640;
    until(1900);
    vad.say({ type: 'speech-end', atMs: 1000 });
    words(asr, 'yes');
    // 200 ms after the pause the callee went on; the VAD finds it when it has judged that far.
    until(1860 + 20);
    vad.say({ type: 'speech-start', atMs: 1200 });
    until(2600);
    expect(asr.asked).toEqual(['settle']);
    expect(finals).toEqual([]);
    listener.close();
  });

  it("at the VAD's first quiet window the words so far are asked for, nothing ended; speech going on takes the pause back", () => {
    const { vad, asr, finals, said, listener, until } = call();
    until(1040);
    vad.say({ type: 'speech-pause', atMs: 1000 });
    // Peeked, not settled: the recogniser's utterance stays open, and no endpointing delay runs before the end.
    expect(asr.asked).toEqual(['peek']);
    expect(said).toEqual(['pause 1000']);
    words(asr, 'how much');
    until(1600);
    expect(asr.asked).toEqual(['peek']);
    vad.say({ type: 'speech-resume', atMs: 1100 });
    expect(said).toEqual(['pause 1000', 'resume 1100']);
    // The real end: paused, then confirmed 256 ms of quiet later; the delay still runs from the speech's end.
    until(2040);
    vad.say({ type: 'speech-pause', atMs: 2000 });
    words(asr, 'how much does it cost');
    until(2260);
    vad.say({ type: 'speech-end', atMs: 2000 });
    expect(asr.asked).toEqual(['peek', 'peek', 'settle']);
    words(asr, 'how much does it cost');
    until(2320);
    expect(asr.asked).toEqual(['peek', 'peek', 'settle', 'flush']);
    words(asr, 'how much does it cost', true);
    expect(finals).toEqual([{ text: 'how much does it cost', speechEndMs: 2000 }]);
    expect(said).toEqual(['pause 1000', 'resume 1100', 'pause 2000', 'end 2000']);
    listener.close();
  });

  it('a listener nobody speculates for (the seat transcriber) asks for no words at a pause', () => {
    const vad = new HandVad();
    const asr = new HandAsr();
    const listener = new TurnListener(
      vad,
      asr,
      {
        speechStart: () => undefined,
        speechEnd: () => undefined,
        partial: () => undefined,
        final: () => undefined,
        failure: () => undefined,
      },
      BASE_MS,
    );
    vad.say({ type: 'speech-start', atMs: 0 });
    vad.say({ type: 'speech-pause', atMs: 1000 });
    vad.say({ type: 'speech-resume', atMs: 1100 });
    expect(asr.asked).toEqual([]);
    listener.close();
  });
});
