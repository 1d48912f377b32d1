import { describe, expect, it } from 'vitest';
import { SAMPLE_RATE } from '../src/audio/pcm.ts';
import { firstOnset, questionWaits, voicedFrames, voicedSegments } from './heard-latency.ts';

/**
 * The measuring code of bench:webcall:heard on recordings made here, whose every onset is known: a microphone
 * channel with questions (words with short gaps between them) and a heard channel with the opening, answers
 * after known waits, a filler, a line the caller talks over, and background hiss under the threshold.
 */
const at = (ms: number) => Math.round((ms * SAMPLE_RATE) / 1000);

function recording(ms: number, seed: number): Int16Array {
  // Hiss at about RMS 60: never voiced.
  let state = seed;
  return Int16Array.from({ length: at(ms) }, () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return Math.round(((state / 0x7fffffff) * 2 - 1) * 100);
  });
}

/** Speech-like sound (a 200 Hz tone with a slow wobble, RMS about 3,000) over [fromMs, toMs). */
function speak(into: Int16Array, fromMs: number, toMs: number): void {
  for (let i = at(fromMs); i < at(toMs); i++) {
    const t = i / SAMPLE_RATE;
    into[i] = Math.round(Math.sin(2 * Math.PI * 200 * t) * (3000 + 1500 * Math.sin(2 * Math.PI * 3 * t)));
  }
}

/** A question said as three words with 120 ms gaps between them. */
function ask(into: Int16Array, fromMs: number, toMs: number): void {
  const word = (toMs - fromMs - 240) / 3;
  for (let w = 0; w < 3; w++) speak(into, fromMs + w * (word + 120), fromMs + w * (word + 120) + word);
}

describe('heard latency from a two-channel recording', () => {
  it('finds voiced frames and bridges the gaps between words, not the pauses between lines', () => {
    const said = recording(3000, 1);
    ask(said, 200, 1400);
    speak(said, 2000, 2500);
    const frames = voicedFrames(said);
    expect(frames.length).toBe(150);
    expect(voicedSegments(frames)).toEqual([
      [200, 1400],
      [2000, 2500],
    ]);
  });

  it('times each question to the first onset of ours after it, to the frame', () => {
    const said = recording(20_000, 2);
    const heard = recording(20_000, 3);
    speak(heard, 300, 2600); // the opening, before any question
    ask(said, 3000, 4300);
    speak(heard, 4300 + 740, 8000); // answered after 740 ms
    ask(said, 9000, 10_200);
    speak(heard, 10_200 + 1260, 12_000); // after 1,260 ms
    ask(said, 14_000, 15_100); // never answered
    const waits = questionWaits(said, heard);
    expect(waits).toEqual([
      { startMs: 3000, endMs: 4300, waitMs: 740, saidOver: false },
      { startMs: 9000, endMs: 10_200, waitMs: 1260, saidOver: false },
      { startMs: 14_000, endMs: 15_100, waitMs: null, saidOver: false },
    ]);
  });

  it('does not time a question said over a line of ours, nor take the tail of a line for an onset', () => {
    const said = recording(12_000, 4);
    const heard = recording(12_000, 5);
    speak(heard, 0, 2500); // the opening
    ask(said, 2000, 3200); // said over its end: not timed
    speak(heard, 3600, 5000);
    ask(said, 6000, 7000);
    speak(heard, 6900, 7300); // a line of ours ending just after the question: not an answer to it
    speak(heard, 7000 + 900, 9000); // the answer, 900 ms after the question
    const waits = questionWaits(said, heard);
    expect(waits[0]).toEqual({ startMs: 2000, endMs: 3200, waitMs: null, saidOver: true });
    expect(waits[1]!.saidOver).toBe(true);
    // The onset search itself: from within a voiced stretch, the next onset after quiet frames.
    const ours = voicedFrames(heard);
    expect(firstOnset(ours, 7000, 12_000)).toBe(7900);
    expect(firstOnset(ours, 7000, 7800)).toBeNull();
  });

  it('skips a filler: the answer is the first onset once the answer was handed to speech', () => {
    const said = recording(10_000, 6);
    const heard = recording(10_000, 7);
    ask(said, 1000, 2200);
    speak(heard, 2200 + 600, 3400); // a filler
    speak(heard, 2200 + 1700, 6000); // the answer
    expect(questionWaits(said, heard)[0]!.waitMs).toBe(600);
    // The events say the answer went to speech at 3,800 ms (its audio follows after synthesis).
    const waits = questionWaits(said, heard, { answerFrom: () => 3800 - 300 });
    expect(waits[0]!.waitMs).toBe(1700);
    // No answer at all by the events: not timed, whatever was heard.
    expect(questionWaits(said, heard, { answerFrom: () => null })[0]!.waitMs).toBeNull();
  });

  it('ends a question of known length at its onset plus that length, and leaves out stretches that are not it', () => {
    const said = recording(12_000, 8);
    const heard = recording(12_000, 9);
    ask(said, 1000, 2400);
    // The capture's gain control softened the last 160 ms under the threshold: quieter, not silent.
    for (let i = at(2240); i < at(2400); i++) said[i] = Math.round(said[i]! / 20);
    speak(heard, 2400 + 800, 5000);
    speak(said, 6000, 6300); // a cough: not the question
    speak(heard, 6300 + 500, 7000);
    expect(questionWaits(said, heard).map((w) => [w.endMs, w.waitMs])).toEqual([
      [2240, 960],
      [6300, 500],
    ]);
    expect(questionWaits(said, heard, { knownSpeechMs: 1400, knownSlackMs: 300 })).toEqual([
      { startMs: 1000, endMs: 2400, waitMs: 800, saidOver: false },
    ]);
  });
});
