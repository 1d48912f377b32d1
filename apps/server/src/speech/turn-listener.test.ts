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
  push(): VadEvent[] {
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

  /** A listener fed a turn's frames up to `lastFrameMs`, the VAD having dated the speech's end at `endMs`. */
  function endedTurn(endMs: number, lastFrameMs: number) {
    const vad = new HandVad();
    const asr = new HandAsr();
    const finals: Array<{ text: string; speechEndMs: number }> = [];
    const listener = new TurnListener(
      vad,
      asr,
      {
        speechStart: () => undefined,
        speechEnd: () => undefined,
        partial: () => undefined,
        final: (text, speechEndMs) => finals.push({ text, speechEndMs }),
        failure: () => undefined,
      },
      BASE_MS,
    );
    listener.push(FRAME, 0);
    vad.say({ type: 'speech-start', atMs: 0 });
    for (let at = 20; at <= lastFrameMs; at += 20) listener.push(FRAME, at);
    vad.say({ type: 'speech-end', atMs: endMs });
    return { vad, asr, finals, listener };
  }

  it('the endpointing delay runs from where the speech ended, not from when the VAD said so', () => {
    // The VAD reports an end at 1,000 ms once the frames reached 1,260 ms: 260 ms of the silence have passed already.
    const { asr, listener } = endedTurn(1000, 1260);
    expect(asr.asked).toEqual(['settle']);
    // The settled words: a finished question, which ends the turn after half the base delay (300 ms of silence).
    asr.emit('transcript', { text: 'how much does it cost', final: false, startMs: 0, endMs: 1000, confidence: null });
    const delay = endpointingDelayMs('how much does it cost', BASE_MS);
    expect(delay).toBe(300);
    vi.advanceTimersByTime(delay - 260 - 1);
    expect(asr.asked).toEqual(['settle']);
    vi.advanceTimersByTime(1);
    expect(asr.asked).toEqual(['settle', 'flush']);
    listener.close();
  });

  it('a VAD that reports the end later than the whole delay ends the turn as soon as it does', () => {
    // On a loaded machine the end comes 900 ms late: more than the neutral delay.
    const { asr, finals, listener } = endedTurn(1000, 1900);
    vi.advanceTimersByTime(0);
    expect(asr.asked).toEqual(['settle', 'flush']);
    asr.emit('transcript', { text: 'yes', final: true, startMs: 0, endMs: 1000, confidence: null });
    expect(finals).toEqual([{ text: 'yes', speechEndMs: 1000 }]);
    listener.close();
  });

  it('words that trail off still wait their longer delay from the end of speech', () => {
    const { asr, listener } = endedTurn(1000, 1260);
    asr.emit('transcript', { text: 'i think', final: false, startMs: 0, endMs: 1000, confidence: null });
    const delay = endpointingDelayMs('i think', BASE_MS);
    expect(delay).toBeGreaterThan(BASE_MS);
    vi.advanceTimersByTime(delay - 260 - 1);
    expect(asr.asked).toEqual(['settle']);
    vi.advanceTimersByTime(1);
    expect(asr.asked).toEqual(['settle', 'flush']);
    listener.close();
  });
});
