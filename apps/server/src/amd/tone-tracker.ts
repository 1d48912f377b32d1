/**
 * Tones on the line, from frame features: runs of tonal frames at a steady frequency and a steady level
 * become segments, and segments become what they mean —
 * - a **beep**: one steady tone between 800 and 2000 Hz lasting ≥ 200 ms, *followed by quiet* (a voicemail's
 *   "record now"); a note followed at once by another tone is music, not a beep;
 * - **special information tones** (ITU-T E.180 / Telcordia SIT): 913.8, 1370.6, 1776.7 Hz in that order,
 *   274–380 ms each — the carrier's "this number is not in service" before its announcement;
 * - **fax**: the answering tone CED, 2100 Hz, ≥ 500 ms (reported while it sounds); the calling tone CNG
 *   (1100 Hz, 0.5 s every 3 s) is a beep here, and the detector tells it by its repetition;
 * - **music**: four or more notes (steady tones ≥ 140 ms) of at least two pitches, each following the last
 *   within 150 ms; a tone that follows a note so closely is never a beep;
 * - anything else is call progress and ignored: ringback, busy, dial tone.
 *
 * A run counts as a tone (`sounding`) only once it has lasted `CONFIRM_FRAMES` frames at a steady frequency
 * and level: a band-passed vowel often puts most of a 20 ms frame's energy into one harmonic, but its pitch
 * and level move within a few frames. Times are ms on the call's audio clock (the frame's `atMs`).
 */
import type { FrameFeatures } from './frame-features.ts';

export const BEEP_MIN_HZ = 800;
export const BEEP_MAX_HZ = 2000;
export const BEEP_MIN_MS = 200;
export const SIT_HZ = [913.8, 1370.6, 1776.7] as const;
/** The three SIT tones may each be 274 or 380 ms; we accept 200–450 ms, a gap up to 60 ms between them. */
const SIT_MIN_MS = 200;
const SIT_MAX_MS = 450;
const SIT_MAX_GAP_MS = 60;
/** How close (Hz) a filter peak must be to a SIT frequency, and how much a run may wander. */
const SIT_TOLERANCE_HZ = 30;
const STEADY_HZ = 40;
/** A tone's level hardly moves from frame to frame (a vowel's does). */
const STEADY_DB = 3;
/** Share of a frame's energy in one filter (single tone) or two (dual tone) that makes it tonal. */
export const SINGLE_TONE_SHARE = 0.55;
export const DUAL_TONE_SHARE = 0.75;
/** Frames a steady run needs before it counts as a tone (100 ms). */
export const CONFIRM_FRAMES = 5;
/** After a beep-like tone ends, this much quiet makes it a beep (another tone sooner: music or SIT). */
const BEEP_QUIET_MS = 100;
export const FAX_CED_HZ = 2100;
const FAX_CED_MS = 500;
const FAX_TOLERANCE_HZ = 40;
/** Music: notes this long at least, each starting within this gap of the last one's end, this many of them. */
const NOTE_MIN_MS = 140;
const NOTE_MAX_GAP_MS = 150;
const MUSIC_NOTES = 4;
const FRAME_MS = 20;

export type ToneEvent =
  | { type: 'beep'; atMs: number; hz: number; ms: number }
  | { type: 'sit'; atMs: number; hz: number; ms: number }
  | { type: 'fax'; atMs: number; hz: number; ms: number }
  | { type: 'music'; atMs: number; hz: number; ms: number };

interface Run {
  startMs: number;
  hz: number;
  /** The other half of a dual tone (its second filter), Hz. */
  hz2: number;
  frames: number;
  single: boolean;
  lastDb: number;
  faxSent: boolean;
}

interface Segment {
  startMs: number;
  endMs: number;
  hz: number;
}

export function isTonal(f: FrameFeatures): boolean {
  return f.toneShare >= SINGLE_TONE_SHARE || f.dualShare >= DUAL_TONE_SHARE;
}

const nearSit = (hz: number, index: number) => Math.abs(hz - SIT_HZ[index]!) <= SIT_TOLERANCE_HZ;

/**
 * Whether a frame goes on the run's tone: its strongest filter at the run's frequency, or — a dual tone whose
 * halves are about as strong, so the strongest flips from frame to frame — at the run's other half with the
 * second strongest at the run's frequency. (Judged on the strongest alone, two-note chords of hold music
 * never held as a tone: their frames were released as voice, a "word", and the music decided human.)
 */
function sameTone(f: FrameFeatures, run: Run): boolean {
  if (Math.abs(f.peakHz - run.hz) <= STEADY_HZ) return true;
  return (
    !run.single && f.dualShare >= DUAL_TONE_SHARE && Math.abs(f.peakHz - run.hz2) <= STEADY_HZ && Math.abs(f.secondHz - run.hz) <= STEADY_HZ
  );
}

export class ToneTracker {
  private run: Run | null = null;
  /** SIT tones seen so far in sequence (0..2). */
  private sit: Segment[] = [];
  /** A beep-like tone that ended, waiting for quiet to confirm it. */
  private beep: (Segment & { ms: number }) | null = null;
  /** Recent notes (steady tones ≥ NOTE_MIN_MS), for music. */
  private notes: Segment[] = [];
  private musicSent = false;

  /** Feeds one frame; returns the tone events it completes (usually none). */
  push(f: FrameFeatures, atMs: number): ToneEvent[] {
    const events: ToneEvent[] = [];
    const tonal = isTonal(f);
    const run = this.run;
    if (run) {
      const steady = tonal && sameTone(f, run) && (run.frames < 2 || Math.abs(f.dbfs - run.lastDb) <= STEADY_DB);
      // A tonal frame at the same pitch that is not steady is the tone's own edge (the frame it stops in), not
      // another tone after it: only a different pitch at once makes a note of music rather than a beep.
      if (!steady) this.endRun(atMs, tonal && !sameTone(f, run), events);
    }
    this.expire(atMs, events);
    if (tonal) {
      if (!this.run) this.run = { startMs: atMs, hz: f.peakHz, hz2: f.secondHz, frames: 0, single: true, lastDb: f.dbfs, faxSent: false };
      const current = this.run;
      current.frames++;
      current.lastDb = f.dbfs;
      if (f.toneShare < SINGLE_TONE_SHARE) current.single = false;
      const ms = current.frames * FRAME_MS;
      if (!current.faxSent && Math.abs(current.hz - FAX_CED_HZ) <= FAX_TOLERANCE_HZ && ms >= FAX_CED_MS) {
        current.faxSent = true;
        events.push({ type: 'fax', atMs: atMs + FRAME_MS, hz: current.hz, ms });
      }
    }
    return events;
  }

  /** Frames of the run in progress (0: none). */
  get runFrames(): number {
    return this.run?.frames ?? 0;
  }

  /** The run in progress as a beep so far (one steady tone in the beep band for ≥ 200 ms), or null. */
  get beepSounding(): { hz: number; ms: number } | null {
    const run = this.run;
    if (!run || !run.single || run.hz < BEEP_MIN_HZ || run.hz > BEEP_MAX_HZ || run.frames * FRAME_MS < BEEP_MIN_MS) return null;
    if (this.followsNote(run)) return null;
    return { hz: run.hz, ms: run.frames * FRAME_MS };
  }

  /**
   * A tone that starts right after a note is the melody's next note, not a beep: a radio or music behind a
   * person who has spoken made its high notes "beeps after a greeting" and the person a machine.
   */
  private followsNote(run: Run): boolean {
    const last = this.notes.at(-1);
    return last !== undefined && last.startMs !== run.startMs && run.startMs - last.endMs <= NOTE_MAX_GAP_MS;
  }

  /** True while a confirmed tone is sounding (its frames are neither voice nor silence). */
  get sounding(): boolean {
    return (this.run?.frames ?? 0) >= CONFIRM_FRAMES;
  }

  private endRun(endMs: number, nextTonal: boolean, events: ToneEvent[]): void {
    const run = this.run!;
    this.run = null;
    const ms = run.frames * FRAME_MS;
    const segment = { startMs: run.startMs, endMs, hz: run.hz };
    const inMelody = this.followsNote(run);
    // Another tone right after this one: a pending beep was a note.
    if (this.beep && run.startMs - this.beep.endMs < BEEP_QUIET_MS && run.frames >= CONFIRM_FRAMES) this.beep = null;
    if (ms >= NOTE_MIN_MS) this.note(segment, events);
    const ofSit = this.sitStep(run, segment, events);
    const beepLike = run.single && ms >= BEEP_MIN_MS && run.hz >= BEEP_MIN_HZ && run.hz <= BEEP_MAX_HZ;
    // A note followed at once by another tone (music), or a tone of a SIT sequence under way, is no beep.
    if (beepLike && !(nextTonal && ms < 1000) && !ofSit && !inMelody) this.beep = { ...segment, ms };
  }

  /** Follows the SIT sequence; true when the segment is its second or third tone. */
  private sitStep(run: Run, segment: Segment, events: ToneEvent[]): boolean {
    const ms = run.frames * FRAME_MS;
    if (!run.single || ms < SIT_MIN_MS || ms > SIT_MAX_MS) {
      this.sit = [];
      return false;
    }
    const next = this.sit.length;
    const last = this.sit.at(-1);
    const inSequence = nearSit(run.hz, next) && (!last || run.startMs - last.endMs <= SIT_MAX_GAP_MS);
    if (!inSequence) {
      this.sit = nearSit(run.hz, 0) ? [segment] : [];
      return false;
    }
    this.sit.push(segment);
    // Two tones of the sequence in order are already unmistakable: decide without waiting for the third.
    if (this.sit.length === 2) {
      this.beep = null;
      events.push({ type: 'sit', atMs: segment.endMs, hz: this.sit[0]!.hz, ms });
    }
    if (this.sit.length === 3) this.sit = [];
    return next > 0;
  }

  private note(segment: Segment, events: ToneEvent[]): void {
    const last = this.notes.at(-1);
    if (last && segment.startMs - last.endMs > NOTE_MAX_GAP_MS) this.notes = [];
    this.notes.push(segment);
    const pitches = new Set(this.notes.map((n) => Math.round(n.hz / 50)));
    if (!this.musicSent && this.notes.length >= MUSIC_NOTES && pitches.size >= 2) {
      this.musicSent = true;
      this.beep = null;
      events.push({ type: 'music', atMs: segment.endMs, hz: segment.hz, ms: segment.endMs - this.notes[0]!.startMs });
    }
  }

  /** A beep-like tone followed by enough quiet is a beep; a SIT sequence that did not go on is forgotten. */
  private expire(atMs: number, events: ToneEvent[]): void {
    const last = this.sit.at(-1);
    if (last && !this.run && atMs - last.endMs > SIT_MAX_GAP_MS) this.sit = [];
    if (this.beep && !this.run && atMs - this.beep.endMs >= BEEP_QUIET_MS) {
      events.push({ type: 'beep', atMs, hz: this.beep.hz, ms: this.beep.ms });
      this.beep = null;
    }
  }
}
