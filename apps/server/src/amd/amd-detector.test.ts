import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AMD_DEFAULTS } from '@dialwise/contracts';
import { concat, silence } from '../audio/pcm.ts';
import { seededRandom } from '../telephony/simulated/simulated-callee.ts';
import { RUN_ON_MS } from './amd-detector.ts';
import { classifyClip } from './classify-clip.ts';
import { frameFeatures } from './frame-features.ts';
import { ToneTracker, type ToneEvent } from './tone-tracker.ts';
import { atLevel, sitTones, speak, telephoneLine, toneAt } from './corpus/line-audio.ts';

const dir = mkdtempSync(join(tmpdir(), 'dialwise-amd-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A clip through the telephone line (noise at −60 dBFS, 300–3400 Hz, μ-law), seeded. */
const line = (...parts: Int16Array[]) => telephoneLine(concat(...parts), { noiseDbfs: -60, random: seededRandom(7) });
const say = (text: string, voice = 'en-us', speed = 160) => atLevel(speak({ text, voice, speed, pitch: 50 }, dir), -6);
const GREETING = "Hi, you've reached Sarah. I can't come to the phone right now. Please leave a message after the tone.";

function tonesOf(samples: Int16Array): ToneEvent[] {
  const tracker = new ToneTracker();
  const events: ToneEvent[] = [];
  for (let i = 0; i + 160 <= samples.length; i += 160)
    events.push(...tracker.push(frameFeatures(samples.subarray(i, i + 160)), (i / 160) * 20));
  return events;
}

describe('frame features', () => {
  it('measure the level and find a tone and its frequency', () => {
    const f = frameFeatures(toneAt(1000, 20, -10));
    expect(f.dbfs).toBeGreaterThan(-15);
    expect(f.toneShare).toBeGreaterThan(0.8);
    expect(f.peakHz).toBe(1000);
    expect(frameFeatures(silence(20))).toMatchObject({ dbfs: -100, toneShare: 0 });
  });

  it('see two tones at once (US ringback 440+480 Hz) as a dual tone, and speech as neither', () => {
    const dual = frameFeatures(toneAt([440, 480], 20, -10));
    expect(dual.dualShare).toBeGreaterThan(0.75);
    const speech = say('Hello, who is this?');
    const tonal = [];
    for (let i = 0; i + 160 <= speech.length; i += 160) tonal.push(frameFeatures(speech.subarray(i, i + 160)).toneShare >= 0.55);
    expect(tonal.filter(Boolean).length / tonal.length).toBeLessThan(0.2);
  });
});

describe('tone tracker', () => {
  it.each([850, 1000, 1400, 1950])('hears a %i Hz beep of 300 ms, once 100 ms of quiet follow it', (hz) => {
    const events = tonesOf(line(silence(200), toneAt(hz, 300, -10), silence(300)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'beep' });
    expect(Math.abs((events[0] as { hz: number }).hz - hz)).toBeLessThanOrEqual(25);
    expect(events[0]!.atMs).toBeLessThanOrEqual(200 + 300 + 100 + 40);
  });

  it('ignores ringback (China 450 Hz, US 440+480 Hz), a 150 ms blip, and a tone above 2000 Hz', () => {
    expect(tonesOf(line(toneAt(450, 1000, -10), silence(500), toneAt([440, 480], 2000, -10)))).toEqual([]);
    expect(tonesOf(line(toneAt(1000, 150, -10), silence(300)))).toEqual([]);
    expect(tonesOf(toneAt(2050, 500, -10))).toEqual([]);
  });

  it('hears special information tones (913.8, 1370.6, 1776.7 Hz) as SIT, never as a beep', () => {
    const sit = line(...sitTones(-12), silence(300));
    expect(tonesOf(sit).map((e) => e.type)).toEqual(['sit']);
  });

  it('takes a lone tone near SIT’s first frequency for a beep once no second tone follows', () => {
    expect(tonesOf(line(toneAt(915, 300, -10), silence(300))).map((e) => e.type)).toEqual(['beep']);
  });
});

describe('staged detector on known clips', () => {
  it('initial silence: nobody speaks for 2.5 s → silence', () => {
    const result = classifyClip(line(silence(4000)), 0);
    expect(result).toMatchObject({ outcome: 'silence', reason: 'initial-silence', decisionMs: AMD_DEFAULTS.initialSilenceMs });
  });

  it('short greeting then silence → human, decided after the pause, with its features', () => {
    const result = classifyClip(line(silence(400), say('Hello?'), silence(3000)), 0);
    expect(result.outcome).toBe('human');
    expect(result.reason).toBe('short-greeting');
    expect(result.features.words).toBeGreaterThanOrEqual(1);
    expect(result.features.greetingMs).toBeLessThan(AMD_DEFAULTS.greetingMs);
    expect(result.features.trailingSilenceMs).toBe(AMD_DEFAULTS.afterGreetingSilenceMs);
    expect(result.decisionMs).toBeLessThan(2000);
  });

  it('"喂？" in Mandarin (pinyin voice) → human', () => {
    expect(classifyClip(line(silence(300), say('wei2?', 'cmn-latn-pinyin'), silence(3000)), 0).outcome).toBe('human');
  });

  it('long greeting → machine once it runs on past a sentence pause or past RUN_ON_MS', () => {
    const result = classifyClip(line(silence(500), say(GREETING), silence(1000)), 0);
    expect(result.outcome).toBe('machine');
    expect(['sentences', 'long-greeting']).toContain(result.reason);
    expect(result.decisionMs).toBeLessThanOrEqual(500 + RUN_ON_MS + 100);
  });

  it('words: a greeting of many short words decides machine by count when the word limit is lower', () => {
    const result = classifyClip(line(silence(300), say('one, two, three, four, five, six, seven', 'en-us', 120), silence(1000)), 0, {
      ...AMD_DEFAULTS,
      maxWords: 3,
      greetingMs: 1000,
    });
    expect(result).toMatchObject({ outcome: 'machine', reason: 'max-words' });
    expect(result.features.words).toBe(3);
  });

  it('total analysis time: no stage decided by then → unknown', () => {
    const result = classifyClip(line(silence(300), say(GREETING), silence(1000)), 0, {
      ...AMD_DEFAULTS,
      greetingMs: 9000,
      maxWords: 20,
      afterGreetingSilenceMs: 2000,
      totalAnalysisMs: 3000,
    });
    expect(result).toMatchObject({ outcome: 'unknown', reason: 'total-time', decisionMs: 3000 });
  });

  it('a beep with no greeting → beep; a greeting then a beep is a machine', () => {
    expect(classifyClip(line(silence(600), toneAt(1000, 500, -10), silence(2000)), 0)).toMatchObject({ outcome: 'beep', reason: 'beep' });
    const short = line(silence(300), say('Leave a message.', 'en-us', 190), silence(200), toneAt(1400, 500, -10), silence(2000));
    expect(classifyClip(short, 0, { ...AMD_DEFAULTS, afterGreetingSilenceMs: 1000 })).toMatchObject({ outcome: 'machine', reason: 'beep' });
  });

  it('special information tones then an announcement → announcement (SIT)', () => {
    const clip = line(silence(200), ...sitTones(-12), say('The number you have dialed is not in service.'));
    const result = classifyClip(clip, 0);
    expect(result).toMatchObject({ outcome: 'announcement', reason: 'sit' });
    expect(result.features.sit).toBe(true);
  });

  it('voice in early media (before the answer) is a carrier announcement, decided before the answer', () => {
    const words = say('nin2 bo1 da3 de hao4 ma3 shi4 kong1 hao4', 'cmn-latn-pinyin');
    const clip = line(silence(300), words, silence(2000));
    const result = classifyClip(clip, 300 + Math.round((words.length / 8000) * 1000) + 500);
    expect(result).toMatchObject({ outcome: 'announcement', reason: 'early-media-voice' });
    expect(result.decisionMs).toBeLessThan(0);
  });

  it('ringback in early media is neither voice nor beep: the person after it is still a human', () => {
    const clip = line(toneAt(450, 1000, -10), silence(1000), toneAt([440, 480], 1000, -10), silence(300), say('Yes?'), silence(3000));
    const result = classifyClip(clip, 3300);
    expect(result.outcome).toBe('human');
    expect(result.features.earlyMediaVoiceMs).toBe(0);
  });
});

/** One clip per failure class of issue 28, built here. */
// By timing alone; with the offline recogniser listening (SIP calls), the short greeting with a late beep, the
// long opener and the announcement after the answer are also tested in amd-words.test.ts.
describe('the failure classes of issue 28', () => {
  const cadence = (tone: (ms: number) => Int16Array, pattern: number[], totalMs: number) => {
    const parts: Int16Array[] = [];
    for (let at = 0, i = 0; at < totalMs; i++) {
      const ms = Math.min(pattern[i % pattern.length]!, totalMs - at);
      parts.push(i % 2 === 0 ? tone(ms) : silence(ms));
      at += ms;
    }
    return concat(...parts);
  };
  const japan = (ms: number) => toneAt(400, ms, -8).map((v, i) => Math.round(v * (0.5 + 0.5 * Math.sin((2 * Math.PI * 16 * i) / 8000))));

  it.each([
    ['UK 400+450 Hz', (ms: number) => toneAt([400, 450], ms, -8), [400, 200, 400, 2000]],
    ['EU 425 Hz', (ms: number) => toneAt(425, ms, -8), [1000, 4000]],
    ['US 440+480 Hz', (ms: number) => toneAt([440, 480], ms, -8), [2000, 4000]],
    ['China 450 Hz', (ms: number) => toneAt(450, ms, -8), [1000, 4000]],
    ['Japan 400 Hz × 16 Hz', japan, [1000, 2000]],
  ] as const)('1. %s ringback before a person is ringback, not voice: human, never an announcement', (_, tone, pattern) => {
    const ring = cadence(tone, [...pattern], 6000);
    const result = classifyClip(line(ring, silence(300), say('Hello?'), silence(3000)), 6000);
    expect(result.outcome).toBe('human');
    expect(result.features.earlyMediaVoiceMs).toBeLessThan(200);
  });

  it('2. room noise that starts at pickup is learnt after the answer: the person is a human', () => {
    const random = seededRandom(11);
    const noise = Int16Array.from({ length: 8000 * 5 }, () => Math.round((random() * 2 - 1) * 32768 * 10 ** (-36 / 20) * 1.7));
    const person = concat(silence(500), say('Hello?'), silence(4000));
    const clip = line(
      silence(2000),
      concat(...[person].map((p) => p.map((v, i) => Math.max(-32768, Math.min(32767, v + (noise[i] ?? 0)))))),
    );
    expect(classifyClip(clip, 2000).outcome).toBe('human');
  });

  it('a greeting that starts with the first frame after the answer is still a machine (its fading syllables are not the room)', () => {
    const greeting = say("Hi, you've reached my voicemail. I can't take your call right now. Please leave a message after the tone.");
    let start = 0;
    while (Math.abs(greeting[start]!) < 300) start++;
    expect(classifyClip(line(greeting.subarray(Math.max(0, start - 80)), silence(3000)), 0)).toMatchObject({ outcome: 'machine' });
  });

  it('3. a person’s long opener, who then waits, is a human (decided after the wait for a beep)', () => {
    const result = classifyClip(line(silence(400), say('Hi, this is Mark speaking.', 'en-us', 130), silence(4000)), 0);
    expect(result).toMatchObject({ outcome: 'human', reason: 'no-beep' });
  });

  it('4. a short voicemail greeting whose beep comes 1.2 s later is a machine', () => {
    const clip = line(silence(300), say('Please leave a message after the tone.'), silence(1200), toneAt(1000, 500, -10), silence(2000));
    // The beep decides (or its onset, heard as the greeting going on after its pause): a machine either way.
    expect(classifyClip(clip, 0).outcome).toBe('machine');
  });

  it('5. a low-pitched band-passed "Yes, who is this?" is voice, not tones: human, not silence', () => {
    const low = atLevel(speak({ text: 'Yes, who is this?', voice: 'en-us', speed: 160, pitch: 5 }, dir), -6);
    expect(classifyClip(line(silence(300), low, silence(3000)), 0).outcome).toBe('human');
  });

  it('6. a carrier announcement after the answer without SIT, played again after its pause, is an announcement in any language (timing alone)', () => {
    for (const [text, voice, pauseMs] of [
      ['The number you have dialed is not in service.', 'en-us', 800],
      ['The number you dialed has been disconnected.', 'en-us+f4', 1100],
      ['nin2 bo1 da3 de dian4 hua4 yi3 guan1 ji1.', 'cmn-latn-pinyin', 700],
    ] as const) {
      const words = say(text, voice);
      const result = classifyClip(line(silence(300), words, silence(pauseMs), words, silence(500)), 0);
      expect(result).toMatchObject({ outcome: 'announcement', reason: 'repeated-recording' });
      // Told within about a second of the second play's start.
      const secondPlayMs = 300 + (words.length / 8000) * 1000 + pauseMs;
      expect(result.decisionMs).toBeLessThan(secondPlayMs + 1500);
    }
    // A voicemail greeting's second sentence is not its first again, and a person who says a long opener and
    // then the same opener again in other words is no recording either.
    expect(classifyClip(line(silence(300), say(GREETING), silence(400), toneAt(1000, 500, -10), silence(1500)), 0).outcome).toBe('machine');
    const person = line(
      silence(300),
      say('Hello, yes, this is Anna, who am I speaking with?', 'en-us', 140),
      silence(1500),
      say('Hello? Anna here, who is calling?', 'en-us+f2', 150),
      silence(3000),
    );
    expect(classifyClip(person, 0)).toMatchObject({ outcome: 'human', reason: 'spoke-again' });
  });

  it('7. fax: the answering tone (2100 Hz) and the calling tone twice (1100 Hz) are fax; hold music is unknown, not a beep', () => {
    expect(classifyClip(line(silence(500), toneAt(2100, 3000, -10), silence(1000)), 0)).toMatchObject({
      outcome: 'fax',
      reason: 'fax-answer-tone',
    });
    const cng = line(silence(500), toneAt(1100, 500, -10), silence(3000), toneAt(1100, 500, -10), silence(3000));
    expect(classifyClip(cng, 0)).toMatchObject({ outcome: 'fax', reason: 'fax-calling-tone' });
    // Tones that start inside a frame (its first frame is not tonal enough to be held, and it counted as voice:
    // every such fax was decided a beep), and a second tone that comes after the total analysis time.
    for (const leadMs of [211, 1234, 1507]) {
      const late = line(silence(leadMs), toneAt(1100, 500, -10), silence(3000), toneAt(1100, 500, -10), silence(3000));
      expect(classifyClip(late, 0)).toMatchObject({ outcome: 'fax', reason: 'fax-calling-tone' });
    }
    // A lone 1100 Hz beep followed by words is a beep, decided on the first word.
    const beepThenWords = classifyClip(line(silence(500), toneAt(1100, 500, -10), silence(500), say('Hello?'), silence(3000)), 0);
    expect(beepThenWords).toMatchObject({ outcome: 'beep' });
    expect(beepThenWords.decisionMs).toBeLessThan(2500);
    const notes = [523, 659, 784, 659, 523, 880, 784, 659].map((hz) => toneAt(hz, 300, -12));
    expect(classifyClip(line(silence(300), ...notes, ...notes), 0)).toMatchObject({ outcome: 'unknown', reason: 'music' });
    // Two-note chords (a fifth): the strongest filter flips between the halves from frame to frame; the tone holds.
    const chords = [440, 523, 392, 587, 440, 659, 392, 523].map((hz, i) =>
      i % 2 === 0 ? toneAt([hz, hz * 1.5], 370, -14) : toneAt(hz, 290, -14),
    );
    expect(classifyClip(line(silence(310), ...chords), 0)).toMatchObject({ outcome: 'unknown', reason: 'music' });
  });

  it('8. a person who waits after a long opener and says "Hello?" again is a human at that word, not a greeting run on', () => {
    const opener = say("Hello, you're through to Tom, what can I do for you?", 'en-us', 130);
    const clip = line(silence(400), opener, silence(1500), say('Hello?'), silence(3000));
    const result = classifyClip(clip, 0);
    expect(result).toMatchObject({ outcome: 'human', reason: 'spoke-again' });
    // Decided once that "Hello?" is over (it is not the opener played again: a carrier's recording loops after
    // such a pause), though the greeting from the opener's start to it is longer than RUN_ON_MS (before, it ran
    // on and was a machine).
    const helloAtMs = 400 + (opener.length / 8000) * 1000 + 1500;
    expect(result.features.greetingMs).toBeGreaterThan(RUN_ON_MS);
    expect(result.decisionMs).toBeLessThan(helloAtMs + 1200);
    // The same with packets lost 30 ms into that "Hello?" (40 ms silent inside the word): still its word.
    const hello = say('Hello?');
    let onset = 0;
    while (Math.abs(hello[onset]!) < 1000) onset++;
    const lost = hello.slice();
    lost.fill(0, onset + 240, onset + 560);
    const withLoss = classifyClip(line(silence(400), opener, silence(1500), lost, silence(3000)), 0);
    expect(withLoss).toMatchObject({ outcome: 'human', reason: 'spoke-again' });
    // A short voicemail greeting's late beep is no word, whatever frame it starts in (its first frame, cut by
    // the frame's edge, is loud and not yet a tone): still a machine.
    for (const waitMs of [1311, 1633, 1917]) {
      const late = line(
        silence(300),
        say('Please leave a message after the tone.'),
        silence(waitMs),
        toneAt(1000, 500, -10),
        silence(2000),
      );
      expect(classifyClip(late, 0)).toMatchObject({ outcome: 'machine', reason: 'beep' });
    }
  });

  it("9. notes after a greeting's words (a slow high voice's long vowels, a radio behind the person) do not make the call unknown", () => {
    const notes = [523, 659, 784, 659, 523, 880, 784, 659].map((hz) => toneAt(hz, 300, -12));
    // Alone, these notes are music (test 7); after a person's words, they are not what answered.
    const clip = line(silence(400), say('Hello, this is Anna speaking.', 'en-us', 130), silence(200), ...notes, silence(4000));
    expect(classifyClip(clip, 0)).toMatchObject({ outcome: 'human' });
  });

  it('a beep whose last frame is cut by the frame edge is a beep (that frame is its end, not another tone)', () => {
    for (const [leadMs, hz, ms] of [
      [312, 1000, 441],
      [313, 1400, 300],
      [316, 1400, 517],
    ] as const) {
      expect(classifyClip(line(silence(leadMs), toneAt(hz, ms, -8), silence(3000)), 0)).toMatchObject({ outcome: 'beep' });
    }
  });
});
