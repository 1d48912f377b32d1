/**
 * The call-start classifier: fed the callee's 20 ms frames from the first one (early media included), it
 * decides once who answered — a person, an answering machine, a bare beep, a carrier announcement, a fax,
 * nobody (silence) or undecided — and says when and on what evidence.
 *
 * Stages, in the manner of Asterisk's app_amd (thresholds per task, `AmdThresholds`), with what a machine has
 * and a person has not:
 *   early media   → voice before the answer is a carrier speaking (a person cannot): `announcement`;
 *                   ringback of any country (its energy all in 325–512 Hz) is never voice;
 *   any time      → special information tones: `announcement`; the fax answering tone (2100 Hz) or the fax
 *                   calling tone twice (1100 Hz, 3 s apart): `fax`; a beep before any voice: `beep`, after a
 *                   greeting: `machine`; music (notes one after another): `unknown`;
 *   initial       → nothing heard for initialSilenceMs after the answer: `silence`;
 *   greeting      → a person says a few words and waits; a machine's greeting runs on in sentences and
 *                   a beep follows it:
 *                   - a greeting that goes on past a sentence pause and outlasts greetingMs, or outlasts
 *                     RUN_ON_MS in any case, or has maxWords words → `machine`;
 *                   - a greeting shorter than SHORT_GREETING_MS followed by afterGreetingSilenceMs of
 *                     silence → `human`;
 *                   - a longer one followed by that silence may be a short voicemail greeting: we wait up to
 *                     BEEP_WAIT_MS more for its beep (→ `machine`) before deciding `human`;
 *   totalAnalysisMs reached → `unknown` (a wait for a beep runs on to its own bound);
 *   words         → with a recogniser listening (SIP calls: amd-words.ts), the greeting's phrases are asked
 *                   where timing cannot tell: see `provisional`.
 *
 * Voice is a frame louder than an adaptive threshold that is not a tone. The threshold learns the line after
 * the answer too (the callee's room noise or television starts at pickup): the noise floor (the quietest
 * frame of the last second) + 12 dB, the loud end of the recent non-voice frames + 6 dB, never below
 * −45 dBFS; at the answer it starts again from the first 100 ms. A frame that looks tonal counts as a tone only
 * once its run is steady for 100 ms (a band-passed vowel looks tonal for a frame or two); until then it is
 * held back, and if the run does not hold it counts as what its level says.
 *
 * The decision is emitted once ('decision'); the detector keeps listening for a beep afterwards (leaving a
 * message), emitting 'beep'.
 */
import { EventEmitter } from 'node:events';
import { AMD_DEFAULTS, type AmdFeatures, type AmdOutcome, type AmdResult, type AmdThresholds } from '@dialwise/contracts';
import { FrameAnalyzer, type FrameFeatures } from './frame-features.ts';
import { isTonal, ToneTracker, type ToneEvent } from './tone-tracker.ts';
import { REPEAT_FRAMES, REPEAT_MIN_VOICED, RepeatFinder } from './repeat-finder.ts';
import type { GreetingWords, HeardWords } from './amd-words.ts';

const FRAME_MS = 20;
/** Voice is at least this loud, this far above the noise floor, and this far above the loud end of the non-voice frames. */
const VOICE_MIN_DBFS = -45;
const VOICE_ABOVE_FLOOR_DB = 12;
const VOICE_ABOVE_AMBIENT_DB = 6;
/** The noise floor and the ambient level are taken over the last second. */
const LEVEL_WINDOW_FRAMES = 50;
/** After the answer, this many frames are taken as the callee's room before anyone speaks (100 ms). */
const PICKUP_FRAMES = 5;
const PICKUP_MAX_DBFS = -30;
/**
 * Quiet frames this close to a voice frame, after it or before it, are a word's fading end or rising start,
 * not the room: they do not teach the ambient level. (They did: the ambient's loud end rose with them, and
 * with it the threshold 6 dB above, until only the loudest syllables counted as voice — a greeting that began
 * at pickup was decided human.) A quiet frame is learnt once this many quiet frames have followed it.
 */
const EDGE_FRAMES = 5;
const START_FLOOR_DBFS = -70;
/** Early-media voice this long (summed) is a carrier announcement. */
const EARLY_VOICE_MS = 600;
/** In early media, a frame with this share of its energy in the ringback band is call progress. */
const RINGBACK_SHARE = 0.7;
/** A pause this long inside a greeting, with voice after it, is a sentence break. */
/**
 * A person who has said their opener waits: after afterGreetingSilenceMs of silence they do not go on within
 * SENTENCE_RESUME_MS (a second "Hello?" comes later). A machine's greeting goes on after its sentence pause.
 */
export const SENTENCE_RESUME_MS = 1200;
/** A greeting this long is a machine whatever its pauses (no person's opener runs this long without waiting). */
export const RUN_ON_MS = 4000;
/**
 * A long greeting whose words had no machine's phrase is heard out to here (a person's long opener stops
 * before; a machine's runs on), with a recogniser listening; without one RUN_ON_MS decides.
 */
export const LONG_GREETING_CAP_MS = 8000;
/** A greeting shorter than this, then silence: a person. Longer: wait for a beep first. */
export const SHORT_GREETING_MS = 1500;
/** How long after a longer greeting's silence we wait for a beep (or more greeting) before deciding `human`. */
export const BEEP_WAIT_MS = 2000;
/** Voice that starts again after a pause this long may be the greeting played again (a carrier's loop). */
const REPEAT_PAUSE_MS = 400;
/** The fax calling tone CNG: 1100 Hz, 0.5 s, repeated every 3 s; a second one this soon after the first. */
const CNG_HZ = 1100;
const CNG_TOLERANCE_HZ = 40;
const CNG_MS = [350, 750] as const;
const CNG_REPEAT_MS = 4500;

/**
 * The carrier phrases that mark a number dead after the answer. Only these: on the tuning clips the
 * recogniser also "heard" the Mandarin ones (空号, 关机, 查对) in voicemail greetings, and a number marked
 * invalid is never dialled again.
 */
const CARRIER_PHRASES = new Set([
  'not in service',
  'no longer in service',
  'out of service',
  'been disconnected',
  'the number you have dialed',
  'the number you dialed',
  'switched off',
]);

/** Mandarin phrases are written in pinyin with tone digits. */
const isMandarin = (phrase: string) => /[1-5]/.test(phrase);

/**
 * The machine's and carrier's phrases of a short greeting that fit the language it was spoken in. A greeting
 * is in one language, and the grammar (phrases only, English and pinyin) matches every syllable to *some*
 * phrase: a phrase of the other language from everything else heard is one forced onto a syllable the
 * phrases lack ("wei2, ni3 hao3?" → "call you back wei2", "Hello, speaking." → "hello hui2 dian4"), and held
 * the person 2 s for a beep that never came. A phrase heard alone, or beside any phrase of its own language,
 * stands.
 */
function inOneLanguage(heard: HeardWords): { machine: string[]; announcement: string[] } {
  const all = [...heard.machine, ...heard.announcement, ...heard.person];
  const fits = (phrase: string) =>
    all.every((other) => other === phrase) || all.some((other) => other !== phrase && isMandarin(other) === isMandarin(phrase));
  return { machine: heard.machine.filter(fits), announcement: heard.announcement.filter(fits) };
}

export interface AmdDetectorEvents {
  decision: [AmdResult];
  beep: [{ atMs: number; hz: number }];
}

type Stage = 'initial' | 'greeting' | 'decided';
type FrameKind = 'voice' | 'quiet' | 'tone';

interface Held {
  f: FrameFeatures;
  atMs: number;
}

export class AmdDetector extends EventEmitter<AmdDetectorEvents> {
  private stage: Stage = 'initial';
  private result: AmdResult | null = null;
  private readonly analyzer = new FrameAnalyzer();
  private readonly tones = new ToneTracker();
  /** Levels of the last second's non-tone frames (the floor) and non-voice frames (the ambient level). */
  private levels: number[] = [];
  private quietLevels: number[] = [];
  private answered = false;
  private pickupFrames = 0;
  /** Frames since the last voice frame (level decisions only), and quiet frames waiting to be learnt. */
  private sinceVoice = Number.POSITIVE_INFINITY;
  private pendingQuiet: number[] = [];
  /** Tonal-looking frames waiting for their run to hold (→ tone) or not (→ voice or quiet by level). */
  private held: Held[] = [];
  private features: AmdFeatures = {
    initialSilenceMs: 0,
    greetingMs: 0,
    voiceMs: 0,
    words: 0,
    longestWordMs: 0,
    trailingSilenceMs: 0,
    earlyMediaVoiceMs: 0,
    toneHz: null,
    toneMs: null,
    sit: false,
  };
  private greetingStartMs = 0;
  private lastVoiceEndMs = 0;
  /** The voice run in progress (ms) and the silence since the last voice frame (ms). */
  private runMs = 0;
  private gapMs = 0;
  /** Whether the run in progress has been counted as a word. */
  private counted = false;
  private sentences = 0;
  /** The silence before the voice run in progress (ms). */
  private pauseBeforeRunMs = 0;
  private lastVoiceAtMs: number | null = null;
  /** A lone 1100 Hz tone with nothing before it: a beep, or a fax's first calling tone (the second decides). */
  private cng: { atMs: number; hz: number; ms: number } | null = null;
  /** Voice heard since that tone, ms in a row: a word of it (not one frame) means it was a beep with words after. */
  private cngVoiceMs = 0;

  /** The greeting's words, when a recogniser listens (see `provisional`). */
  private words: GreetingWords | null;
  /** How many times the recogniser was asked (at most twice: the greeting's start, then its end). */
  private asks = 0;
  /** A long greeting without a machine's phrase: heard out (to LONG_GREETING_CAP_MS) instead of called a machine. */
  private heldLong = false;
  /** Waiting for the recogniser's answer: the frames are measured, only a tone decides meanwhile. */
  private asking = false;
  /** A short greeting had a machine's words: it waits for a beep like a longer one. */
  private machineWords = false;
  /** What the recogniser heard, once it answered. */
  private heard: HeardWords | null = null;
  /** The end of the last frame pushed, on the media clock. */
  private nowMs = 0;
  /** The greeting's frames, to tell a recording played again (repeat-finder.ts). */
  private readonly repeats = new RepeatFinder();
  /** Where the voice started again after a pause, while telling whether it is the greeting again. */
  private restartFrame: number | null = null;
  /** A person's "Hello?" again, decided once the restart proved no recording played again. */
  private spokeAgain = false;
  /** A carrier's phrase heard (and no machine's): a dead number if no beep follows the greeting, nor a machine's phrase. */
  private carrierWords = false;

  constructor(
    private readonly thresholds: AmdThresholds = { ...AMD_DEFAULTS },
    options: { words?: GreetingWords | null } = {},
  ) {
    super();
    this.words = options.words ?? null;
  }

  /** Stops listening for words (the call ended); the decision, if any, stands. */
  dispose(): void {
    this.words?.close();
    this.words = null;
  }

  get decision(): AmdResult | null {
    return this.result;
  }

  /** The last decision's stage-independent measurements, e.g. for logs. */
  get measured(): Readonly<AmdFeatures> {
    return this.features;
  }

  /** How long the callee has not been heard speaking at `atMs` (leaving a message waits for the greeting to end). */
  silentFor(atMs: number): number {
    return this.lastVoiceAtMs === null ? Number.POSITIVE_INFINITY : atMs - this.lastVoiceAtMs;
  }

  /** One frame: `atMs` is its start, ms since the answer (negative during early media). */
  push(samples: Int16Array, atMs: number): void {
    const f = this.analyzer.push(samples);
    this.nowMs = atMs + FRAME_MS;
    if (atMs >= 0 && !this.answered) this.onAnswer();
    if (atMs >= 0 && this.words) this.words.push(samples);
    // Kept only until the decision: the detector hears the whole call (a beep for the message), and a call's
    // minutes of frames are no greeting.
    if (atMs >= 0 && this.stage !== 'decided') this.repeats.shape(Math.round(atMs / FRAME_MS), f.shape);
    for (const event of this.tones.push(f, atMs)) this.onTone(event);
    // After a greeting, a beep decides as soon as it has sounded 200 ms (a note of music never follows words here).
    const beep = this.tones.beepSounding;
    if (beep && this.stage === 'greeting' && this.features.words > 0) {
      this.features.toneHz = beep.hz;
      this.features.toneMs = beep.ms;
      this.decide('machine', 'beep', atMs + FRAME_MS);
    }
    // The run the held frames belonged to ended (or another began) before it held: they were not a tone.
    if (this.held.length > 0 && this.tones.runFrames <= this.held.length) this.release();
    if (isTonal(f) && !this.tones.sounding) {
      this.held.push({ f, atMs });
      return;
    }
    if (this.tones.sounding) {
      for (const h of this.held) this.frame('tone', h.atMs);
      this.held = [];
      this.frame('tone', atMs);
      return;
    }
    this.frame(this.kindOf(f, atMs), atMs);
  }

  /** Frames held back as a possible tone count as what their level says. */
  private release(): void {
    const out = this.held;
    this.held = [];
    for (const h of out) this.frame(this.kindOf(h.f, h.atMs), h.atMs);
  }

  private kindOf(f: FrameFeatures, atMs: number): FrameKind {
    if (atMs < 0 && f.ringbackShare >= RINGBACK_SHARE) return 'tone';
    return this.kindOfLevel(f.dbfs, atMs);
  }

  private kindOfLevel(dbfs: number, atMs: number): FrameKind {
    // A room is quieter than a voice close to the handset: a loud first frame is someone speaking at once.
    if (atMs >= 0 && this.pickupFrames < PICKUP_FRAMES && dbfs < PICKUP_MAX_DBFS) {
      this.pickupFrames++;
      this.learn(dbfs, true);
      return 'quiet';
    }
    const voiced = dbfs >= this.voiceThreshold();
    this.learn(dbfs, false);
    if (voiced) {
      this.sinceVoice = 0;
      this.pendingQuiet = []; // the start of this word
    } else if (++this.sinceVoice > EDGE_FRAMES) {
      this.pendingQuiet.push(dbfs);
      if (this.pendingQuiet.length > EDGE_FRAMES) this.learnQuiet(this.pendingQuiet.shift()!);
    }
    return voiced ? 'voice' : 'quiet';
  }

  private onAnswer(): void {
    // The callee's side starts now: what the line sounded like while it rang says nothing about their room.
    this.answered = true;
    this.release();
    this.levels = [];
    this.quietLevels = [];
    this.pendingQuiet = [];
    this.sinceVoice = Number.POSITIVE_INFINITY;
  }

  private frame(kind: FrameKind, atMs: number): void {
    const voiced = kind === 'voice';
    if (voiced) this.lastVoiceAtMs = atMs + FRAME_MS;
    if (this.stage === 'decided') return;
    if (atMs >= 0) this.repeats.voice(Math.round(atMs / FRAME_MS), voiced);
    if (atMs < 0) {
      if (voiced) this.features.earlyMediaVoiceMs += FRAME_MS;
      if (this.features.earlyMediaVoiceMs >= EARLY_VOICE_MS) this.decide('announcement', 'early-media-voice', atMs + FRAME_MS);
      return;
    }
    // A lone calling tone that did not come again (or a word after it): it was a beep. One voice frame is not a
    // word: the second calling tone's first frame, cut by the frame's edge, is not tonal enough to be held as a
    // tone, and counted as voice it decided every CNG fax a beep just as its second tone began.
    if (this.cng) {
      this.cngVoiceMs = voiced ? this.cngVoiceMs + FRAME_MS : 0;
      if (this.cngVoiceMs >= this.thresholds.minWordMs || atMs - this.cng.atMs >= CNG_REPEAT_MS)
        return this.decide('beep', 'beep', atMs + FRAME_MS);
      // Until then nothing else decides (not the total analysis time either): the tone, a word or the wait will.
      return;
    }
    this.onFrame(voiced, atMs);
  }

  private onFrame(voiced: boolean, atMs: number): void {
    const t = this.thresholds;
    const endMs = atMs + FRAME_MS;
    if (this.stage === 'initial') {
      if (!voiced) {
        this.features.initialSilenceMs = endMs;
        if (endMs >= t.initialSilenceMs) this.decide('silence', 'initial-silence', endMs);
        else if (endMs >= t.totalAnalysisMs) this.decide('unknown', 'total-time', endMs);
        return;
      }
      this.stage = 'greeting';
      this.greetingStartMs = atMs;
      this.runMs = 0;
      this.gapMs = 0;
      this.counted = false;
    }
    if (voiced) {
      if (this.gapMs >= t.betweenWordsSilenceMs) this.pauseBeforeRunMs = this.gapMs;
      if (this.gapMs >= t.afterGreetingSilenceMs && this.gapMs <= SENTENCE_RESUME_MS && this.features.words > 0) this.sentences++;
      if (this.gapMs >= REPEAT_PAUSE_MS && this.restartFrame === null) this.mayBeRepeat(atMs);
      // Silence shorter than a word gap does not split a word: it joins the run.
      if (this.gapMs > 0 && this.gapMs < t.betweenWordsSilenceMs) this.runMs += this.gapMs;
      this.gapMs = 0;
      this.runMs += FRAME_MS;
      this.features.voiceMs += FRAME_MS;
      this.lastVoiceEndMs = endMs;
      if (!this.counted && this.runMs >= t.minWordMs) {
        this.counted = true;
        // A person who said their opener and waited says a word again ("Hello?", "喂？"): a machine's greeting
        // neither stops this long nor goes on after such a wait (it beeps, or its line stays quiet). This
        // outweighs a machine's phrase misheard on the opener, which held the call for a beep that never came
        // while the second "Hello?" ran the greeting on to RUN_ON_MS. A word, not a frame: a beep's first
        // frame, cut by the frame's edge, is loud and not yet a tone.
        if (this.features.words > 0 && this.pauseBeforeRunMs > SENTENCE_RESUME_MS) {
          // Unless the greeting is playing again (a carrier's recording loops after such a pause): told within a second.
          if (this.restartFrame === null) return this.decide('human', 'spoke-again', endMs);
          this.spokeAgain = true;
        } else this.features.words++;
      }
      this.features.longestWordMs = Math.max(this.features.longestWordMs, this.runMs);
    } else {
      this.gapMs += FRAME_MS;
      if (this.gapMs >= t.betweenWordsSilenceMs) {
        this.runMs = 0;
        this.counted = false;
      }
    }
    const f = this.features;
    f.greetingMs = this.lastVoiceEndMs - this.greetingStartMs;
    f.trailingSilenceMs = endMs - this.lastVoiceEndMs;
    // Voice after such a wait: whether it is a word (the person again) is known within minWordMs; until then
    // it does not run the greeting on, nor does a frame lost inside it (a silent frame shorter than a word gap).
    if (this.runMs > 0 && !this.counted && f.words > 0 && this.pauseBeforeRunMs > SENTENCE_RESUME_MS) return;
    // While the voice that started again may be the greeting played again, only that (or a tone) decides.
    if (this.restartFrame !== null) {
      const repeated = this.repeated(atMs);
      if (repeated === null) return;
      if (repeated) return this.decide('announcement', 'repeated-recording', endMs);
      if (this.spokeAgain) return this.decide('human', 'spoke-again', endMs);
    }
    // The recogniser's answer decides next (a beep or another tone still decides at once).
    if (this.asking) return;
    if (f.greetingMs >= (this.heldLong ? LONG_GREETING_CAP_MS : RUN_ON_MS)) return this.provisional('machine', 'long-greeting', endMs);
    if (f.greetingMs >= t.greetingMs && this.sentences > 0 && voiced) return this.provisional('machine', 'sentences', endMs);
    if (f.words >= t.maxWords && f.greetingMs >= t.greetingMs) return this.provisional('machine', 'max-words', endMs);
    if (f.trailingSilenceMs >= t.afterGreetingSilenceMs) {
      // A click or a breath shorter than a word is not a greeting: keep waiting for one.
      if (f.words === 0) {
        this.stage = 'initial';
      } else if (f.greetingMs < SHORT_GREETING_MS && !this.machineWords && !this.carrierWords) {
        return this.provisional('human', 'short-greeting', endMs);
      } else if (!this.machineWords && !this.carrierWords && this.mayAsk()) {
        // A longer greeting: without a machine's words it is a person's opener, decided now, not after the wait.
        return this.provisional('human', 'no-machine-words', endMs);
      } else if (f.trailingSilenceMs >= t.afterGreetingSilenceMs + BEEP_WAIT_MS) {
        // No beep, no replay, no sentence after it: a person waiting, whatever phrase was heard. The grammar has
        // phrases only and matches every stretch of speech to *some* phrase, and on slow long openers it forces a
        // machine's phrase ("at the tone", "leave your name") or a carrier's ("no longer in service") onto the
        // end often: decided on those, 12 of 50 slow English long openers were called machines and 2 had their
        // number marked invalid. A machine's or a carrier's words make us wait for the beep or the replay here;
        // they decide nothing by themselves (the measured cost, voicemail greetings without a beep put through,
        // is in docs/amd.md).
        return this.decide('human', 'no-beep', endMs);
      }
    }
    if (endMs >= t.totalAnalysisMs) {
      // Waiting for a beep after a greeting: that wait is bounded by itself (BEEP_WAIT_MS), the analysis time
      // does not cut it (it did, and short voicemail greetings whose beep came 1.9 s later were put through).
      if (f.words > 0 && f.trailingSilenceMs >= t.afterGreetingSilenceMs) return;
      // A long greeting without a machine's words is heard out to its cap.
      if (this.heldLong) return;
      // Still talking at the end of the analysis, 3 s into a greeting: no person's opener, a machine's greeting.
      if (f.greetingMs >= RUN_ON_MS - 1000) this.provisional('machine', 'long-greeting', endMs);
      else this.decide('unknown', 'total-time', endMs);
    }
  }

  /** Voice again after a pause: if the greeting so far was mostly voice for a second, it may be playing again. */
  private mayBeRepeat(atMs: number): void {
    const greeting = Math.round(this.greetingStartMs / FRAME_MS);
    const now = Math.round(atMs / FRAME_MS);
    if (now - greeting >= REPEAT_FRAMES && this.repeats.voicedShare(greeting) >= REPEAT_MIN_VOICED) this.restartFrame = now;
  }

  /** Whether the voice that started again is the greeting again: null while it cannot be told yet. */
  private repeated(atMs: number): boolean | null {
    const repeated = this.repeats.repeats(Math.round(this.greetingStartMs / FRAME_MS), this.restartFrame!, Math.round(atMs / FRAME_MS));
    if (repeated !== null) this.restartFrame = null;
    return repeated;
  }

  private onTone(event: ToneEvent): void {
    if (event.type === 'beep') this.emit('beep', { atMs: event.atMs, hz: event.hz });
    if (this.stage === 'decided') return;
    // SIT means a dead number whenever it plays; any other tone during early media is call progress of some
    // network (after the answer it is the callee's).
    if (event.atMs < 0 && event.type !== 'sit') return;
    this.features.toneHz = event.hz;
    this.features.toneMs = event.ms;
    switch (event.type) {
      case 'sit':
        this.features.sit = true;
        return this.decide('announcement', 'sit', event.atMs);
      case 'fax':
        return this.decide('fax', 'fax-answer-tone', event.atMs);
      case 'music':
        // Notes amid a greeting's words are a voice's long vowels (a slow, high voice through the band-pass), not
        // hold music answering: the greeting's own rules go on deciding.
        if (this.features.words > 0) return;
        return this.decide('unknown', 'music', event.atMs);
      case 'beep':
        if (this.stage === 'greeting' && this.features.words > 0) return this.decide('machine', 'beep', event.atMs);
        if (this.cng) return this.decide(this.isCng(event) ? 'fax' : 'beep', this.isCng(event) ? 'fax-calling-tone' : 'beep', event.atMs);
        if (this.isCng(event)) {
          this.cng = event;
          return;
        }
        return this.decide('beep', 'beep', event.atMs);
    }
  }

  private isCng(event: { hz: number; ms: number }): boolean {
    return Math.abs(event.hz - CNG_HZ) <= CNG_TOLERANCE_HZ && event.ms >= CNG_MS[0] && event.ms <= CNG_MS[1];
  }

  /**
   * A decision the timing alone would make, put to the greeting's words first when a recogniser listens (at
   * most twice: `mayAsk`):
   * - a greeting then silence (a person, by timing): with a machine's phrase ("leave a message", "留言") it
   *   waits for its beep like a longer greeting (a beep makes it a machine, none a person: a phrase misheard
   *   on a person's opener costs the wait, never the call); without one it is a person now, also when it was
   *   longer than SHORT_GREETING_MS (which without words waits for a beep first);
   * - a greeting running on to RUN_ON_MS (a machine, by timing): a carrier's phrase ("the number you dialed")
   *   makes it an announcement, a machine's phrase a machine; with neither it is heard out to
   *   LONG_GREETING_CAP_MS and asked again when it stops (a machine's phrase then decides `machine`, else the
   *   wait for the beep) — a person's long opener stops, a machine's greeting runs on;
   * - after a sentence pause or too many words: a machine, an announcement on a carrier's phrase.
   * Without a recogniser, or when it fails, the timing decides.
   */
  private provisional(outcome: AmdOutcome, reason: string, atMs: number): void {
    const words = this.words;
    if (!words || !this.mayAsk() || (outcome === 'machine' && this.heldLong)) return this.decideOnWords(outcome, reason, atMs);
    this.asks++;
    this.asking = true;
    const askedAtMs = atMs;
    words.heard().then(
      (heard) => this.onWords(outcome, reason, heard, askedAtMs),
      () => {
        this.asking = false;
        this.words = null;
        if (this.stage !== 'decided') this.decide(outcome, reason, this.nowMs);
      },
    );
  }

  /** The recogniser is asked at the greeting's first decision point, and again at the end of a long one held. */
  private mayAsk(): boolean {
    return this.words !== null && (this.asks === 0 || (this.asks === 1 && this.heldLong));
  }

  private onWords(outcome: AmdOutcome, reason: string, heard: HeardWords, askedAtMs: number): void {
    this.asking = false;
    this.heard = this.heard
      ? {
          text: `${this.heard.text} ${heard.text}`,
          machine: [...this.heard.machine, ...heard.machine],
          announcement: [...this.heard.announcement, ...heard.announcement],
          person: [...this.heard.person, ...heard.person],
        }
      : heard;
    if (this.stage === 'decided') return;
    if (outcome === 'human') {
      const { machine, announcement } = this.heldLong ? heard : inOneLanguage(heard);
      if (machine.length > 0) {
        // At the end of a long greeting held this far, a machine's phrase makes it a machine after the wait for
        // its beep (which may never come): a person whose opener was misheard says a word again within it
        // ('spoke-again'); decided at once, such openers were called machines.
        this.machineWords = true;
        return;
      }
      // A carrier's phrase (any language) on a greeting that stopped: a dead number's recording plays again
      // after its pause, a voicemail's beeps; a person misheard waits this long, and is a person if neither comes.
      if (announcement.length > 0 && !this.heldLong) {
        this.carrierWords = true;
        return;
      }
      // A long greeting that stopped without a machine's phrase: its beep may still come (or more greeting).
      if (this.heldLong) return;
      // The greeting went on while the recogniser answered: the timing rules go on deciding.
      if (this.lastVoiceEndMs > askedAtMs) return;
      return this.decide('human', reason, this.nowMs);
    }
    // A long greeting is heard out, a machine's phrase or not: asked mid-sentence at 4 s the recogniser mostly
    // hears nothing, or misheard phrases on slow voices and Mandarin ("call you back" in "wei2, ni3 hao3, wo3
    // shi4 …": people's long openers called machines). A machine's greeting still shows itself: it runs on past
    // LONG_GREETING_CAP_MS or in sentences, a beep follows it, or its phrases are heard when it stops.
    // A carrier's phrase beside a machine's is no carrier's recording either (a misheard "no longer in service"
    // with "get back to you" called a slow long opener a machine at 4 s): heard out the same way.
    if (reason === 'long-greeting' && (!this.carrierHeard() || (this.heard?.machine.length ?? 0) > 0)) {
      this.heldLong = true;
      return;
    }
    this.decideOnWords(outcome, reason, this.nowMs);
  }

  private carrierHeard(): boolean {
    return this.heard?.announcement.some((phrase) => CARRIER_PHRASES.has(phrase)) ?? false;
  }

  /**
   * A machine by timing whose greeting had a carrier's phrase and no machine's is heard out: a carrier's
   * recording if no beep follows it and no machine's phrase is heard at its end (voicemail greetings had
   * carrier phrases misheard on them, and a number marked invalid is never dialled again).
   */
  private decideOnWords(outcome: AmdOutcome, reason: string, atMs: number): void {
    if (outcome === 'machine' && !this.carrierWords && this.carrierHeard() && this.heard?.machine.length === 0) {
      this.carrierWords = true;
      this.heldLong = true;
      return;
    }
    this.decide(outcome, reason, atMs);
  }

  private decide(outcome: AmdOutcome, reason: string, atMs: number): void {
    this.stage = 'decided';
    const heard = this.heard;
    const features = { ...this.features, ...(heard ? { phrases: [...heard.machine, ...heard.announcement] } : {}) };
    this.result = { outcome, reason, decisionMs: Math.round(atMs), features };
    this.words?.close();
    this.words = null;
    this.emit('decision', this.result);
  }

  private learn(dbfs: number, quiet: boolean): void {
    this.levels.push(dbfs);
    if (this.levels.length > LEVEL_WINDOW_FRAMES) this.levels.shift();
    if (quiet) this.learnQuiet(dbfs);
  }

  private learnQuiet(dbfs: number): void {
    this.quietLevels.push(dbfs);
    if (this.quietLevels.length > LEVEL_WINDOW_FRAMES) this.quietLevels.shift();
  }

  private voiceThreshold(): number {
    let floor = START_FLOOR_DBFS;
    if (this.levels.length >= PICKUP_FRAMES) {
      const lowest = Math.min(...this.levels);
      // A floor is the quiet under a voice: frames all within VOICE_ABOVE_FLOOR_DB of each other may be one
      // voice from the first frame (a greeting that starts at pickup, a carrier speaking as early media
      // opens). Taken as the floor, it put the voice under its own threshold, the ambient level then learned
      // the voice as "quiet" and held it there: a greeting played at once was never heard (decided human).
      // Steady noise is learned once it has filled the window (1 s), or sooner as the ambient level.
      const spread = Math.max(...this.levels) - lowest;
      if (spread >= VOICE_ABOVE_FLOOR_DB || this.levels.length >= LEVEL_WINDOW_FRAMES) floor = Math.max(START_FLOOR_DBFS, lowest);
    }
    let ambient = Number.NEGATIVE_INFINITY;
    if (this.quietLevels.length >= PICKUP_FRAMES) {
      const sorted = [...this.quietLevels].sort((a, b) => a - b);
      ambient = sorted[Math.floor(sorted.length * 0.9)]!;
    }
    return Math.max(VOICE_MIN_DBFS, floor + VOICE_ABOVE_FLOOR_DB, ambient + VOICE_ABOVE_AMBIENT_DB);
  }
}
