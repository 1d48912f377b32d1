import { AMD_DEFAULTS, type AmdFeatures, type AmdResult } from '@dialwise/contracts';

/** Who answered a demo history call, as the detector would have put it. */
export type DemoAnswerer = 'person' | 'machine' | 'silence' | 'announcement';

const NO_TONE = { toneHz: null, toneMs: null, sit: false, earlyMediaVoiceMs: 0 } as const;

/**
 * A plausible detector verdict for the demo's call history (`boards/seed-boards-demo.ts`), with the
 * measurements each stage of `amd-detector.ts` decides on at the default thresholds: a person's short
 * greeting then a pause; a machine's long greeting (or too many words), its beep and the message left; a
 * silent answer; a dead number's special information tones or a carrier's voice in early media (decided
 * before any answer, so `decisionMs` is negative). People and machines carry the phrases the recogniser
 * heard (none in a person's opener; a machine's in a greeting), drawing nothing more from `next`, so the
 * seeded history is the same. `next` is the seed's random source in [0, 1).
 */
export function demoVerdict(who: DemoAnswerer, next: () => number, leavesMessage = false): AmdResult {
  const between = (lo: number, hi: number) => Math.round(lo + next() * (hi - lo));
  const t = AMD_DEFAULTS;
  switch (who) {
    case 'person': {
      const initialSilenceMs = between(200, 900);
      const greetingMs = between(350, 1400);
      const trailingSilenceMs = t.afterGreetingSilenceMs;
      const features: AmdFeatures = {
        ...NO_TONE,
        initialSilenceMs,
        greetingMs,
        voiceMs: Math.round(greetingMs * 0.85),
        words: between(1, 3),
        longestWordMs: between(250, Math.min(700, greetingMs)),
        trailingSilenceMs,
        // SIP calls' recogniser listened: no machine or carrier phrase in a person's opener.
        phrases: [],
      };
      return { outcome: 'human', reason: 'short-greeting', decisionMs: initialSilenceMs + greetingMs + trailingSilenceMs, features };
    }
    case 'machine': {
      const initialSilenceMs = between(150, 600);
      const manyWords = next() < 0.3;
      const greetingMs = manyWords ? between(1300, 1900) : t.greetingMs + between(0, 20);
      const features: AmdFeatures = {
        ...NO_TONE,
        initialSilenceMs,
        greetingMs,
        voiceMs: Math.round(greetingMs * 0.8),
        words: manyWords ? t.maxWords : between(3, 4),
        longestWordMs: between(350, 900),
        trailingSilenceMs: between(0, 100),
        phrases: manyWords ? ['you have reached', 'leave a message'] : ['leave a message', 'after the tone'],
      };
      const decisionMs = initialSilenceMs + greetingMs;
      const verdict: AmdResult = { outcome: 'machine', reason: manyWords ? 'max-words' : 'long-greeting', decisionMs, features };
      if (!leavesMessage) return verdict;
      // Most greetings end in a beep a few seconds on; the rest in silence, after which the message is left too.
      const beeped = next() < 0.75;
      return { ...verdict, beepAtMs: beeped ? decisionMs + between(2500, 9000) : null, messageLeft: next() < 0.95 };
    }
    case 'silence':
      return {
        outcome: 'silence',
        reason: 'initial-silence',
        decisionMs: t.initialSilenceMs,
        features: {
          ...NO_TONE,
          initialSilenceMs: t.initialSilenceMs,
          greetingMs: 0,
          voiceMs: 0,
          words: 0,
          longestWordMs: 0,
          trailingSilenceMs: 0,
        },
      };
    case 'announcement': {
      const quiet = { initialSilenceMs: 0, greetingMs: 0, voiceMs: 0, words: 0, longestWordMs: 0, trailingSilenceMs: 0 };
      if (next() < 0.5) {
        return {
          outcome: 'announcement',
          reason: 'sit',
          decisionMs: -between(1500, 6000),
          features: { ...quiet, earlyMediaVoiceMs: 0, toneHz: 913.8, toneMs: between(270, 380), sit: true },
        };
      }
      return {
        outcome: 'announcement',
        reason: 'early-media-voice',
        decisionMs: -between(1000, 5000),
        features: { ...quiet, ...NO_TONE, earlyMediaVoiceMs: 600 },
      };
    }
  }
}
