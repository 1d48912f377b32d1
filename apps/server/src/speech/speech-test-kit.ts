/**
 * Helpers shared by the speech tests and the speech benchmark: whole clips from the TTS, and one
 * utterance through a recogniser.
 */
import type { ScenarioDocumentInput } from '@dialwise/contracts';
import type { AsrEngine, TtsEngine } from './engines.ts';
import { offlineVoice, wholeClip } from './whole-clip.ts';
import { FRAME_SAMPLES, rms } from '../audio/pcm.ts';

/** A whole sentence from the offline TTS as one clip (8 kHz). */
export function synthesise(tts: TtsEngine, text: string, voiceId = 'en-us', language = 'en-US'): Promise<Int16Array> {
  return wholeClip(tts, text, offlineVoice(language, voiceId));
}

/** What the recogniser makes of one clip (8 kHz), fed as 20 ms frames then flushed. */
export function recognise(asr: AsrEngine, clip: Int16Array, phrases: readonly string[], language = 'en-US'): Promise<string> {
  const session = asr.open({ provider: 'offline', url: null, language, phrases });
  return new Promise((resolve, reject) => {
    session.on('error', reject);
    session.on('transcript', (transcript) => {
      if (!transcript.final) return;
      session.close();
      resolve(transcript.text);
    });
    for (let at = 0; at < clip.length; at += FRAME_SAMPLES) session.push(clip.subarray(at, at + FRAME_SAMPLES), at / 8);
    session.flush();
  });
}

/** The part of a clip from its first to its last loud 20 ms frame, with `padMs` of what surrounds it. */
export function speechPart(clip: Int16Array, padMs = 300, level = 300): Int16Array {
  let first = -1;
  let last = -1;
  for (let at = 0; at < clip.length; at += FRAME_SAMPLES) {
    if (rms(clip.subarray(at, at + FRAME_SAMPLES)) < level) continue;
    if (first < 0) first = at;
    last = at + FRAME_SAMPLES;
  }
  if (first < 0) return new Int16Array(0);
  const pad = padMs * 8;
  return clip.subarray(Math.max(0, first - pad), Math.min(clip.length, last + pad));
}

/** What the speaking loop tests' AI answers when asked the price. */
export const PRICE_ANSWER = 'It costs ten dollars a month.';
/** Phrases that tell the AI's lines apart when the far end's recording is recognised. */
export const PRICE_PHRASES = ['ten dollars a month', 'hello this is lin from acme', 'thank you goodbye'];

/** The speaking loop tests' scenario: a prologue, "not interested" → hang up, a question about the price → the main stream. */
export function priceScenario(mainId: string): ScenarioDocumentInput {
  return {
    name: 'Price',
    dialogAsr: { provider: 'offline', url: '' },
    tts: { provider: 'offline', url: '' },
    prologues: [{ text: 'Hello, this is Lin from Acme.', interruptible: false }],
    tools: [{ kind: 'hangup', alias: 'bye', text: 'Thank you, goodbye.' }],
    routers: [
      {
        name: 'Bye',
        conditions: [{ type: 'content', role: 'user', keywords: ['not interested'] }],
        target: { kind: 'tool', toolAlias: 'bye' },
      },
      { name: 'Price', conditions: [{ type: 'content', role: 'user', keywords: ['cost', 'price'] }], target: { kind: 'stream', mainId } },
    ],
  };
}
