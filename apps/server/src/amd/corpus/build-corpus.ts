/**
 * The labelled AMD corpus, built from offline tools with a fixed seed (same clips on every machine). Each
 * clip is a *kind* of situation with its label:
 * - people: short openers ("Hello?", "喂？"); long openers ("Hi, this is Mark speaking.", slow); people in
 *   room noise or in front of a television that starts at pickup (the line was quiet while it rang);
 * - machines: voicemail greetings (often ending in a beep); short greetings whose beep comes late;
 * - bare beeps; silence; fax (the answering tone CED 2100 Hz then V.21 flags, or the calling tone CNG
 *   1100 Hz 0.5 s every 3 s); hold music made of notes (label `unknown`: `machine` is accepted too);
 * - carrier announcements: spoken in early media, after special information tones, or after the answer
 *   without SIT (played twice, as carriers loop them);
 * each behind optional ringback in early media — UK 400+450 Hz, EU 425 Hz, US 440+480 Hz, China 450 Hz,
 * Japan 400 Hz modulated by 16 Hz, each with its own cadence — through a telephone line (noise, 300–3400 Hz,
 * G.711 μ-law).
 *
 * Splits: `tune` (the detector's rules and thresholds were chosen on it), `test` (held back: the figures we
 * report), both from the same voices and settings; `unseen`: other espeak-ng voices, speeds, levels, beep
 * frequencies and noises that tuning never saw, and a second set from a seed of its own with other voices
 * again, other words (texts.ts UNSEEN_TEXTS) and new situations: quiet talkers, a second "Hello?" 1.3–2 s
 * after the first, street noise that swells, packets lost on the line.
 * Limits, stated plainly: this is synthetic speech, not real voicemail; see docs/amd.md.
 */
import type { AmdOutcome } from '@dialwise/contracts';
import { concat, SAMPLE_RATE, samplesFor } from '../../audio/pcm.ts';
import { seededRandom } from '../../telephony/index.ts';
import { atLevel, speak, telephoneLine, toneAt } from './line-audio.ts';
import { ANNOUNCEMENTS, HUMAN_OPENERS, LONG_OPENERS, MACHINE_GREETINGS, SHORT_GREETINGS, TV_TALK, UNSEEN_TEXTS } from './texts.ts';

export type CorpusSplit = 'tune' | 'test' | 'unseen';

/** The situations the corpus holds, each with the outcome that is right for it. */
export const CLIP_KINDS = {
  'human-opener': 'human',
  'human-long-opener': 'human',
  'human-room-noise': 'human',
  'human-tv-babble': 'human',
  'machine-greeting': 'machine',
  'machine-short-late-beep': 'machine',
  beep: 'beep',
  'announcement-early-media': 'announcement',
  'announcement-sit': 'announcement',
  'announcement-after-answer': 'announcement',
  fax: 'fax',
  'hold-music': 'unknown',
  silence: 'silence',
} as const satisfies Record<string, AmdOutcome>;
export type ClipKind = keyof typeof CLIP_KINDS;

export interface Clip {
  id: string;
  kind: ClipKind;
  label: AmdOutcome;
  /** Other outcomes counted right for this clip (hold music: machine or unknown). */
  alsoRight: readonly AmdOutcome[];
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
  /** Clips per kind in each of tune and test (unseen gets half as many). */
  perKind?: Partial<Record<ClipKind, number>>;
  /** Clips per kind in the unseen part's second set (new situations). */
  situationsPerKind?: Partial<Record<ClipKind, number>>;
}

export const CORPUS_SEED = 20261125;
/** The seed of the unseen part's second set (new situations), its own so the first sets stay the clips they were. */
export const SITUATIONS_SEED = 20261129;
const DEFAULT_PER_KIND: Record<ClipKind, number> = {
  'human-opener': 30,
  'human-long-opener': 10,
  'human-room-noise': 8,
  'human-tv-babble': 8,
  'machine-greeting': 30,
  'machine-short-late-beep': 8,
  beep: 8,
  'announcement-early-media': 6,
  'announcement-sit': 6,
  'announcement-after-answer': 6,
  fax: 6,
  'hold-music': 6,
  silence: 8,
};

type Ringback = 'uk' | 'eu' | 'us' | 'china' | 'japan';
const RINGBACKS: readonly Ringback[] = ['uk', 'eu', 'us', 'china', 'japan'];

/** What a split's clips are made of: the seen settings, or the ones tuning never saw. */
interface Settings {
  voices: { en: readonly string[]; zh: readonly string[] };
  speeds: readonly number[];
  /** Speeds of long openers (slow people). */
  slowSpeeds: readonly number[];
  beepHz: readonly number[];
  lineNoiseDbfs: [number, number];
  /** Room noise's colour: the one-pole low-pass coefficient of its white source. */
  roomNoisePole: [number, number];
}

const SEEN: Settings = {
  voices: { en: ['en-us', 'en-us+f2', 'en-gb+m3', 'en-us+f4'], zh: ['cmn-latn-pinyin', 'cmn-latn-pinyin+f2', 'cmn-latn-pinyin+m3'] },
  speeds: [130, 160, 190],
  slowSpeeds: [125, 140, 160],
  beepHz: [850, 1000, 1100, 1400, 1800, 1950],
  lineNoiseDbfs: [-68, -50],
  roomNoisePole: [0.5, 0.8],
};
const UNSEEN: Settings = {
  voices: { en: ['en-gb-scotland+f5', 'en-029+m7'], zh: ['cmn-latn-pinyin+f5', 'cmn-latn-pinyin+klatt'] },
  speeds: [115, 175, 205],
  slowSpeeds: [115, 135],
  beepHz: [900, 1250, 1650],
  lineNoiseDbfs: [-72, -46],
  roomNoisePole: [0.85, 0.92],
};

type Random = () => number;
const between = (r: Random, min: number, max: number) => min + r() * (max - min);
const pick = <T>(r: Random, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
const quiet = (ms: number) => new Int16Array(samplesFor(ms));
const msOf = (samples: Int16Array) => (samples.length / SAMPLE_RATE) * 1000;

type Texts = { en: readonly string[]; zh: readonly string[] };

/** What the callees say. */
interface CorpusTexts {
  openers: Texts;
  longOpeners: Texts;
  greetings: Texts;
  shortGreetings: Texts;
  announcements: Texts;
}
const SEEN_TEXTS: CorpusTexts = {
  openers: HUMAN_OPENERS,
  longOpeners: LONG_OPENERS,
  greetings: MACHINE_GREETINGS,
  shortGreetings: SHORT_GREETINGS,
  announcements: ANNOUNCEMENTS,
};

interface Maker {
  dir: string;
  random: Random;
  settings: Settings;
  texts: CorpusTexts;
  /**
   * The new situations of the unseen part's second set, drawn per clip: a quiet talker far from the
   * handset, a second "Hello?" soon after the first, street noise that swells (a car passing), packets lost
   * on the line (20 ms frames gone silent).
   */
  situations: boolean;
}

/** Voices, speeds and line of the unseen part's second set: none of them in tuning, nor in the first unseen set. */
const SITUATIONS: Settings = {
  voices: {
    en: ['en-us-nyc+m2', 'en-gb-x-rp+f3', 'en-gb-x-gbclan+m4'],
    zh: ['cmn-latn-pinyin+m1', 'cmn-latn-pinyin+f3', 'cmn-latn-pinyin+m6'],
  },
  speeds: [120, 150, 180, 215],
  slowSpeeds: [110, 120, 130],
  beepHz: [950, 1200, 1500, 1750],
  lineNoiseDbfs: [-75, -44],
  roomNoisePole: [0.6, 0.95],
};
/** How many clips of each kind the second unseen set has: people most (the goal is ≤ 1 % of them called machines). */
const SITUATIONS_PER_KIND: Record<ClipKind, number> = {
  'human-opener': 40,
  'human-long-opener': 12,
  'human-room-noise': 12,
  'human-tv-babble': 10,
  'machine-greeting': 20,
  'machine-short-late-beep': 8,
  beep: 4,
  'announcement-early-media': 2,
  'announcement-sit': 2,
  'announcement-after-answer': 4,
  fax: 3,
  'hold-music': 3,
  silence: 4,
};

function speech(
  m: Maker,
  texts: Texts,
  speeds = m.settings.speeds,
  peak: [number, number] = [-12, -3],
): { samples: Int16Array; note: string } {
  const lang = m.random() < 0.5 ? 'en' : 'zh';
  const text = pick(m.random, texts[lang]);
  const voice = pick(m.random, m.settings.voices[lang]);
  const speed = pick(m.random, speeds);
  const pitch = Math.round(between(m.random, 30, 70));
  const samples = atLevel(speak({ text, voice, speed, pitch }, m.dir), between(m.random, ...peak));
  return { samples, note: `${voice} ${speed}wpm "${text.slice(0, 40)}"` };
}

/** A tone of `hz` amplitude-modulated at `modHz` (Japan's ringback: 400 Hz × 16 Hz). */
function modulated(hz: number, modHz: number, ms: number, peakDbfs: number): Int16Array {
  const carrier = toneAt(hz, ms, peakDbfs);
  return carrier.map((s, i) => Math.round(s * (0.5 + 0.5 * Math.sin((2 * Math.PI * modHz * i) / SAMPLE_RATE))));
}

/** Each country's ringback: its tone and its cadence (on, off, on, off … ms). */
function ringbackBurst(kind: Ringback, ms: number, level: number): Int16Array {
  switch (kind) {
    case 'uk':
      return toneAt([400, 450], ms, level);
    case 'eu':
      return toneAt(425, ms, level);
    case 'us':
      return toneAt([440, 480], ms, level);
    case 'china':
      return toneAt(450, ms, level);
    case 'japan':
      return modulated(400, 16, ms, level);
  }
}
const CADENCE: Record<Ringback, readonly number[]> = {
  uk: [400, 200, 400, 2000],
  eu: [1000, 4000],
  us: [2000, 4000],
  china: [1000, 4000],
  japan: [1000, 2000],
};

/** Ringback for `ms` of early media, starting at a random point of its cadence. */
function ringback(r: Random, kind: Ringback, ms: number): Int16Array {
  const level = between(r, -20, -10);
  const cadence = CADENCE[kind];
  const parts: Int16Array[] = [];
  let at = 0;
  for (let i = 0; at < ms; i++) {
    const len = Math.min(cadence[i % cadence.length]!, ms - at);
    parts.push(i % 2 === 0 ? ringbackBurst(kind, len, level) : quiet(len));
    at += len;
  }
  return concat(...parts);
}

/** Early media before the answer: nothing, or one country's ringback. */
function earlyMedia(r: Random): { samples: Int16Array; note: string } {
  if (r() < 0.4) return { samples: quiet(Math.round(between(r, 0, 400))), note: '' };
  const kind = pick(r, RINGBACKS);
  return { samples: ringback(r, kind, Math.round(between(r, 1000, 6000))), note: `${kind} ringback, ` };
}

/** Noise that starts when the callee picks up: a room (fan, street), coloured, at −45…−33 dBFS RMS. */
function roomNoise(m: Maker, ms: number): Int16Array {
  const r = m.random;
  const pole = between(r, ...m.settings.roomNoisePole);
  const sigma = 32768 * 10 ** (between(r, -45, -33) / 20);
  const out = new Int16Array(samplesFor(ms));
  let state = 0;
  const norm = Math.sqrt((1 + pole) / (1 - pole));
  for (let i = 0; i < out.length; i++) {
    state = pole * state + (1 - pole) * (r() * 2 - 1) * Math.sqrt(3);
    out[i] = Math.round(state * norm * sigma);
  }
  return out;
}

/** Street noise: room noise that swells by up to 12 dB and fades again over 1.5–3 s (a car passing), from pickup. */
function streetNoise(m: Maker, ms: number): Int16Array {
  const r = m.random;
  const base = roomNoise(m, ms);
  const centre = between(r, 0, ms);
  const width = between(r, 1500, 3000);
  const swell = between(r, 6, 12);
  return base.map((s, i) => {
    const t = (i / SAMPLE_RATE) * 1000;
    const gain = 10 ** ((swell * Math.exp(-(((t - centre) / (width / 2)) ** 2))) / 20);
    return Math.max(-32768, Math.min(32767, Math.round(s * gain)));
  });
}

/** Packets lost on the line: each 20 ms frame of the answered part goes silent with probability `share`. */
function losePackets(samples: Int16Array, fromMs: number, share: number, r: Random): Int16Array {
  const out = samples.slice();
  const frame = samplesFor(20);
  for (let at = samplesFor(fromMs); at + frame <= out.length; at += frame) if (r() < share) out.fill(0, at, at + frame);
  return out;
}

/** A television in the room: two or three voices talking at once, 14–24 dB under the person's peak. */
function tvBabble(m: Maker, ms: number, personPeakDbfs: number): Int16Array {
  const r = m.random;
  const out = new Float64Array(samplesFor(ms));
  const voices = 2 + Math.floor(r() * 2);
  for (let v = 0; v < voices; v++) {
    const lang = r() < 0.5 ? 'en' : 'zh';
    const talk = speak(
      { text: pick(r, TV_TALK[lang]), voice: pick(r, m.settings.voices[lang]), speed: pick(r, m.settings.speeds), pitch: 50 },
      m.dir,
    );
    const offset = Math.floor(r() * talk.length);
    for (let i = 0; i < out.length; i++) out[i]! += talk[(offset + i) % talk.length]!;
  }
  let peak = 1;
  for (const s of out) peak = Math.max(peak, Math.abs(s));
  const gain = (32767 * 10 ** ((personPeakDbfs - between(r, 14, 24)) / 20)) / peak;
  return Int16Array.from(out, (s) => Math.round(s * gain));
}

/** Mixes `background` under `clip` (both start together; the longer sets the length). */
function mix(clip: Int16Array, background: Int16Array): Int16Array {
  const out = new Int16Array(Math.max(clip.length, background.length));
  for (let i = 0; i < out.length; i++) out[i] = Math.max(-32768, Math.min(32767, (clip[i] ?? 0) + (background[i] ?? 0)));
  return out;
}

const peakDbfs = (samples: Int16Array) => {
  let peak = 1;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  return 20 * Math.log10(peak / 32768);
};

/** Hold music made of notes: a melody on a pentatonic scale, some notes with a second voice, no gaps. */
function holdMusic(r: Random, ms: number): Int16Array {
  const scale = [392, 440, 523.3, 587.3, 659.3, 784, 880, 1046.5];
  const level = between(r, -20, -10);
  const notes: Int16Array[] = [];
  for (let at = 0; at < ms; ) {
    const len = Math.round(between(r, 150, 450) / 10) * 10;
    const hz = pick(r, scale);
    notes.push(r() < 0.3 ? toneAt([hz, hz * 1.5], len, level) : toneAt(hz, len, level));
    at += len;
  }
  return concat(...notes);
}

/** A fax answering: CED 2100 Hz 2.6–4 s, then V.21 flags (1650/1850 Hz FSK at 300 baud); or CNG 1100 Hz 0.5 s every 3.5 s. */
function fax(r: Random): { samples: Int16Array; note: string } {
  if (r() < 0.7) {
    const ced = toneAt(2100, Math.round(between(r, 2600, 4000)), between(r, -16, -9));
    const bits = Array.from({ length: 300 }, (_, i) => (i % 8 === 0 || i % 8 === 7 ? 0 : 1));
    const fsk = new Int16Array(samplesFor(1000));
    let phase = 0;
    for (let i = 0; i < fsk.length; i++) {
      const bit = bits[Math.floor((i / SAMPLE_RATE) * 300) % bits.length]!;
      phase += (2 * Math.PI * (bit ? 1650 : 1850)) / SAMPLE_RATE;
      fsk[i] = Math.round(Math.sin(phase) * 32767 * 10 ** (-12 / 20));
    }
    return { samples: concat(quiet(Math.round(between(r, 200, 1800))), ced, quiet(75), fsk, quiet(2000)), note: 'fax CED 2100 Hz + V.21' };
  }
  const level = between(r, -16, -9);
  const parts: Int16Array[] = [quiet(Math.round(between(r, 200, 1500)))];
  for (let i = 0; i < 3; i++) parts.push(toneAt(1100, 500, level), quiet(3000));
  return { samples: concat(...parts), note: 'fax CNG 1100 Hz' };
}

function make(m: Maker, kind: ClipKind): Omit<Clip, 'id' | 'split'> {
  const r = m.random;
  const ms = (min: number, max: number) => quiet(Math.round(between(r, min, max)));
  const early = earlyMedia(r);
  let earlyAudio = early.samples;
  let after: Int16Array[] = [];
  let note = '';
  let background: ((length: number, person: Int16Array) => Int16Array) | null = null;
  switch (kind) {
    case 'human-opener':
    case 'human-long-opener':
    case 'human-room-noise':
    case 'human-tv-babble': {
      const quietTalker = m.situations && r() < 0.25;
      const level: [number, number] = quietTalker ? [-22, -16] : [-12, -3];
      const opener =
        kind === 'human-long-opener'
          ? speech(m, m.texts.longOpeners, m.settings.slowSpeeds, level)
          : speech(m, m.texts.openers, m.settings.speeds, level);
      // A second "Hello?" after the person waited: 4 s on, or (a new situation) 1.3–2 s on, when no one answered them.
      const soon = m.situations && r() < 0.4;
      after = [ms(150, 900), opener.samples, soon ? ms(1300, 2000) : quiet(4000)];
      if (soon || r() < 0.5)
        after.push(speech(m, { en: ['Hello?'], zh: ['wei2?'] }, m.settings.speeds, level).samples, quiet(soon ? 4000 : 1000));
      note = `${quietTalker ? 'quiet talker, ' : ''}${soon ? 'second hello soon, ' : ''}${opener.note}`;
      if (kind === 'human-room-noise' && m.situations && r() < 0.5) {
        background = (length) => streetNoise(m, msOf(new Int16Array(length)));
        note = `street noise, ${note}`;
      } else if (kind === 'human-room-noise') {
        background = (length) => roomNoise(m, msOf(new Int16Array(length)));
        note = `room noise, ${note}`;
      } else if (kind === 'human-tv-babble') {
        background = (length, person) => tvBabble(m, msOf(new Int16Array(length)), peakDbfs(person));
        note = `TV babble, ${note}`;
      }
      break;
    }
    case 'machine-greeting': {
      const greeting = speech(m, m.texts.greetings);
      after = [ms(200, 1000), greeting.samples, ms(300, 800)];
      if (r() < 0.7) after.push(toneAt(pick(r, m.settings.beepHz), Math.round(between(r, 400, 800)), between(r, -16, -8)));
      after.push(quiet(1500));
      note = greeting.note;
      break;
    }
    case 'machine-short-late-beep': {
      const greeting = speech(m, m.texts.shortGreetings);
      const wait = Math.round(between(r, 800, 2500));
      after = [ms(200, 800), greeting.samples, quiet(wait)];
      after.push(toneAt(pick(r, m.settings.beepHz), Math.round(between(r, 400, 800)), between(r, -16, -8)), quiet(3000));
      note = `beep after ${wait} ms, ${greeting.note}`;
      break;
    }
    case 'beep': {
      const hz = pick(r, m.settings.beepHz);
      after = [ms(300, 1500), toneAt(hz, Math.round(between(r, 250, 800)), between(r, -18, -6)), quiet(3000)];
      note = `beep ${hz} Hz`;
      break;
    }
    case 'announcement-early-media': {
      // Spoken in early media (183), as Chinese carriers do; the call may never be answered.
      const words = speech(m, m.texts.announcements);
      earlyAudio = concat(earlyAudio, ms(200, 800), words.samples, quiet(500));
      after = [quiet(1000)];
      note = `early media ${words.note}`;
      break;
    }
    case 'announcement-sit': {
      const words = speech(m, m.texts.announcements);
      const sit = SIT_TONES.map(([hz, len]) => toneAt(hz, len, between(r, -16, -10)));
      after = [ms(100, 500), ...sit, ms(100, 300), words.samples];
      note = `SIT + ${words.note}`;
      break;
    }
    case 'announcement-after-answer': {
      // Answered by the network, no SIT: the recording plays twice, then the carrier hangs up.
      const words = speech(m, m.texts.announcements);
      after = [ms(100, 600), words.samples, ms(600, 1200), words.samples, quiet(500)];
      note = `after the answer, no SIT: ${words.note}`;
      break;
    }
    case 'fax': {
      const tones = fax(r);
      after = [tones.samples];
      note = tones.note;
      break;
    }
    case 'hold-music':
      after = [ms(0, 500), holdMusic(r, 7000)];
      note = 'hold music';
      break;
    case 'silence':
      after = [quiet(6000)];
      note = 'line noise only';
      break;
  }
  const answerAtMs = Math.round(msOf(earlyAudio) / 20) * 20;
  let answered: Int16Array = concat(...after);
  if (background) answered = mix(answered, background(answered.length, answered));
  const dry = concat(earlyAudio.subarray(0, samplesFor(answerAtMs)), quiet(answerAtMs - msOf(earlyAudio)), answered);
  let samples = telephoneLine(dry, { noiseDbfs: between(r, ...m.settings.lineNoiseDbfs), random: r });
  if (m.situations && r() < 0.3) {
    const share = between(r, 0.01, 0.04);
    samples = losePackets(samples, answerAtMs, share, r);
    note = `${(share * 100).toFixed(1)} % packets lost, ${note}`;
  }
  const label = CLIP_KINDS[kind];
  return { kind, label, alsoRight: kind === 'hold-music' ? ['machine'] : [], answerAtMs, samples, note: `${early.note}${note}` };
}

/** Special information tones as carriers play them (the short-tone variant: 274, 274, 380 ms). */
const SIT_TONES: ReadonlyArray<[number, number]> = [
  [913.8, 274],
  [1370.6, 274],
  [1776.7, 380],
];

/** Builds the corpus: tune and test from the same settings (alternating), unseen from others. */
export function buildCorpus(options: CorpusOptions): Clip[] {
  const perKind = { ...DEFAULT_PER_KIND, ...options.perKind };
  const random = seededRandom(options.seed ?? CORPUS_SEED);
  const seen: Maker = { dir: options.dir, random, settings: SEEN, texts: SEEN_TEXTS, situations: false };
  const clips: Clip[] = [];
  for (const kind of Object.keys(perKind) as ClipKind[]) {
    const made = Array.from({ length: perKind[kind] * 2 }, () => make(seen, kind));
    made.forEach((clip, i) => clips.push({ ...clip, id: `${kind}-${i}`, split: i % 2 === 0 ? 'tune' : 'test' }));
  }
  const unseen: Maker = { ...seen, settings: UNSEEN };
  for (const kind of Object.keys(perKind) as ClipKind[]) {
    for (let i = 0; i < Math.ceil(perKind[kind] / 2); i++)
      clips.push({ ...make(unseen, kind), id: `unseen-${kind}-${i}`, split: 'unseen' });
  }
  // The unseen part's second set: new voices, words and situations, from a seed of its own.
  const situations: Maker = {
    dir: options.dir,
    random: seededRandom(SITUATIONS_SEED),
    settings: SITUATIONS,
    texts: UNSEEN_TEXTS,
    situations: true,
  };
  const situationsPerKind = { ...SITUATIONS_PER_KIND, ...options.situationsPerKind };
  for (const kind of Object.keys(situationsPerKind) as ClipKind[]) {
    for (let i = 0; i < situationsPerKind[kind]; i++)
      clips.push({ ...make(situations, kind), id: `unseen2-${kind}-${i}`, split: 'unseen' });
  }
  return clips;
}

/** Whether a decision is right for a clip. */
export function isRight(clip: Pick<Clip, 'label' | 'alsoRight'>, outcome: AmdOutcome): boolean {
  return outcome === clip.label || clip.alsoRight.includes(outcome);
}
