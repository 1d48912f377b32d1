/**
 * A voice for the simulated callee that sounds like speech to anything that listens to the line (the
 * answering-machine detector, a VAD), made from the text it says: words of syllables, each a voiced vowel
 * (a glottal pulse train through three formant resonators, the classic cascade synthesiser) with a short noise
 * onset; a pause between words, a longer one at a comma, the longest between sentences; the pitch falls
 * across a sentence (rises at the end of a question) and moves within every syllable.
 *
 * Why not sines: the older synthetic voice was a slowly gliding fundamental with two harmonics. Its frames
 * hold nearly all their energy in one or two steady partials, which is what a tone is, so the detector —
 * which now waits for a tonal run to hold before it calls it a tone — took the "voicemail greeting" for
 * tones and music, and the demo's machines came out as people. A pulse train has every harmonic; formants
 * and a moving pitch spread and shift them as a voice does.
 *
 * Deterministic for a given random source; a line is rendered when first heard (a few ms for a long greeting).
 */
import { FRAME_SAMPLES, SAMPLE_RATE, speakingMs } from '../../audio/pcm.ts';

/** Formants (Hz) of the vowel a syllable's spelling suggests; F3 varies little. */
const VOWELS: Record<string, readonly [number, number, number]> = {
  a: [730, 1090, 2440],
  e: [530, 1840, 2480],
  i: [390, 1990, 2550],
  o: [570, 840, 2410],
  u: [440, 1020, 2240],
};
const BANDWIDTHS = [90, 110, 170] as const;
/** Pauses, ms: between words, at a comma, between sentences (a person breathes; a recorder's greeting too). */
const WORD_GAP_MS = [40, 110] as const;
const PHRASE_GAP_MS = [180, 260] as const;
const SENTENCE_GAP_MS = [700, 900] as const;
const SYLLABLE_MS = [110, 320] as const;
const ONSET_MS = 35;
const ATTACK_MS = 25;
const RELEASE_MS = 40;
/** RMS of the voiced parts, dBFS (a voice close to the handset). */
const LEVEL_DBFS = -18;

interface Syllable {
  kind: 'syllable';
  vowel: readonly [number, number, number];
  ms: number;
  onset: boolean;
  /** 0..1 through its sentence (the pitch falls as it goes) and whether the sentence asks. */
  position: number;
  question: boolean;
  accent: number;
  gain: number;
}
type Unit = Syllable | { kind: 'gap'; ms: number };

const between = (random: () => number, [min, max]: readonly [number, number]) => min + random() * (max - min);

function vowelOf(group: string): readonly [number, number, number] {
  const letter = group.toLowerCase().replace('y', 'i')[0] ?? 'a';
  return VOWELS[letter] ?? VOWELS.a!;
}

/** The text as syllables and pauses; syllable lengths fill `ms` where the text allows. */
function layout(text: string, ms: number, random: () => number): Unit[] {
  const units: Unit[] = [];
  const sentences = text.split(/(?<=[.?!。？！])\s+/).filter((s) => s.trim().length > 0);
  sentences.forEach((sentence, s) => {
    if (s > 0) units.push({ kind: 'gap', ms: between(random, SENTENCE_GAP_MS) });
    const question = /[?？]\s*$/.test(sentence);
    const phrases = sentence.split(/[,;:，；]/).filter((p) => p.trim().length > 0);
    const groups = phrases.map((phrase) =>
      phrase
        .trim()
        .split(/\s+/)
        .map((word) => word.match(/[aeiouy]+/gi) ?? ['a']),
    );
    const total = groups.flat(2).length;
    let index = 0;
    groups.forEach((words, p) => {
      if (p > 0) units.push({ kind: 'gap', ms: between(random, PHRASE_GAP_MS) });
      words.forEach((syllables, w) => {
        if (w > 0) units.push({ kind: 'gap', ms: between(random, WORD_GAP_MS) });
        syllables.forEach((group, k) => {
          units.push({
            kind: 'syllable',
            vowel: vowelOf(group),
            ms: 0,
            onset: k > 0 || random() < 0.7,
            position: total > 1 ? index / (total - 1) : 0,
            question,
            accent: 1 + (random() - 0.4) * 0.25,
            gain: 10 ** (((random() - 0.5) * 6) / 20),
          });
          index++;
        });
      });
    });
  });
  const syllables = units.filter((u): u is Syllable => u.kind === 'syllable');
  const gaps = units.reduce((n, u) => n + (u.kind === 'gap' ? u.ms : 0), 0);
  const each = Math.min(SYLLABLE_MS[1], Math.max(SYLLABLE_MS[0], (ms - gaps) / Math.max(1, syllables.length)));
  for (const syllable of syllables) syllable.ms = each * (0.85 + random() * 0.3);
  return units;
}

/** A two-pole resonator (Klatt): unity gain at DC, a peak at `hz` of width `bw`. */
class Resonator {
  private y1 = 0;
  private y2 = 0;
  private a = 0;
  private b = 0;
  private c = 0;

  tune(hz: number, bw: number): void {
    const t = 1 / SAMPLE_RATE;
    this.c = -Math.exp(-2 * Math.PI * bw * t);
    this.b = 2 * Math.exp(-Math.PI * bw * t) * Math.cos(2 * Math.PI * hz * t);
    this.a = 1 - this.b - this.c;
  }

  step(x: number): number {
    const y = this.a * x + this.b * this.y1 + this.c * this.y2;
    this.y2 = this.y1;
    this.y1 = y;
    return y;
  }
}

/** Renders `text` said in about `ms` (shorter when the text is short) at a base pitch. */
function render(text: string, ms: number, pitchHz: number, random: () => number): Int16Array {
  const units = layout(text, ms, random);
  const length = Math.ceil((units.reduce((n, u) => n + u.ms, 0) * SAMPLE_RATE) / 1000);
  const out = new Float64Array(length);
  const formants = [new Resonator(), new Resonator(), new Resonator()];
  const frication = new Resonator();
  frication.tune(2600, 900);
  let current: readonly number[] = VOWELS.a!;
  let phase = 0;
  let tilt = 0;
  let at = 0;
  for (const unit of units) {
    const n = Math.round((unit.ms * SAMPLE_RATE) / 1000);
    if (unit.kind === 'gap') {
      at += n;
      continue;
    }
    const from = current;
    const onset = unit.onset ? Math.round((ONSET_MS * SAMPLE_RATE) / 1000) : 0;
    // The sentence's declination, this syllable's accent, a glide down within it (up at a question's end).
    const rising = unit.question && unit.position > 0.75;
    const f0Start = pitchHz * (1.15 - 0.3 * unit.position) * unit.accent * (rising ? 1.1 : 1);
    const f0End = f0Start * (rising ? 1.3 : 0.88);
    for (let i = 0; i < n && at + i < length; i++) {
      if (i % 40 === 0) {
        // Formants move from the last vowel to this one over its first 50 ms.
        const k = Math.min(1, i / (0.05 * SAMPLE_RATE));
        formants.forEach((r, j) => r.tune(from[j]! + (unit.vowel[j]! - from[j]!) * k, BANDWIDTHS[j]!));
      }
      const u = i / n;
      const envelope =
        Math.min(1, (i - onset) / ((ATTACK_MS * SAMPLE_RATE) / 1000), (n - i) / ((RELEASE_MS * SAMPLE_RATE) / 1000)) * unit.gain;
      let sample = 0;
      if (i < onset) {
        sample = frication.step((random() * 2 - 1) * 0.25);
      } else if (envelope > 0) {
        const f0 = (f0Start + (f0End - f0Start) * u) * (1 + (random() - 0.5) * 0.02);
        phase += f0 / SAMPLE_RATE;
        let pulse = 0;
        if (phase >= 1) {
          phase -= 1;
          pulse = 1;
        }
        // The glottis's spectral tilt (about −6 dB an octave), then the vocal tract.
        tilt = 0.9 * tilt + pulse;
        sample = formants.reduce((x, r) => r.step(x), tilt) * envelope;
      }
      out[at + i] = sample;
    }
    current = unit.vowel;
    at += n;
  }
  // A telephone line passes little below 300 Hz: a gentle high-pass, then the level of a voice.
  let prevIn = 0;
  let prevOut = 0;
  let energy = 0;
  let voiced = 0;
  for (let i = 0; i < length; i++) {
    const y = 0.95 * (prevOut + out[i]! - prevIn);
    prevIn = out[i]!;
    prevOut = y;
    out[i] = y;
    if (y !== 0) {
      energy += y * y;
      voiced++;
    }
  }
  const scale = voiced > 0 ? (10 ** (LEVEL_DBFS / 20) * 32767) / Math.sqrt(energy / voiced) : 0;
  const samples = new Int16Array(length);
  for (let i = 0; i < length; i++) samples[i] = Math.max(-32768, Math.min(32767, Math.round(out[i]! * scale)));
  return samples;
}

/** One line of speech, frame by frame; silence once it has been said. Rendered when first heard. */
export class SpokenLine {
  private rendered: Int16Array | null = null;
  private offset = 0;
  private readonly frame = new Int16Array(FRAME_SAMPLES);

  constructor(private readonly make: () => Int16Array) {}

  get samples(): Int16Array {
    this.rendered ??= this.make();
    return this.rendered;
  }

  get durationMs(): number {
    return Math.round((this.samples.length * 1000) / SAMPLE_RATE);
  }

  nextFrame(): Int16Array {
    const part = this.samples.subarray(this.offset, this.offset + FRAME_SAMPLES);
    this.frame.set(part);
    this.frame.fill(0, part.length);
    this.offset += FRAME_SAMPLES;
    return this.frame;
  }
}

/** One callee's voice (its pitch kept across lines). */
export class SpeechLikeVoice {
  constructor(
    private readonly random: () => number,
    private readonly pitchHz = 100 + random() * 120,
  ) {}

  /** `text` said in about `ms` (by default as long as the simulation takes a line to say). */
  line(text: string, ms = speakingMs(text)): SpokenLine {
    return new SpokenLine(() => render(text, ms, this.pitchHz, this.random));
  }
}
