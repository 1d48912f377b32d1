/**
 * The call-start classifier: fed the callee's 20 ms frames from the first one (early media included), it
 * decides once who answered — a person, an answering machine, a bare beep, a carrier announcement, nobody
 * (silence) or undecided — and says when and on what evidence.
 *
 * Stages, in the manner of Asterisk's app_amd (thresholds per task, `AmdThresholds`):
 *   early media   → voice before the answer is a carrier speaking (a person cannot): `announcement`;
 *   any time      → special information tones: `announcement`; a beep before any voice: `beep`, after a
 *                   greeting: `machine`; ringback and other call-progress tones are neither voice nor beep;
 *   initial       → nothing heard for initialSilenceMs after the answer: `silence`;
 *   greeting      → words (voice bursts ≥ minWordMs, apart by ≥ betweenWordsSilenceMs) are counted:
 *                   the greeting outlasting greetingMs, or maxWords words, is a `machine`; a greeting
 *                   followed by afterGreetingSilenceMs of silence is a `human` (people say "Hello?" and wait);
 *   totalAnalysisMs reached → `unknown`.
 *
 * Voice is a frame louder than an adaptive threshold (the line's noise floor + 12 dB, never below −45 dBFS)
 * that is not a tone. The decision is emitted once ('decision'); the detector can keep listening for a
 * beep afterwards (leaving a message), emitting 'beep'.
 */
import { EventEmitter } from 'node:events';
import { AMD_DEFAULTS, type AmdFeatures, type AmdOutcome, type AmdResult, type AmdThresholds } from '@dialwise/contracts';
import { frameFeatures } from './frame-features.ts';
import { isTonal, ToneTracker, type ToneEvent } from './tone-tracker.ts';

const FRAME_MS = 20;
/** Voice is at least this loud, and this far above the noise floor. */
const VOICE_MIN_DBFS = -45;
const VOICE_ABOVE_FLOOR_DB = 12;
/** The noise floor is the quietest frame of the last 2 s (tones excluded), starting from a quiet line. */
const FLOOR_WINDOW_FRAMES = 100;
const START_FLOOR_DBFS = -70;
/** Early-media voice this long (summed) is a carrier announcement. */
const EARLY_VOICE_MS = 600;

export interface AmdDetectorEvents {
  decision: [AmdResult];
  beep: [{ atMs: number; hz: number }];
}

type Stage = 'initial' | 'greeting' | 'decided';

export class AmdDetector extends EventEmitter<AmdDetectorEvents> {
  private stage: Stage = 'initial';
  private result: AmdResult | null = null;
  private readonly tones = new ToneTracker();
  private readonly floor: number[] = [];
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
  private lastVoiceAtMs: number | null = null;

  constructor(private readonly thresholds: AmdThresholds = { ...AMD_DEFAULTS }) {
    super();
  }

  get decision(): AmdResult | null {
    return this.result;
  }

  /** The last decision's stage-independent measurements, e.g. for logs. */
  get measured(): Readonly<AmdFeatures> {
    return this.features;
  }

  /** Whether the callee was heard speaking in the last `ms` (leaving a message waits for the greeting to end). */
  silentFor(atMs: number): number {
    return this.lastVoiceAtMs === null ? Number.POSITIVE_INFINITY : atMs - this.lastVoiceAtMs;
  }

  /** One frame: `atMs` is its start, ms since the answer (negative during early media). */
  push(samples: Int16Array, atMs: number): void {
    const f = frameFeatures(samples);
    for (const event of this.tones.push(f, atMs)) this.onTone(event);
    const tonal = isTonal(f) || this.tones.sounding;
    if (!tonal) this.trackFloor(f.dbfs);
    const voiced = !tonal && f.dbfs >= Math.max(VOICE_MIN_DBFS, this.noiseFloor() + VOICE_ABOVE_FLOOR_DB);
    if (voiced) this.lastVoiceAtMs = atMs + FRAME_MS;
    if (this.stage === 'decided') return;
    if (atMs < 0) {
      if (voiced) this.features.earlyMediaVoiceMs += FRAME_MS;
      if (this.features.earlyMediaVoiceMs >= EARLY_VOICE_MS) this.decide('announcement', 'early-media-voice', atMs + FRAME_MS);
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
      // Silence shorter than a word gap does not split a word: it joins the run.
      if (this.gapMs > 0 && this.gapMs < t.betweenWordsSilenceMs) this.runMs += this.gapMs;
      this.gapMs = 0;
      this.runMs += FRAME_MS;
      this.features.voiceMs += FRAME_MS;
      this.lastVoiceEndMs = endMs;
      if (!this.counted && this.runMs >= t.minWordMs) {
        this.counted = true;
        this.features.words++;
      }
      this.features.longestWordMs = Math.max(this.features.longestWordMs, this.runMs);
    } else {
      this.gapMs += FRAME_MS;
      if (this.gapMs >= t.betweenWordsSilenceMs) {
        this.runMs = 0;
        this.counted = false;
      }
    }
    this.features.greetingMs = this.lastVoiceEndMs - this.greetingStartMs;
    this.features.trailingSilenceMs = endMs - this.lastVoiceEndMs;
    if (this.features.greetingMs >= t.greetingMs) return this.decide('machine', 'long-greeting', endMs);
    if (this.features.words >= t.maxWords) return this.decide('machine', 'max-words', endMs);
    if (this.features.trailingSilenceMs >= t.afterGreetingSilenceMs) {
      // A click or a breath shorter than a word is not a greeting: keep waiting for one.
      if (this.features.words > 0) return this.decide('human', 'short-greeting', endMs);
      this.stage = 'initial';
    }
    if (endMs >= t.totalAnalysisMs) this.decide('unknown', 'total-time', endMs);
  }

  private onTone(event: ToneEvent): void {
    if (event.type === 'beep') this.emit('beep', { atMs: event.atMs, hz: event.hz });
    if (this.stage === 'decided') return;
    this.features.toneHz = event.hz;
    this.features.toneMs = event.ms;
    if (event.type === 'sit') {
      this.features.sit = true;
      this.decide('announcement', 'sit', event.atMs);
    } else if (event.atMs >= 0) {
      // A beep during early media is call progress of some network; after the answer it is a recorder.
      if (this.stage === 'greeting' && this.features.words > 0) this.decide('machine', 'beep', event.atMs);
      else this.decide('beep', 'beep', event.atMs);
    }
  }

  private decide(outcome: AmdOutcome, reason: string, atMs: number): void {
    this.stage = 'decided';
    this.result = { outcome, reason, decisionMs: Math.round(atMs), features: { ...this.features } };
    this.emit('decision', this.result);
  }

  private trackFloor(dbfs: number): void {
    this.floor.push(dbfs);
    if (this.floor.length > FLOOR_WINDOW_FRAMES) this.floor.shift();
  }

  private noiseFloor(): number {
    if (this.floor.length < 5) return START_FLOOR_DBFS;
    let min = Number.POSITIVE_INFINITY;
    for (const v of this.floor) if (v < min) min = v;
    return Math.max(START_FLOOR_DBFS, min);
  }
}
