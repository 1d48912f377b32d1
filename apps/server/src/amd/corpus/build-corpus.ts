/**
 * The labelled AMD corpus, built from offline tools with a fixed seed (same clips on every machine):
 * people picking up ("Hello?", "喂？"), voicemail greetings (often ending in a beep), bare beeps, carrier
 * announcements (spoken in early media, or after special information tones), and silence — each behind
 * optional ringback (China 450 Hz, US 440+480 Hz) in early media, through a telephone line (noise,
 * 300–3400 Hz, G.711).
 *
 * Splits: `tune` (thresholds were chosen on it), `test` (held back: the figures we report), both from the
 * same voices; `unseen`: other espeak-ng voices/variants the tuning never heard.
 * Limits, stated plainly: this is synthetic speech, not real voicemail; see docs/amd.md.
 */
import type { AmdOutcome } from '@dialwise/contracts';
import { concat, samplesFor, SAMPLE_RATE } from '../../telephony/media/audio.ts';
import { seededRandom } from '../../telephony/simulated/simulated-callee.ts';
import { atLevel, speak, telephoneLine, toneAt } from './line-audio.ts';
import { ANNOUNCEMENTS, HUMAN_OPENERS, MACHINE_GREETINGS } from './texts.ts';

export type CorpusSplit = 'tune' | 'test' | 'unseen';

export interface Clip {
  id: string;
  label: AmdOutcome;
  split: CorpusSplit;
  /** Where in `samples` the callee answered: what comes before is early media. */
  answerAtMs: number;
  samples: Int16Array;
  /** How it was made, for reading a confusion. */
  note: string;
}

export interface CorpusOptions {
  /** Where espeak-ng/sox outputs are cached and sox works. */
  dir: string;
  seed?: number;
  /** Clips per class in each of tune and test (unseen gets half as many, speech classes only). */
  perClass?: Partial<Record<AmdOutcome, number>>;
}

export const CORPUS_SEED = 20261125;
const DEFAULT_PER_CLASS: Record<AmdOutcome, number> = { human: 40, machine: 40, announcement: 12, beep: 8, silence: 8, unknown: 0 };

const SEEN_VOICES = {
  en: ['en-us', 'en-us+f2', 'en-gb+m3', 'en-us+f4'],
  zh: ['cmn-latn-pinyin', 'cmn-latn-pinyin+f2', 'cmn-latn-pinyin+m3'],
};
const UNSEEN_VOICES = { en: ['en-gb-scotland+f5', 'en-029+m7'], zh: ['cmn-latn-pinyin+f5', 'cmn-latn-pinyin+klatt'] };
const SPEEDS = [130, 160, 190];
const BEEP_HZ = [850, 1000, 1100, 1400, 1800, 1950];
/** Special information tones as carriers play them (the short-tone variant: 274, 274, 380 ms). */
const SIT_TONES: ReadonlyArray<[number, number]> = [
  [913.8, 274],
  [1370.6, 274],
  [1776.7, 380],
];

type Random = () => number;
const between = (r: Random, min: number, max: number) => min + r() * (max - min);
const pick = <T>(r: Random, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;

interface Maker {
  dir: string;
  random: Random;
  voices: typeof SEEN_VOICES;
}

function speech(m: Maker, texts: { en: readonly string[]; zh: readonly string[] }): { samples: Int16Array; note: string } {
  const lang = m.random() < 0.5 ? 'en' : 'zh';
  const text = pick(m.random, texts[lang]);
  const voice = pick(m.random, m.voices[lang]);
  const speed = pick(m.random, SPEEDS);
  const pitch = Math.round(between(m.random, 30, 70));
  const samples = atLevel(speak({ text, voice, speed, pitch }, m.dir), between(m.random, -12, -3));
  return { samples, note: `${voice} ${speed}wpm "${text.slice(0, 40)}"` };
}

/** Ringback for `ms` of early media: China 450 Hz 1 s on 4 s off, or US 440+480 Hz 2 s on 4 s off. */
function ringback(r: Random, ms: number): Int16Array {
  const china = r() < 0.5;
  const [onMs, offMs] = china ? [1000, 4000] : [2000, 4000];
  const level = between(r, -20, -10);
  const parts: Int16Array[] = [];
  for (let at = 0; at < ms; at += onMs + offMs) {
    parts.push(toneAt(china ? 450 : [440, 480], Math.min(onMs, ms - at), level));
    if (ms - at > onMs) parts.push(new Int16Array(samplesFor(Math.min(offMs, ms - at - onMs))));
  }
  return concat(...parts);
}

const quiet = (ms: number) => new Int16Array(samplesFor(ms));

/** Early media before the answer: nothing, or ringback. */
function earlyMedia(r: Random): Int16Array {
  return r() < 0.6 ? ringback(r, Math.round(between(r, 1000, 4000))) : quiet(Math.round(between(r, 0, 400)));
}

function make(m: Maker, label: AmdOutcome): Omit<Clip, 'id' | 'split'> {
  const r = m.random;
  const ms = (min: number, max: number) => quiet(Math.round(between(r, min, max)));
  let early = earlyMedia(r);
  let after: Int16Array[] = [];
  let note = '';
  switch (label) {
    case 'human': {
      const opener = speech(m, HUMAN_OPENERS);
      after = [ms(150, 900), opener.samples, quiet(4000)];
      if (r() < 0.5) after.push(speech(m, { en: ['Hello?'], zh: ['wei2?'] }).samples, quiet(1000));
      note = opener.note;
      break;
    }
    case 'machine': {
      const greeting = speech(m, MACHINE_GREETINGS);
      after = [ms(200, 1000), greeting.samples, ms(300, 800)];
      if (r() < 0.7) after.push(toneAt(pick(r, BEEP_HZ), Math.round(between(r, 400, 800)), between(r, -16, -8)));
      after.push(quiet(1500));
      note = greeting.note;
      break;
    }
    case 'beep': {
      const hz = pick(r, BEEP_HZ);
      after = [ms(300, 1500), toneAt(hz, Math.round(between(r, 250, 800)), between(r, -18, -6)), quiet(3000)];
      note = `beep ${hz} Hz`;
      break;
    }
    case 'announcement': {
      const words = speech(m, ANNOUNCEMENTS);
      if (r() < 0.5) {
        // Spoken in early media (183), as Chinese carriers do; the call may never be answered.
        early = concat(early, ms(200, 800), words.samples, quiet(500));
        after = [quiet(1000)];
        note = `early media ${words.note}`;
      } else {
        const sit = SIT_TONES.map(([hz, len]) => toneAt(hz, len, between(r, -16, -10)));
        after = [ms(100, 500), ...sit, ms(100, 300), words.samples];
        note = `SIT + ${words.note}`;
      }
      break;
    }
    case 'silence':
      after = [quiet(6000)];
      note = 'line noise only';
      break;
    case 'unknown':
      break;
  }
  const answerAtMs = Math.round(((early.length / SAMPLE_RATE) * 1000) / 20) * 20;
  const dry = concat(early.subarray(0, samplesFor(answerAtMs)), quiet(answerAtMs - (early.length * 1000) / SAMPLE_RATE), ...after);
  const samples = telephoneLine(dry, { noiseDbfs: between(r, -68, -50), random: r });
  return { label, answerAtMs, samples, note };
}

/** Builds the corpus: tune and test from the same voices (alternating after a seeded shuffle), unseen from others. */
export function buildCorpus(options: CorpusOptions): Clip[] {
  const perClass = { ...DEFAULT_PER_CLASS, ...options.perClass };
  const random = seededRandom(options.seed ?? CORPUS_SEED);
  const seen: Maker = { dir: options.dir, random, voices: SEEN_VOICES };
  const clips: Clip[] = [];
  for (const label of Object.keys(perClass) as AmdOutcome[]) {
    const made = Array.from({ length: perClass[label] * 2 }, () => make(seen, label));
    made.forEach((clip, i) => clips.push({ ...clip, id: `${label}-${i}`, split: i % 2 === 0 ? 'tune' : 'test' }));
  }
  const unseen: Maker = { ...seen, voices: UNSEEN_VOICES };
  for (const label of ['human', 'machine', 'announcement'] as const) {
    for (let i = 0; i < Math.ceil(perClass[label] / 2); i++)
      clips.push({ ...make(unseen, label), id: `unseen-${label}-${i}`, split: 'unseen' });
  }
  return clips;
}
