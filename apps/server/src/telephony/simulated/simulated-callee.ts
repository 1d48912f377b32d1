/**
 * The people the simulated trunk calls: what happens when their phone rings (a plan drawn from a
 * seeded random mix), what they say once they pick up, and a synthetic voice for their side of the
 * recording. Everything here is deterministic for a given seed.
 */
import { FRAME_SAMPLES, SAMPLE_RATE } from '../../audio/pcm.ts';

/** The outcomes a simulated callee can produce (`canceled` is ours to cause, not theirs). */
export const SIMULATED_OUTCOMES = [
  'answered',
  'no_answer',
  'busy',
  'invalid_number',
  'rejected',
  'failed',
  'backpressure',
  'timeout',
] as const;
export type SimulatedOutcome = (typeof SIMULATED_OUTCOMES)[number];

/** Relative weights of the outcomes; they need not sum to 1. */
export type OutcomeMix = Record<SimulatedOutcome, number>;

/**
 * Roughly what an outbound campaign to consumer numbers sees: about half pick up, a fifth let it ring,
 * some are busy or decline, a few numbers are dead. The carrier's back-pressure is not drawn: it comes from
 * load, past the line's capacity (SimulatedTrunk); a drawn share made the dialer slow down on an idle line.
 */
export const DEFAULT_OUTCOME_MIX: OutcomeMix = {
  answered: 0.55,
  no_answer: 0.18,
  busy: 0.08,
  invalid_number: 0.05,
  rejected: 0.05,
  failed: 0.03,
  backpressure: 0,
  timeout: 0,
};

/** How the callee behaves when they pick up; `voicemail`: an answering machine picks up (greeting, beep, records). */
export type Persona = 'interested' | 'not_interested' | 'wants_human' | 'voicemail';

export interface CalleePlan {
  outcome: SimulatedOutcome;
  /** Unscaled ms from the INVITE to the answer or the refusal (how long it rings). */
  ringMs: number;
  /** Unscaled ms the callee stays on the line once answered before hanging up themselves. */
  talkMs: number;
  persona: Persona;
  /**
   * A dead number: the carrier plays an announcement in early media (183) before refusing with 404 — after
   * special information tones, or (as Chinese carriers do) spoken only. Drawn per call; off when not drawn.
   */
  announces?: 'sit' | 'spoken' | null;
  /** The reason phrase of a refusal when the carrier says more than the status's usual one. */
  refusalReason?: string;
}

/** A small, fast, seedable PRNG (mulberry32): the same seed gives the same sequence on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function between(random: () => number, min: number, max: number): number {
  return Math.round(min + random() * (max - min));
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

export function drawOutcome(random: () => number, mix: OutcomeMix): SimulatedOutcome {
  const total = SIMULATED_OUTCOMES.reduce((sum, o) => sum + Math.max(0, mix[o]), 0);
  let x = random() * total;
  for (const outcome of SIMULATED_OUTCOMES) {
    x -= Math.max(0, mix[outcome]);
    if (x < 0) return outcome;
  }
  return 'answered';
}

/** Draws what happens on one call. */
export function drawPlan(random: () => number, mix: OutcomeMix): CalleePlan {
  const outcome = drawOutcome(random, mix);
  const ringMs = {
    answered: between(random, 3000, 15_000),
    no_answer: 60_000,
    busy: between(random, 500, 4000),
    invalid_number: between(random, 200, 800),
    rejected: between(random, 2000, 8000),
    failed: between(random, 100, 500),
    backpressure: between(random, 30, 150),
    timeout: 0,
  }[outcome];
  // About one answered call in five is taken by an answering machine (no extra draw: the sequence of a seed is kept).
  const persona = pick<Persona>(random, [
    'interested',
    'interested',
    'interested',
    'not_interested',
    'wants_human',
    'wants_human',
    'voicemail',
    'voicemail',
  ]);
  return { outcome, ringMs, talkMs: between(random, 15_000, 90_000), persona };
}

/** What a person says on picking up (never "who is this?": they ask that only if our opening does not say). */
const GREETINGS = ['Hello?', 'Yes, speaking.', 'Hello, yes?'];
/** What an answering machine says before its beep. */
export const VOICEMAIL_GREETING =
  "Hi, you've reached my voicemail. I can't take your call right now. Please leave a message after the tone.";
/** Unscaled: the machine's beep and the pause before it (the greeting lasts as long as it takes to say). */
export const VOICEMAIL_BEEP = { hz: 1000, ms: 500, afterMs: 300 } as const;
/** What the carrier says on a dead number, and how long (unscaled: said twice, as carriers do). */
export const ANNOUNCEMENT_TEXT = 'The number you have dialed is not in service.';
export const ANNOUNCEMENT_MS = 7000;
/** Special information tones (913.8, 1370.6, 1776.7 Hz; 274, 274, 380 ms). */
export const SIT_SEQUENCE: ReadonlyArray<{ hz: number; ms: number }> = [
  { hz: 913.8, ms: 274 },
  { hz: 1370.6, ms: 274 },
  { hz: 1776.7, ms: 380 },
];

const REPLIES: Record<Exclude<Persona, 'voicemail'>, readonly string[]> = {
  interested: ['Okay, tell me more.', 'How much does it cost?', 'That sounds useful.', 'Can you send me the details?'],
  not_interested: ["Sorry, I'm not interested.", "I don't have time for this.", 'Please take me off your list.'],
  wants_human: ['Can I talk to a real person?', 'Is there a real person I can speak to?', 'Please transfer me to an agent.'],
};
const GOODBYES: Record<Persona, string> = {
  interested: 'Thanks, goodbye.',
  not_interested: 'Goodbye.',
  wants_human: "Never mind, I'll call back.",
  voicemail: '',
};
export const SILENCE_PROMPT = 'Hello? Are you there?';
export const WHO_IS_THIS = 'Sorry, who is this?';

/** Our side named itself ("This is Lin from Acme", "这里是…"): the callee knows who is calling. */
const IDENTIFIED = /\b(this is|it's|my name is|calling from|from [A-Z])|这里是|我是/i;
const ASKS_TO_RENEW = /renew it for you|shall i renew|为您续费|帮您办理/i;
const REGISTERED = /register(ed)? the renewal|renewal is registered|登记续费/i;
const WAKE_UP = /are you (still )?there|can you hear me|还在吗|听得到/i;
const GOODBYE = /\bgoodbye\b|\bbye\b|再见/i;
const ASKS_FOR_TIME = /do you have a (minute|moment)|is now a good time|方便/i;
const PRICE_TOLD = /\d+ yuan|price|九十九|价格/i;

/**
 * The callee's side of the conversation: a greeting, then an answer to what we said — as a person does: they
 * ask who is calling only if we did not say, answer a question with an answer ("Do you have a minute?" →
 * "Sure, go ahead."; "Shall I renew it?" → yes, or the price first), say they are here when woken, and hang
 * up after our goodbye. By persona: interested (asks, agrees to renew), not interested (says so, then hangs
 * up), wants a person (asks for one, gives up after a few tries).
 */
export class CalleeScript {
  private replies = 0;
  private readonly asked = new Set<string>();
  private last = '';

  constructor(
    private readonly random: () => number,
    readonly persona: Persona,
  ) {}

  greeting(): string {
    return this.persona === 'voicemail' ? VOICEMAIL_GREETING : pick(this.random, GREETINGS);
  }

  /**
   * The answer to our last reply (`said`: what we said since the callee last spoke; `all`: everything we said),
   * and whether the callee hangs up after it. Without `said` (the scenario bench's scripted persona): a reply
   * of the persona's.
   */
  reply(said = '', all = said): { text: string; hangUp: boolean } {
    this.replies++;
    if (this.persona === 'voicemail') return { text: '', hangUp: false };
    const answer = this.answer(said, all);
    this.last = answer.text;
    return answer;
  }

  private answer(said: string, all: string): { text: string; hangUp: boolean } {
    if (said && GOODBYE.test(said)) return { text: 'Bye.', hangUp: true };
    if (said && !IDENTIFIED.test(all) && !this.asked.has('who')) {
      this.asked.add('who');
      return { text: WHO_IS_THIS, hangUp: false };
    }
    if (said && WAKE_UP.test(said)) return { text: "Yes, I'm here.", hangUp: false };
    if (this.persona === 'not_interested') {
      if (this.replies >= 2) return { text: GOODBYES.not_interested, hangUp: true };
      return { text: pick(this.random, REPLIES.not_interested), hangUp: false };
    }
    // Someone who wants a person and keeps not getting one gives up after a few tries.
    if (this.persona === 'wants_human') {
      if (this.replies >= 4) return { text: GOODBYES.wants_human, hangUp: true };
      return { text: pick(this.random, REPLIES.wants_human), hangUp: false };
    }
    if (said && REGISTERED.test(said)) return { text: GOODBYES.interested, hangUp: true };
    if (said && ASKS_TO_RENEW.test(said)) {
      if (!PRICE_TOLD.test(all) && !this.asked.has('price')) {
        this.asked.add('price');
        return { text: 'How much does it cost?', hangUp: false };
      }
      return { text: 'Yes, please renew it.', hangUp: false };
    }
    if (said && ASKS_FOR_TIME.test(said)) return { text: pick(this.random, ['Sure, go ahead.', 'Yes, what is it about?']), hangUp: false };
    // Anything else: one of the persona's lines, not the one just said.
    const options = REPLIES.interested.filter((line) => line !== this.last);
    return { text: pick(this.random, options), hangUp: false };
  }

  goodbye(): string {
    return GOODBYES[this.persona];
  }
}

/**
 * A voice-like signal for the callee's side of the recording: a gliding fundamental with two
 * harmonics, shaped into syllables (about 4 a second), plus a little noise. Not speech, but it looks
 * and sounds like someone talking in a waveform view — enough for the demo's recordings.
 */
export class SyntheticVoice {
  private sample = 0;
  private readonly frame = new Int16Array(FRAME_SAMPLES);

  constructor(
    private readonly random: () => number,
    private readonly pitchHz = 120 + random() * 80,
  ) {}

  nextFrame(): Int16Array {
    for (let i = 0; i < FRAME_SAMPLES; i++, this.sample++) {
      const t = this.sample / SAMPLE_RATE;
      const f0 = this.pitchHz * (1 + 0.15 * Math.sin(2 * Math.PI * 0.7 * t));
      const phase = 2 * Math.PI * f0 * t;
      const voiced = Math.sin(phase) * 0.55 + Math.sin(2 * phase) * 0.3 + Math.sin(3 * phase) * 0.15;
      const syllables = Math.max(0, Math.sin(2 * Math.PI * 4 * t)) ** 0.6;
      const noise = (this.random() * 2 - 1) * 0.04;
      this.frame[i] = Math.round((voiced * syllables * 0.35 + noise) * 32767);
    }
    return this.frame;
  }
}

/** A steady sine, frame by frame with a continuous phase: beeps and special information tones. */
export class SyntheticTone {
  private sample = 0;
  private readonly frame = new Int16Array(FRAME_SAMPLES);

  constructor(
    private readonly hz: number,
    private readonly amplitude = 0.25,
  ) {}

  nextFrame(): Int16Array {
    for (let i = 0; i < FRAME_SAMPLES; i++, this.sample++) {
      this.frame[i] = Math.round(Math.sin((2 * Math.PI * this.hz * this.sample) / SAMPLE_RATE) * this.amplitude * 32767);
    }
    return this.frame;
  }
}
