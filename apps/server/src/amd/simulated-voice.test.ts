import { describe, expect, it } from 'vitest';
import { concat, FRAME_SAMPLES, silence } from '../audio/pcm.ts';
import { ANNOUNCEMENT_TEXT, seededRandom, VOICEMAIL_GREETING } from '../telephony/simulated/simulated-callee.ts';
import { SpeechLikeVoice } from '../telephony/simulated/speech-like-voice.ts';
import { classifyClip } from './classify-clip.ts';

/**
 * The simulated callee's voice is what the demo's and the dialer tests' detector hears: its voicemail
 * greeting must be a machine before its beep, its people's openers people, its carrier's words in early
 * media voice. The older voice (a gliding fundamental with two harmonics) was steady partials, taken for
 * tones and music by the detector: its machines came out as people.
 */
const said = (voice: SpeechLikeVoice, text: string, ms?: number) => voice.line(text, ms).samples;

describe("the simulated callee's voice, heard by the detector", () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`voice ${seed}: the voicemail greeting is a machine before its beep; people's openers are people; an announcement in early media is voice`, () => {
      const voice = new SpeechLikeVoice(seededRandom(seed));
      const greeting = said(voice, VOICEMAIL_GREETING);
      const machine = classifyClip(concat(silence(500), greeting), 0);
      expect(machine.outcome).toBe('machine');
      expect(machine.decisionMs).toBeLessThan(500 + (greeting.length / 8000) * 1000);
      // Played with the first frame after the answer (no room heard before it): the voice must not become the
      // noise floor (it did: every frame was under "floor + 12 dB", and the greeting was decided human).
      expect(classifyClip(greeting, 0)).toMatchObject({ outcome: 'machine' });

      for (const opener of ['Hello?', 'Hi, who is this?', 'Yes, speaking.']) {
        expect(classifyClip(concat(silence(500), said(voice, opener)), 0)).toMatchObject({ outcome: 'human' });
      }

      // The simulated carrier speaks as soon as its early media opens.
      const announcement = said(voice, `${ANNOUNCEMENT_TEXT} ${ANNOUNCEMENT_TEXT}`, 7000);
      const answerAtMs = Math.ceil(announcement.length / FRAME_SAMPLES) * 20 + 1000;
      expect(classifyClip(announcement, answerAtMs)).toMatchObject({ outcome: 'announcement', reason: 'early-media-voice' });
    });
  }
});
