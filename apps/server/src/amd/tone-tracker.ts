/**
 * Tones on the line, from frame features: runs of tonal frames at a steady frequency become segments, and
 * segments become what they mean —
 * - a **beep**: one steady tone between 800 and 2000 Hz lasting ≥ 200 ms (a voicemail's "record now");
 * - **special information tones** (ITU-T E.180 / Telcordia SIT): 913.8, 1370.6, 1776.7 Hz in that order,
 *   274–380 ms each — the carrier's "this number is not in service" before its announcement;
 * - anything else is call progress and ignored: ringback (China 450 Hz, US 440+480 Hz), busy, dial tone.
 *
 * A tone near SIT's first frequency is held back until we know whether the second follows, so a SIT is
 * never mistaken for a beep. Times are ms on the call's audio clock (the frame's `atMs`).
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
/** Share of a frame's energy in one filter (single tone) or two (dual tone) that makes it tonal. */
export const SINGLE_TONE_SHARE = 0.55;
export const DUAL_TONE_SHARE = 0.75;
const FRAME_MS = 20;

export type ToneEvent = { type: 'beep'; atMs: number; hz: number; ms: number } | { type: 'sit'; atMs: number; hz: number; ms: number };

interface Run {
  startMs: number;
  hz: number;
  frames: number;
  single: boolean;
  beepSent: boolean;
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

export class ToneTracker {
  private run: Run | null = null;
  /** SIT tones seen so far in sequence (0..2). */
  private sit: Segment[] = [];

  /** Feeds one frame; returns the tone events it completes (usually none). */
  push(f: FrameFeatures, atMs: number): ToneEvent[] {
    const events: ToneEvent[] = [];
    const tonal = isTonal(f);
    this.expireSit(atMs, events);
    if (this.run && (!tonal || Math.abs(f.peakHz - this.run.hz) > STEADY_HZ)) {
      this.endRun(atMs, events);
    }
    if (tonal) {
      if (!this.run) this.run = { startMs: atMs, hz: f.peakHz, frames: 0, single: true, beepSent: false };
      this.run.frames++;
      if (f.toneShare < SINGLE_TONE_SHARE) this.run.single = false;
      this.checkBeep(atMs + FRAME_MS, events);
    }
    return events;
  }

  /** A run long enough to be a beep is reported while it lasts (not at its end), unless it may be a SIT. */
  private checkBeep(nowMs: number, events: ToneEvent[]): void {
    const run = this.run!;
    const ms = run.frames * FRAME_MS;
    if (run.beepSent || !run.single || ms < BEEP_MIN_MS) return;
    if (run.hz < BEEP_MIN_HZ || run.hz > BEEP_MAX_HZ) return;
    // A possible SIT tone (the first, or the next of a sequence under way) is a beep only if it outlasts one.
    const sitNext = this.sit.length < SIT_HZ.length && nearSit(run.hz, this.sit.length);
    if ((nearSit(run.hz, 0) || sitNext) && ms <= SIT_MAX_MS) return;
    run.beepSent = true;
    events.push({ type: 'beep', atMs: nowMs, hz: run.hz, ms });
  }

  private endRun(endMs: number, events: ToneEvent[]): void {
    const run = this.run!;
    this.run = null;
    const ms = run.frames * FRAME_MS;
    if (!run.single || ms < SIT_MIN_MS || ms > SIT_MAX_MS) {
      this.sit = [];
      return;
    }
    const next = this.sit.length;
    const last = this.sit.at(-1);
    const inSequence = nearSit(run.hz, next) && (!last || run.startMs - last.endMs <= SIT_MAX_GAP_MS);
    if (!inSequence) {
      this.sit = nearSit(run.hz, 0) ? [{ startMs: run.startMs, endMs, hz: run.hz }] : [];
      if (this.sit.length === 0) this.maybeLateBeep(run, endMs, events);
      return;
    }
    this.sit.push({ startMs: run.startMs, endMs, hz: run.hz });
    // Two tones of the sequence in order are already unmistakable: decide without waiting for the third.
    if (this.sit.length === 2) events.push({ type: 'sit', atMs: endMs, hz: this.sit[0]!.hz, ms: ms });
    if (this.sit.length === 3) this.sit = [];
  }

  /** The SIT sequence did not go on in time: a lone first tone was a beep (914 Hz is in the beep band). */
  private expireSit(atMs: number, events: ToneEvent[]): void {
    const last = this.sit.at(-1);
    if (this.run || !last || atMs - last.endMs <= SIT_MAX_GAP_MS) return;
    if (this.sit.length === 1) {
      events.push({ type: 'beep', atMs, hz: last.hz, ms: last.endMs - last.startMs });
    }
    this.sit = [];
  }

  /** A tone held back as a possible SIT that turned out alone: it was a beep after all. */
  private maybeLateBeep(run: Run, endMs: number, events: ToneEvent[]): void {
    if (!run.beepSent && run.hz >= BEEP_MIN_HZ && run.hz <= BEEP_MAX_HZ && run.frames * FRAME_MS >= BEEP_MIN_MS) {
      events.push({ type: 'beep', atMs: endMs, hz: run.hz, ms: run.frames * FRAME_MS });
    }
  }

  /** True while a tone is sounding (its frames are neither voice nor silence). */
  get sounding(): boolean {
    return this.run !== null;
  }
}
