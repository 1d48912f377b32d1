import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { concat, silence } from '../audio/pcm.ts';
import { seededRandom } from '../telephony/simulated/simulated-callee.ts';
import { buildHelper } from '../speech/native-helper.ts';
import { RecognitionPool, SPHINX_SOURCE } from '../speech/sphinx-server.ts';
import { amdGrammarFiles, deferredWords, MACHINE_PHRASES, recognisedWords, spotPhrases } from './amd-words.ts';
import { classifyClip, classifyClipLive } from './classify-clip.ts';
import { atLevel, speak, telephoneLine, toneAt } from './corpus/line-audio.ts';
import { pinyinPhones } from './pinyin-phones.ts';

const dir = mkdtempSync(join(tmpdir(), 'dialwise-amd-words-'));
const recognisers = new RecognitionPool(buildHelper(SPHINX_SOURCE));
afterAll(() => {
  recognisers.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A clip through the telephone line (noise at −60 dBFS, 300–3400 Hz, μ-law), seeded. */
const line = (...parts: Int16Array[]) => telephoneLine(concat(...parts), { noiseDbfs: -60, random: seededRandom(11) });
const say = (text: string, voice = 'en-us', speed = 160) => atLevel(speak({ text, voice, speed, pitch: 50 }, dir), -6);
/** The detector with the offline recogniser listening, at a call's pace. */
const heard = (clip: Int16Array) => classifyClipLive(clip, 0, recognisedWords(dir, recognisers));

describe('Mandarin syllables on the English model', () => {
  it('spell pinyin with the English phones (tones dropped)', () => {
    expect(pinyinPhones('liu2')).toBe('L IY OW');
    expect(pinyinPhones('yan2')).toBe('Y EH N');
    expect(pinyinPhones('shi4')).toBe('SH ER');
    expect(pinyinPhones('zi3')).toBe('Z IH');
    expect(pinyinPhones('xue2')).toBe('SH UW EH');
    expect(pinyinPhones('wu2')).toBe('W UW');
    expect(pinyinPhones('kong1')).toBe('K UH NG');
    expect(pinyinPhones('guan1')).toBe('G W AA N');
    expect(pinyinPhones('qz')).toBeNull();
  });
});

describe('the greeting grammar', () => {
  it('holds the machine, carrier and people phrases, pronounced from the CMU dictionary and pinyin', () => {
    const files = amdGrammarFiles(dir);
    const grammar = readFileSync(files.grammarPath, 'utf8');
    expect(grammar).toMatch(/^#JSGF V1\.0;/);
    expect(grammar).toContain('<machine> = leave a message |');
    expect(grammar).toContain('liu2 yan2');
    expect(grammar).toContain('not in service');
    const dict = readFileSync(files.dictPath, 'utf8');
    expect(dict).toMatch(/^liu2 L IY OW$/m);
    expect(dict).toMatch(/^message /m);
    // The same phrases give the same files.
    expect(amdGrammarFiles(dir)).toEqual(files);
  });

  it('spots whole phrases only, by class', () => {
    const words = spotPhrases('hi you have reached at the tone leave a message liu2 yan2');
    expect(words.machine).toEqual(['leave a message', 'at the tone', 'you have reached', 'liu2 yan2']);
    expect(words.person).toEqual(['hi']);
    expect(spotPhrases('the number you dialed').announcement).toContain('the number you dialed');
    expect(spotPhrases('hello who is this').machine).toEqual([]);
  });
});

describe('the detector with the recogniser listening (espeak-ng through a telephone line, real pocketsphinx)', () => {
  it('a short voicemail greeting whose beep comes 1.9 s later is a machine (by timing alone a person)', async () => {
    const clip = line(silence(400), say('Leave a message.'), silence(1900), toneAt(1000, 500, -10), silence(2000));
    expect(classifyClip(clip, 0)).toMatchObject({ outcome: 'human', reason: 'short-greeting' });
    const result = await heard(clip);
    expect(result).toMatchObject({ outcome: 'machine', reason: 'beep' });
    // Which machine phrase the English model matches varies ("leave a message" is heard as 留言 "liu2 yan2"
    // too): what counts is that one was heard.
    expect(result.features.phrases?.some((phrase) => (MACHINE_PHRASES as readonly string[]).includes(phrase))).toBe(true);
  });

  it('a greeting that reaches no end of the grammar is answered with the best path heard, not nothing', async () => {
    // A short voicemail greeting with a word outside the phrases ("Leave a message, thanks.") has no path to
    // the grammar's end: pocketsphinx answered nothing, and the greeting was a person at its pause instead of
    // being held for its beep (4 of 12 short greetings with a late beep of the unseen part). Shown here on a
    // grammar of one phrase that the audio stops short of.
    const files = amdGrammarFiles(dir);
    const grammarPath = join(dir, 'one-phrase.gram');
    writeFileSync(grammarPath, '#JSGF V1.0;\ngrammar one;\npublic <greeting> = leave a message after the tone;\n');
    const clip = line(silence(300), say('Leave a message.'), silence(700));
    const text = (bestPath: boolean) =>
      new Promise<string>((resolve, reject) => {
        const session = recognisers.open(
          { ...files, grammarPath, bestPath },
          {
            partial: () => undefined,
            final: (said) => {
              session.close();
              resolve(said);
            },
            error: reject,
          },
        );
        for (let at = 0; at + 160 <= clip.length; at += 160) session.audio(clip.subarray(at, at + 160));
        session.flush();
      });
    expect(await text(false)).toBe('');
    expect(await text(true)).toMatch(/^leave a message/);
  });

  it('"Hello, who is this?" then waiting is a person, decided without waiting for a beep', async () => {
    const result = await heard(line(silence(400), say('Hello, who is this?'), silence(4000)));
    expect(result.outcome).toBe('human');
    expect(result.features.phrases).toEqual([]);
    expect(result.decisionMs).toBeLessThan(3000);
  });

  it('a short opener on which a phrase of the other language is heard is a person at its pause, not held for a beep', async () => {
    // The grammar forces a phrase onto syllables it lacks: "at the tone" on a Mandarin "wei2, ni3 hao3.", "liu2
    // yan2" on an English "Who is this, please?". A greeting is in one language, so such a phrase no longer
    // holds the person 2 s for a beep that never comes.
    const mandarin = line(silence(400), say('wei2, ni3 hao3.', 'cmn-latn-pinyin+m3', 190), silence(4000));
    const english = line(silence(400), say('Who is this, please?', 'en-gb+m3', 160), silence(4000));
    const [zh, en] = await Promise.all([heard(mandarin), heard(english)]);
    expect(zh.features.phrases).toContain('at the tone');
    expect(zh).toMatchObject({ outcome: 'human', reason: 'short-greeting' });
    expect(zh.decisionMs).toBeLessThan(3000);
    expect(en.features.phrases).toContain('liu2 yan2');
    expect(en).toMatchObject({ outcome: 'human', reason: 'short-greeting' });
    expect(en.decisionMs).toBeLessThan(3000);
  });

  it('a slow long opener ("Hello, yes, this is Anna, …" at 125 wpm) is a person (by timing alone a machine)', async () => {
    const clip = line(silence(400), say('Hello, yes, this is Anna, who am I speaking with?', 'en-us+f4', 125), silence(4000));
    expect(classifyClip(clip, 0)).toMatchObject({ outcome: 'machine', reason: 'long-greeting' });
    expect(await heard(clip)).toMatchObject({ outcome: 'human' });
  });

  it('long openers the English model mishears are people: a slow Mandarin one, and an English one who then says "Hello?" again', async () => {
    // Asked at 4 s, the recogniser heard "call you back" in such openers and they were called machines: a long
    // greeting is now heard out, and a machine's phrase at its end waits for the beep, within which the
    // person speaks again.
    const mandarin = line(
      silence(400),
      say('wei2, nin2 hao3, wo3 shi4 xiao3 zhang1, qing3 wen4 nin2 zhao3 na3 wei4?', 'cmn-latn-pinyin+m6', 120),
      silence(5000),
    );
    expect(classifyClip(mandarin, 0)).toMatchObject({ outcome: 'machine', reason: 'long-greeting' });
    expect(await heard(mandarin)).toMatchObject({ outcome: 'human' });
    const again = line(
      silence(400),
      say('Yes, good morning, this is the front desk, how may I help?', 'en-gb-x-rp+f3', 130),
      silence(1600),
      say('Hello?', 'en-gb-x-rp+f3', 130),
      silence(4000),
    );
    expect(await heard(again)).toMatchObject({ outcome: 'human' });
  });

  it('slow long openers whose end is heard as a machine’s or a carrier’s phrase are people, never machines or dead numbers', async () => {
    // The grammar matches every stretch of speech to some phrase. On these two the recogniser hears a machine's
    // phrase ("at the tone") and a carrier's ("no longer in service") where the opener stops: decided on those
    // words after the wait for a beep, the first was called a machine and the second had its number marked
    // invalid. No beep and no replay follow a person's opener: both are people.
    const machineHeard = line(silence(400), say('Good afternoon, Smith residence, how can I help you?', 'en-us', 110), silence(5000));
    const carrierHeard = line(
      silence(400),
      say('Yes, good morning, this is the front desk, how may I help?', 'en-us+f4', 120),
      silence(5000),
    );
    const [machine, carrier] = await Promise.all([heard(machineHeard), heard(carrierHeard)]);
    expect(machine.features.phrases?.some((phrase) => (MACHINE_PHRASES as readonly string[]).includes(phrase))).toBe(true);
    expect(machine).toMatchObject({ outcome: 'human', reason: 'no-beep' });
    expect(carrier.features.phrases).toContain('no longer in service');
    expect(carrier).toMatchObject({ outcome: 'human', reason: 'no-beep' });
  });

  it('a carrier’s recording after the answer, without SIT, played again after its pause, is an announcement', async () => {
    const words = say('The number you dialed has been disconnected.', 'en-us+f4', 160);
    const looped = line(silence(300), words, silence(900), words, silence(500));
    expect(await heard(looped)).toMatchObject({ outcome: 'announcement', reason: 'repeated-recording' });
  });

  it('a recording with a carrier’s phrase heard in it and a beep after it is a voicemail, never a dead number', async () => {
    // Carrier phrases were heard in voicemail greetings (misheard, or said), and a greeting long enough to be
    // a machine with one was marked invalid at once: its number never dialled again. Now a beep after the
    // greeting, or a machine's phrase heard in it, makes it a machine.
    const clip = line(
      silence(300),
      say('The number you have dialed is not in service. Please check the number and try again.'),
      silence(600),
      toneAt(1000, 500, -10),
      silence(2000),
    );
    const result = await heard(clip);
    expect(result.features.phrases?.some((phrase) => phrase.includes('number you') || phrase.includes('in service'))).toBe(true);
    expect(result.outcome).toBe('machine');
  });

  it('without a recogniser the timing decides, as before', async () => {
    const clip = line(silence(400), say('Leave a message.'), silence(1900), toneAt(1000, 500, -10), silence(2000));
    const result = await classifyClipLive(clip, 0, deferredWords(Promise.resolve(null)));
    expect(result).toMatchObject({ outcome: 'human', reason: 'short-greeting' });
    expect(result.features.phrases).toBeUndefined();
  });
});
